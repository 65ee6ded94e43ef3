import { compileBlueprint, validateBlueprint } from '@seedbed/engine';
import { ValidationVerdicts } from '../../../packages/engine/src/plan/validation-verdicts';
import { doc, engineRefusal, shop, table } from './helpers';

// Counts the validations compiles run (the engine loads this module when it validates).
jest.mock('../../../packages/engine/src/validate', () => {
  const actual = jest.requireActual('../../../packages/engine/src/validate');
  return { ...actual, validateBlueprint: jest.fn(actual.validateBlueprint) };
});
const validations = validateBlueprint as jest.MockedFunction<typeof validateBlueprint>;
beforeEach(() => validations.mockClear());

/** A document saved by an older version: three problems today's checks find at once. */
const oldRevision = () =>
  doc([
    table('users', 10, [
      { name: 'id', generator: 'sequence' },
      { name: 'age', generator: 'number.int', options: { min: 10, max: 1 } },
      { name: 'tag', generator: 'regex', options: { pattern: '([a-z' } },
    ], 'id'),
  ], { locale: 'xx_YY' });


describe('validation verdicts of saved revisions', () => {
  it('validates a keyed revision once: later compiles of it, each from a new copy as from the database, skip validation', () => {
    compileBlueprint(shop(), { validationKey: 'revision:shop-1' });
    const again = compileBlueprint(shop(), { validationKey: 'revision:shop-1', seed: 7 });
    expect(validations).toHaveBeenCalledTimes(1);
    // The options that are not about validation still apply.
    expect(again.seed).toBe(7);
    expect(again.tables.map((t) => t.layout.rows)).toEqual(compileBlueprint(shop(), { seed: 7, prevalidated: true }).tables.map((t) => t.layout.rows));
  });

  it('remembers an invalid verdict: every compile fails with the same error and every issue, validating once', () => {
    const issues = validateBlueprint(oldRevision());
    expect(issues.length).toBeGreaterThanOrEqual(3);
    validations.mockClear();

    const errors = [1, 2, 3].map(() => engineRefusal(() => compileBlueprint(oldRevision(), { validationKey: 'revision:old-1' })));
    expect(validations).toHaveBeenCalledTimes(1);
    for (const error of errors) {
      expect(error).toMatchObject({ code: 'BAD_USER_INPUT', path: issues[0].path, message: `${issues[0].path}: ${issues[0].message}` });
      expect(error.issues).toEqual(issues);
    }
    // A caller that edits the issues of one error does not change what the next compile reports.
    errors[0].issues!.splice(0);
    expect(engineRefusal(() => compileBlueprint(oldRevision(), { validationKey: 'revision:old-1' })).issues).toEqual(issues);
  });

  it('validates again for another key, and for another cell size limit (the verdict depends on it)', () => {
    compileBlueprint(shop(), { validationKey: 'revision:a' });
    compileBlueprint(shop(), { validationKey: 'revision:b' });
    expect(validations).toHaveBeenCalledTimes(2);

    const wide = doc([table('t', 5, [{ name: 'code', generator: 'regex', options: { pattern: '[a-z]{1000}' } }])]);
    expect(() => compileBlueprint(wide, { validationKey: 'revision:wide', maxCellBytes: 1000 })).not.toThrow();
    expect(engineRefusal(() => compileBlueprint(wide, { validationKey: 'revision:wide', maxCellBytes: 999 })).path).toBe('tables[0].fields[0].options.pattern');
    expect(validations).toHaveBeenCalledTimes(4);
  });

  it('validates an unkeyed document (unsaved, or a file) every time, so edits between compiles are seen', () => {
    const draft = shop();
    compileBlueprint(draft);
    draft.tables[0].fields[0].generator = 'no.such';
    expect(engineRefusal(() => compileBlueprint(draft)).path).toBe('tables[0].fields[0].generator');
    expect(validations).toHaveBeenCalledTimes(2);
  });

  it('keeps a bounded number of verdicts, the least recently used going first', () => {
    const verdicts = new ValidationVerdicts(2);
    const validate = jest.fn(() => []);
    verdicts.issuesOf('a', validate);
    verdicts.issuesOf('b', validate);
    verdicts.issuesOf('a', validate);
    verdicts.issuesOf('c', validate); // drops b
    expect(verdicts.size).toBe(2);
    expect(validate).toHaveBeenCalledTimes(3);
    verdicts.issuesOf('a', validate);
    verdicts.issuesOf('b', validate);
    expect(validate).toHaveBeenCalledTimes(4);
  });
});
