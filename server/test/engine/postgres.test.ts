import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { compileBlueprint, streamBlueprintSql } from '@seedbed/engine';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../../src/db/embedded-postgres';
import { collect, shop, teamsAndPlayers } from './helpers';

/**
 * SQL output loaded into a real PostgreSQL: the jest globalSetup's server when
 * present, else one started here. Each test gets an empty database.
 */
let own: { pg: EmbeddedPostgres; dir: string } | undefined;
let adminUrl: string;

beforeAll(async () => {
  const shared = process.env.SEEDBED_TEST_ADMIN_URL ?? process.env.SEEDBED_TEST_DATABASE_URL;
  if (shared) {
    adminUrl = shared;
    return;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-engine-pg-'));
  fs.chmodSync(dir, 0o755);
  own = { pg: await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), ephemeral: true }), dir };
  adminUrl = own.pg.url;
}, 60_000);

afterAll(async () => {
  if (!own) return;
  await own.pg.stop();
  fs.rmSync(own.dir, { recursive: true, force: true });
});

async function withEmptyDatabase(work: (client: Client) => Promise<void>) {
  const name = `engine_${randomBytes(5).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const client = new Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
    await admin.query(`DROP DATABASE ${name}`);
    await admin.end();
  }
}

const count = async (client: Client, sql: string) => Number((await client.query(sql)).rows[0].n);

describe('SQL output in PostgreSQL', () => {
  it('loads a 3-level blueprint with its primary, foreign and unique keys', async () => {
    const plan = compileBlueprint(shop(400));
    const script = await collect(streamBlueprintSql(plan, 'postgres', { workers: 2, chunkRows: 300 }));
    await withEmptyDatabase(async (client) => {
      await client.query(script);
      for (const name of plan.order) expect(await count(client, `SELECT count(*) AS n FROM ${name}`)).toBe(plan.table(name).layout.rows);
      const constraints = await client.query(`SELECT conrelid::regclass::text AS t, contype FROM pg_constraint WHERE connamespace = 'public'::regnamespace`);
      const kinds = constraints.rows.map((r) => `${r.t}:${r.contype}`).sort();
      expect(kinds).toEqual(expect.arrayContaining(['users:p', 'users:u', 'orders:p', 'orders:f', 'order_items:p', 'order_items:f', 'order_items:u']));
      expect(kinds.filter((k) => k === 'order_items:f')).toHaveLength(2);
      // The constraints hold: orphans and duplicates are refused.
      await expect(client.query(`INSERT INTO orders VALUES ('00000000-0000-4000-8000-000000000000', 999999, 'paid', 1, 'x')`)).rejects.toThrow(/foreign key/);
      await expect(client.query(`INSERT INTO users (id, first_name, last_name, email, signed_up, motto) SELECT 999999, 'a', 'b', email, now(), 'm' FROM users LIMIT 1`)).rejects.toThrow(/unique/);
      expect(await count(client, 'SELECT count(*) AS n FROM users WHERE bio IS NULL')).toBeGreaterThan(0);
    });
  }, 60_000);

  it('loads a nullable reference cycle and a self reference, adding those keys afterwards', async () => {
    const plan = compileBlueprint(teamsAndPlayers({ name: 'joined', generator: 'date.past', options: { years: 3 } }));
    const script = await collect(streamBlueprintSql(plan, 'postgres'));
    expect(script).toMatch(/ALTER TABLE "teams" ADD FOREIGN KEY/);
    await withEmptyDatabase(async (client) => {
      await client.query(script);
      expect(await count(client, 'SELECT count(*) AS n FROM players')).toBe(200);
      const fks = await count(client, `SELECT count(*) AS n FROM pg_constraint WHERE contype = 'f' AND connamespace = 'public'::regnamespace`);
      expect(fks).toBe(3);
    });
  }, 60_000);
});
