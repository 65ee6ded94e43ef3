/** Boots the real server (GraphQL, HTTP routes, built client) on a fresh database of its own. */
import 'reflect-metadata';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { createApp, type App } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { createLogger } from '../../src/logger';
import { createTestDatabase } from './database';

export interface TestServer {
  url: string;
  /** The server's own database, e.g. for worker processes a test spawns. */
  databaseUrl: string;
  /** Its data folder (artifacts, key file), removed on stop. */
  dataDir: string;
  db: DataSource;
  app: App;
  config: Config;
  /** SQL statements seen since the last `resetQueries()`, when started with `countQueries`. */
  queries: string[];
  resetQueries(): void;
  stop(): Promise<void>;
}

export async function startTestServer(options: { countQueries?: boolean; env?: Record<string, string> } = {}): Promise<TestServer> {
  const database = await createTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-server-'));
  const queries: string[] = [];
  const db = createDataSource({ url: database.url, onQuery: options.countQueries ? (sql) => queries.push(sql) : undefined });
  await db.initialize();
  // Every test signs its users up from one loopback address, far more often than the per-address limit allows a person.
  // A client build of the test's own (SEEDBED_CLIENT_DIST) is served when one is named, as e2e/support.ts expects.
  const clientDist = process.env.SEEDBED_CLIENT_DIST ? { SEEDBED_CLIENT_DIST: process.env.SEEDBED_CLIENT_DIST } : {};
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', SEEDBED_DATA_DIR: dataDir, SEEDBED_SIGNUPS_PER_HOUR: '100000', ...clientDist, ...options.env });
  const app = await createApp(config, db, createLogger(config.logLevel));
  const port = await app.listen(0);
  return {
    url: `http://127.0.0.1:${port}`,
    databaseUrl: database.url,
    dataDir,
    db,
    app,
    config,
    queries,
    resetQueries: () => void queries.splice(0),
    stop: async () => {
      await app.close();
      await db.destroy();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
