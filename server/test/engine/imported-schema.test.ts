/**
 * Data for an imported schema loads into the ORIGINAL schema on the first
 * try: the pagila-like document's INSERTs into databases created from the
 * hand-written DDL of each dialect, every constraint in place (primary and
 * composite keys, composite unique, foreign keys, CHECKs comparing two
 * columns, the enum type and the domain), through each database's own client.
 */
import { spawnSync } from 'node:child_process';
import { Client } from 'pg';
import initSqlJs from 'sql.js';
import { pipeline } from 'node:stream/promises';
import { from as copyFrom } from 'pg-copy-streams';
import { compileBlueprint, schemaDdl, streamBlueprintSql, streamTable, type Dialect, type Plan } from '@seedbed/engine';
import { createEmptyDatabase } from '../support/database';
import { collect } from './helpers';
import { mariaDbMissing, startMariaDb, type MariaDb } from './mariadb-server';
import { pagila, PAGILA_MYSQL, PAGILA_POSTGRES, PAGILA_SQLITE } from './pagila-fixture';

const plan = compileBlueprint(pagila);

/** Only the rows: INSERTs of every table in dependency order, for a schema that exists already. */
async function inserts(p: Plan, dialect: Dialect): Promise<string> {
  let script = dialect === 'mysql' ? 'SET NAMES utf8mb4;\n' : '';
  for (const name of p.order) script += await collect(streamTable(p, name, 'sql', { dialect, header: false }));
  return script;
}

