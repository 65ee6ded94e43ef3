/**
 * SQLite through `better-sqlite3` (12.x on Node 20): each call in a
 * transaction of its own, or inside yours when one is open
 * (`db.exec('BEGIN')`, so a test can roll it back).
 */
import type { SeedAdapter } from '../types';

/** What the adapter uses of a better-sqlite3 Database. */
export interface SqliteDatabaseLike {
  exec(sql: string): unknown;
  readonly inTransaction: boolean;
}

export function sqliteAdapter(db: SqliteDatabaseLike): SeedAdapter {
  const executor = { execute: async (sql: string) => void db.exec(sql) };
  return {
    dialect: 'sqlite',
    async run(work) {
      if (db.inTransaction) return work(executor);
      db.exec('BEGIN');
      try {
        await work(executor);
        db.exec('COMMIT');
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error;
      }
    },
  };
}
