import { compileBlueprint, EngineError, previewRows, validateBlueprint, type Value } from '@seedbed/engine';
import type { FieldDef } from '../../../packages/engine/src/document/types';
import { ChunkEncoder } from '../../../packages/engine/src/stream/chunks';
import { compileAfter, setCompileAfterRows } from '../../../packages/engine/src/formats/row-compiler';
import { doc, table } from './helpers';

const LIMIT = 65_536;
const repeat = (s: string, times: number) => Array(times).fill(s).join('');
const field = (name: string, generator: string, options?: Record<string, unknown>): FieldDef => ({ name, generator, ...(options ? { options } : {}) });
const oneTable = (fields: FieldDef[], rows = 10) => doc([table('t', rows, fields)]);

/** The EngineError that compiling and previewing `document` ends with. */
function failure(document: ReturnType<typeof oneTable>, rows = 10): EngineError {
  try {
    previewRows(compileBlueprint(document), 't', 0, rows);
  } catch (e) {
    if (e instanceof EngineError) return e;
    throw e;
  }
  throw new Error('expected an EngineError');
}

describe('save-time bounds', () => {
  it.each([
    ['((a{1000}){100}){100}', '10,000,000'],
    ['.{100000}', '100,000'],
    ['(x{300}|y){300}', '90,000'],
    ['[a-z]{0}(é{40000})', '80,000'],
    ['(ab{1000})\\1{100}', '101,101'],
  ])('refuses the regex %s with its path and its largest value', (pattern, largest) => {
    const issues = validateBlueprint(oneTable([field('id', 'sequence'), field('code', 'regex', { pattern })]));
    expect(issues).toEqual([{ path: 'tables[0].fields[1].options.pattern', message: `can make up to ${largest} bytes; at most 65,536 per cell` }]);
  });

  it('counts an unbounded repetition as randexp does: its minimum plus maxRepetition', () => {
    expect(validateBlueprint(oneTable([field('x', 'regex', { pattern: '(a{100}){640,}' })]))).toEqual([]);
    expect(validateBlueprint(oneTable([field('x', 'regex', { pattern: '(a{100}){640,}', maxRepetition: 10 })]))).toEqual([]);
    const issues = validateBlueprint(oneTable([field('x', 'regex', { pattern: '(a{100}){640,}', maxRepetition: 20 })]));
    expect(issues[0]).toMatchObject({ path: 'tables[0].fields[0].options.pattern', message: expect.stringContaining('66,000 bytes') });
  });

  it('refuses a back-reference inside its own group, which can double on every repetition', () => {
    const issues = validateBlueprint(oneTable([field('x', 'regex', { pattern: '(a\\1){40}' })]));
    expect(issues).toEqual([{ path: 'tables[0].fields[0].options.pattern', message: expect.stringContaining('back-reference') }]);
  });

  it('refuses patterns randexp cannot parse, or nested deeper than it can walk, instead of failing at generation', () => {
    const lookbehind = validateBlueprint(oneTable([field('x', 'regex', { pattern: '(?<=a)b' })]));
    expect(lookbehind).toEqual([{ path: 'tables[0].fields[0].options.pattern', message: expect.stringMatching(/^is not supported: /) }]);
    const deep = validateBlueprint(oneTable([field('x', 'regex', { pattern: '('.repeat(20_000) + ')'.repeat(20_000) })]));
    expect(deep).toEqual([{ path: 'tables[0].fields[0].options.pattern', message: 'is nested too deeply' }]);
  });

  it('keeps legal large regexes working, at their full length', () => {
    const document = oneTable([field('x', 'regex', { pattern: '[a-z]{1000}' }), field('y', 'regex', { pattern: 'q{65536}' })]);
    expect(validateBlueprint(document)).toEqual([]);
    const { rows } = previewRows(compileBlueprint(document), 't', 0, 3);
    for (const [x, y] of rows as string[][]) {
      expect(x).toMatch(/^[a-z]{1000}$/);
      expect(y).toHaveLength(65_536);
    }
  });

  it('refuses templates chained through fields at the template that passes the limit', () => {
    const document = oneTable([
      field('a', 'regex', { pattern: '[a-z]{100}' }),
      field('b', 'template', { template: repeat('{a}-', 100) }),
      field('c', 'template', { template: repeat('{b}', 100) }),
    ]);
    expect(validateBlueprint(document)).toEqual([
      { path: 'tables[0].fields[2].options.template', message: 'can make up to 1,010,000 bytes with the fields it reads; at most 65,536 per cell' },
    ]);
    expect(() => compileBlueprint(document)).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT', path: 'tables[0].fields[2].options.template' }));
  });

  it('adds up formulas over the fields they read, through refs to other tables', () => {
    const document = doc([
      table('users', 5, [field('id', 'sequence'), field('bio', 'string.alpha', { length: 10_000 })], 'id'),
      table('orders', 5, [
        field('user_id', 'ref', { table: 'users' }),
        field('note', 'formula', { expr: "concat(users.bio, users.bio, users.bio) & ' ' & upper(users.bio)" }),
      ]),
    ]);
    // 3 × 10,000 + 1 + 3 × 10,000 (upper may triple the bytes of some letters): within a cell.
    expect(validateBlueprint(document)).toEqual([]);
    const larger = structuredClone(document);
    larger.tables[1].fields[1].options!.expr = "replace(users.bio, 'a', users.bio & users.bio)";
    expect(validateBlueprint(larger)).toEqual([{ path: 'tables[1].fields[1].options.expr', message: expect.stringMatching(/^can make up to [\d,]+ bytes with the fields it reads; at most 65,536 per cell$/) }]);
  });

  it('refuses literal values larger than a cell: constants, lists, and text options of any generator', () => {
    const big = 'x'.repeat(LIMIT + 1);
    expect(validateBlueprint(oneTable([field('a', 'constant', { value: big })]))).toEqual([{ path: 'tables[0].fields[0].options.value', message: 'can make up to 65,537 bytes; at most 65,536 per cell' }]);
    expect(validateBlueprint(oneTable([field('a', 'list', { values: ['a', big] })]))[0]).toMatchObject({ path: 'tables[0].fields[0].options.values' });
    expect(validateBlueprint(oneTable([field('a', 'internet.email', { provider: big })]))[0]).toMatchObject({ path: 'tables[0].fields[0].options.provider', message: 'is 65,537 bytes; at most 65,536 per cell' });
  });

  it('takes another cell limit when asked (servers pass theirs)', () => {
    const document = oneTable([field('x', 'regex', { pattern: '[a-z]{1000}' })]);
    expect(validateBlueprint(document, { maxCellBytes: 999 })).toEqual([{ path: 'tables[0].fields[0].options.pattern', message: 'can make up to 1,000 bytes; at most 999 per cell' }]);
  });

  it('keeps lorem counts within a cell: the largest counts make a few kilobytes', () => {
    const document = oneTable([
      field('a', 'lorem.paragraphs', { count: 20 }),
      field('b', 'lorem.sentences', { count: 50 }),
      field('c', 'lorem.words', { count: 100 }),
      field('d', 'lorem.paragraph', { sentenceCount: 50 }),
    ], 200);
    const { rows } = previewRows(compileBlueprint(document), 't', 0, 200);
    for (const row of rows) for (const v of row) expect(Buffer.byteLength(String(v))).toBeLessThan(8_000);
  });
});