function psql(url: string, script: string) {
  return spawnSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url], { input: script, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
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

describe('the document', () => {
  it('makes junction rows of existing parents, several per film, with no pair twice', async () => {
    const rows = (await collect(streamTable(plan, 'film_actor', 'ndjson'))).trim().split('\n').map((l) => JSON.parse(l));
    const pairs = rows.map((r) => `${r.film_id}/${r.actor_id}`);
    expect(new Set(pairs).size).toBe(pairs.length);
    const perFilm = new Map<number, number>();
    for (const r of rows) perFilm.set(r.film_id, (perFilm.get(r.film_id) ?? 0) + 1);
    expect(Math.max(...perFilm.values())).toBeGreaterThan(5);
    expect(rows.every((r) => r.actor_id >= 1 && r.actor_id <= 20)).toBe(true);
  });

  it('writes the declared types, the enum and the domain before the tables, and composite keys', async () => {
    const script = await collect(streamBlueprintSql(plan, 'postgres'));
    expect(script.indexOf('CREATE TYPE mpaa_rating AS ENUM')).toBeLessThan(script.indexOf('CREATE TABLE "film"'));
    expect(script).toContain('CREATE DOMAIN year AS integer CHECK (VALUE >= 1901 AND VALUE <= 2155)');
    expect(script).toContain('"special_features" text[] NOT NULL');
    expect(script).toContain('PRIMARY KEY ("actor_id", "film_id")');
    expect(script).toContain('UNIQUE ("rental_date", "customer_id")');
    // Other dialects map the generators' own types instead.
    const mysql = await collect(streamBlueprintSql(plan, 'mysql'));
    expect(mysql).not.toContain('mpaa_rating');
    expect(mysql).toMatch(/`poster` LONGBLOB/);
  });
});

describe('PostgreSQL', () => {
  it('loads the rows into the original pg_dump schema with psql, every constraint holding', async () => {
    const database = await createEmptyDatabase();
    try {
      const ddl = psql(database.url, PAGILA_POSTGRES);
      expect(ddl.stderr).toBe('');
      const load = psql(database.url, await inserts(plan, 'postgres'));
      expect(load.stderr).toBe('');
      expect(load.status).toBe(0);
      for (const name of plan.order) {
        const [{ n }] = await query<{ n: string }>(database.url, `SELECT count(*) AS n FROM ${name}`);
        expect(Number(n)).toBe(plan.table(name).layout.rows);
      }
      const [film] = await query(database.url, `SELECT array_length(special_features, 1) AS items, pg_typeof(poster)::text AS poster, meta ? 'alpha' AS json FROM film WHERE cardinality(special_features) > 1 LIMIT 1`);
      expect(film).toEqual({ items: expect.any(Number), poster: 'bytea', json: true });
      const [match] = await query(database.url, `SELECT count(*)::int AS n FROM film WHERE fulltext @@ to_tsquery('simple', split_part(title, ' ', 1))`);
      expect(match.n).toBe(plan.table('film').layout.rows);
      // The constraints are really there: a duplicate pair is refused.
      const dup = psql(database.url, 'INSERT INTO film_actor SELECT actor_id, film_id, now() FROM film_actor LIMIT 1;');
      expect(dup.stderr).toMatch(/film_actor_pkey/);
    } finally {
      await database.drop();
    }
  });

  it('loads its own whole script (types, tables, keys) into an empty database', async () => {
    const database = await createEmptyDatabase();
    try {
      const run = psql(database.url, await collect(streamBlueprintSql(plan, 'postgres')));
      expect(run.stderr).toBe('');
      const kinds = await query<{ t: string; k: string }>(database.url, `SELECT conrelid::regclass::text AS t, contype AS k FROM pg_constraint WHERE connamespace = 'public'::regnamespace AND contype IN ('p', 'u')`);
      expect(kinds.map((r) => `${r.t}:${r.k}`).sort()).toEqual(['actor:p', 'customer:p', 'customer:u', 'film:p', 'film_actor:p', 'film_category:p', 'rental:p', 'rental:u']);
      const [types] = await query(database.url, `SELECT (SELECT count(*)::int FROM pg_type WHERE typname = 'mpaa_rating' AND typtype = 'e') AS enum, (SELECT count(*)::int FROM pg_type WHERE typname = 'year' AND typtype = 'd') AS domain`);
      expect(types).toEqual({ enum: 1, domain: 1 });
      // Said twice (one table's script after another's), the types are made once.
      const again = psql(database.url, 'CREATE SCHEMA again; SET search_path = again, public;\n' + (await collect(streamTable(plan, 'film', 'sql'))));
      expect(again.stderr).toBe('');
    } finally {
      await database.drop();
    }
  });
});

describe('PostgreSQL, the way load runs fill it', () => {
  it('creates the schema from schemaDdl (types first), COPYs every table as CSV, then adds the keys', async () => {
    const database = await createEmptyDatabase();
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const ddl = schemaDdl(plan, 'postgres');
      await client.query('BEGIN');
      for (const t of ddl) await client.query(t.create);
      for (const name of plan.order) {
        const columns = plan.table(name).fields.map((f) => `"${f.name}"`).join(', ');
        await pipeline(streamTable(plan, name, 'csv'), client.query(copyFrom(`COPY "${name}" (${columns}) FROM STDIN WITH (FORMAT csv, HEADER true)`)));
      }
      for (const t of ddl) for (const statement of [...t.keys, ...t.foreignKeys]) await client.query(statement);
      await client.query('COMMIT');
      const { rows } = await client.query(`SELECT count(*)::int AS n FROM film WHERE special_features IS NOT NULL AND octet_length(poster) >= 0`);
      expect(rows[0].n).toBeGreaterThan(0);
      const pairs = await client.query('SELECT count(*)::int AS n, count(DISTINCT (actor_id, film_id))::int AS d FROM film_actor');
      expect(pairs.rows[0].n).toBe(pairs.rows[0].d);
    } finally {
      await client.end();
      await database.drop();
    }
  });
});

