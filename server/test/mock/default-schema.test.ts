import { parse, type ExecutionResult, type GraphQLEnumType, type GraphQLObjectType } from 'graphql';
import { compileBlueprint, previewRows, type Value } from '@seedbed/engine';
import { buildMockSchema, executeMock } from '../../../packages/mock/src/mock-schema';
import { MemoryOverlayStore } from '../../../packages/mock/src/overlay';
import { SHOP_FAST } from './fixtures';

const plan = compileBlueprint(SHOP_FAST);
const mock = buildMockSchema(plan, { maxScan: 100_000 });

async function run(query: string, variables?: Record<string, unknown>, store = new MemoryOverlayStore()): Promise<ExecutionResult<any>> {
  return executeMock(mock, store, { document: parse(query), variables }, () => {});
}

async function ok(query: string, variables?: Record<string, unknown>, store?: MemoryOverlayStore) {
  const result = await run(query, variables, store);
  expect(result.errors).toBeUndefined();
  return result.data;
}

function rowsOf(table: string): Value[][] {
  const total = previewRows(plan, table, 0, 1).totalRows;
  return previewRows(plan, table, 0, total, { maxBytes: 1e9 }).rows;
}

describe('the default mock schema (PostGraphile conventions)', () => {
  it('names types, lookups, connections and relations as PostGraphile does', () => {
    const signature = (type: string, field: string) => {
      const f = (mock.schema.getType(type) as GraphQLObjectType).getFields()[field];
      return f && `${field}${f.args.length ? `(${f.args.map((a) => `${a.name}: ${a.type}`).join(', ')})` : ''}: ${f.type}`;
    };
    expect(signature('Query', 'userById')).toBe('userById(id: Int!): User');
    expect(signature('Query', 'orderById')).toBe('orderById(id: UUID!): Order');
    expect(signature('Query', 'allUsers')).toBe('allUsers(first: Int!, after: Cursor, offset: Int, orderBy: [UsersOrderBy!], condition: UserCondition): UsersConnection!');
    expect(signature('UsersConnection', 'nodes')).toBe('nodes: [User]!');
    expect(signature('UsersConnection', 'edges')).toBe('edges: [UsersEdge!]!');
    expect(signature('UsersConnection', 'pageInfo')).toBe('pageInfo: PageInfo!');
    expect(signature('UsersConnection', 'totalCount')).toBe('totalCount: Int!');
    expect(signature('UsersEdge', 'cursor')).toBe('cursor: Cursor');
    expect(signature('Order', 'user')).toBe('user: User');
    expect(signature('Order', 'userId')).toBe('userId: Int');
    expect(signature('User', 'orders')).toBe('orders(first: Int!, after: Cursor, offset: Int, orderBy: [OrdersOrderBy!], condition: OrderCondition): OrdersConnection!');
    expect(signature('Mutation', 'createUser')).toBe('createUser(input: CreateUserInput!): CreateUserPayload');
    expect(signature('Mutation', 'updateUserById')).toBe('updateUserById(input: UpdateUserByIdInput!): UpdateUserPayload');
    expect(signature('Mutation', 'deleteOrderById')).toBe('deleteOrderById(input: DeleteOrderByIdInput!): DeleteOrderPayload');
    expect(signature('Mutation', 'resetMock')).toBe('resetMock: Int!');
    const orders = (mock.schema.getType('OrdersOrderBy') as GraphQLEnumType).getValues().map((v) => v.name);
    expect(orders).toEqual(expect.arrayContaining(['NATURAL', 'PRIMARY_KEY_ASC', 'ID_DESC', 'STATUS_ASC']));
  });

  it('pages through a table with cursors: every row once, as the engine made them', async () => {
    const orders = rowsOf('orders');
    const seen: unknown[] = [];
    let after: string | null = null;
    for (;;) {
      const data: any = await ok('query($after: Cursor) { allOrders(first: 100, after: $after) { totalCount nodes { id userId status } pageInfo { hasNextPage endCursor } } }', { after });
      expect(data.allOrders.totalCount).toBe(orders.length);
      seen.push(...data.allOrders.nodes);
      if (!data.allOrders.pageInfo.hasNextPage) break;
      after = data.allOrders.pageInfo.endCursor;
    }
    expect(seen).toEqual(orders.map(([id, userId, status]) => ({ id, userId, status })));
    const offset: any = await ok('{ allOrders(first: 3, offset: 10) { nodes { id } } }');
    expect(offset.allOrders.nodes.map((n: { id: string }) => n.id)).toEqual(orders.slice(10, 13).map((r) => r[0]));
  });

  it('answers nested queries that agree both ways, and lookups by sequence and uuid keys', async () => {
    const data: any = await ok('{ users(first: 20) { nodes { id orders(first: 10) { totalCount nodes { id user { id } items(first: 5) { nodes { id order { id user { id } } } } } } } } }');
    let orders = 0;
    for (const user of data.users.nodes) {
      for (const order of user.orders.nodes) {
        orders++;
        expect(order.user.id).toBe(user.id);
        for (const item of order.items.nodes) expect(item.order).toEqual({ id: order.id, user: { id: user.id } });
      }
    }
    expect(orders).toBeGreaterThan(20);
    const order = rowsOf('orders')[42];
    const found: any = await ok('query($id: UUID!) { orderById(id: $id) { id status user { id } } }', { id: order[0] });
    expect(found.orderById).toEqual({ id: order[0], status: order[2], user: { id: order[1] } });
    expect((await ok('{ userById(id: 15) { id } }'))!.userById).toEqual({ id: 15 });
    expect((await ok('{ userById(id: 16) { id } }'))!.userById).toBeNull();
  });

  it('orders and filters, within the scan limit', async () => {
    const desc: any = await ok('{ allUsers(first: 2, orderBy: [ID_DESC]) { nodes { id } } }');
    expect(desc.allUsers.nodes).toEqual([{ id: 10 + 5 * 299 }, { id: 10 + 5 * 298 }]);
    const paid = rowsOf('orders').filter((r) => r[2] === 'refunded');
    const filtered: any = await ok('{ allOrders(first: 100, condition: { status: "refunded" }) { totalCount nodes { id } } }');
    expect(filtered.allOrders.totalCount).toBe(paid.length);
    expect(filtered.allOrders.nodes.map((n: { id: string }) => n.id)).toEqual(paid.slice(0, 100).map((r) => r[0]));
    const small = buildMockSchema(plan, { maxScan: 100 });
    const refused = await executeMock(small, new MemoryOverlayStore(), { document: parse('{ allOrders(first: 5, condition: { status: "paid" }) { nodes { id } } }') }, () => {});
    expect(refused.errors?.[0].message).toMatch(/would scan [\d,]+ rows; at most 100/);
  });

  it('keeps mutations in the overlay until resetMock', async () => {
    const store = new MemoryOverlayStore();
    const created: any = await ok('mutation { createUser(input: { user: { name: "Ada" } }) { user { id name email } } }', undefined, store);
    expect(created.createUser.user).toMatchObject({ id: 10 + 5 * 300, name: 'Ada' });
    expect(created.createUser.user.email).toEqual(expect.any(String));
    await ok('mutation { updateUserById(input: { id: 10, userPatch: { name: "Grace" } }) { user { id name } } }', undefined, store);
    const order = rowsOf('orders')[0];
    await ok('mutation($id: UUID!) { deleteOrderById(input: { id: $id }) { deletedOrderId } }', { id: order[0] }, store);
    const after: any = await ok('{ userById(id: 10) { name } allUsers(first: 1, offset: 300) { totalCount nodes { name } } allOrders(first: 1) { totalCount nodes { id } } }', undefined, store);
    expect(after.userById.name).toBe('Grace');
    expect(after.allUsers).toEqual({ totalCount: 301, nodes: [{ name: 'Ada' }] });
    expect(after.allOrders.totalCount).toBe(rowsOf('orders').length - 1);
    expect(after.allOrders.nodes[0].id).toBe(rowsOf('orders')[1][0]);
    const huge = await run('mutation($name: String) { updateUserById(input: { id: 15, userPatch: { name: $name } }) { user { id } } }', { name: 'x'.repeat(70_000) }, store);
    expect(huge.errors?.[0].message).toMatch(/at most 65,536 per row/);
    expect((await ok('mutation { resetMock }', undefined, store))!.resetMock).toBe(3);
    const reset: any = await ok('{ userById(id: 10) { name } allUsers(first: 1) { totalCount } }', undefined, store);
    expect(reset).toEqual({ userById: { name: rowsOf('users')[0][1] }, allUsers: { totalCount: 300 } });
  });
});
