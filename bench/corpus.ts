/**
 * npm run bench:corpus [-- --dir DIR --only NAME]
 *
 * Real public schemas, tried as a new user would: each schema file of the
 * corpus (`../shared/corpus` beside the repository, or --dir /
 * SEEDBED_CORPUS) is imported with `seedbed import`, a database is created
 * from the SAME file (PostgreSQL for `*-postgres.sql`, MariaDB for
 * `*-mysql.sql`, sqlite3 for `*-sqlite.sql`), and `seedbed load` fills it
 * with every constraint of the original in force. Printed per schema: tables
 * filled, errors (a failed import or load, and keys the database finds
 * broken afterwards), and the time of import and load.
 *
 * The corpus is not part of the repository; without it the bench says so and
 * goes on. The project's tests never read it. Beside it, without --dir, run
 * `bench/schemas/`: schemas written here in the shapes real projects ship
 * (a Rails structure.sql with and without foreign keys, a pg_dump of several
 * schemas with domains and partitions, Prisma migrations, a multi-tenant
 * SaaS with composite keys, mysqldump with triggers and MySQL 8 CHECKs,
 * MySQL's sample shapes, Django's SQLite, a Laravel schema:dump with Passport,
 * a Django + allauth pg_dump, a Supabase pg_dump with its auth schema,
 * Hibernate's generated DDL, a Spree/Solidus-like structure.sql, a browser's
 * places.sqlite as `sqlite3 .schema` prints it), what each checks named in the closing notes.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { freePort, startEmbeddedPostgres, type EmbeddedPostgres } from '../server/src/db/embedded-postgres';
import { mariaDbMissing, startMariaDb, type MariaDb } from '../server/test/engine/mariadb-server';
import { checkMariaDbKeys } from '../server/test/import/load-helpers';

const ROOT = path.resolve(__dirname, '..');
const { values: flags } = parseArgs({ options: { dir: { type: 'string' }, only: { type: 'string' } } });
const CORPUS = path.resolve(ROOT, flags.dir ?? process.env.SEEDBED_CORPUS ?? '../shared/corpus');
const SEEDBED = path.join(ROOT, 'packages/seedbed/bin/seedbed.js');

type Engine = 'postgres' | 'mysql' | 'sqlite';
const SOURCES: Record<Engine, string> = { postgres: 'postgres-ddl', mysql: 'mysql-ddl', sqlite: 'sqlite-ddl' };

interface Outcome {
  name: string;
  engine: Engine;
  tables: number;
  filled: number;
  errors: string[];
  importSeconds: number;
  loadSeconds: number;
}

function seedbed(args: string[], env: Record<string, string> = {}) {
  const started = process.hrtime.bigint();
  const run = spawnSync(process.execPath, [SEEDBED, ...args], { encoding: 'utf8', env: { ...process.env, SEEDBED_ALLOW_PRIVATE_TARGETS: 'true', ...env }, maxBuffer: 64 << 20 });
  return { status: run.status, stderr: run.stderr ?? '', seconds: Number(process.hrtime.bigint() - started) / 1e9 };
}

/** The last lines of a failed command's standard error: what a user would read. */
const why = (stderr: string) => stderr.trim().split('\n').filter((l) => !l.startsWith('  ') && !l.startsWith('skipped')).slice(-3).join(' | ').slice(0, 400);

async function withPg<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

class Servers {
  private pg?: Promise<EmbeddedPostgres>;
  private maria?: Promise<MariaDb>;
  readonly scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-corpus-'));

  postgres(): Promise<EmbeddedPostgres> {
    return (this.pg ??= (() => {
      const dir = path.join(this.scratch, 'pg');
      fs.mkdirSync(dir, { mode: 0o755 });
      fs.chmodSync(this.scratch, 0o755);
      return startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), ephemeral: true });
    })());
  }

  mariadb(): Promise<MariaDb> {
    return (this.maria ??= freePort().then((tcpPort) => startMariaDb({ tcpPort })));
  }

  async stop(): Promise<void> {
    await Promise.all([this.pg?.then((p) => p.stop()), this.maria?.then((m) => m.stop())]);
    fs.rmSync(this.scratch, { recursive: true, force: true });
  }
}

/** A database made from the schema file itself, and how to count each of its tables' rows afterwards. */
interface Target {
  url: string;
  /** Row count per table of the database (partitions counted in their parent). */
  counts(): Promise<Map<string, number>>;
  /** Keys the database says are broken after the load (for servers that could have loaded with checks off). */
  broken(): Promise<string[]>;
}

