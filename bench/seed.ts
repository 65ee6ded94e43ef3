/**
 * npm run bench:seed [-- --rows N --drizzle-rows N]
 *
 * Rows per second into PostgreSQL for the seed client and for drizzle-seed
 * (with drizzle-orm, dependencies of the bench only) on the same 10-column
 * people table (bench/blueprints.ts), each into a fresh database of one
 * embedded server in the same run, each through one pg connection, values
 * of the same kinds (names, emails, phones, dates, cities, countries,
 * companies, ints). Prints both and the ratio.
 */
import fs from 'node:fs';
import os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../server/src/db/embedded-postgres';
import { createClient, pgAdapter } from '../server/src/seed-client';
import { peopleBlueprint } from './blueprints';
import { fmt, timed } from './measure';

const { values: flags } = parseArgs({ options: { rows: { type: 'string' }, 'drizzle-rows': { type: 'string' } } });
const ROWS = Number(flags.rows ?? 200_000);
const DRIZZLE_ROWS = Number(flags['drizzle-rows'] ?? 20_000);

const TABLE = `CREATE TABLE people (
  id uuid PRIMARY KEY, first_name text NOT NULL, last_name text NOT NULL, email text NOT NULL, phone text NOT NULL,
  birthdate date NOT NULL, city text NOT NULL, country text NOT NULL, company text NOT NULL, age integer NOT NULL)`;

async function withDatabase<T>(adminUrl: string, name: string, work: (client: Client) => Promise<T>): Promise<T> {
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const client = new Client({ connectionString: adminUrl.replace(/\/postgres$/, `/${name}`) });
  await client.connect();
  try {
    await client.query(TABLE);
    return await work(client);
  } finally {
    await client.end();
  }
}

async function count(client: Client): Promise<number> {
  return Number((await client.query('SELECT count(*) AS n FROM people')).rows[0].n);
}

async function seedClient(client: Client): Promise<number> {
  const seed = createClient(peopleBlueprint(ROWS), { adapter: pgAdapter(client), scope: '' });
  await seed.people(ROWS);
  return count(client);
}

async function drizzleSeed(client: Client): Promise<number> {
  /* eslint-disable @typescript-eslint/no-require-imports */
  const { drizzle } = require('drizzle-orm/node-postgres');
  const { pgTable, uuid, text, date, integer } = require('drizzle-orm/pg-core');
  const { seed } = require('drizzle-seed');
  /* eslint-enable @typescript-eslint/no-require-imports */
  const people = pgTable('people', {
    id: uuid('id').primaryKey(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    birthdate: date('birthdate').notNull(),
    city: text('city').notNull(),
    country: text('country').notNull(),
    company: text('company').notNull(),
    age: integer('age').notNull(),
  });
  const db = drizzle(client);
  // Generators of the same kinds as the blueprint's (drizzle-seed would otherwise fill text columns with short strings).
  await seed(db, { people }, { count: DRIZZLE_ROWS, seed: 7 }).refine((f: Record<string, (o?: object) => unknown>) => ({
    people: {
      columns: {
        first_name: f.firstName(),
        last_name: f.lastName(),
        email: f.email(),
        phone: f.phoneNumber(),
        birthdate: f.date({ minDate: '1940-01-01', maxDate: '2006-12-31' }),
        city: f.city(),
        country: f.country(),
        company: f.companyName(),
        age: f.int({ minValue: 18, maxValue: 90 }),
      },
    },
  }));
  return count(client);
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-bench-seed-'));
  fs.chmodSync(dir, 0o755);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), ephemeral: true });
  try {
    const ours = await timed(() => withDatabase(pg.url, 'seed_client', seedClient));
    const theirs = await timed(() => withDatabase(pg.url, 'drizzle_seed', drizzleSeed));
    if (ours.value !== ROWS || theirs.value !== DRIZZLE_ROWS) throw new Error(`wrote ${ours.value} and ${theirs.value} rows`);
    const ourRate = ROWS / ours.seconds;
    const theirRate = DRIZZLE_ROWS / theirs.seconds;
    console.log(`seed client    ${fmt(ROWS)} rows in ${ours.seconds.toFixed(2)} s: ${fmt(Math.round(ourRate))} rows/s`);
    console.log(`drizzle-seed   ${fmt(DRIZZLE_ROWS)} rows in ${theirs.seconds.toFixed(2)} s: ${fmt(Math.round(theirRate))} rows/s`);
    console.log(`ratio          ${(ourRate / theirRate).toFixed(1)}× drizzle-seed's rows per second`);
  } finally {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
