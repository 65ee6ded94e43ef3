/**
 * Starts one real PostgreSQL for the whole jest run and migrates a template
 * database; each test file clones the template (see database.ts), so files
 * are isolated and run in parallel. A second one holds the databases tests
 * load into (createEmptyDatabase): a server's own PostgreSQL is never a
 * target (issue 24), so targets must live on another.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDataSource } from '../../src/db/data-source';
import { ensureDatabase } from '../../src/db/database';
import { startEmbeddedPostgres } from '../../src/db/embedded-postgres';

export const TEMPLATE_DATABASE = 'seedbed_template';

export default async function globalSetup() {
  // mkdtemp makes a 0700 folder, which the postgres user (when we are root) could not enter.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-test-'));
  fs.chmodSync(dir, 0o755);
  const [pg, targets] = await Promise.all([
    startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), ephemeral: true }),
    startEmbeddedPostgres({ dataDir: path.join(dir, 'targets'), ephemeral: true }),
  ]);

  await ensureDatabase(pg.url, TEMPLATE_DATABASE);
  const template = createDataSource({ url: pg.url.replace(/\/postgres$/, `/${TEMPLATE_DATABASE}`) });
  await template.initialize();
  await template.runMigrations({ transaction: 'each' });
  await template.destroy();

  // Workers are spawned after this and inherit the environment.
  process.env.SEEDBED_TEST_ADMIN_URL = pg.url;
  process.env.SEEDBED_TEST_DATABASE_URL = pg.url;
  process.env.SEEDBED_TEST_TEMPLATE = TEMPLATE_DATABASE;
  process.env.SEEDBED_TEST_TARGET_ADMIN_URL = targets.url;
  (globalThis as Record<string, unknown>).__seedbedPostgres = { stop: () => Promise.all([pg.stop(), targets.stop()]), dir };
}
