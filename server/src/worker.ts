/**
 * `npm run worker`: an extra process that takes run shards from the queue,
 * against the same database and artifact folder as the server. Any number may
 * run; a run's shards are shared among all of them.
 */
import 'reflect-metadata';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { createLogger } from './logger';
import { startRunRuntime } from './modules/run/run-runtime';

async function main() {
  const base = loadConfig();
  const config = { ...base, runs: { ...base.runs, worker: true } };
  const log = createLogger(config.logLevel);
  const database = await openDatabase(config, log, 'worker');
  const runs = await startRunRuntime(config, database.dataSource, log);
  log.info({ pid: process.pid }, 'run worker ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker stopping');
    await runs.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
