import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from '../config';
import { protectOwnDatabase } from '../modules/load/refused-targets';
import { createDataSource } from './data-source';
import { runningEmbeddedUrl, startEmbeddedDatabase } from './embedded-database';

export { ensureDatabase } from './embedded-database';

export interface Database {
  dataSource: DataSource;
  url: string;
  close(): Promise<void>;
}

/**
 * DATABASE_URL when given (`npm start`'s supervisor gives its children the
 * embedded one's); otherwise an embedded PostgreSQL kept under the data
 * directory, owned by this process. `worker` processes never start
 * PostgreSQL: they join the server's. Pending migrations are applied.
 */
export async function openDatabase(config: Config, log: Logger, role: 'server' | 'worker' = 'server'): Promise<Database> {
  let url = config.databaseUrl;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url && role === 'worker') {
    url = runningEmbeddedUrl(config.dataDir);
  } else if (!url) {
    const embedded = await startEmbeddedDatabase(config.dataDir, log);
    url = embedded.url;
    stopEmbedded = embedded.stop;
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
