/**
 * For the import round trips into PostgreSQL: a database made from the
 * ORIGINAL DDL, loaded with what Seedbed imported from the same text
 * (`seedbed load`: COPY, one transaction, every key, unique, CHECK and
 * exclusion constraint in force as the rows arrive).
 */
import { Client } from 'pg';
import { compileBlueprint, qualifiedTableName, type BlueprintDocument, type Plan } from '@seedbed/engine';
import { loadIntoPostgres } from '../../../packages/seedbed/src/load/postgres-loader';
import { checkTarget } from '../../../packages/import/src/targets/target-guard';
import { createEmptyDatabase, type TestDatabase } from '../support/database';
import { importText, withoutPsqlCommands } from './load-helpers';

/** Databases made so far: a test file drops them in its afterAll. */
export const databases: TestDatabase[] = [];

export interface Loaded {
  plan: Plan;
  /** Rows each table held before the load. */
  before: Map<string, number>;
  query: (sql: string) => Promise<Record<string, unknown>[]>;
  count: (sql: string) => Promise<number>;
  end: () => Promise<void>;
}

/** A database made from `ddl`, loaded with what Seedbed imported from the same text. */
export async function roundTrip(ddl: string, seed = 1): Promise<Loaded & { document: BlueprintDocument }> {
  const db = await createEmptyDatabase();
  databases.push(db);
  const setup = new Client({ connectionString: db.url });
  await setup.connect();
  await setup.query(withoutPsqlCommands(ddl));
  await setup.end();
  const { document } = await importText('POSTGRES_DDL', ddl);
  const plan = compileBlueprint(document, { seed });
  const client = new Client({ connectionString: db.url });
  await client.connect();
  // Rows the DDL itself inserts (Rails's schema_migrations): the load adds to them.
  const before = new Map<string, number>();
  for (const name of plan.order) before.set(name, Number((await client.query(`SELECT count(*) AS n FROM ${qualifiedTableName(plan.table(name), 'postgres')}`)).rows[0].n));
  await loadIntoPostgres(plan, await checkTarget(db.url, { allowPrivate: true }), { createTables: false });
  const query = async (sql: string) => (await client.query(sql)).rows;
  return { document, plan, before, query, count: async (sql) => Number((await query(sql))[0].n), end: () => client.end() };
}

/** Every table the plan loaded holds its rows (the database counted them, through its own schema-qualified names). */
export async function expectEveryTableFilled({ plan, count, before }: Loaded, leftAlone: string[] = []): Promise<void> {
  for (const name of plan.order.filter((n) => !leftAlone.includes(n))) {
    const rows = plan.table(name).layout.rows;
    const qualified = (n: string) => qualifiedTableName(plan.table(n), 'postgres');
    expect(rows).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM ${qualified(name)}`)).toBe(rows + (before.get(name) ?? 0));
  }
}