async function postgresTarget(servers: Servers, name: string, ddl: string): Promise<Target> {
  const pg = await servers.postgres();
  await withPg(pg.url, (c) => c.query(`CREATE DATABASE ${name}`));
  const url = pg.url.replace(/\/postgres$/, `/${name}`);
  // psql meta-commands (\connect, \restrict) are for psql.
  await withPg(url, (c) => c.query(ddl.split('\n').filter((l) => !l.trimStart().startsWith('\\')).join('\n')));
  return {
    url,
    counts: () =>
      withPg(url, async (c) => {
        const { rows } = await c.query<{ name: string }>(
          `SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
           WHERE c.relkind IN ('r', 'p') AND NOT c.relispartition AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg_toast%'`,
        );
        const counts = new Map<string, number>();
        for (const r of rows) counts.set(r.name, Number((await c.query(`SELECT count(*) AS n FROM ${r.name}`)).rows[0].n));
        return counts;
      }),
    // PostgreSQL checks every key and CHECK as rows arrive; a load that finished broke none.
    broken: async () => [],
  };
}

async function mariaTarget(servers: Servers, name: string, ddl: string): Promise<Target> {
  const maria = await servers.mariadb();
  const setup = maria.client('mysql', `CREATE DATABASE ${name}; CREATE USER IF NOT EXISTS 'bench'@'127.0.0.1' IDENTIFIED BY 'bench'; GRANT ALL ON *.* TO 'bench'@'127.0.0.1';`);
  if (setup.status !== 0) throw new Error(`MariaDB setup failed: ${setup.stderr}`);
  const databases = () => maria.client('mysql', 'SHOW DATABASES', '--batch', '--skip-column-names').stdout.split('\n').filter(Boolean);
  const before = new Set(databases());
  const created = maria.client(name, `SET NAMES utf8mb4;\n${ddl}`);
  if (created.status !== 0) throw new Error(`the schema itself does not load into MariaDB: ${created.stderr.trim()}`);
  // A dump may create and USE its own database (Sakila's `CREATE SCHEMA sakila; USE sakila;`): the tables are there.
  const database = databases().find((d) => !before.has(d)) ?? name;
  const query = (sql: string) => {
    const run = maria.client(database, sql, '--batch', '--skip-column-names');
    if (run.status !== 0) throw new Error(run.stderr);
    return run.stdout.trim();
  };
  return {
    url: `mysql://bench:bench@127.0.0.1:${maria.port}/${database}`,
    counts: async () => {
      const tables = query(`SELECT table_name FROM information_schema.tables WHERE table_schema = '${database}' AND table_type = 'BASE TABLE'`).split('\n').filter(Boolean);
      return new Map(tables.map((t) => [t, Number(query(`SELECT count(*) FROM \`${t}\``))]));
    },
    broken: async () => checkMariaDbKeys(query, database).broken,
  };
}

async function sqliteTarget(servers: Servers, name: string, ddl: string): Promise<Target> {
  const file = path.join(servers.scratch, `${name}.sqlite`);
  // sqlite3's `.schema` prints the table AUTOINCREMENT keeps, which sqlite3 then refuses to create (it makes it itself).
  const created = spawnSync('sqlite3', [file], { input: ddl.replace(/^CREATE TABLE sqlite_sequence\(name,seq\);$/gm, ''), encoding: 'utf8' });
  if (created.status !== 0) throw new Error(`the schema itself does not load into sqlite3: ${created.stderr.trim()}`);
  const query = (sql: string) => spawnSync('sqlite3', [file, sql], { encoding: 'utf8' }).stdout.trim();
  return {
    url: `sqlite:${file}`,
    counts: async () => {
      const tables = query(`SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'`).split('\n').filter(Boolean);
      return new Map(tables.map((t) => [t, Number(query(`SELECT count(*) FROM "${t}"`))]));
    },
    broken: async () => query('PRAGMA foreign_key_check').split('\n').filter(Boolean),
  };
}

const TARGETS: Record<Engine, (servers: Servers, name: string, ddl: string) => Promise<Target>> = { postgres: postgresTarget, mysql: mariaTarget, sqlite: sqliteTarget };