describe('SQLite (sql.js)', () => {
  it('loads the rows into the original .schema with foreign keys and CHECKs on', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    try {
      db.exec('PRAGMA foreign_keys = ON');
      db.exec(PAGILA_SQLITE);
      db.exec(`BEGIN; ${await inserts(plan, 'sqlite')} COMMIT;`);
      for (const name of plan.order) expect(db.exec(`SELECT count(*) FROM ${name}`)[0].values[0][0]).toBe(plan.table(name).layout.rows);
      expect(db.exec('PRAGMA foreign_key_check')).toEqual([]);
      expect(db.exec(`SELECT count(*) FROM film WHERE typeof(poster) = 'blob'`)[0].values[0][0]).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it('loads its own whole script, with the composite keys', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    try {
      db.exec('PRAGMA foreign_keys = ON');
      db.exec(await collect(streamBlueprintSql(plan, 'sqlite')));
      expect(db.exec('SELECT count(*) FROM film_actor')[0].values[0][0]).toBe(plan.table('film_actor').layout.rows);
      expect(() => db.exec('INSERT INTO film_actor SELECT * FROM film_actor LIMIT 1')).toThrow(/UNIQUE constraint failed: film_actor.actor_id, film_actor.film_id/);
    } finally {
      db.close();
    }
  });
});

if (mariaDbMissing) console.warn(`MariaDB tests skipped: ${mariaDbMissing}`);

(mariaDbMissing ? describe.skip : describe)('MariaDB, with the stock client', () => {
  let maria: MariaDb;
  beforeAll(async () => {
    maria = await startMariaDb();
  }, 120_000);
  afterAll(async () => {
    await maria?.stop();
  }, 60_000);

  it('loads the rows into the original mysqldump schema, CHECKs and keys enforced', async () => {
    expect(maria.client('mysql', 'CREATE DATABASE pagila').status).toBe(0);
    const ddl = maria.client('pagila', PAGILA_MYSQL);
    expect(ddl.stderr).toBe('');
    const load = maria.client('pagila', await inserts(plan, 'mysql'));
    expect(load.stderr).toBe('');
    expect(load.status).toBe(0);
    for (const name of plan.order) {
      const count = maria.client('pagila', `SELECT count(*) FROM \`${name}\``, '--batch', '--skip-column-names');
      expect(Number(count.stdout.trim())).toBe(plan.table(name).layout.rows);
    }
    const blob = maria.client('pagila', 'SELECT HEX(poster) FROM film WHERE LENGTH(poster) > 2 LIMIT 1', '--batch', '--skip-column-names');
    expect(blob.stdout.trim()).toMatch(/^[0-9A-F]{6,}$/);
    const refused = maria.client('pagila', 'INSERT INTO rental SELECT 99999, rental_date, customer_id, NULL, return_day, NULL, NULL FROM rental LIMIT 1');
    expect(refused.stderr).toMatch(/Duplicate entry/);
  }, 60_000);

  it('loads its own whole script, the declared PostgreSQL types mapped to MySQL ones', async () => {
    expect(maria.client('mysql', 'CREATE DATABASE own').status).toBe(0);
    const run = maria.client('own', await collect(streamBlueprintSql(plan, 'mysql')));
    expect(run.stderr).toBe('');
    const keys = maria.client('own', "SELECT GROUP_CONCAT(COLUMN_NAME ORDER BY ORDINAL_POSITION) FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = 'own' AND TABLE_NAME = 'film_actor' AND CONSTRAINT_NAME = 'PRIMARY'", '--batch', '--skip-column-names');
    expect(keys.stdout.trim()).toBe('actor_id,film_id');
  }, 60_000);

  it('writes the types of a document imported from MySQL as declared: an inline enum, an unsigned integer', async () => {
    const mysqlDoc = compileBlueprint({
      seedbed: 1, name: 'shop', seed: 1, sqlDialect: 'mysql',
      tables: [{ name: 'item', rows: 50, primaryKey: 'id', fields: [
        { name: 'id', generator: 'sequence', sqlType: 'int unsigned' },
        { name: 'size', generator: 'weighted', options: { values: { S: 1, M: 2, L: 1 } }, sqlType: "enum('S','M','L')" },
      ] }],
    });
    const script = await collect(streamBlueprintSql(mysqlDoc, 'mysql'));
    expect(script).toContain("`size` enum('S','M','L') NOT NULL");
    expect(maria.client('mysql', 'CREATE DATABASE from_mysql').status).toBe(0);
    expect(maria.client('from_mysql', script).stderr).toBe('');
    // PostgreSQL output of the same document maps the types instead.
    expect(await collect(streamBlueprintSql(mysqlDoc, 'postgres'))).not.toContain('enum(');
  }, 60_000);
});
