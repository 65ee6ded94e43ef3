/**
 * The embedded PostgreSQL `npm start` runs when there is no DATABASE_URL,
 * kept under the data directory and restarted when it dies. The process that
 * starts it owns it: main.ts, the supervisor, so that an API process that
 * crashes or is killed never takes it down nor leaves it orphaned. Extra
 * workers (`npm run worker`) find it through a connection file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Client } from 'pg';
import type { Logger } from 'pino';
import { startEmbeddedPostgres, type EmbeddedPostgres } from './embedded-postgres';

const EMBEDDED_DATABASE = 'seedbed';

export interface EmbeddedDatabase {
  /** The `seedbed` database's URL. */
  url: string;
  stop(): Promise<void>;
}

const connectionFileIn = (dataDir: string) => path.join(dataDir, 'embedded-postgres.json');

/** Starts (or finds orphaned and restarts) the embedded PostgreSQL under `dataDir`, with the `seedbed` database in it. */
export async function startEmbeddedDatabase(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
  const clusterDir = path.join(dataDir, 'postgres');
  log.info({ dataDir: clusterDir }, 'no DATABASE_URL: starting embedded PostgreSQL');
  const pg = await superviseEmbedded(clusterDir, log);
  try {
    await ensureDatabase(pg.url(), EMBEDDED_DATABASE);
  } catch (error) {
    await pg.stop();
    throw error;
  }
  const url = pg.url().replace(/\/postgres$/, `/${EMBEDDED_DATABASE}`);
  const connectionFile = connectionFileIn(dataDir);
  fs.writeFileSync(connectionFile, JSON.stringify({ url }), { mode: 0o600 });
  return {
    url,
    stop: async () => {
      fs.rmSync(connectionFile, { force: true });
      await pg.stop();
    },
  };
}

/** The URL of the embedded PostgreSQL a server runs over `dataDir`, for an extra worker to join. */
export function runningEmbeddedUrl(dataDir: string): string {
  try {
    return JSON.parse(fs.readFileSync(connectionFileIn(dataDir), 'utf8')).url as string;
  } catch {
    throw new Error(`no DATABASE_URL and no running server in ${dataDir}: start the server first (npm start), or set DATABASE_URL`);
  }
}

/** Restarts within this long count towards giving up. */
const RESTART_WINDOW_MS = 60_000;
const MAX_RESTARTS = 3;

/**
 * The embedded PostgreSQL, restarted on the same port when it dies (crash
 * recovery replays its WAL; pools reconnect by themselves). If it keeps
 * dying, the process exits non-zero so that whatever runs it restarts the
 * whole server instead of serving errors for ever.
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
