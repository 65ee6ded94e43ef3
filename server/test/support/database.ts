import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

function adminUrl(): string {
  const url = process.env.SEEDBED_TEST_ADMIN_URL;
  if (!url) throw new Error('SEEDBED_TEST_ADMIN_URL is unset: run tests through jest (its globalSetup starts PostgreSQL)');
  return url;
}

/** The PostgreSQL that holds load targets: not the servers' own (which is never a target). */
function targetAdminUrl(): string {
  return process.env.SEEDBED_TEST_TARGET_ADMIN_URL ?? adminUrl();
}

/** Runs `work` with a client of `url` (the admin database by default), closed afterwards. */
export async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  return admin(work, url);
}

async function admin<T>(work: (client: Client) => Promise<T>, url = adminUrl()): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  url: string;
  name: string;
  drop(): Promise<void>;
}

/** A fresh, migrated database of its own (a clone of the template) for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const template = process.env.SEEDBED_TEST_TEMPLATE ?? 'seedbed_template';
  await admin(async (client) => {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (error) {
        // Two files cloning at the same instant: "source database is being accessed by other users".
        if ((error as { code?: string }).code !== '55006' || attempt > 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  });
  return {
    name,
    url: adminUrl().replace(/\/postgres$/, `/${name}`),
    drop: () => admin(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`))),
  };
}

/** An empty database (no Seedbed tables), e.g. a load target, on the PostgreSQL that holds targets. */
export async function createEmptyDatabase(): Promise<TestDatabase> {
  const name = `empty_${randomBytes(6).toString('hex')}`;
  const url = targetAdminUrl();
  await admin((client) => client.query(`CREATE DATABASE ${name}`), url);
  return {
    name,
    url: url.replace(/\/postgres$/, `/${name}`),
    drop: () => admin(async (client) => void (await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)), url),
  };
}

/** Rows of `table` in the database at `url` (a load target a test made). */
export async function countRows(url: string, table: string): Promise<number> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(`SELECT count(*)::int AS n FROM ${table}`)).rows[0].n;
  } finally {
    await client.end();
  }
}
