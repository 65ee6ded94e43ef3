/**
 * A run worker process: takes run shards from the queue, against the same
 * database and artifact folder as the server. `npm start` keeps one as its
 * child (src/run-worker-process.ts); `npm run worker` starts more, any number,
 * and a run's shards are shared among all of them.
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

  const stop = stopOnSignals(log, [runs.stop, database.close]);
  if (process.send) {
    // The child of `npm start`: its parent renices the threads started so far, and a parent that
    // died without stopping it (SIGKILL) closes the IPC channel, so no orphan keeps taking runs.
    process.send({ ready: true });
    process.once('disconnect', () => void stop('parent process gone'));
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
