import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { getGenerator, listGenerators } from '../../../packages/engine/src/generators/catalog';
import { compiledNow, optionCheck, optionChecksSource, optionSchema } from '../../../packages/engine/src/validate/option-checks';
import { validateBlueprint } from '../../../packages/engine/src/validate';
import { doc, table } from './helpers';

const GENERATED = path.join(__dirname, '..', '..', '..', 'packages', 'engine', 'src', 'validate', 'option-checks.generated.js');
const defs = listGenerators().map((g) => getGenerator(g.id)!);

describe('the precompiled option checks', () => {
  it('are the code Ajv makes from the option schemas as they are now (else run npm run codegen)', () => {
    expect(readFileSync(GENERATED, 'utf8')).toBe(optionChecksSource(defs));
  });

  it('are the ones the engine uses, for every generator', () => {
    const { bySchema } = require(GENERATED) as { bySchema: Record<string, unknown> };
    for (const def of defs) {
      expect(Object.keys(bySchema)).toContain(JSON.stringify(optionSchema(def)));
      // Ajv's standalone module exports its check as `default` too; a check compiled at run time has no such property.
      const check = optionCheck(def) as ReturnType<typeof optionCheck> & { default?: unknown };
      expect(check.default).toBe(check);
    }
  });

  it('find the same errors as the schemas compiled at run time', () => {
    // Per generator: wrong types for each option, an unknown option, and numbers out of any range.
    const strip = (errors: { instancePath: string; keyword: string; params: unknown; message?: string }[] | null | undefined) =>
      (errors ?? []).map(({ instancePath, keyword, params, message }) => ({ instancePath, keyword, params, message }));
    for (const def of defs) {
      const names = Object.keys(def.options ?? {});
      const inputs: Record<string, unknown>[] = [
        {},
        { notAnOption: 1 },
        Object.fromEntries(names.map((n) => [n, 'text'])),
        Object.fromEntries(names.map((n) => [n, -1e12])),
        Object.fromEntries(names.map((n) => [n, 1e12])),
        Object.fromEntries(names.map((n) => [n, [1, 'a', null]])),
        Object.fromEntries(names.map((n) => [n, { nested: true }])),
      ];
      const now = compiledNow(optionSchema(def));
      const pre = optionCheck(def);
      for (const input of inputs) {
        expect(pre(input)).toBe(now(input));
        expect(strip(pre.errors)).toEqual(strip(now.errors));
      }
    }
  });

  it('a schema not in the generated file is compiled at run time, and still checks', () => {
    const def = { ...getGenerator('number.int')!, id: 'test.changed', options: { min: { type: 'integer', maximum: 3 } } };
    const check = optionCheck(def);
    expect(check({ min: 2 })).toBe(true);
    expect(check({ min: 4 })).toBe(false);
    const { bySchema } = require(GENERATED) as { bySchema: Record<string, unknown> };
    expect(Object.keys(bySchema)).not.toContain(JSON.stringify(optionSchema(def)));
    expect((check as typeof check & { default?: unknown }).default).toBeUndefined();
  });

  it('a blueprint names a bad option with its path', () => {
    const issues = validateBlueprint(doc([table('t', 5, [{ name: 'n', generator: 'number.int', options: { min: 'low', colour: 1 } }])]));
    expect(issues).toEqual(expect.arrayContaining([
      { path: 'tables[0].fields[0].options.min', message: expect.any(String) },
      { path: 'tables[0].fields[0].options.colour', message: 'is not an option of this generator' },
    ]));
  });
});
