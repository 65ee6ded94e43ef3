/**
 * Schemas in the shapes real PostgreSQL projects write them (none of which
 * our importer's authors chose): import → `seedbed load` (COPY, one
 * transaction) into a database made from the ORIGINAL DDL, every key, unique
 * and CHECK in force as the rows arrive, so a load that finishes is the
 * database's own verdict. Then a few facts only the data can show.
 */
import { Client } from 'pg';
import { streamBlueprintSql } from '@seedbed/engine';
import { createEmptyDatabase } from '../support/database';
import { fixture } from './load-helpers';
import { databases, expectEveryTableFilled, roundTrip } from './postgres-round-trip';

afterAll(() => Promise.all(databases.map((d) => d.drop())));

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

  it('partitioned payments whose foreign keys are declared on each partition: the keys are kept and hold on every partition', async () => {
    const loaded = await roundTrip(fixture('pg-partitions.sql'));
    try {
      const { document, count } = loaded;
      const payment = document.tables.find((t) => t.name === 'payment')!;
      // The partitions' keys became the parent's references (not plain numbers 1–1000).
      for (const column of ['customer_id', 'staff_id', 'rental_id']) expect(payment.fields.find((f) => f.name === column)).toMatchObject({ generator: 'ref' });
      expect(document.tables.map((t) => t.name)).not.toContain('payment_p2022_01');
      await expectEveryTableFilled(loaded);
      // The database routed the rows into both partitions, and its CHECK on rentals held.
      expect(await count('SELECT count(*) AS n FROM public.payment_p2022_01')).toBeGreaterThan(0);
      expect(await count('SELECT count(*) AS n FROM public.payment_p2022_02')).toBeGreaterThan(0);
      expect(await count('SELECT count(DISTINCT rental_id) AS n FROM public.payment')).toBeGreaterThan(1);
    } finally {
      await loaded.end();
    }
  }, 120_000);

  it('a multi-schema dump with quoted domains and names, CREATE SCHEMA … CREATE TABLE and a trigger that inserts: loads where it was declared', async () => {
    const loaded = await roundTrip(fixture('pg-multi-schema.sql'));
    try {
      const { document, count, query } = loaded;
      const byName = new Map(document.tables.map((t) => [t.name, t]));
      expect(byName.get('Person')).toMatchObject({ schema: 'Person' });
      // Two schemas' `orders`: distinct names in the document, each loaded into its own schema.
      expect(byName.get('sales_orders')).toMatchObject({ schema: 'sales', sqlName: 'orders' });
      expect(byName.get('archive_orders')).toMatchObject({ schema: 'archive', sqlName: 'orders' });
      expect(byName.get('employee')).toMatchObject({ schema: 'hr' });
      // The quoted domain is a domain, not PostgreSQL's `name` type, and keeps its length.
      expect(byName.get('Person')!.fields.find((f) => f.name === 'FirstName')).toMatchObject({ sqlType: '"Name"' });
      expect(byName.get('order_audit')).toMatchObject({ rows: 0 });
      await expectEveryTableFilled(loaded, ['order_audit']);
      // The trigger wrote one audit row per order, and nothing else did.
      expect(await count('SELECT count(*) AS n FROM sales.order_audit')).toBe(await count('SELECT count(*) AS n FROM sales.orders'));
      const [types] = await query(`SELECT format_type(atttypid, atttypmod) AS t FROM pg_attribute WHERE attrelid = '"Person"."Person"'::regclass AND attname = 'FirstName'`);
      expect(types.t).toBe('"Name"');
      expect(await count(`SELECT count(*) AS n FROM hr.employee WHERE end_date < hire_date`)).toBe(0);

      // Seedbed's own SQL script makes the same schemas, domains and quoted names in an empty database.
      const empty = await createEmptyDatabase();
      databases.push(empty);
      const chunks: Buffer[] = [];
      for await (const chunk of streamBlueprintSql(loaded.plan, 'postgres')) chunks.push(Buffer.from(chunk));
      const other = new Client({ connectionString: empty.url });
      await other.connect();
      try {
        await other.query(Buffer.concat(chunks).toString('utf8'));
        expect(Number((await other.query('SELECT count(*) AS n FROM archive.orders')).rows[0].n)).toBe(loaded.plan.table('archive_orders').layout.rows);
        const { rows } = await other.query(`SELECT format_type(atttypid, atttypmod) AS t FROM pg_attribute WHERE attrelid = '"Person"."Person"'::regclass AND attname = 'NameStyle'`);
        expect(rows[0].t).toBe('"NameStyle"');
      } finally {
        await other.end();
      }
    } finally {
      await loaded.end();
    }
  }, 120_000);

  it("a Rails structure.sql: bigint ids on sequences, fk_rails keys, regex and length CHECKs, unique indexes, rows Rails's schema_migrations holds left alone", async () => {
    const ddl = fixture('rails-structure.sql');
    // CREATE EXTENSION citext needs the contrib package, which the embedded server lacks: the type is made as a domain instead.
    const loaded = await roundTrip(ddl.replace(/CREATE EXTENSION IF NOT EXISTS citext[^;]*;/, 'CREATE DOMAIN public.citext AS text;'));
    try {
      // Rails's bookkeeping is Rails's: no made-up migration versions, the two the dump inserted stay alone.
      expect(loaded.document.tables.filter((t) => t.rows === 0).map((t) => t.name).sort()).toEqual(['ar_internal_metadata', 'schema_migrations']);
      await expectEveryTableFilled(loaded, ['ar_internal_metadata', 'schema_migrations']);
      const { count } = loaded;
      expect(await count('SELECT count(*) AS n FROM public.schema_migrations')).toBe(2);
      expect(await count(`SELECT count(*) AS n FROM public.users WHERE username !~ '^[a-z0-9_]{3,30}$'`)).toBe(0);
      expect(await count('SELECT count(*) AS n FROM public.comments WHERE parent_id IS NOT NULL')).toBeGreaterThan(0);
      // The sequences were moved past the loaded ids: the application's next INSERT works.
      await expect(loaded.query(`INSERT INTO public.accounts (name, created_at, updated_at) VALUES ('next', now(), now()) RETURNING id`)).resolves.toHaveLength(1);
    } finally {
      await loaded.end();
    }
  }, 120_000);
});
