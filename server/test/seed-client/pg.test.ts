/**
 * The seed client into a real PostgreSQL through pg: rows as returned are
 * rows as stored, every key and per-parent bound holds, writes go inside the
 * caller's transaction, and rows are the same whatever other scopes do.
 */
import { Client, Pool } from 'pg';
import { createClient, pgAdapter, type RuntimeClient } from '../../src/seed-client';
import { createEmptyDatabase, type TestDatabase } from '../support/database';
import { schemaSql, shopBlueprint } from './support';

let db: TestDatabase;
let client: Client;
const doc = shopBlueprint();

beforeAll(async () => {
  db = await createEmptyDatabase();
  client = new Client({ connectionString: db.url });
  await client.connect();
  await client.query(schemaSql(doc, 'postgres'));
});
afterAll(async () => {
  await client?.end();
  await db?.drop();
});

const rows = async (sql: string) => (await client.query(sql)).rows;
const count = async (table: string) => Number((await rows(`SELECT count(*) AS n FROM ${table}`))[0].n);
const seedOf = (scope: string, extra: object = {}) => createClient(doc, { adapter: pgAdapter(client), seed: 7, scope, ...extra }) as RuntimeClient;

describe('seed client on PostgreSQL (pg)', () => {
  beforeEach(() => client.query('BEGIN'));
  afterEach(() => client.query('ROLLBACK'));

  it('writes the rows it returns, with overrides, nested children and their references', async () => {
    const seed = seedOf('writes');
    const users = await seed.users(3, { email: (i: number) => `user${i}@test.dev`, orders: 2 });
    expect(users.map((u) => u.email)).toEqual(['user0@test.dev', 'user1@test.dev', 'user2@test.dev']);
    const stored = await rows('SELECT id, first_name, last_name, email, bio FROM users ORDER BY id');
    expect(stored).toEqual(users.map(({ id, first_name, last_name, email, bio }) => ({ id, first_name, last_name, email, bio })));
    const orders = users.flatMap((u) => u.orders as Record<string, unknown>[]);
    expect(orders).toHaveLength(6);
    for (const u of users) for (const o of u.orders as Record<string, unknown>[]) expect(o.user_id).toBe(u.id);
    // Items are 1–3 per order in the blueprint: each order got its one item by default, products made for them.
    expect(await count('items')).toBe(6);
    expect(await count('products')).toBe(6);
    expect(await rows('SELECT o.id FROM items i LEFT JOIN orders o ON o.id = i.order_id WHERE o.id IS NULL')).toEqual([]);
  });

  it('nests rows given as a list, connects rows already in the database, and keeps a composite key distinct', async () => {
    await client.query(`INSERT INTO users (id, first_name, last_name, email) VALUES (5, 'Ada', 'Lovelace', 'ada@example.test')`);
    await client.query(`INSERT INTO products (id, name, sku) VALUES (1, 'Lamp', 'AAA-00001'), (2, 'Desk', 'AAA-00002'), (3, 'Chair', 'AAA-00003')`);
    const seed = seedOf('connect');
    const products = (await rows('SELECT id::int AS id FROM products ORDER BY id')) as { id: number }[];
    const [order] = await seed.orders(1, { connect: { users: [{ id: 5 }], products }, items: 3 });
    expect(order.user_id).toBe(5);
    const items = order.items as { product_id: number }[];
    // Three items of one order over a pool of three products: the pairs (order_id, product_id) must all differ.
    expect(items.map((i) => i.product_id).sort()).toEqual([1, 2, 3]);
    await expect(seed.orders(1, { connect: { users: [{ id: 5 }], products: products.slice(0, 2) }, items: 3 })).rejects.toThrow(/repeats a tuple/);
    const [nested] = await seed.users(1, { orders: [{ items: 3 }, { items: 1, status: 'refunded' }] });
    const nestedOrders = nested.orders as { status: string; items: unknown[] }[];
    expect(nestedOrders.map((o) => o.items.length)).toEqual([3, 1]);
    expect(nestedOrders[1].status).toBe('refunded');
  });

  it("refuses children beyond the blueprint's per-parent bounds, writing nothing", async () => {
    const seed = seedOf('bounds');
    await expect(seed.users(1, { orders: 6 })).rejects.toThrow(/0 to 5 orders/);
    await expect(seed.orders(1, { items: 0 })).rejects.toThrow(/orders\.items|items/);
    expect(await count('users')).toBe(0);
  });

  it('$reset empties the tables (children first) inside the transaction, and the same calls then give the same rows', async () => {
    const seed = seedOf('reset');
    const first = await seed.users(2, { orders: 1 });
    await seed.$reset();
    for (const table of ['users', 'orders', 'items', 'products']) expect(await count(table)).toBe(0);
    expect(await seed.users(2, { orders: 1 })).toEqual(first);
  });

  it('dryRun gives the SQL a call runs; build gives its rows without a database', async () => {
    const dry = seedOf('dry').users.dryRun(2, { orders: 1 });
    expect(dry.sql).toMatch(/^INSERT INTO "users" \("id", "first_name", "last_name", "email", "bio"\) VALUES\n/);
    await client.query(dry.sql);
    expect(await count('users')).toBe(2);
    expect(await count('orders')).toBe(2);
    const built = createClient(doc, { seed: 7, scope: 'dry' }).users.build(2, { orders: 1 });
    expect(built).toEqual(dry.rows);
    expect(await rows('SELECT email FROM users ORDER BY id')).toEqual(built.map((u) => ({ email: u.email })));
  });

  it('COPY and INSERT write the same rows', async () => {
    const viaCopy = await seedOf('copy').users(100);
    const copied = await rows('SELECT * FROM users ORDER BY id');
    await client.query('DELETE FROM users');
    const viaInsert = await seedOf('copy', { adapter: pgAdapter(client, { copy: false }) }).users(100);
    expect(viaInsert).toEqual(viaCopy);
    expect(await rows('SELECT * FROM users ORDER BY id')).toEqual(copied);
  });

  it('gives each scope the same rows in any order of calls, and scopes never share a key', async () => {
    const run = async (order: string[]) => {
      const made: Record<string, unknown> = {};
      // One client per scope, as one per test file: a second client of the same scope would make the same rows again.
      for (const scope of order) {
        const seed = seedOf(scope);
        made[scope] = { users: await seed.users(2, { orders: 2 }), products: await seed.products(3) };
      }
      return made;
    };
    const forward = await run(['a', 'b', 'c']);
    await client.query('ROLLBACK; BEGIN');
    const backward = await run(['c', 'b', 'a']);
    expect(backward).toEqual(forward);
    // All three scopes' rows are in one database together: no key of one equals a key of another.
    expect(await count('users')).toBe(6);
    // Calls on unrelated tables commute within a scope too.
    const x = seedOf('x');
    const y = createClient(doc, { seed: 7, scope: 'x' });
    const [px, ux] = [x.products.build(2), x.users.build(2)];
    const [uy, py] = [y.users.build(2), y.products.build(2)];
    expect([px, ux]).toEqual([py, uy]);
  });

  it('puts named scopes above the int4 sequence half, so the application numbers its own rows from 1', async () => {
    const [user] = await seedOf('lanes').users(1);
    expect(user.id).toBeGreaterThan(2 ** 30);
    expect(user.id).toBeLessThan(2 ** 31);
    const insert = () => client.query(`INSERT INTO users (first_name, last_name, email) VALUES ('A', 'B', 'app' || random() || '@example.test') RETURNING id`);
    expect((await insert()).rows[0].id).toBe(1);
    await client.query('DELETE FROM users');
    // The unnamed scope (a seed script) writes from the start and moves the sequence past its rows, as seedbed load does.
    const script = await seedOf('').users(2);
    expect(script.map((u) => u.id)).toEqual([1, 2]);
    expect((await insert()).rows[0].id).toBe(3);
  });
});

describe('seed client with a pg Pool', () => {
  it('writes each call in a transaction of its own: a failing call leaves nothing', async () => {
    const pool = new Pool({ connectionString: db.url, max: 2 });
    try {
      const seed = createClient(doc, { adapter: pgAdapter(pool), scope: 'pool' });
      await seed.users(2, { orders: 1 });
      expect(await count('users')).toBe(2);
      // An item naming a product that does not exist fails last, after the call's users and orders went in: they are rolled back with it.
      await expect(seed.users(1, { orders: [{ items: [{ product_id: 12345 }] }] })).rejects.toThrow(/foreign key/);
      expect(await count('users')).toBe(2);
    } finally {
      await pool.end();
      await client.query('TRUNCATE users, products, orders, items');
    }
  });
});
