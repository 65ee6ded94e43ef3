/**
 * The API process: config → database → migrations → HTTP (GraphQL, WebSocket,
 * files, the web app and IDE). It takes no run work (its `runs.worker` is off):
 * `npm start` runs it under main.ts, which restarts it if it dies and keeps the
 * run worker and the embedded PostgreSQL in processes of their own.
 */
import 'reflect-metadata';
import type { Logger } from 'pino';
import { createApp, type App } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { createLogger } from './logger';
import { sharedImportRunner } from './modules/import/import-runner';
import { stopOnSignals } from './shutdown';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const database = await openDatabase(config, log);
  const app = await createApp({ ...config, runs: { ...config.runs, worker: false } }, database.dataSource, log);
  // HTTP first, then the database (and an embedded PostgreSQL of its own, when run alone).
  const stop = stopOnSignals(log, [app.close, database.close]);
  const port = await listen(app, config.port, log);
  log.info({ port, url: `http://localhost:${port}/` }, 'Seedbed is ready');
  void sharedImportRunner().warm();
  if (process.send) {
    // Under the supervisor: it starts the run worker once migrations are applied, and a supervisor
    // that died without stopping this process (SIGKILL) closes the IPC channel, so the port is let go.
    process.send({ ready: true, port });
    process.once('disconnect', () => void stop('supervisor gone'));
  }
}

/** How long a port still held by a process that is letting it go (the API of a supervisor that died) is waited for. */
const PORT_WAIT_MS = 10_000;

async function listen(app: App, port: number, log: Logger): Promise<number> {
  const deadline = Date.now() + PORT_WAIT_MS;
  for (;;) {
    try {
      return await app.listen(port);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || Date.now() > deadline) throw error;
      log.warn({ port }, 'the port is in use; waiting for it to be let go');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
