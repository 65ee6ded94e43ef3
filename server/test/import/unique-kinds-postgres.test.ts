/**
 * Unique indexes of every kind and exclusion constraints, in pg_dump's shape
 * (btree_gist, `EXCLUDE USING gist … WHERE`, `lower((email)::text)`, a
 * partial index, `UNIQUE NULLS NOT DISTINCT`, every range type): import →
 * `seedbed load` into a database made from the same dump, where each of
 * them is in force as the rows arrive. The embedded PostgreSQL ships
 * btree_gist (the `=` of an integer inside a GiST index needs it).
 */
import { Client } from 'pg';
import { compileBlueprint, EngineError, streamBlueprintSql, streamTable } from '@seedbed/engine';
import { createEmptyDatabase } from '../support/database';
import { collect } from '../engine/helpers';
import { fixture, importText } from './load-helpers';
import { databases, expectEveryTableFilled, roundTrip } from './postgres-round-trip';

afterAll(() => Promise.all(databases.map((d) => d.drop())));

const dump = fixture('pg-unique-kinds.sql');

describe('unique indexes and exclusion constraints of a pg_dump', () => {
  it('load into a database made from the dump, which holds every index and exclusion constraint', async () => {
    const loaded = await roundTrip(dump);
    try {
      await expectEveryTableFilled(loaded);
      const { count, query, document } = loaded;
      const table = (name: string) => document.tables.find((t) => t.name === name)!;
      // The kinds are kept as they are, not folded into plain keys.
      expect(table('accounts').uniqueIndexes?.map((u) => u.name)).toEqual(['index_accounts_on_lower_email', 'index_accounts_on_lower_handle']);
      expect(table('bookings').exclusions?.[0]).toMatchObject({ equal: ['room_id'], overlap: 'during', where: { fn: 'not', args: [{ col: 'cancelled' }] } });

      // Two-letter handles: 2,704 spellings, 676 once case is folded; 100 accounts drawn freely would clash folded.
      expect(await count('SELECT count(DISTINCT lower(handle)) AS n FROM public.accounts')).toBe(100);
      expect(await count("SELECT count(*) AS n FROM public.accounts WHERE handle <> lower(handle)")).toBeGreaterThan(0);
      // The partial index binds only primary addresses: accounts have several addresses, at most one primary.
      expect(await count('SELECT count(*) AS n FROM (SELECT account_id FROM public.addresses GROUP BY account_id HAVING count(*) > 1) x')).toBeGreaterThan(0);
      expect(await count('SELECT count(*) AS n FROM public.addresses WHERE is_primary')).toBeGreaterThan(0);
      // Bookings of one room never overlap unless cancelled (the database refused nothing; asked again here).
      expect(await count('SELECT count(*) AS n FROM public.bookings a JOIN public.bookings b ON a.id < b.id AND a.room_id = b.room_id AND a.during && b.during AND NOT a.cancelled AND NOT b.cancelled')).toBe(0);
      // Ranges read back as PostgreSQL prints them: the text written is the canonical one.
      const [plan] = await query('SELECT valid::text AS valid, guests::text AS guests, during::text AS during FROM public.rate_plans, public.bookings LIMIT 1');
      expect(plan.valid).toMatch(/^\[\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2}\)$/);
      expect(plan.guests).toMatch(/^\[\d+,\d+\)$/);
      expect(plan.during).toMatch(/^\["\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00\+00","\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00\+00"\)$/);
      expect(await count('SELECT count(*) AS n FROM public.rate_plans WHERE isempty(valid) OR isempty(guests)')).toBe(0);
      // A UNIQUE citext column compares folded: kept as lower(nick) too.
      expect(table('members').uniqueIndexes?.[0]).toMatchObject({ keys: [{ fn: 'lower', args: [{ col: 'nick' }] }] });
      expect(await count('SELECT count(DISTINCT lower(nick::text)) AS n FROM public.members')).toBe(loaded.plan.table('members').layout.rows);
      // NULLS NOT DISTINCT: a key with no NULL in it.
      expect(await count('SELECT count(*) AS n FROM public.api_tokens WHERE label IS NULL')).toBe(0);

      // The SQL output spells the same ranges: Seedbed's own script (CREATE TABLE with the declared range types, INSERTs) loads too.
      const empty = await createEmptyDatabase();
      databases.push(empty);
      const chunks: Buffer[] = [];
      for await (const chunk of streamBlueprintSql(loaded.plan, 'postgres')) chunks.push(Buffer.from(chunk));
      const other = new Client({ connectionString: empty.url });
      await other.connect();
      try {
        // Extensions are the database's: Seedbed's script writes the citext column, not the extension.
        await other.query('CREATE EXTENSION IF NOT EXISTS citext');
        await other.query(Buffer.concat(chunks).toString('utf8'));
        const { rows } = await other.query('SELECT count(*) AS n, count(DISTINCT valid) AS d FROM public.rate_plans');
        expect(Number(rows[0].n)).toBe(loaded.plan.table('rate_plans').layout.rows);
        const [copied] = await query('SELECT valid::text AS v FROM public.rate_plans ORDER BY id LIMIT 1');
        expect((await other.query('SELECT valid::text AS v FROM public.rate_plans ORDER BY id LIMIT 1')).rows[0].v).toBe(copied.v);
      } finally {
        await other.end();
      }
    } finally {
      await loaded.end();
    }
  }, 120_000);

  it('reports each index and constraint it holds, with its line', async () => {
    const { report } = await importText('POSTGRES_DDL', dump);
    const held = report.filter((d) => d.generator === 'unique' || d.generator === 'exclusion');
    expect(held.map((d) => d.details?.line)).toEqual(expect.arrayContaining([139, 141, 143, 145, 131, 137]));
    expect(held.find((d) => d.path === 'tables[4].exclusions[0]')?.reason).toContain('EXCLUDE USING gist (room_id WITH =, during WITH &&) WHERE ((NOT cancelled))');
  });

  it('an exclusion that cannot hold at the asked size fails before any row, with its path and line', async () => {
    const { document } = await importText('POSTGRES_DDL', dump);
    const error = (() => {
      try {
        compileBlueprint(document, { rowOverrides: { rate_plans: 100_000 } });
      } catch (e) {
        return e as EngineError;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(EngineError);
    expect(error!.path).toBe('tables[5].exclusions[0]');
    expect(error!.message).toContain('(line 137)');
  });

  it('a partial unique index whose key runs out, under a WHERE no re-draw can change, fails at the row with its path and line', async () => {
    const ddl = `CREATE TABLE flags (id integer PRIMARY KEY, kind smallint NOT NULL CHECK (kind BETWEEN 1 AND 3));
CREATE UNIQUE INDEX one_kind ON flags (kind) WHERE (id > 0);`;
    const { document } = await importText('POSTGRES_DDL', ddl);
    document.tables[0].rows = 50;
    const error = await collect(streamTable(compileBlueprint(document), 'flags', 'csv')).then(
      () => undefined,
      (e: unknown) => e as EngineError,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect(error!.path).toBe('tables[0].uniqueIndexes[0]');
    expect(error!.message).toContain('(line 2)');
  });
});
