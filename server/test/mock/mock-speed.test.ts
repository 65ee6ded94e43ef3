/**
 * Issue #27, the mock's speed: a query asked again runs compiled (graphql-jit)
 * and reads rows kept from earlier answers. Neither may change an answer:
 * each query here is answered by graphql-js and by the compiled path and the
 * two must be equal (data and errors), rows kept must still show what
 * mutations wrote afterwards, and the caches stay within their bounds.
 */
import { parse, type ExecutionResult } from 'graphql';
import { compileBlueprint, previewRows } from '@seedbed/engine';
import { CompiledQueries, MAX_COMPILED_CHARS } from '../../../packages/mock/src/compiled-queries';
import { buildMockSchema, executeMock, mockContext } from '../../../packages/mock/src/mock-schema';
import { MemoryOverlayStore } from '../../../packages/mock/src/overlay';
import { RowCache } from '../../../packages/mock/src/row-cache';
import { RangeSelection } from '../../../packages/mock/src/selection';
import { SHOP_FAST } from './fixtures';

const plan = compileBlueprint(SHOP_FAST);

/** Data and errors as a client reads them (message, path, code). */
function answer(result: ExecutionResult): unknown {
  return JSON.parse(JSON.stringify({ data: result.data, errors: result.errors?.map((e) => ({ message: e.message, path: e.path, code: e.extensions?.code ?? (e.originalError as { code?: string } | undefined)?.code })) }));
}

const QUERIES: [string, Record<string, unknown>?][] = [
  ['{ allUsers(first: 20, offset: 40) { totalCount nodes { id name email orders(first: 3) { totalCount nodes { id status items(first: 2) { nodes { id quantity buyer } } } } } } }'],
  ['{ allOrders(first: 5, after: "Y3Vyc29yOjQ") { edges { cursor node { id status user { id name } } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } }'],
  ['query Q($id: Int!) { userById(id: $id) { __typename id name } missing: userById(id: 11) { id } }', { id: 15 }],
  ['query Q($id: Int!) { userById(id: $id) { id } }', { id: 'fifteen' }],
  ['{ allUsers(first: 500) { nodes { id } } }'],
  ['{ allUsers(first: 3, orderBy: [NAME_DESC], condition: { name: "Ada" }) { totalCount nodes { id } } }'],
  ['{ allOrders(first: 4, condition: { status: "refunded" }) { totalCount nodes { ...O } } } fragment O on Order { id userId }'],
  ['{ allUsers(first: 2, after: "bm90IGEgY3Vyc29y") { nodes { id } } }'],
  ['{ __schema { queryType { name } } __type(name: "User") { fields { name } } }'],
];

describe('compiled queries', () => {
  const mock = buildMockSchema(plan, { maxScan: 100_000 });
  const both = new CompiledQueries(mock.schema, true);

  // Objects, not tuples: jest would take a missing last element for a `done` callback.
  it.each(QUERIES.map(([query, variables]) => ({ query, variables })))('answers $query as graphql-js does', async ({ query, variables }) => {
    const store = new MemoryOverlayStore();
    const document = parse(query);
    const plain = await executeMock(mock, store, { document, variables }, () => {});
    const compiled = await both.execute({ document, variables }, await mockContext(mock, store, () => {}));
    expect(answer(compiled)).toEqual(answer(plain));
  });

  it('compiles a query the second time it is asked, never a one-off, a mutation or a document with directives', async () => {
    const fresh = buildMockSchema(plan, { maxScan: 100_000 });
    const store = new MemoryOverlayStore();
    const ask = (query: string) => executeMock(fresh, store, { document: parse(query) }, () => {});
    await ask('{ allUsers(first: 1) { nodes { id } } }');
    expect(fresh.compiled.size).toBe(0);
    await ask('{ allUsers(first: 1) { nodes { id } } }');
    expect(fresh.compiled.size).toBe(1);
    for (let i = 0; i < 3; i++) await ask('{ allUsers(first: 1) { nodes { id @include(if: true) } } }');
    for (let i = 0; i < 3; i++) await ask('mutation { resetMock }');
    expect(fresh.compiled.size).toBe(1);
    // Bounded: the least recently used go first.
    for (let i = 0; i < 40; i++) for (let twice = 0; twice < 2; twice++) await ask(`{ allUsers(first: 1, offset: ${i}) { nodes { id } } }`);
    expect(fresh.compiled.size).toBe(16);
    // Compiled code grows with the text: a query past the mock's budget of characters stays with graphql-js.
    const long = `# ${'a screen of the app, '.repeat(200)}\n{ allUsers(first: 2) { nodes { id name } } }`;
    expect(long.length).toBeGreaterThan(MAX_COMPILED_CHARS);
    const answers = [await ask(long), await ask(long), await ask(long)];
    expect(answers[2]).toEqual(answers[0]);
    expect(fresh.compiled.size).toBe(16);
  });
});

