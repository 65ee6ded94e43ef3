/** Boot: config → database (embedded when no DATABASE_URL) → migrations → HTTP. */
import 'reflect-metadata';
import { createApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { createLogger } from './logger';
import { stopOnSignals } from './shutdown';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const database = await openDatabase(config, log);
  const app = await createApp(config, database.dataSource, log);
  const port = await app.listen(config.port);
  log.info({ port, url: `http://localhost:${port}/` }, 'Seedbed is ready');

  // HTTP first, then the database, then embedded PostgreSQL.
  stopOnSignals(log, [app.close, database.close]);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
