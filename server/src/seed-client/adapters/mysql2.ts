/**
 * MySQL and MariaDB through `mysql2`: a pool (each call in a transaction on
 * one of its connections) or a connection (statements run on it as they
 * are: inside your transaction when you began one). Callback or promise API.
 */
import type { SeedAdapter, SeedExecutor } from '../types';

/** What the adapter uses of a mysql2 promise connection. */
export interface Mysql2ConnectionLike {
  query(sql: string): Promise<unknown>;
}

/** …and of a promise pool. */
export interface Mysql2PoolLike extends Mysql2ConnectionLike {
  getConnection(): Promise<Mysql2ConnectionLike & { beginTransaction(): Promise<void>; commit(): Promise<void>; rollback(): Promise<void>; release(): void }>;
}

type Mysql2Any = Mysql2ConnectionLike | Mysql2PoolLike | { promise(): Mysql2ConnectionLike | Mysql2PoolLike };

export function mysql2Adapter(db: Mysql2Any): SeedAdapter {
  // A callback connection or pool has promise(); the promise wrappers hold the callback one instead.
  const api = 'promise' in db && typeof db.promise === 'function' && !('connection' in db) && !('pool' in db) ? db.promise() : (db as Mysql2ConnectionLike | Mysql2PoolLike);
  const executorOf = (c: Mysql2ConnectionLike): SeedExecutor => ({ execute: async (sql) => void (await c.query(sql)) });
  if ('getConnection' in api && typeof api.getConnection === 'function') {
    const pool = api as Mysql2PoolLike;
    return {
      dialect: 'mysql',
      async run(work) {
        const connection = await pool.getConnection();
        try {
          await connection.beginTransaction();
          await work(executorOf(connection));
          await connection.commit();
        } catch (error) {
          await connection.rollback().catch(() => {});
          throw error;
        } finally {
          connection.release();
        }
      },
    };
  }
  return { dialect: 'mysql', run: (work) => work(executorOf(api)) };
}
