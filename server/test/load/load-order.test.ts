/**
 * Load order from the whole foreign-key graph: tables referenced by nullable
 * keys load first, a self reference points at earlier rows, a cycle with a
 * nullable edge is written NULL then updated in the same transaction, and a
 * cycle of NOT NULL keys loads when one key is DEFERRABLE. Every path a user
 * loads by — `seedbed load` (COPY), the SQL script, the SQL script with
 * `--data-only` — into a database made from the original DDL, every key
 * checked by PostgreSQL (and SQLite) as the rows arrive.
 */
import initSqlJs from 'sql.js';
import { Client } from 'pg';
import { compileBlueprint, streamBlueprintSql, type BlueprintDocument, type Plan } from '@seedbed/engine';
import { loadIntoPostgres } from '../../../packages/seedbed/src/load/postgres-loader';
import { checkTarget } from '../../../packages/import/src/targets/target-guard';
import { createEmptyDatabase, type TestDatabase } from '../support/database';
import { collect } from '../engine/helpers';
import { importText } from '../import/load-helpers';

/** Written as pg_dump writes it: tables first, keys after, so nothing in the file orders the tables. */
const DDL = `
CREATE TABLE orders (id integer NOT NULL, customer_id integer NOT NULL, shipper_id integer, placed_at timestamp NOT NULL);
CREATE TABLE customers (id integer NOT NULL, name text NOT NULL, support_rep_id integer);
CREATE TABLE employees (id integer NOT NULL, name text NOT NULL, reports_to integer);
CREATE TABLE shippers (id integer NOT NULL, name text NOT NULL);
CREATE TABLE access_tokens (id integer NOT NULL, refresh_token_id integer);
CREATE TABLE refresh_tokens (id integer NOT NULL, access_token_id integer NOT NULL);
CREATE TABLE stores (id integer NOT NULL, manager_id integer NOT NULL);
CREATE TABLE staff (id integer NOT NULL, store_id integer NOT NULL);
ALTER TABLE ONLY orders ADD CONSTRAINT orders_pkey PRIMARY KEY (id);
ALTER TABLE ONLY customers ADD CONSTRAINT customers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY employees ADD CONSTRAINT employees_pkey PRIMARY KEY (id);
ALTER TABLE ONLY shippers ADD CONSTRAINT shippers_pkey PRIMARY KEY (id);
ALTER TABLE ONLY access_tokens ADD CONSTRAINT access_tokens_pkey PRIMARY KEY (id);
ALTER TABLE ONLY refresh_tokens ADD CONSTRAINT refresh_tokens_pkey PRIMARY KEY (id);
ALTER TABLE ONLY stores ADD CONSTRAINT stores_pkey PRIMARY KEY (id);
ALTER TABLE ONLY staff ADD CONSTRAINT staff_pkey PRIMARY KEY (id);
ALTER TABLE ONLY orders ADD CONSTRAINT fk_orders_customers FOREIGN KEY (customer_id) REFERENCES customers(id);
ALTER TABLE ONLY orders ADD CONSTRAINT fk_orders_shippers FOREIGN KEY (shipper_id) REFERENCES shippers(id);
ALTER TABLE ONLY customers ADD CONSTRAINT fk_customers_rep FOREIGN KEY (support_rep_id) REFERENCES employees(id);
ALTER TABLE ONLY employees ADD CONSTRAINT fk_employees_boss FOREIGN KEY (reports_to) REFERENCES employees(id);
ALTER TABLE ONLY access_tokens ADD CONSTRAINT fk_access_refresh FOREIGN KEY (refresh_token_id) REFERENCES refresh_tokens(id);
ALTER TABLE ONLY refresh_tokens ADD CONSTRAINT fk_refresh_access FOREIGN KEY (access_token_id) REFERENCES access_tokens(id);
ALTER TABLE ONLY stores ADD CONSTRAINT fk_stores_manager FOREIGN KEY (manager_id) REFERENCES staff(id) DEFERRABLE INITIALLY IMMEDIATE;
ALTER TABLE ONLY staff ADD CONSTRAINT fk_staff_store FOREIGN KEY (store_id) REFERENCES stores(id);
`;

/** The same schema as `sqlite3 .schema` shows one: keys inline, forward references allowed. */
const SQLITE_DDL = `
CREATE TABLE orders (id integer PRIMARY KEY, customer_id integer NOT NULL REFERENCES customers(id), shipper_id integer REFERENCES shippers(id), placed_at timestamp NOT NULL);
CREATE TABLE customers (id integer PRIMARY KEY, name text NOT NULL, support_rep_id integer REFERENCES employees(id));
CREATE TABLE employees (id integer PRIMARY KEY, name text NOT NULL, reports_to integer REFERENCES employees(id));
CREATE TABLE shippers (id integer PRIMARY KEY, name text NOT NULL);
CREATE TABLE access_tokens (id integer PRIMARY KEY, refresh_token_id integer REFERENCES refresh_tokens(id));
CREATE TABLE refresh_tokens (id integer PRIMARY KEY, access_token_id integer NOT NULL REFERENCES access_tokens(id));
CREATE TABLE stores (id integer PRIMARY KEY, manager_id integer NOT NULL REFERENCES staff(id) DEFERRABLE INITIALLY DEFERRED);
CREATE TABLE staff (id integer PRIMARY KEY, store_id integer NOT NULL REFERENCES stores(id));
`;

