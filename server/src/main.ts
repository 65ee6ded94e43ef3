/**
 * `npm start`: a small supervisor that keeps the server up. It owns the
 * embedded PostgreSQL (when there is no DATABASE_URL) and runs the API
 * (api.ts) and the run worker (worker.ts, at a lower OS priority: runs take
 * minutes of CPU, PRODUCT.md §15) as child processes, each restarted with
 * back-off when it dies, the reason logged. An API killed by the OOM killer or
 * a crash is back in seconds, with the database and runs untouched; nothing is
 * orphaned. It loads no TypeORM, GraphQL or engine code, so it has little that
 * can fail. SEEDBED_RUN_WORKER=false: no run worker here (`npm run worker`
 * processes started apart take the runs).
 */
import path from 'node:path';
import { loadConfig } from './config';
import { startEmbeddedDatabase } from './db/embedded-database';
import { createLogger } from './logger';
import { startRunWorkerProcess } from './run-worker-process';
import { stopOnSignals } from './shutdown';
import { superviseChild, type SupervisedChild } from './supervised-child';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const embedded = config.databaseUrl ? undefined : await startEmbeddedDatabase(config.dataDir, log);
  const databaseUrl = config.databaseUrl ?? embedded!.url;
  let runWorker: SupervisedChild | undefined;
  const api = superviseChild({
    name: 'API process',
    script: path.join(__dirname, 'api.ts'),
    // Absolute: the children find the same data folder whatever their cwd.
    env: { ...process.env, DATABASE_URL: databaseUrl, SEEDBED_DATA_DIR: config.dataDir },
    log,
    onMessage: (message) => {
      // Migrations are applied once the API is first ready: only then may a worker use the tables.
      if ((message as { ready?: boolean })?.ready && config.runs.worker && !runWorker) {
        runWorker = startRunWorkerProcess(config, databaseUrl, log);
      }
    },
    // A port in use or a failed migration: restarting would fail the same way.
    onNeverReady: (why) => {
      log.fatal(why, 'the API process could not start');
      void stop('the API process could not start', 1);
    },
  });
  // Children first (they stop their own work: HTTP, shards back to the queue), then PostgreSQL.
  const stop = stopOnSignals(log, [() => Promise.all([api.stop(), runWorker?.stop()]), async () => embedded?.stop()]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
