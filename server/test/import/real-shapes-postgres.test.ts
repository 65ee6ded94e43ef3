/**
 * Schemas in the shapes real PostgreSQL projects write them (none of which
 * our importer's authors chose): import → `seedbed load` (COPY, one
 * transaction) into a database made from the ORIGINAL DDL, every key, unique
 * and CHECK in force as the rows arrive, so a load that finishes is the
 * database's own verdict. Then a few facts only the data can show.
 */
import { Client } from 'pg';
import { compileBlueprint, type BlueprintDocument, type Plan } from '../../src/engine';
import { loadIntoPostgres } from '../../src/modules/load/postgres-loader';
import { checkTarget } from '../../src/modules/load/target-guard';
import { createEmptyDatabase, type TestDatabase } from '../support/database';
import { fixture, importText, withoutPsqlCommands } from './load-helpers';

const databases: TestDatabase[] = [];
afterAll(() => Promise.all(databases.map((d) => d.drop())));

interface Loaded {
  plan: Plan;
  query: (sql: string) => Promise<Record<string, unknown>[]>;
  count: (sql: string) => Promise<number>;
  end: () => Promise<void>;
}

/** A database made from `ddl`, loaded with what Seedbed imported from the same text. */
async function roundTrip(ddl: string, seed = 1): Promise<Loaded & { document: BlueprintDocument }> {
  const db = await createEmptyDatabase();
  databases.push(db);
  const setup = new Client({ connectionString: db.url });
  await setup.connect();
  await setup.query(withoutPsqlCommands(ddl));
  await setup.end();
  const { document } = await importText('POSTGRES_DDL', ddl);
  const plan = compileBlueprint(document, { seed });
  await loadIntoPostgres(plan, await checkTarget(db.url, { allowPrivate: true }), { createTables: false });
  const client = new Client({ connectionString: db.url });
  await client.connect();
  const query = async (sql: string) => (await client.query(sql)).rows;
  return { document, plan, query, count: async (sql) => Number((await query(sql))[0].n), end: () => client.end() };
}

/** Every table the plan loaded holds its rows (the database counted them, through its own schema-qualified names). */
async function expectEveryTableFilled({ plan, count }: Loaded, qualified: (name: string) => string = (n) => `public.${n}`): Promise<void> {
  for (const name of plan.order) {
    const rows = plan.table(name).layout.rows;
    expect(rows).toBeGreaterThan(0);
    expect(await count(`SELECT count(*) AS n FROM ${qualified(name)}`)).toBe(rows);
  }
}

describe('real PostgreSQL schemas load first time', () => {
  it('multi-tenant composite keys: every reference of a row stays inside its organization', async () => {
    const loaded = await roundTrip(fixture('saas-tenants.sql'));
    try {
      await expectEveryTableFilled(loaded);
      const { count } = loaded;
      // The keys held (the load would have failed); and references really spread over the tenant's rows.
      expect(await count('SELECT count(DISTINCT org_id) AS n FROM public.tasks')).toBeGreaterThan(1);
      expect(await count('SELECT count(*) AS n FROM public.tasks WHERE assignee_id IS NOT NULL')).toBeGreaterThan(0);
      expect(await count('SELECT count(*) AS n FROM public.tasks t JOIN public.users u ON u.id = t.assignee_id AND u.org_id <> t.org_id')).toBe(0);
      // A junction over composite keys keeps distinct (org, project, user) tuples, users of the project's organization.
      expect(await count('SELECT count(*) AS n FROM public.project_members')).toBe(await count('SELECT count(DISTINCT (org_id, project_id, user_id)) AS n FROM public.project_members'));
    } finally {
      await loaded.end();
    }
  }, 120_000);
});
