/**
 * Binary COPY stores exactly what text COPY stores: the same blueprint loaded
 * both ways into a schema a real application declares (domains, an enum,
 * every type with a binary encoder, types without one beside), compared row
 * for row as PostgreSQL prints them. A value only PostgreSQL's text input
 * reads sends its table again as text; a refusal still names table and column.
 */
import { Client } from 'pg';
import { compileBlueprint, type BlueprintDocument } from '@seedbed/engine';
import { AppError } from '@seedbed/engine/errors';
import { loadIntoPostgres } from '../../../packages/seedbed/src/load/postgres-loader';
import { checkTarget } from '../../../packages/import/src/targets/target-guard';
import { createEmptyDatabase, type TestDatabase } from '../support/database';

const allowed = { allowPrivate: true };
const databases: TestDatabase[] = [];
afterAll(() => Promise.all(databases.map((d) => d.drop())));

async function sql<T = Record<string, unknown>>(url: string, text: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/** What an ORM's migration declares: a domain, an enum, a schema, identity keys, jsonb. */
const SCHEMA = `
  CREATE SCHEMA app;
  CREATE DOMAIN app.email AS varchar(120) CHECK (VALUE LIKE '%@%');
  CREATE TYPE app.status AS ENUM ('active', 'blocked', 'gone');
  CREATE TABLE app.accounts (
    id uuid PRIMARY KEY, email app.email NOT NULL, status app.status NOT NULL, name text, code char(6),
    born date, visits int8, score int2, rank int4, active bool, ratio float8, profile jsonb, note varchar(200)
  );
  CREATE TABLE app.payments (id int8 PRIMARY KEY, account_id uuid NOT NULL REFERENCES app.accounts(id), amount numeric(10,2) NOT NULL, paid_at timestamptz NOT NULL);
`;

const doc = (rows: number): BlueprintDocument => ({
  seedbed: 1,
  name: 'binary',
  seed: 11,
  tables: [
    {
      name: 'accounts',
      schema: 'app',
      rows,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'uuid' },
        { name: 'email', generator: 'internet.email' },
        { name: 'status', generator: 'weighted', options: { values: { active: 8, blocked: 1, gone: 1 } } },
        // Escapes, tabs, quotes, backslashes and non-ASCII text go through the text encoder's unescaping.
        { name: 'name', generator: 'weighted', options: { values: { 'O\'Brien\t"x"': 1, 'a\\b\nc\r': 1, 'Zoë 🌱': 1, '': 1, '\\N': 1 } }, nullRate: 0.1 },
        { name: 'code', generator: 'string.alphanumeric', options: { length: 4 } },
        { name: 'born', generator: 'date.birthdate' },
        { name: 'visits', generator: 'number.int', options: { min: -9007199254740000, max: 9007199254740000 } },
        { name: 'score', generator: 'number.int', options: { min: -32768, max: 32767 } },
        { name: 'rank', generator: 'number.int', options: { min: -2147483648, max: 2147483647 }, nullRate: 0.2 },
        { name: 'active', generator: 'datatype.boolean' },
        { name: 'ratio', generator: 'number.float', options: { min: -1e6, max: 1e6, precision: 0.000001 } },
        { name: 'profile', generator: 'weighted', options: { values: { '{"a": [1, 2.5, "x\\\\y"]}': 1, '{}': 1, '{"b": null}': 1 } } },
        { name: 'note', generator: 'lorem.sentence' },
      ],
    },
    {
      name: 'payments',
      schema: 'app',
      rows: { perParent: 'accounts', distribution: 'uniform', min: 0, max: 3 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence' },
        { name: 'account_id', generator: 'ref', options: { table: 'accounts' } },
        { name: 'amount', generator: 'number.float', options: { min: 1, max: 900, precision: 0.01 } },
        { name: 'paid_at', generator: 'date.recent' },
      ],
    },
  ],
});

async function schemaDatabase(): Promise<TestDatabase> {
  const db = await createEmptyDatabase();
  databases.push(db);
  await sql(db.url, SCHEMA);
  return db;
}

const rowsOf = (url: string, table: string) => sql<{ r: string }>(url, `SELECT t::text AS r FROM ${table} t ORDER BY 1`).then((rows) => rows.map((x) => x.r));

describe('binary COPY', () => {
  it('stores every row exactly as text COPY does, both tables counted by COPY', async () => {
    const plan = compileBlueprint(doc(400));
    const [binary, text] = [await schemaDatabase(), await schemaDatabase()];
    const a = await loadIntoPostgres(plan, await checkTarget(binary.url, allowed), { createTables: false, binaryCopy: true });
    const b = await loadIntoPostgres(plan, await checkTarget(text.url, allowed), { createTables: false, binaryCopy: false });
    expect(a).toEqual(b);
    for (const table of ['app.accounts', 'app.payments']) {
      const rows = await rowsOf(binary.url, table);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows).toEqual(await rowsOf(text.url, table));
    }
    // The awkward texts arrived whole, NULL and the two characters \N apart.
    const names = (await sql<{ name: string | null }>(binary.url, 'SELECT DISTINCT name FROM app.accounts')).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['O\'Brien\t"x"', 'a\\b\nc\r', 'Zoë 🌱', '', '\\N', null]));
  });

  it('sends a table as text when a value is one only PostgreSQL reads (an integer with spaces), and loads it', async () => {
    const db = await createEmptyDatabase();
    databases.push(db);
    await sql(db.url, 'CREATE TABLE counters (id int4 PRIMARY KEY, hits int4 NOT NULL)');
    const plan = compileBlueprint({
      seedbed: 1,
      name: 'counters',
      tables: [{ name: 'counters', rows: 50, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, { name: 'hits', generator: 'weighted', options: { values: { ' 7': 1, '8 ': 1 } } }] }],
    });
    const result = await loadIntoPostgres(plan, await checkTarget(db.url, allowed), { createTables: false, binaryCopy: true });
    expect(result.rows).toBe(50);
    const hits = await sql<{ hits: number; n: string }>(db.url, 'SELECT hits, count(*) AS n FROM counters GROUP BY 1 ORDER BY 1');
    expect(hits.map((r) => r.hits)).toEqual([7, 8]);
  });

  it('a refused binary row names the table and column, and leaves the target as it was', async () => {
    const db = await createEmptyDatabase();
    databases.push(db);
    await sql(db.url, 'CREATE TABLE people (id uuid PRIMARY KEY, name varchar(3) NOT NULL)');
    const plan = compileBlueprint({
      seedbed: 1,
      name: 'people',
      tables: [{ name: 'people', rows: 30, primaryKey: 'id', fields: [{ name: 'id', generator: 'uuid' }, { name: 'name', generator: 'person.lastName' }] }],
    });
    const error = (await loadIntoPostgres(plan, await checkTarget(db.url, allowed), { createTables: false, binaryCopy: true }).catch((e) => e)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('TARGET_REFUSED');
    expect(error.message).toMatch(/table "people", column "name"/);
    expect(error.message).toContain('character varying(3)');
    expect(await sql(db.url, 'SELECT * FROM people')).toEqual([]);
  });
});