async function trySchema(servers: Servers, file: string, engine: Engine): Promise<Outcome> {
  const name = path.basename(file, '.sql').replace(/[^a-z0-9]+/gi, '_').toLowerCase();
  const outcome: Outcome = { name: path.basename(file), engine, tables: 0, filled: 0, errors: [], importSeconds: 0, loadSeconds: 0 };
  const ddl = fs.readFileSync(file, 'utf8');
  const blueprint = path.join(servers.scratch, `${name}.json`);
  const imported = seedbed(['import', '--from', SOURCES[engine], file, '--out', blueprint]);
  outcome.importSeconds = imported.seconds;
  if (imported.status !== 0) outcome.errors.push(`import exited ${imported.status}: ${why(imported.stderr)}`);
  let target: Target;
  try {
    target = await TARGETS[engine](servers, `corpus_${name}`, ddl);
  } catch (error) {
    outcome.errors.push(String((error as Error).message).slice(0, 400));
    return outcome;
  }
  if (fs.existsSync(blueprint)) {
    const loaded = seedbed(['load', blueprint, '--database', target.url]);
    outcome.loadSeconds = loaded.seconds;
    if (loaded.status !== 0) outcome.errors.push(`load exited ${loaded.status}: ${why(loaded.stderr)}`);
  }
  const counts = await target.counts();
  // Tables the import sized at 0 rows on purpose (a migrations log, Rails' environment record) count as done.
  const byDesign = new Set<string>();
  if (fs.existsSync(blueprint)) {
    for (const t of JSON.parse(fs.readFileSync(blueprint, 'utf8')).tables as { name: string; rows: unknown }[]) if (t.rows === 0) byDesign.add(t.name.split('.').pop()!);
  }
  const empty = [...counts].filter(([t, n]) => n === 0 && !byDesign.has(t.split('.').pop()!)).map(([t]) => t);
  outcome.tables = counts.size;
  outcome.filled = counts.size - empty.length;
  if (empty.length && !outcome.errors.length) outcome.errors.push(`empty: ${empty.join(', ')}`);
  for (const broken of await target.broken()) outcome.errors.push(`broken after load: ${broken}`);
  return outcome;
}

function engineOf(file: string): Engine | undefined {
  if (/-postgres\.sql$/.test(file)) return 'postgres';
  if (/-mysql\.sql$/.test(file)) return 'mysql';
  if (/-sqlite\.sql$/.test(file)) return 'sqlite';
  return undefined;
}

/** Schemas of the families real projects use, written here (not taken from the shared corpus): run besides it unless --dir names one folder. */
const OURS = path.join(__dirname, 'schemas');

async function main(): Promise<void> {
  const dirs = flags.dir || process.env.SEEDBED_CORPUS ? [CORPUS] : [CORPUS, OURS];
  const files: string[] = [];
  for (const dir of dirs) {
    if (!fs.existsSync(dir)) {
      console.log(`# corpus: ${dir} is absent (the shared corpus sits beside the repository as ../shared/corpus; --dir or SEEDBED_CORPUS names another); not measured.`);
      continue;
    }
    const found = fs.readdirSync(dir).filter((f) => engineOf(f) && (!flags.only || f.includes(flags.only))).sort();
    console.log(`# corpus: ${found.length} schemas from ${path.relative(process.cwd(), dir) || dir}: import, a database made from the same file, seedbed load`);
    files.push(...found.map((f) => path.join(dir, f)));
  }
  const servers = new Servers();
  const outcomes: Outcome[] = [];
  try {
    for (const filePath of files) {
      const file = path.basename(filePath);
      const engine = engineOf(file)!;
      if (engine === 'mysql' && mariaDbMissing) {
        console.log(`${file}: skipped, ${mariaDbMissing}`);
        continue;
      }
      const outcome = await trySchema(servers, filePath, engine);
      outcomes.push(outcome);
      const status = `${outcome.filled}/${outcome.tables} tables filled, ${outcome.errors.length} errors, import ${outcome.importSeconds.toFixed(2)} s, load ${outcome.loadSeconds.toFixed(2)} s`;
      console.log(`${file.padEnd(30)} ${engine.padEnd(8)} ${status}`);
      for (const error of outcome.errors.slice(0, 5)) console.log(`    ${error}`);
    }
  } finally {
    await servers.stop();
  }
  const clean = outcomes.filter((o) => o.errors.length === 0 && o.filled === o.tables && o.tables > 0).length;
  console.log(`# ${clean} of ${outcomes.length} schemas loaded with zero errors and every table filled`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
