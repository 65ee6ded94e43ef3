/** Boot: config → database (embedded when no DATABASE_URL) → migrations → HTTP. */
import 'reflect-metadata';
import { createApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { createLogger } from './logger';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const database = await openDatabase(config, log);
  const app = await createApp(config, database.dataSource, log);
  const port = await app.listen(config.port);
  log.info({ port, url: `http://localhost:${port}/` }, 'Seedbed is ready');

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    await app.close();
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
