/**
 * The client `seedbed codegen` writes, used as a test suite uses it: typed
 * (shop-seed.ts and typed-use.ts are type-checked with the project, strict,
 * so a wrong call there fails `npm run typecheck`), and in a jest suite that
 * seeds `users(2, { orders: 3 })` in beforeEach inside a transaction rolled
 * back after each test.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { plugin, seedClientSource } from '../../src/cli/codegen';
import { pgAdapter } from '../../src/seed-client';
import { createEmptyDatabase, type TestDatabase } from '../support/database';
import { createSeedClient, type SeedClient, type UsersSeeded } from './shop-seed';
import { schemaSql, shopBlueprint } from './support';

const ROOT = path.resolve(__dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-codegen-'));
const blueprintFile = path.join(dir, 'shop.json');
fs.writeFileSync(blueprintFile, JSON.stringify(shopBlueprint()));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('seedbed codegen', () => {
  it('wrote shop-seed.ts (type-checked with the project, `npm run typecheck`) as it writes it now', () => {
    const fresh = seedClientSource(shopBlueprint(), { runtime: '../../src/seed-client', source: 'shopBlueprint() in support.ts' });
    expect(fs.readFileSync(path.join(__dirname, 'shop-seed.ts'), 'utf8')).toBe(fresh);
  });

  it('writes the same client from the command line and as a graphql-codegen plugin', () => {
    const cli = spawnSync(process.execPath, [path.join(ROOT, 'server/bin/seedbed.js'), 'codegen', blueprintFile, '--runtime', 'seedbed/seed'], { cwd: ROOT, encoding: 'utf8' });
    expect(cli.status).toBe(0);
    expect(cli.stdout).toBe(seedClientSource(shopBlueprint(), { source: 'shop.json' }));
    expect(plugin(null, [], { blueprint: blueprintFile })).toBe(cli.stdout);
  });
});

describe('a jest suite seeding in beforeEach, rolled back after each test', () => {
  let db: TestDatabase;
  let client: Client;
  let seed: SeedClient;
  let users: UsersSeeded[];

  beforeAll(async () => {
    db = await createEmptyDatabase();
    client = new Client({ connectionString: db.url });
    await client.connect();
    await client.query(schemaSql(shopBlueprint(), 'postgres'));
    seed = createSeedClient({ adapter: pgAdapter(client), seed: 7 });
  });
  afterAll(async () => {
    await client?.end();
    await db?.drop();
  });

  beforeEach(async () => {
    await client.query('BEGIN');
    users = await seed.users(2, { orders: 3 });
  });
  afterEach(() => client.query('ROLLBACK'));

  const count = async (table: string) => Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);

  it('sees the two users and their six orders', async () => {
    expect(await count('users')).toBe(2);
    expect(await count('orders')).toBe(6);
    expect(users.every((u) => u.orders?.length === 3)).toBe(true);
  });

  it('starts again from the same state: the first test left nothing behind', async () => {
    await client.query(`UPDATE users SET bio = 'changed'`);
    expect(await count('users')).toBe(2);
    expect(await count('orders')).toBe(6);
  });

  it('finds its rows by the keys the seed call returned', async () => {
    const stored = await client.query('SELECT email FROM users WHERE id = ANY($1) ORDER BY id', [users.map((u) => u.id)]);
    expect(stored.rows.map((r) => r.email)).toEqual(users.map((u) => u.email));
    // Each test is a scope of its own (its file and name): the rows of the first test are another scope's.
    const first = createSeedClient({ seed: 7, scope: `${path.relative(process.cwd(), __filename).split(path.sep).join('/')} › a jest suite seeding in beforeEach, rolled back after each test sees the two users and their six orders` });
    const again = first.users.build(2, { orders: 3 });
    expect(again.map((u) => u.email)).not.toEqual(users.map((u) => u.email));
    // …and that scope gives the same rows every time.
    expect(createSeedClient({ seed: 7, scope: 'x' }).users.build(2, { orders: 3 })).toEqual(createSeedClient({ seed: 7, scope: 'x' }).users.build(2, { orders: 3 }));
  });
});
