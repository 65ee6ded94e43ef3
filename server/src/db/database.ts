import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from '../config';
import { protectOwnDatabase } from '../modules/load/refused-targets';
import { createDataSource } from './data-source';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';

export interface Database {
  dataSource: DataSource;
  url: string;
  close(): Promise<void>;
}

const EMBEDDED_DATABASE = 'seedbed';

/** DATABASE_URL when given; otherwise an embedded PostgreSQL kept under the data directory. */
/** `worker` processes never start PostgreSQL: they join the server's. */
export async function openDatabase(config: Config, log: Logger, role: 'server' | 'worker' = 'server'): Promise<Database> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  const connectionFile = path.join(config.dataDir, 'embedded-postgres.json');
  if (!url && role === 'worker') {
    // An extra worker joins the embedded PostgreSQL that `npm start` runs.
    try {
      url = JSON.parse(fs.readFileSync(connectionFile, 'utf8')).url as string;
    } catch {
      throw new Error(`no DATABASE_URL and no running server in ${config.dataDir}: start the server first (npm start), or set DATABASE_URL`);
    }
  } else if (!url) {
    const dataDir = path.join(config.dataDir, 'postgres');
    log.info({ dataDir }, 'no DATABASE_URL: starting embedded PostgreSQL');
    const pg = await superviseEmbedded(dataDir, log);
    await ensureDatabase(pg.url(), EMBEDDED_DATABASE);
    url = pg.url().replace(/\/postgres$/, `/${EMBEDDED_DATABASE}`);
    fs.writeFileSync(connectionFile, JSON.stringify({ url }), { mode: 0o600 });
    stopEmbedded = async () => {
      fs.rmSync(connectionFile, { force: true });
      await pg.stop();
    };
  }
  // A worker process too: its own database is never a load target.
  protectOwnDatabase(url);
  const dataSource = createDataSource({ url });
  try {
    await dataSource.initialize();
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    for (const migration of applied) log.info({ migration: migration.name }, 'migration applied');
  } catch (error) {
    await stopEmbedded?.();
    throw error;
  }
  return {
    dataSource,
    url,
    close: async () => {
      if (dataSource.isInitialized) await dataSource.destroy();
      await stopEmbedded?.();
    },
  };
}

/** Restarts within this long count towards giving up. */
const RESTART_WINDOW_MS = 60_000;
const MAX_RESTARTS = 3;

/**
 * The embedded PostgreSQL, restarted on the same port when it dies (crash
 * recovery replays its WAL; the pool reconnects by itself). If it keeps
 * dying, the process exits non-zero so that a supervisor restarts the whole
 * server instead of serving errors for ever.
 */
async function superviseEmbedded(dataDir: string, log: Logger) {
  const restarts: number[] = [];
  let current: EmbeddedPostgres;
  const start = (port?: number): Promise<EmbeddedPostgres> =>
    startEmbeddedPostgres({
      dataDir,
      port,
      log: (line) => log.debug({ postgres: line }),
      onExit: (code, signal) => void restart(code, signal),
    });
  const restart = async (code: number | null, signal: NodeJS.Signals | null) => {
    const now = Date.now();
    restarts.push(now);
    while (restarts[0] < now - RESTART_WINDOW_MS) restarts.shift();
    log.error({ code, signal, restarts: restarts.length }, 'embedded PostgreSQL exited; restarting it');
    try {
      if (restarts.length > MAX_RESTARTS) throw new Error(`it exited ${restarts.length} times in a minute`);
      current = await start(current.port);
      log.info({ port: current.port }, 'embedded PostgreSQL restarted');
    } catch (error) {
      log.fatal({ err: error }, 'embedded PostgreSQL cannot be kept running; exiting');
      process.exit(1);
    }
  };
  current = await start();
  return { url: () => current.url, stop: () => current.stop() };
}

export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}