const databases: TestDatabase[] = [];
afterAll(() => Promise.all(databases.map((d) => d.drop())));

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A database made from the original DDL. */
async function fromDdl(ddl: string | undefined): Promise<string> {
  const db = await createEmptyDatabase();
  databases.push(db);
  if (ddl) await withClient(db.url, (c) => c.query(ddl));
  return db.url;
}

async function counts(url: string, plan: Plan): Promise<Record<string, number>> {
  return withClient(url, async (c) => {
    const out: Record<string, number> = {};
    for (const name of plan.order) out[name] = Number((await c.query(`SELECT count(*) AS n FROM ${name}`)).rows[0].n);
    return out;
  });
}

const expected = (plan: Plan) => Object.fromEntries(plan.order.map((name) => [name, plan.table(name).layout.rows]));

/** Cycle edges really carry values once loaded (not left NULL), and every self reference points at an earlier row. */
async function expectReferencesSet(url: string): Promise<void> {
  await withClient(url, async (c) => {
    const n = async (sql: string) => Number((await c.query(sql)).rows[0].n);
    expect(await n('SELECT count(*) AS n FROM access_tokens WHERE refresh_token_id IS NOT NULL')).toBeGreaterThan(0);
    expect(await n('SELECT count(*) AS n FROM orders WHERE shipper_id IS NOT NULL')).toBeGreaterThan(0);
    expect(await n('SELECT count(*) AS n FROM employees WHERE reports_to IS NOT NULL')).toBeGreaterThan(0);
    expect(await n('SELECT count(*) AS n FROM stores s JOIN staff m ON m.id = s.manager_id')).toBe(await n('SELECT count(*) AS n FROM stores'));
  });
}

let document: BlueprintDocument;
beforeAll(async () => {
  document = (await importText('POSTGRES_DDL', DDL)).document;
});

describe('load order', () => {
  it('orders by every key, nullable ones included, and defers one reference per cycle', () => {
    const plan = compileBlueprint(document, { seed: 3 });
    const at = (name: string) => plan.order.indexOf(name);
    expect(at('shippers')).toBeLessThan(at('orders'));
    expect(at('employees')).toBeLessThan(at('customers'));
    expect(at('customers')).toBeLessThan(at('orders'));
    expect(plan.table('access_tokens').fieldByName.get('refresh_token_id')!.deferred).toBe('update');
    expect(plan.table('refresh_tokens').fieldByName.get('access_token_id')!.deferred).toBeUndefined();
    expect(plan.table('stores').fieldByName.get('manager_id')!.deferred).toBe('commit');
    expect(at('stores')).toBeLessThan(at('staff'));
  });

  it('loads with seedbed load (COPY) into the tables the DDL made', async () => {
    const url = await fromDdl(DDL);
    const plan = compileBlueprint(document, { seed: 3 });
    await loadIntoPostgres(plan, await checkTarget(url, { allowPrivate: true }), { createTables: false });
    expect(await counts(url, plan)).toEqual(expected(plan));
    await expectReferencesSet(url);
  });

  it('loads the SQL script with --data-only into the tables the DDL made, and the whole script into an empty database', async () => {
    const plan = compileBlueprint(document, { seed: 4 });
    for (const [ddl, dataOnly] of [[DDL, true], [undefined, false]] as const) {
      const url = await fromDdl(ddl);
      const script = await collect(streamBlueprintSql(plan, 'postgres', { dataOnly }));
      expect(script.includes('CREATE TABLE')).toBe(!dataOnly);
      await withClient(url, (c) => c.query(script));
      expect(await counts(url, plan)).toEqual(expected(plan));
      await expectReferencesSet(url);
    }
  });

  it('loads the SQLite script, data only into the DDL and whole, with foreign keys on', async () => {
    const SQL = await initSqlJs();
    const plan = compileBlueprint(document, { seed: 5 });
    for (const [ddl, dataOnly] of [[SQLITE_DDL, true], [undefined, false]] as const) {
      const db = new SQL.Database();
      try {
        db.exec('PRAGMA foreign_keys = ON');
        if (ddl) db.exec(ddl);
        db.exec(await collect(streamBlueprintSql(plan, 'sqlite', { dataOnly })));
        for (const name of plan.order) expect(db.exec(`SELECT count(*) FROM ${name}`)[0].values[0][0]).toBe(plan.table(name).layout.rows);
        expect(db.exec('PRAGMA foreign_key_check')).toEqual([]);
        expect(db.exec('SELECT count(*) FROM access_tokens WHERE refresh_token_id IS NOT NULL')[0].values[0][0]).toBeGreaterThan(0);
      } finally {
        db.close();
      }
    }
  });
});
