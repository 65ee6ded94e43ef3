/** Boots the real server (GraphQL, HTTP routes, built client) on a fresh database of its own. */
import 'reflect-metadata';
import type { DataSource } from 'typeorm';
import { createApp, type App } from '../../src/app';
import { loadConfig, type Config } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { createLogger } from '../../src/logger';
import { createTestDatabase } from './database';

export interface TestServer {
  url: string;
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
  const queries: string[] = [];
  const db = createDataSource({ url: database.url, onQuery: options.countQueries ? (sql) => queries.push(sql) : undefined });
  await db.initialize();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', ...options.env });
  const app = await createApp(config, db, createLogger(config.logLevel));
  const port = await app.listen(0);
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    app,
    config,
    queries,
    resetQueries: () => void queries.splice(0),
    stop: async () => {
      await app.close();
      await db.destroy();
      await database.drop();
    },
  };
}
