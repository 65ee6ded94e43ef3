import { validateBlueprint, validateGeneratorOptions, compileBlueprint } from '../../src/engine';
import { doc, shop, table } from './helpers';

const paths = (issues: { path: string }[]) => issues.map((i) => i.path);

describe('generator option validation', () => {
  it('accepts the shop blueprint', () => {
    expect(validateBlueprint(shop())).toEqual([]);
  });

  it('names the path of each offending option', () => {
    const bad = doc([
      table('a', 10, [{ name: 'id', generator: 'sequence' }], 'id'),
      table('b', 10, [
        { name: 'x', generator: 'no.such' },
        { name: 'y', generator: 'number.int', options: { min: 10, max: 1 } },
        { name: 'z', generator: 'regex', options: { pattern: '([a-z' } },
        { name: 'w', generator: 'number.int', options: { min: 'low' } },
        { name: 'v', generator: 'person.firstName', options: { colour: 'red' } },
        { name: 'u', generator: 'internet.email', options: { firstName: '{nobody}' } },
        { name: 't', generator: 'date.between', options: { from: '2024-01-01' } },
        { name: 's', generator: 'weighted', options: { values: { a: 0 } } },
      ]),
    ], { locale: 'xx_YY' });
    expect(paths(validateGeneratorOptions(bad))).toEqual([
      'locale',
      'tables[1].fields[0].generator',
      'tables[1].fields[1].options.max',
      'tables[1].fields[2].options.pattern',
      'tables[1].fields[3].options.min',
      'tables[1].fields[4].options.colour',
      'tables[1].fields[5].options.firstName',
      'tables[1].fields[6].options.to',
      'tables[1].fields[7].options.values',
    ]);
  });

  it('reads from and to as the generators do, so a range the draw would see reversed is refused', () => {
    // Date.parse reads "0099-12-31 23:59:59" (no zone, a space) its own way; the generator reads it as year 99, UTC.
    const reversed = doc([table('t', 1, [{ name: 'd', generator: 'date.between', options: { from: '1010-12-31 23:59:59', to: '0099-12-31 23:59:59', dateOnly: true } }])]);
    expect(paths(validateGeneratorOptions(reversed))).toEqual(['tables[0].fields[0].options.to']);
  });

  it('checks references: unknown tables and keys (once, by the structure checks)', () => {
    const bad = doc([
      table('a', 10, [{ name: 'id', generator: 'sequence' }]),
      table('b', 10, [
        { name: 'x', generator: 'ref', options: { table: 'nope' } },
        { name: 'y', generator: 'ref', options: { table: 'a' } },
        { name: 'z', generator: 'ref', options: { table: 'a', field: 'missing' } },
      ]),
    ]);
    expect(paths(validateBlueprint(bad))).toEqual(['tables[1].fields[0].options.table', 'tables[1].fields[1].options.table', 'tables[1].fields[2].options.field']);
    // The message names the table it did not find, and those there are.
    expect(validateBlueprint(bad)[0].message).toBe('must name a table of this blueprint: there is no table "nope" (its tables: a, b)');
  });

  it('allows a reference cycle only when one edge is nullable', () => {
    const cycle = (nullRate: number) =>
      doc([
        table('a', 10, [{ name: 'id', generator: 'sequence' }, { name: 'b_id', generator: 'ref', options: { table: 'b' }, nullRate }], 'id'),
        table('b', 10, [{ name: 'id', generator: 'sequence' }, { name: 'a_id', generator: 'ref', options: { table: 'a' } }], 'id'),
      ]);
    expect(validateBlueprint(cycle(0)).length).toBeGreaterThan(0);
    expect(validateBlueprint(cycle(0.2))).toEqual([]);
    const plan = compileBlueprint(cycle(0.2));
    expect(plan.order).toEqual(['a', 'b']);
  });

  it('rejects fields reading each other in a loop', () => {
    const loop = doc([table('t', 5, [
      { name: 'a', generator: 'template', options: { template: '{b}' } },
      { name: 'b', generator: 'template', options: { template: '{a}' } },
    ])]);
    expect(() => compileBlueprint(loop)).toThrow(/depends on itself/);
  });
});
