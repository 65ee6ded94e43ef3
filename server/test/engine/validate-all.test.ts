import { compileBlueprint, validateBlueprint } from '../../src/engine';
import { doc, shop, table } from './helpers';

const issues = (d: unknown) => validateBlueprint(d);
const at = (d: unknown) => Object.fromEntries(issues(d).map((i) => [i.path, i.message]));

describe('one validation pass', () => {
  it('reports every issue of a document at once: shape, names, keys, references, generators and options', () => {
    const bad = shop(10) as any;
    bad.tables[2].name = 'order items';                    // shape: not an identifier
    bad.tables[0].fields[6].name = 'BIO';                  // duplicate (case-insensitive) of fields[5]
    bad.tables[0].fields[4].options = { from: '2024-01-01', to: '2020-01-01' };
    bad.tables[0].fields[5].nullRate = 1.5;
    bad.tables[1].fields[3].generator = 'no.such';
    bad.tables[1].rows = { perParent: 'nobody', min: 0, max: 3 };
    const found = at(bad);
    expect(Object.keys(found)).toEqual([
      'tables[0].fields[4].options.to',
      'tables[0].fields[5].nullRate',
      'tables[0].fields[6].name',
      'tables[1].rows.perParent',
      'tables[1].fields[3].generator',
      'tables[2].name',
    ]);
    expect(found['tables[0].fields[5].nullRate']).toBe('must be between 0 and 1 (a share of the rows: 0.25 is 25%)');
  });

  it('keeps checking other tables when one table cannot be read', () => {
    const bad = shop(10) as any;
    bad.tables[0] = 'not a table';
    bad.tables[1].fields[3] = null;
    bad.tables[1].fields[2].options = { values: {} };
    bad.tables[2].fields[0].generator = 'no.such';
    const paths = issues(bad).map((i) => i.path);
    expect(paths).toContain('tables[0]');
    expect(paths).toContain('tables[1].fields[3]');
    expect(paths).toContain('tables[1].fields[2].options.values');
    expect(paths).toContain('tables[2].fields[0].generator');
  });

  it('says row counts, ranges and big numbers in words a person reads', () => {
    const rows = (value: unknown) => at(doc([table('t', value as number, [{ name: 'id', generator: 'sequence' }])]))['tables[0].rows'];
    expect(rows(2.5)).toBe('must be a whole number of rows');
    expect(rows(-1)).toBe('must be 0 or more');
    expect(rows('many')).toMatch(/^must be a number of rows, or rows per row of a parent table/);
    const regex = at(doc([table('t', 1, [{ name: 'code', generator: 'regex', options: { pattern: '([a-z' } }])]))['tables[0].fields[0].options.pattern'];
    expect(regex).toBe('is not a valid regular expression: unterminated character class');
    const unique = at(doc([table('t', 2_000_000, [{ name: 'n', generator: 'number.int', options: { min: 1, max: 1_000_000 }, unique: true }])]));
    expect(unique['tables[0].fields[0].unique']).toContain('only 1,000,000 distinct values with these options, fewer than the 2,000,000 rows');
    const ajvWords = issues(doc([table('t', 1, [{ name: 'n', generator: 'number.int', options: { min: 'low', max: 1e20 } }])]));
    for (const issue of ajvWords) expect(issue.message).not.toMatch(/<=|>=|must match|must NOT|should/);
  });

  it('blames the reference that closed a cycle, not the usual child → parent link', () => {
    const cyclic = doc([
      table('users', 10, [{ name: 'id', generator: 'sequence' }, { name: 'last_order_id', generator: 'ref', options: { table: 'orders' } }], 'id'),
      table('orders', 10, [{ name: 'id', generator: 'sequence' }, { name: 'user_id', generator: 'ref', options: { table: 'users' } }], 'id'),
    ]);
    const [issue] = issues(cyclic);
    expect(issue.path).toBe('tables[0].fields[1].options.table');
    expect(issue.message).toBe('closes a reference cycle users → orders → users: make "last_order_id" nullable (nullRate above 0) or drop it');
    expect(() => compileBlueprint(cyclic)).toThrow(expect.objectContaining({ path: 'tables[0].fields[1].options.table' }));
  });

  it('reports each independent cycle once', () => {
    const pair = (a: string, b: string) => [
      table(a, 5, [{ name: 'id', generator: 'sequence' }, { name: `${b}_id`, generator: 'ref', options: { table: b } }], 'id'),
      table(b, 5, [{ name: 'id', generator: 'sequence' }, { name: `${a}_id`, generator: 'ref', options: { table: a } }], 'id'),
    ];
    expect(issues(doc([...pair('a', 'b'), ...pair('c', 'd')])).map((i) => i.path)).toEqual(['tables[0].fields[1].options.table', 'tables[2].fields[1].options.table']);
  });

  it('answers a document that is not an object, or has no tables, with one issue each', () => {
    expect(issues(42)).toEqual([{ path: '(document)', message: expect.stringMatching(/JSON object/) }]);
    expect(issues({ seedbed: 1, name: 'x' }).map((i) => i.path)).toEqual(['tables']);
  });
});

describe('bounds read from the row', () => {
  it('are not compared with the default of the bound they replace', () => {
    const d = doc([table('t', 3, [
      { name: 'a', generator: 'number.float', options: { min: 0, max: 10 } },
      { name: 'b', generator: 'number.float', options: { min: 5, max: '{a}' } },
      { name: 'c', generator: 'number.float', options: { min: 5 } },
    ])]);
    expect(at(d)).toEqual({ 'tables[0].fields[2].options.min': 'must be at most max, which is 1 when not given' });
  });
});

describe('regular expressions', () => {
  it('say once why a pattern is refused, by JavaScript or by the generator', () => {
    const message = (pattern: string) => at(doc([table('t', 1, [{ name: 'code', generator: 'regex', options: { pattern } }])]))['tables[0].fields[0].options.pattern'];
    expect(message('(?<=a)b')).toBe("is not supported: valid JavaScript, but the regex generator cannot make it (invalid capture group name, character '=' after '<' at column 4)");
    expect(message('[a-')).not.toMatch(/invalid regular expression.*invalid regular expression/i);
  });

  it('say a ] is missing where JavaScript blames the range the open class runs into', () => {
    const message = (pattern: string) => at(doc([table('t', 1, [{ name: 'code', generator: 'regex', options: { pattern } }])]))['tables[0].fields[0].options.pattern'];
    // `[A-Z{3}-[0-9]{4}` reads `}-[` as a range: JavaScript says "range out of order in character class".
    expect(message('[A-Z{3}-[0-9]{4}')).toBe('is not a valid regular expression: a ] seems to be missing: the [ at character 1 is still open at the [ at character 9');
    expect(message('[z-a]')).toBe('is not a valid regular expression: range out of order in character class');
    expect(message('[\\[a]')).toBeUndefined();
  });
});