describe('rows kept between answers', () => {
  it('still shows what mutations wrote after the rows were kept', async () => {
    const mock = buildMockSchema(plan, { maxScan: 100_000 });
    const store = new MemoryOverlayStore();
    const ask = async (query: string) => {
      const result = await executeMock(mock, store, { document: parse(query) }, () => {});
      expect(result.errors).toBeUndefined();
      return result.data as any;
    };
    const page = '{ allUsers(first: 3) { totalCount nodes { id name orders(first: 5) { totalCount nodes { id status } } } } }';
    const first = await ask(page);
    expect(await ask(page)).toEqual(first);
    expect(mock.source.rows.bytes).toBeGreaterThan(0);
    await ask('mutation { updateUserById(input: { id: 15, userPatch: { name: "Grace" } }) { user { id } } }');
    const orderOf10 = first.allUsers.nodes[0].orders.nodes[0];
    if (orderOf10) await ask(`mutation { deleteOrderById(input: { id: "${orderOf10.id}" }) { deletedOrderId } }`);
    const after = await ask(page);
    expect(after.allUsers.nodes[1].name).toBe('Grace');
    expect(after.allUsers.nodes[0].name).toBe(first.allUsers.nodes[0].name);
    if (orderOf10) expect(after.allUsers.nodes[0].orders.totalCount).toBe(first.allUsers.nodes[0].orders.totalCount - 1);
    // Another overlay (another mock's reader, or after resetMock) sees the generated rows again.
    const other = await executeMock(mock, new MemoryOverlayStore(), { document: parse(page) }, () => {});
    expect(other.data).toEqual(first);
  });

  it('holds at most its bound, however many rows are read', () => {
    const cache = new RowCache<{ values: Record<string, string> }>(50_000);
    const rows = previewRows(plan, 'users', 0, 300, { maxBytes: 1e9 }).rows;
    let made = 0;
    for (let pass = 0; pass < 3; pass++) {
      for (let i = 0; i < rows.length; i++) {
        cache.get('users', i, () => (made++, { values: { id: String(rows[i][0]), name: String(rows[i][1]), email: String(rows[i][2]) } }));
        expect(cache.bytes).toBeLessThanOrEqual(50_000);
      }
    }
    // 300 rows do not fit: rows are made again, but only past the bound.
    expect(made).toBeGreaterThan(300);
    // Within the bound, each row is made once.
    const small = new RowCache<{ values: Record<string, string> }>(1e6);
    let once = 0;
    for (let pass = 0; pass < 3; pass++) for (let i = 0; i < 300; i++) small.get('users', i, () => (once++, { values: { id: String(i) } }));
    expect(once).toBe(300);
  });
});