describe('generation-time checks', () => {
  it('stops a formula growing past the limit before it builds it, naming the field', () => {
    // lorem has no save-time bound, so this is only known cell by cell.
    const document = oneTable([
      field('a', 'lorem.paragraphs', { count: 20 }),
      field('b', 'formula', { expr: repeat('a & ', 999) + 'a' }),
    ]);
    expect(validateBlueprint(document)).toEqual([]);
    const error = failure(document);
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', path: 'tables[0].fields[1]' });
    expect(error.message).toMatch(/^tables\[0\]\.fields\[1\]: makes a value of at least [\d,]+ bytes; at most 65,536 per cell$/);
  });

  it('measures replace before building it', () => {
    const document = oneTable([field('a', 'lorem.paragraphs', { count: 20 }), field('b', 'formula', { expr: "replace(a, '', a)" })]);
    const error = failure(document);
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', path: 'tables[0].fields[1]' });
    expect(error.message).toMatch(/makes a value of [\d,]{9,} bytes; at most 65,536 per cell$/);
  });

  it('stops templates of fields of unknown size, chained, with the exact size they would have made', () => {
    const document = oneTable([
      field('a', 'lorem.paragraphs', { count: 20 }),
      field('b', 'template', { template: repeat('{a}', 1000) }),
      field('c', 'template', { template: repeat('{b}', 100) }),
    ]);
    const error = failure(document);
    expect(error.path).toBe('tables[0].fields[1]');
    expect(error.message).toMatch(/^tables\[0\]\.fields\[1\]: makes a value of [\d,]{9,} bytes; at most 65,536 per cell$/);
  });

  it('holds counts and lengths read from the row to their maximum', () => {
    const count = oneTable([field('n', 'number.int', { min: 1e8, max: 1e8 }), field('w', 'lorem.words', { count: '{n}' })]);
    expect(failure(count)).toMatchObject({ path: 'tables[0].fields[1].options.count', message: 'tables[0].fields[1].options.count: is 100,000,000 in this row; at most 100' });
    const length = oneTable([field('n', 'number.int', { min: 1e8, max: 1e8 }), field('s', 'string.alpha', { length: '{n}' })]);
    expect(failure(length)).toMatchObject({ path: 'tables[0].fields[1].options.length' });
  });

  it('names the field of a failure in the compiled row writers too', () => {
    const document = oneTable([field('id', 'uuid'), field('n', 'number.int', { min: 1e8, max: 1e8 }), field('w', 'lorem.words', { count: '{n}' })]);
    const compileAfterDefault = compileAfter();
    setCompileAfterRows(0);
    try {
      expect(() => new ChunkEncoder(compileBlueprint(document)).encode('t', 'csv', 'postgres', 0, 0, 10)).toThrow(
        expect.objectContaining({ path: 'tables[0].fields[2].options.count', message: 'tables[0].fields[2].options.count: is 100,000,000 in this row; at most 100' }),
      );
    } finally {
      setCompileAfterRows(compileAfterDefault);
    }
  });

  it('leaves templates and row-read options that fit exactly as they were', () => {
    const document = oneTable([
      field('n', 'number.int', { min: 3, max: 3 }),
      field('first', 'list', { values: ['Ada'] }),
      field('greeting', 'template', { template: 'Hi {first} #{n}' }),
      field('alone', 'template', { template: '{n}' }),
      field('same', 'constant', { value: '{first}' }),
      field('words', 'lorem.words', { count: '{n}' }),
    ]);
    const { rows } = previewRows(compileBlueprint(document), 't', 0, 2);
    for (const row of rows as Value[][]) {
      expect(row.slice(0, 5)).toEqual([3, 'Ada', 'Hi Ada #3', '3', 'Ada']);
      expect(String(row[5]).split(' ')).toHaveLength(3);
    }
  });
});

describe('preview byte cap', () => {
  const wide = oneTable(Array.from({ length: 20 }, (_, i) => field(`c${i}`, 'constant', { value: 'x'.repeat(60_000) })), 100);

  it('refuses a preview whose rows pass 10 MB, telling how many rows fit', () => {
    const plan = compileBlueprint(wide);
    let error: unknown;
    try {
      previewRows(plan, 't', 0, 100);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', path: 'input.limit' });
    expect((error as Error).message).toBe('input.limit: 100 rows of "t" make more than a preview may answer (at most 10,000,000 bytes); ask for at most 8 rows');
    expect(previewRows(plan, 't', 0, 8).rows).toHaveLength(8);
  });

  it('takes another preview limit when asked', () => {
    const plan = compileBlueprint(wide);
    expect(() => previewRows(plan, 't', 0, 8, { maxBytes: 2_000_000 })).toThrow(/ask for at most 1 row$/);
    expect(() => previewRows(plan, 't', 0, 1, { maxBytes: 1_000_000 })).toThrow(/one row of "t" makes more than a preview may answer/);
  });
});
