/**
 * pg_dump → import → generate → load into a database created from the
 * ORIGINAL dump, every constraint in place (keys, uniques, CHECKs, domains,
 * enums, partitions): zero errors, and the same through POSTGRES_URL against
 * a database made from the dump.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { fixture, importText, withoutPsqlCommands } from './load-helpers';
import { checkTarget } from '../../../packages/import/src/targets/target-guard';
import { loadIntoPostgres } from '../../../packages/seedbed/src/load/postgres-loader';
import { importSourceOf } from '../../../packages/import/src/sources';
import { compileBlueprint, type BlueprintDocument } from '@seedbed/engine';

const adminUrl = () => process.env.SEEDBED_TEST_ADMIN_URL!;
const DUMP = fixture('pg-dump.sql');
const created: string[] = [];

async function databaseFromDump(): Promise<{ url: string; client: Client }> {
  const name = `import_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  await admin.end();
  created.push(name);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  const ddl = new Client({ connectionString: url.toString() });
  await ddl.connect();
  await ddl.query(withoutPsqlCommands(DUMP));
  await ddl.end();
  // A fresh session: the dump empties search_path for its own.
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  return { url: url.toString(), client };
}

afterAll(async () => {
  const admin = new Client({ connectionString: adminUrl() });
  await admin.connect();
  for (const name of created) await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.end();
});

/** Seedbed's own loader (COPY, one transaction, through the target guard), into the tables the dump made. */
async function load(url: string, document: BlueprintDocument) {
  const plan = compileBlueprint(document, { seed: 1 });
  await loadIntoPostgres(plan, await checkTarget(url, { allowPrivate: true }), { createTables: false });
  return plan;
}

const count = async (client: Client, sql: string) => Number((await client.query(sql)).rows[0].n);

describe('PostgreSQL round trip', () => {
  it('loads data generated from a pg_dump import into the original schema with zero errors', async () => {
    const { url, client } = await databaseFromDump();
    try {
      const { document, skipped } = await importText('POSTGRES_DDL', DUMP);
      expect(skipped.map((s) => `${s.kind}:${s.name}`)).toEqual(expect.arrayContaining(['view:customer_list', 'view:rental_by_category', 'function:last_updated', 'trigger:last_updated', 'partition:payment_p2022_01', 'extension:citext']));
      const plan = await load(url, document);
      for (const table of plan.order) {
        expect(await count(client, `SELECT count(*) AS n FROM public.${table}`)).toBe(plan.table(table).layout.rows);
      }
      // The constraints were in place while loading; their effects show.
      expect(await count(client, 'SELECT count(*) AS n FROM public.payment_p2022_02')).toBeGreaterThan(0);
      expect(await count(client, 'SELECT count(*) AS n FROM public.film_category')).toBe(await count(client, 'SELECT count(DISTINCT (film_id, category_id)) AS n FROM public.film_category'));
      expect(await count(client, 'SELECT count(*) AS n FROM public.rental WHERE return_date < rental_date')).toBe(0);
      expect(await count(client, 'SELECT count(*) AS n FROM public.customer WHERE last_update < create_date')).toBe(0);
      expect(await count(client, `SELECT count(DISTINCT rating) AS n FROM public.film`)).toBeGreaterThan(1);
      expect(await count(client, 'SELECT count(*) AS n FROM public.customer WHERE referred_by IS NOT NULL')).toBeGreaterThan(0);
      // Arrays, tsvector, bytea, interval, time, inet and macaddr values, not just NULLs.
      expect(await count(client, 'SELECT count(*) AS n FROM public.film WHERE cardinality(special_features) > 0')).toBeGreaterThan(0);
      expect(await count(client, 'SELECT count(*) AS n FROM public.film WHERE length(fulltext) > 0 AND octet_length(poster) > 0 AND running_time > interval \'0\'')).toBeGreaterThan(0);
      expect(await count(client, 'SELECT count(*) AS n FROM public.customer WHERE cardinality(tags) > 0 AND last_ip IS NOT NULL')).toBeGreaterThan(0);
      expect(await count(client, "SELECT count(*) AS n FROM public.store_hours WHERE opens BETWEEN '00:00' AND '23:59:59'")).toBe(await count(client, 'SELECT count(*) AS n FROM public.store_hours'));
    } finally {
      await client.end();
    }
  }, 120_000);

  it('imports the same schema through POSTGRES_URL, reading statistics but no personal values, and its data loads too', async () => {
    const source = await databaseFromDump();
    const target = await databaseFromDump();
    try {
      // Give the source statistics to read: load generated rows and ANALYZE.
      await load(source.url, (await importText('POSTGRES_DDL', DUMP)).document);
      await source.client.query('ANALYZE');
      const { document, report } = await importSourceOf('POSTGRES_URL')!.run(source.url, { allowPrivateTargets: true });
      const tables = (document as unknown as { tables: { name: string; rows: unknown; fields: { name: string; generator: string; options?: Record<string, unknown> }[] }[] }).tables;
      expect(tables.map((t) => t.name).sort()).toEqual(['address', 'category', 'city', 'country', 'customer', 'film', 'film_category', 'language', 'payment', 'rental', 'staff', 'store_hours']);
      const field = (table: string, name: string) => tables.find((t) => t.name === table)!.fields.find((f) => f.name === name)!;
      expect(field('customer', 'first_name').generator).toBe('person.firstName');
      expect(JSON.stringify(field('customer', 'first_name'))).not.toMatch(/values/);
      expect(field('staff', 'status').generator).toBe('weighted');
      expect(report.find((d) => d.table === 'staff' && d.field === 'status')!.reason).toMatch(/statistics|CHECK/);
      expect(field('customer', 'last_ip').generator).toBe('internet.ipv4');
      // Row counts follow the database's estimates (reltuples after ANALYZE).
      const staffRows = await count(source.client, 'SELECT count(*) AS n FROM public.staff');
      expect(tables.find((t) => t.name === 'staff')!.rows).toBe(staffRows);
      await load(target.url, document);
      expect(await count(target.client, 'SELECT count(*) AS n FROM public.rental')).toBeGreaterThan(0);
    } finally {
      await source.client.end();
      await target.client.end();
    }
  }, 120_000);
});
