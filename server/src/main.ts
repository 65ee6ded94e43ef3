/**
 * Boot: config → database (embedded when no DATABASE_URL) → migrations → HTTP,
 * then the run worker child process. This process serves the API only: runs
 * of files and loads take minutes of CPU, so they go to a child at a lower
 * OS priority (PRODUCT.md §15). SEEDBED_RUN_WORKER=false: no child, no runs here
 * (worker processes started apart with `npm run worker` take them).
 */
import 'reflect-metadata';
import { createApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { createLogger } from './logger';
import { sharedImportRunner } from './modules/import/import-runner';
import { startRunWorkerProcess } from './run-worker-process';
import { stopOnSignals } from './shutdown';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const database = await openDatabase(config, log);
  const app = await createApp({ ...config, runs: { ...config.runs, worker: false } }, database.dataSource, log);
  const port = await app.listen(config.port);
  log.info({ port, url: `http://localhost:${port}/` }, 'Seedbed is ready');
  sharedImportRunner().warm();
  const runWorker = config.runs.worker ? startRunWorkerProcess(config, database.url, log) : undefined;

  // HTTP first, then the run worker (its shards go back to the queue), then the database, then embedded PostgreSQL.
  stopOnSignals(log, [app.close, async () => runWorker?.stop(), database.close]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
