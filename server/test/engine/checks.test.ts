/**
 * CHECK constraints held by the engine on every row: re-drawn where rows
 * break them, deterministically (the same bytes at any offset, and the same
 * value read through a reference as generated), refused with a path when no
 * re-draw can satisfy them, and refused at validation when malformed.
 */
import { compileBlueprint, EngineError, streamTable, validateBlueprint, type BlueprintDocument, type CheckExpr } from '@seedbed/engine';
import type { TableDef } from '../../../packages/engine/src/document/types';
import { collect, doc } from './helpers';

const col = (c: string): CheckExpr => ({ col: c });
const lit = (v: string | number | boolean | null): CheckExpr => ({ lit: v });
const fn = (f: string, ...args: CheckExpr[]) => ({ fn: f, args }) as CheckExpr;

const orders = (checks: TableDef['checks'], rows = 400): BlueprintDocument =>
  doc([
    {
      name: 'orders',
      rows,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence' },
        { name: 'state', generator: 'weighted', options: { values: { open: 3, cancelled: 1, done: 2 } } },
        { name: 'cancelled_at', generator: 'date.between', options: { from: '2024-01-01', to: '2024-12-31' }, nullRate: 0.6 },
        { name: 'starts', generator: 'date.between', options: { from: '2024-01-01', to: '2024-12-31', dateOnly: true } },
        { name: 'ends', generator: 'date.between', options: { from: '2024-01-01', to: '2024-12-31', dateOnly: true } },
        { name: 'username', generator: 'lorem.word' },
        { name: 'qty', generator: 'number.int', options: { min: 0, max: 20 } },
        { name: 'label', generator: 'template', options: { template: '{username}-{qty}' } },
      ],
      checks,
    },
  ]);

const rowsOf = async (d: BlueprintDocument, options = {}) => (await collect(streamTable(compileBlueprint(d), 'orders', 'ndjson', options))).trim().split('\n').map((l) => JSON.parse(l));

describe('CHECK constraints', () => {
  const held = orders([
    { text: "(state = 'cancelled') = (cancelled_at IS NOT NULL)", line: 3, expr: fn('=', fn('=', col('state'), lit('cancelled')), fn('not', fn('isnull', col('cancelled_at')))) },
    { text: 'ends >= starts', expr: fn('>=', col('ends'), col('starts')) },
    { text: "username ~ '^[a-m]'", expr: fn('regex', col('username'), lit('^[a-m]')) },
    { text: 'qty % 2 = 0 AND char_length(label) BETWEEN 3 AND 14', expr: fn('and', fn('=', fn('%', col('qty'), lit(2)), lit(0)), fn('between', fn('length', col('label')), lit(3), lit(14))) },
  ]);

  it('holds conditionals, column order, patterns and arithmetic on every row, re-drawing the fields they read', async () => {
    expect(validateBlueprint(held)).toEqual([]);
    const rows = await rowsOf(held);
    for (const r of rows) {
      expect(r.state === 'cancelled').toBe(r.cancelled_at !== null);
      expect(r.ends >= r.starts).toBe(true);
      expect(r.username).toMatch(/^[a-m]/);
      expect(r.qty % 2).toBe(0);
      // The template reading re-drawn fields was made again from them.
      expect(r.label).toBe(`${r.username}-${r.qty}`);
      expect(r.label.length).toBeLessThanOrEqual(14);
    }
    // Still spread, not pinned to one value.
    expect(new Set(rows.map((r) => r.state)).size).toBe(3);
    expect(new Set(rows.map((r) => r.qty)).size).toBeGreaterThan(5);
  });

  it('gives the same rows at any offset and through a reference', async () => {
    const all = await rowsOf(held);
    const tail = await rowsOf(held, { offset: 137, count: 50 });
    expect(tail).toEqual(all.slice(137, 187));
    const withChild = doc([...held.tables, { name: 'notes', rows: 200, fields: [{ name: 'order_id', generator: 'ref', options: { table: 'orders' } }, { name: 'who', generator: 'formula', options: { expr: 'orders.username' } }] }]);
    const byId = new Map(all.map((r) => [r.id, r.username]));
    const notes = (await collect(streamTable(compileBlueprint(withChild), 'notes', 'ndjson'))).trim().split('\n').map((l) => JSON.parse(l));
    for (const n of notes) expect(n.who).toBe(byId.get(n.order_id));
  });

  it('fails generation with the table, the CHECK and its line when no re-draw satisfies it', () => {
    const impossible = orders([{ text: 'qty > 5 AND qty < 3', line: 12, expr: fn('and', fn('>', col('qty'), lit(5)), fn('<', col('qty'), lit(3))) }], 10);
    const error = (() => {
      try {
        compileBlueprint(impossible);
        return collect(streamTable(compileBlueprint(impossible), 'orders', 'csv')).then(() => undefined, (e) => e);
      } catch (e) {
        return Promise.resolve(e);
      }
    })();
    return error.then((e) => {
      expect(e).toBeInstanceOf(EngineError);
      expect(e).toMatchObject({ code: 'BAD_USER_INPUT', path: 'tables[0].checks[0]' });
      expect(e.message).toMatch(/orders: no row passes CHECK \(qty > 5 AND qty < 3\) \(line 12\): 64 re-draws of qty at row 0/);
    });
  });

  it('fails generation at the CHECK when its pattern matches nothing, whatever is drawn', async () => {
    const nothing = orders([{ text: "username ~ '^(?!x)x$'", line: 7, expr: fn('regex', col('username'), lit('^(?!x)x$')) }], 5);
    const error = await collect(streamTable(compileBlueprint(nothing), 'orders', 'csv')).then(() => undefined, (e) => e);
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', path: 'tables[0].checks[0]' });
    expect(error.message).toMatch(/no row passes CHECK \(username ~ '\^\(\?!x\)x\$'\) \(line 7\)/);
  });

  it('refuses malformed trees at validation, with the path into the tree', () => {
    let deep: CheckExpr = col('qty');
    for (let i = 0; i < 5000; i++) deep = fn('not', deep);
    const cases: [TableDef['checks'], string, RegExp][] = [
      [[{ text: 'x', expr: fn('>', col('nope'), lit(1)) }], 'tables[0].checks[0].expr.args[0].col', /names no field of table "orders"/],
      [[{ text: 'x', expr: fn('exec', col('qty')) }], 'tables[0].checks[0].expr.fn', /must be one of and, or/],
      [[{ text: 'x', expr: fn('between', col('qty'), lit(1)) }], 'tables[0].checks[0].expr.args', /between takes 3 arguments/],
      [[{ text: 'x', expr: fn('regex', col('username'), lit('(unclosed')) }], 'tables[0].checks[0].expr', /regular expression "\(unclosed" is not one JavaScript can read/],
      [[{ text: 'x', expr: deep }], 'tables[0].checks[0].expr.args[0]', /nested more than 32 deep/],
    ];
    for (const [checks, path, message] of cases) {
      const issues = validateBlueprint(orders(checks)).filter((i) => i.path.startsWith('tables[0].checks'));
      expect(issues).toEqual([expect.objectContaining({ message: expect.stringMatching(message) })]);
      expect(issues[0].path.startsWith(path)).toBe(true);
    }
  });
});
