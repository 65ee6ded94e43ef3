import { Client } from 'pg';
import { compileBlueprint } from '@seedbed/engine';
import { AppError } from '@seedbed/engine/errors';
import { loadIntoPostgres } from '../../../packages/seedbed/src/load/postgres-loader';
import { checkTarget } from '../../../packages/import/src/targets/target-guard';
import { createEmptyDatabase, type TestDatabase } from '../support/database';
import { shop } from '../engine/helpers';

const allowed = { allowPrivate: true };
const databases: TestDatabase[] = [];
afterAll(() => Promise.all(databases.map((d) => d.drop())));

async function emptyDatabase(): Promise<TestDatabase> {
  const db = await createEmptyDatabase();
  databases.push(db);
  return db;
}

async function query<T = Record<string, unknown>>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

const count = async (url: string, table: string) => Number((await query<{ n: string }>(url, `SELECT count(*) AS n FROM ${table}`))[0].n);

async function failure(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected the load to fail');
}

describe('loadIntoPostgres', () => {
  it('creates the tables with primary, unique and foreign keys and loads every row, reporting progress', async () => {
    const db = await emptyDatabase();
    const plan = compileBlueprint(shop(300));
    const progress: number[] = [];
    const result = await loadIntoPostgres(plan, await checkTarget(db.url, allowed), { onProgress: (n) => progress.push(n) });

    const expected = plan.order.map((name) => ({ name, rows: plan.table(name).layout.rows }));
    expect(result.tables).toEqual(expected);
    expect(result.rows).toBe(expected.reduce((sum, t) => sum + t.rows, 0));
    for (const t of expected) expect(await count(db.url, t.name)).toBe(t.rows);
    expect(progress.at(-1)).toBe(result.rows);
    expect(progress).toEqual([...progress].sort((a, b) => a - b));

    const constraints = await query<{ table: string; type: string; def: string }>(
      db.url,
      `SELECT conrelid::regclass::text AS table, contype AS type, pg_get_constraintdef(oid) AS def FROM pg_constraint
       WHERE connamespace = 'public'::regnamespace ORDER BY 1, 2, 3`,
    );
    const has = (table: string, type: string, def: string) => constraints.some((c) => c.table === table && c.type === type && c.def === def);
    expect(has('users', 'p', 'PRIMARY KEY (id)')).toBe(true);
    expect(has('users', 'u', 'UNIQUE (email)')).toBe(true);
    expect(has('orders', 'f', 'FOREIGN KEY (user_id) REFERENCES users(id)')).toBe(true);
    expect(has('order_items', 'f', 'FOREIGN KEY (order_id) REFERENCES orders(id)')).toBe(true);
    expect(has('order_items', 'u', 'UNIQUE (sku)')).toBe(true);
    // NULLs arrive as NULL, not empty strings.
    expect(await count(db.url, 'users WHERE bio IS NULL')).toBeGreaterThan(0);
    expect(await count(db.url, "users WHERE bio = ''")).toBe(0);
  });

  it('loads again into existing tables with truncate, and refuses duplicate keys without it', async () => {
    const db = await emptyDatabase();
    const target = await checkTarget(db.url, allowed);
    await loadIntoPostgres(compileBlueprint(shop(50)), target);
    const plan = compileBlueprint(shop(80), { seed: 9 });
    const again = await loadIntoPostgres(plan, target, { truncate: true });
    expect(await count(db.url, 'users')).toBe(80);
    expect(await count(db.url, 'orders')).toBe(plan.table('orders').layout.rows);
    expect(again.rows).toBe(plan.order.reduce((sum, t) => sum + plan.table(t).layout.rows, 0));

    const duplicate = await failure(loadIntoPostgres(plan, target));
    expect(duplicate.code).toBe('TARGET_REFUSED');
    expect(duplicate.message).toContain('"users"');
    expect(await count(db.url, 'users')).toBe(80);
  });

  it('fails on a column of the wrong type, naming table and column, and leaves the target as it was', async () => {
    const db = await emptyDatabase();
    await query(db.url, `CREATE TABLE users (id uuid PRIMARY KEY, first_name text, last_name text, email text, signed_up date, bio text, motto text);
      INSERT INTO users (id, first_name) VALUES ('00000000-0000-0000-0000-000000000001', 'Existing')`);
    const error = await failure(loadIntoPostgres(compileBlueprint(shop(40)), await checkTarget(db.url, allowed), { truncate: true }));
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('TARGET_REFUSED');
    expect(error.message).toMatch(/table "users", column "id"/);
    expect(error.message).toMatch(/uuid/);
    expect(error.message).toMatch(/rolled back/);

    const rows = await query<{ first_name: string }>(db.url, 'SELECT first_name FROM users');
    expect(rows).toEqual([{ first_name: 'Existing' }]); // truncate undone
    const tables = await query<{ name: string }>(db.url, `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public'`);
    expect(tables.map((t) => t.name)).toEqual(['users']); // orders, order_items not created
  });

  it('with createTables false, names the missing table and creates nothing', async () => {
    const db = await emptyDatabase();
    const error = await failure(loadIntoPostgres(compileBlueprint(shop(10)), await checkTarget(db.url, allowed), { createTables: false }));
    expect(error.code).toBe('TARGET_REFUSED');
    expect(error.message).toContain('table "users"');
    expect(await query(db.url, `SELECT 1 FROM pg_tables WHERE schemaname = 'public'`)).toEqual([]);
  });

  it('rolls back when aborted in the middle of a load', async () => {
    const db = await emptyDatabase();
    const plan = compileBlueprint(shop(20_000));
    const controller = new AbortController();
    const error = await failure(
      loadIntoPostgres(plan, await checkTarget(db.url, allowed), {
        signal: controller.signal,
        onProgress: (rows) => rows > 0 && controller.abort(new Error('cancelled')),
      }),
    );
    expect(error.message).toBe('cancelled');
    // The server may take a moment to notice the closed connection; the tables must never appear.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await query(db.url, `SELECT 1 FROM pg_tables WHERE schemaname = 'public'`)).toEqual([]);
  });

  it('rolls back when aborted just before COMMIT, with every row already sent', async () => {
    const db = await emptyDatabase();
    const controller = new AbortController();
    let checked = 0;
    const error = await failure(
      loadIntoPostgres(compileBlueprint(shop(50)), await checkTarget(db.url, allowed), {
        signal: controller.signal,
        beforeCommit: async () => {
          checked++;
          controller.abort(new Error('lost the shard'));
        },
      }),
    );
    expect(checked).toBe(1);
    expect(error.message).toBe('lost the shard');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await query(db.url, `SELECT 1 FROM pg_tables WHERE schemaname = 'public'`)).toEqual([]);
  });

  it('answers TARGET_UNREACHABLE for a closed port and TARGET_REFUSED for a wrong password', async () => {
    const db = await emptyDatabase();
    const plan = compileBlueprint(shop(5));
    const closedPort = new URL(db.url);
    closedPort.port = '1';
    const unreachable = await failure(loadIntoPostgres(plan, await checkTarget(closedPort.toString(), allowed), { connectTimeoutMs: 2000 }));
    expect(unreachable.code).toBe('TARGET_UNREACHABLE');

    const wrongPassword = new URL(db.url);
    wrongPassword.password = 'not-the-password';
    const refusedLogin = await failure(loadIntoPostgres(plan, await checkTarget(wrongPassword.toString(), allowed)));
    expect(refusedLogin.code).toBe('TARGET_REFUSED');
    expect(refusedLogin.message).toMatch(/password/);
  });
});
