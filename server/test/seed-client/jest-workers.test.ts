/**
 * Two jest workers writing into one database: a nested jest runs two test
 * files making the same seed calls, on two workers at once, committing into
 * one PostgreSQL (no unique key clashes: each test's rows live in its own
 * lanes), then again with every file's tests in another order. Each test gets
 * the same rows in both runs, whichever worker ran it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createEmptyDatabase, type TestDatabase } from '../support/database';
import { schemaSql, shopBlueprint } from './support';

const ROOT = path.resolve(__dirname, '../../..');
let db: TestDatabase;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-workers-'));

beforeAll(async () => {
  db = await createEmptyDatabase();
  const client = new Client({ connectionString: db.url });
  await client.connect();
  await client.query(schemaSql(shopBlueprint(), 'postgres'));
  await client.end();
});
afterAll(async () => {
  await db?.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const config = {
  rootDir: path.join(__dirname, 'workers'),
  testMatch: ['**/*.fixture.ts'],
  testEnvironment: 'node',
  transform: { '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', decorators: true }, target: 'es2022' }, module: { type: 'commonjs' } }] },
  transformIgnorePatterns: ['/node_modules/(?!(@faker-js)/)'],
};

function runJest(out: string, extra: string[]): Record<string, { scope: string; worker: string; rows: unknown }> {
  fs.mkdirSync(out);
  const run = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/jest/bin/jest.js'), '--config', JSON.stringify(config), '--maxWorkers=2', '--no-cache', '--ci', ...extra], {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, SEED_WORKERS_DATABASE_URL: db.url, SEED_WORKERS_OUT: out },
  });
  if (run.status !== 0) throw new Error(`nested jest failed:\n${run.stderr}`);
  return Object.fromEntries(fs.readdirSync(out).map((f) => [f, JSON.parse(fs.readFileSync(path.join(out, f), 'utf8'))]));
}

it('gives each test the same rows in two orders and on either worker, with both workers writing into one database', async () => {
  const first = runJest(path.join(dir, 'first'), []);
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    const counts = async () => (await client.query('SELECT (SELECT count(*) FROM users)::int AS users, (SELECT count(*) FROM orders)::int AS orders, (SELECT count(*) FROM products)::int AS products')).rows[0];
    // Per file: 2 users + 1 made for the lone order; 4 + 1 orders; 3 products + 4 + 3 made for the items (one per item).
    expect(await counts()).toEqual({ users: 6, orders: 10, products: 20 });
    // Both workers took part, and the same calls in the two files made different keys (else the inserts would have clashed).
    expect(new Set(Object.values(first).map((r) => r.worker)).size).toBe(2);
    await client.query('TRUNCATE users, orders, items, products');
    const second = runJest(path.join(dir, 'second'), ['--randomize', '--seed=2718']);
    expect(Object.keys(second).sort()).toEqual(Object.keys(first).sort());
    for (const name of Object.keys(first)) expect(second[name].rows).toEqual(first[name].rows);
    expect(await counts()).toEqual({ users: 6, orders: 10, products: 20 });
  } finally {
    await client.end();
  }
}, 120_000);
