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
import { stopOnSignals } from './shutdown';

async function main() {
  const base = loadConfig();
  const config = { ...base, runs: { ...base.runs, worker: true } };
  const log = createLogger(config.logLevel);
  const database = await openDatabase(config, log, 'worker');
  const runs = await startRunRuntime(config, database.dataSource, log);
  log.info({ pid: process.pid }, 'run worker ready');

  stopOnSignals(log, [runs.stop, database.close]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