describe('children through a foreign key outside the layout', () => {
  // items are laid out under orders; items.buyer points at users by key, so user.items is an equality on items.buyer.
  const items = previewRows(plan, 'items', 0, 1e6, { maxBytes: 1e9 }).rows;
  const query = '{ allUsers(first: 60, offset: 30) { nodes { id items(first: 3, offset: 1) { totalCount nodes { id buyer quantity } } } } }';

  it('reads them through an index built once, so 60 parents cost their children, not 60 scans', async () => {
    // 60 scans of every item would pass this bound many times over; one index of them does not.
    const mock = buildMockSchema(plan, { maxScan: items.length + 500 });
    const result = await executeMock(mock, new MemoryOverlayStore(), { document: parse(query) }, () => {});
    expect(result.errors).toBeUndefined();
    const users = (result.data as any).allUsers.nodes;
    expect(users).toHaveLength(60);
    for (const user of users) {
      const mine = items.filter((r) => r[2] === user.id);
      expect(user.items.totalCount).toBe(mine.length);
      expect(user.items.nodes).toEqual(mine.slice(1, 4).map((r) => ({ id: r[0], buyer: r[2], quantity: r[3] })));
    }
    // The index is kept: the same page again spends only the children it lists.
    const again = await executeMock(mock, new MemoryOverlayStore(), { document: parse(query) }, () => {});
    expect(again.data).toEqual(result.data);
  });

  it('answers an equality on a table of exactly the scan bound, the index built within it', async () => {
    const mock = buildMockSchema(plan, { maxScan: items.length });
    const buyer = items[5][2] as number;
    for (let i = 0; i < 2; i++) {
      const result = await executeMock(mock, new MemoryOverlayStore(), { document: parse(`{ allItems(first: 100, condition: { buyer: ${buyer} }) { totalCount } }`) }, () => {});
      expect(result.errors).toBeUndefined();
      expect((result.data as any).allItems.totalCount).toBe(items.filter((r) => r[2] === buyer).length);
    }
  });

  it('still sees writes to the children, and filters the rest of a condition on the indexed rows', async () => {
    const mock = buildMockSchema(plan, { maxScan: 100_000 });
    const store = new MemoryOverlayStore();
    const ask = async (text: string) => {
      const result = await executeMock(mock, store, { document: parse(text) }, () => {});
      expect(result.errors).toBeUndefined();
      return result.data as any;
    };
    const buyer = items[0][2] as number;
    const mine = items.filter((r) => r[2] === buyer);
    const quantity = mine[0][3] as number;
    const both = await ask(`{ allItems(first: 100, condition: { buyer: ${buyer}, quantity: ${quantity} }) { totalCount nodes { id } } }`);
    expect(both.allItems.nodes.map((n: { id: number }) => n.id)).toEqual(mine.filter((r) => r[3] === quantity).map((r) => r[0]));
    await ask(`mutation { updateItemById(input: { id: ${mine[0][0]}, itemPatch: { buyer: ${buyer === 10 ? 15 : 10} } }) { item { id } } }`);
    const after = await ask(`{ userById(id: ${buyer}) { items(first: 100) { totalCount nodes { id } } } }`);
    expect(after.userById.items.nodes.map((n: { id: number }) => n.id)).toEqual(mine.slice(1).map((r) => r[0]));
  });
});

describe('a page of generated rows minus the overlay’s', () => {
  it('finds each position by bisection exactly as stepping over every excluded row would', () => {
    const stepping = (start: number, excluded: number[], q: number) => {
      let row = start + q;
      for (const e of [...new Set(excluded)].sort((a, b) => a - b)) if (e <= row) row++;
      return row;
    };
    // A fixed pseudo-random walk: the same cases every run.
    let state = 7;
    const next = (n: number) => ((state = (state * 1103515245 + 12345) % 2147483648), state % n);
    for (let t = 0; t < 300; t++) {
      const start = next(50);
      const end = start + 1 + next(60);
      const excluded = Array.from({ length: next(30) }, () => start + next(end - start));
      const selection = new RangeSelection(start, end, excluded, [{ created: 'new' }]);
      const base = end - start - new Set(excluded).size;
      const expected = [...Array.from({ length: base }, (_, q) => ({ base: stepping(start, excluded, q) })), { created: 'new' }];
      expect(selection.slice(0, selection.count)).toEqual(expected);
      expect(selection.reversed().slice(0, selection.count)).toEqual([...expected].reverse());
    }
  });
});
