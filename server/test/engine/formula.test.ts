import { compileBlueprint, previewRows, validateBlueprint, EngineError } from '@seedbed/engine';
import { doc, table } from './helpers';

function evaluate(expr: string, extra: object[] = []) {
  const plan = compileBlueprint(doc([
    table('t', 5, [
      { name: 'id', generator: 'sequence' },
      { name: 'status', generator: 'constant', options: { value: 'paid' } },
      { name: 'total', generator: 'constant', options: { value: 12.345 } },
      { name: 'day', generator: 'constant', options: { value: '2024-02-27' } },
      ...(extra as never[]),
      { name: 'out', generator: 'formula', options: { expr } },
    ]),
  ]));
  const preview = previewRows(plan, 't', 0, 2);
  return preview.rows[0][preview.columns.length - 1];
}

function formulaIssues(expr: string) {
  return validateBlueprint(doc([table('t', 5, [{ name: 'a', generator: 'sequence' }, { name: 'f', generator: 'formula', options: { expr } }])]));
}

describe('formulas', () => {
  it('evaluates text, arithmetic, logic and date functions', () => {
    expect(evaluate("upper(status) & '-' & id")).toBe('PAID-1');
    expect(evaluate('concat(lower(status), len(status))')).toBe('paid4');
    expect(evaluate('round(total, 1)')).toBe(12.3);
    expect(evaluate('min(id, 5) + max(2, 3) * 2')).toBe(7);
    expect(evaluate("if(total > 10, 'big', 'small')")).toBe('big');
    expect(evaluate("total > 100 ? 'big' : 'small'")).toBe('small');
    expect(evaluate('addDays(day, 3)')).toBe('2024-03-01');
    expect(evaluate('year(day) * 100 + month(day)')).toBe(202402);
    expect(evaluate("substr(status, 1, 2) & '!'")).toBe('ai!');
    expect(evaluate('daysBetween(day, addMonths(day, 1))')).toBe(29);
  });

  it('reads fields of referenced rows through ref fields', () => {
    const plan = compileBlueprint(doc([
      table('users', 10, [{ name: 'id', generator: 'sequence' }, { name: 'name', generator: 'person.firstName' }], 'id'),
      table('orders', 30, [
        { name: 'user_id', generator: 'ref', options: { table: 'users' } },
        { name: 'label', generator: 'formula', options: { expr: "users.name & '#' & user_id" } },
      ]),
    ]));
    const users = previewRows(plan, 'users', 0, 10).rows;
    for (const [userId, label] of previewRows(plan, 'orders', 0, 30).rows) {
      expect(label).toBe(`${users[(userId as number) - 1][1]}#${userId}`);
    }
  });

  it.each([
    'constructor',
    '__proto__',
    'process',
    'process.exit(1)',
    'globalThis',
    'this',
    "a.constructor",
    "a['constructor']",
    "upper.constructor('return process')()",
    "concat.call(1)",
    'toString()',
    'valueOf(a)',
    "(1).constructor",
    "'x'.length",
    '[1, 2]',
    'eval("1")',
    'Function("return 1")',
    'require("fs")',
    'a = 1',
  ])('cannot reach anything outside the row: %s', (expr) => {
    const issues = formulaIssues(expr);
    expect(issues).toEqual([expect.objectContaining({ path: 'tables[0].fields[1].options.expr' })]);
    expect(() => compileBlueprint(doc([table('t', 5, [{ name: 'a', generator: 'sequence' }, { name: 'f', generator: 'formula', options: { expr } }])]))).toThrow(EngineError);
  });

  it('type-checks at validation time', () => {
    expect(formulaIssues("a + 'x'")[0].message).toMatch(/needs numbers/);
    expect(formulaIssues('upper()')[0].message).toMatch(/argument/);
    expect(formulaIssues('nope(a)')[0].message).toMatch(/unknown function/);
    expect(formulaIssues('a +')[0].message).toMatch(/syntax/);
    expect(formulaIssues('round(a * 1.5, 2)')).toEqual([]);
  });
});
