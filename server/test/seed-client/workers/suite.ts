/**
 * What the two fixture files run (under a nested jest with two workers, from
 * jest-workers.test.ts): the same seed calls in three tests, committed into
 * one shared PostgreSQL, each test's rows written to a file named by its scope.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Pool } from 'pg';
import { createClient, jestScope, pgAdapter } from '../../../src/seed-client';
import { shopBlueprint } from '../support';

export function seedSuite(): void {
  const pool = new Pool({ connectionString: process.env.SEED_WORKERS_DATABASE_URL, max: 1 });
  const seed = createClient(shopBlueprint(), { adapter: pgAdapter(pool), seed: 7 });
  afterAll(() => pool.end());

  const record = (rows: unknown) => {
    const scope = jestScope()!;
    const name = createHash('sha256').update(scope).digest('hex').slice(0, 16);
    fs.writeFileSync(path.join(process.env.SEED_WORKERS_OUT!, `${name}.json`), JSON.stringify({ scope, worker: process.env.JEST_WORKER_ID, rows }));
  };

  it('makes users with orders', async () => record(await seed.users(2, { orders: 2 })));
  it('makes products', async () => record(await seed.products(3)));
  it('makes an order with items', async () => record(await seed.orders(1, { items: 3 })));
}
