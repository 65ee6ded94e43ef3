import { compileBlueprint, EngineError, PlanAccess, previewRows, streamTable, type Value } from '@seedbed/engine';
import { collect } from '../engine/helpers';
import { SHOP } from './fixtures';

const plan = compileBlueprint(SHOP);

const cache = new Map<string, Value[][]>();
function allRows(table: string): Value[][] {
  const known = cache.get(table);
  if (known) return known;
  const total = previewRows(plan, table, 0, 1).totalRows;
  const rows: Value[][] = [];
  for (let offset = 0; offset < total; offset += 1000) rows.push(...previewRows(plan, table, offset, 1000, { maxBytes: 1e9 }).rows);
  cache.set(table, rows);
  return rows;
}

describe('random access to a plan (engine)', () => {
  it.each(['users', 'orders', 'items', 'products'])('gives every row of %s by index, in any order, equal to previewRows', (table) => {
    const access = new PlanAccess(plan);
    const expected = allRows(table);
    expect(access.totalRows(table)).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(100);
    // Backwards then forwards: nothing depends on the order of reads.
    for (let r = expected.length - 1; r >= 0; r -= 7) expect(access.row(table, r)).toEqual(expected[r]);
    expect(access.rows(table, 0, expected.length)).toEqual(expected);
    expect(access.row(table, expected.length)).toBeNull();
  });

  it('equals the streamed rows of a per-parent table', async () => {
    const streamed = (await collect(streamTable(plan, 'items', 'ndjson'))).trim().split('\n').map((l) => Object.values(JSON.parse(l)));
    const access = new PlanAccess(plan);
    expect(streamed.length).toBe(access.totalRows('items'));
    for (const r of [0, 1, 17, streamed.length - 1]) expect(access.row('items', r)).toEqual(streamed[r]);
  });

  it('looks rows up by sequence, uuid and indexed keys, and misses what is not a key', () => {
    const access = new PlanAccess(plan);
    expect([access.keyLookup('users'), access.keyLookup('orders'), access.keyLookup('products')]).toEqual(['sequence', 'uuid', 'indexed']);
    const users = allRows('users');
    users.forEach((row, r) => expect(access.rowOfKey('users', row[0])).toBe(r));
    expect(access.rowOfKey('users', String(users[3][0]))).toBe(3);
    expect(access.rowOfKey('users', 11)).toBeNull(); // between two steps
    expect(access.rowOfKey('users', 10 + 5 * 300)).toBeNull(); // one past the end
    const orders = allRows('orders');
    orders.forEach((row, r) => expect(access.rowOfKey('orders', row[0])).toBe(r));
    expect(access.rowOfKey('orders', String(orders[5][0]).toUpperCase())).toBe(5);
    expect(access.rowOfKey('orders', '00000000-0000-4000-8000-000000000000')).toBeNull();
    expect(access.rowOfKey('orders', 'not a uuid')).toBeNull();
    const products = allRows('products');
    expect(access.rowOfKey('products', products[399][0])).toBe(399);
    expect(access.rowOfKey('products', 'ZZ99')).toBeNull();
  });

  it('refuses an indexed key lookup over more rows than it may scan, saying so', () => {
    const access = new PlanAccess(plan, { maxScan: 100 });
    const error = (() => { try { access.rowOfKey('products', 'AA00'); } catch (e) { return e; } })() as EngineError;
    expect(error).toBeInstanceOf(EngineError);
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.message).toMatch(/would scan 400 rows; at most 100/);
    // Arithmetic and inverted keys need no scan.
    expect(access.rowOfKey('users', 10 + 5 * 299)).toBe(299);
  });

  it('gives the children of a parent row, and of a grandparent row, as the range the ref fields agree with', () => {
    const access = new PlanAccess(plan);
    const users = allRows('users');
    const orders = allRows('orders');
    const items = allRows('items');
    let nextOrder = 0;
    let nextItem = 0;
    users.forEach((user, u) => {
      const { start, end } = access.childRange('orders', 'users', u)!;
      expect(start).toBe(nextOrder);
      nextOrder = end;
      for (let o = start; o < end; o++) expect(orders[o][1]).toBe(user[0]);
      const mine = access.childRange('items', 'users', u)!;
      expect(mine.start).toBe(nextItem);
      nextItem = mine.end;
      for (let i = mine.start; i < mine.end; i++) expect(items[i][2]).toBe(user[0]);
    });
    expect([nextOrder, nextItem]).toEqual([orders.length, items.length]);
    orders.forEach((order, o) => {
      const { start, end } = access.childRange('items', 'orders', o)!;
      expect(end - start).toBeGreaterThanOrEqual(1);
      for (let i = start; i < end; i++) expect(items[i][1]).toBe(order[0]);
    });
    expect(access.descendsFrom('items', 'products')).toBe(false);
    expect(access.childRange('orders', 'users', users.length)).toEqual({ start: orders.length, end: orders.length });
  });

  it('follows the parent with a table\'s first reference to it only: a second one picks its own row', () => {
    const doc = {
      seedbed: 1 as const,
      name: 'chat',
      seed: 9,
      tables: [
        { name: 'users', rows: 40, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }] },
        {
          name: 'messages',
          rows: { perParent: 'users', min: 1, max: 4 },
          primaryKey: 'id',
          fields: [
            { name: 'id', generator: 'sequence' },
            { name: 'sender_id', generator: 'ref', options: { table: 'users' } },
            { name: 'recipient_id', generator: 'ref', options: { table: 'users' } },
          ],
          checks: [{ text: 'sender_id <> recipient_id', expr: { fn: '<>' as const, args: [{ col: 'sender_id' }, { col: 'recipient_id' }] } }],
        },
      ],
    };
    const chat = compileBlueprint(doc);
    const access = new PlanAccess(chat);
    const messages = previewRows(chat, 'messages', 0, 1000, { maxBytes: 1e9 }).rows;
    let sent = 0;
    for (let u = 0; u < 40; u++) {
      const { start, end } = access.childRange('messages', 'users', u, 'sender_id')!;
      for (let m = start; m < end; m++, sent++) expect(messages[m][1]).toBe(u + 1);
    }
    expect(sent).toBe(messages.length);
    // The recipient is drawn, never the sender (the CHECK holds), and spread over the users.
    expect(messages.every((m) => m[2] !== m[1])).toBe(true);
    expect(new Set(messages.map((m) => m[2])).size).toBeGreaterThan(20);
    expect(access.childRange('messages', 'users', 0, 'recipient_id')).toBeUndefined();
    expect(access.descendsFrom('messages', 'users', 'recipient_id')).toBe(false);
    expect(access.descendsFrom('messages', 'users', 'sender_id')).toBe(true);
  });

  it('scans for rows by value within its bound, and says when the bound would be passed', () => {
    const access = new PlanAccess(plan, { maxScan: 1000 });
    const items = allRows('items');
    const product = items[0][3];
    const expected = items.flatMap((row, r) => (row[3] === product ? [r] : []));
    expect(items.length).toBeGreaterThan(1000);
    expect(access.scan('items', ['product'], (v) => v[3] === product, { limit: 2 }, 'filter')).toEqual(expected.slice(0, 2));
    expect(access.scan('items', ['product'], (v) => v[3] === product, { from: 500, limit: 1 }, 'filter')).toEqual(expected.filter((r) => r >= 500).slice(0, 1));
    expect(access.scan('items', ['product'], (v) => v[3] === product, { from: 100, to: 300 }, 'filter')).toEqual(expected.filter((r) => r >= 100 && r < 300));
    // All matches would need every row read: more than the bound.
    expect(() => access.scan('items', ['product'], (v) => v[3] === product, {}, 'a filter on items.product')).toThrow(/a filter on items.product would scan 1,\d{3} rows; at most 1,000/);
    const small = new PlanAccess(plan, { maxScan: 10 });
    expect(() => small.scan('items', ['product'], (v) => v[3] === 'none', { limit: 5 }, 'a filter on items.product')).toThrow(/a filter on items.product would scan/);
  });

  it('replays a retry-unique field up to its limit, and refuses beyond it', () => {
    const access = new PlanAccess(plan, { maxReplay: 100 });
    const products = allRows('products');
    expect(access.row('products', 100)).toEqual(products[100]);
    expect(access.row('products', 40)).toEqual(products[40]);
    expect(() => access.row('products', 101)).toThrow(/would replay 101 rows, more than the 100 allowed/);
    // items reference products, whose keys are made that way: every items row replays the whole products table.
    expect(() => access.row('items', 0)).toThrow(/"items" has a unique field/);
    expect(new PlanAccess(plan, { maxReplay: 400 }).row('items', 3)).toEqual(allRows('items')[3]);
  });
});
