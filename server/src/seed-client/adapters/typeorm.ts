/**
 * TypeORM: a DataSource (each call in a transaction of its own) or an
 * EntityManager (a transaction's `manager`, or `queryRunner.manager` after
 * `startTransaction()`: the rows go into that transaction). Takes your
 * DataSource, never imports entities. PostgreSQL rows go through COPY on the
 * transaction's own connection when pg-copy-streams is installed.
 */
import type { Dialect } from '../../engine';
import type { SeedAdapter, SeedExecutor } from '../types';
import { copyOver, type PgQueryable } from './pg';

/** What the adapter uses of an EntityManager. */
export interface TypeOrmManagerLike {
  query(sql: string): Promise<unknown>;
  transaction<T>(work: (manager: TypeOrmManagerLike) => Promise<T>): Promise<T>;
  queryRunner?: { isTransactionActive: boolean; databaseConnection?: unknown };
  connection: { options: { type: string } };
}

/** What it uses of a DataSource. */
export interface TypeOrmDataSourceLike {
  manager: TypeOrmManagerLike;
  options: { type: string };
}

const DIALECTS: Record<string, Dialect> = { postgres: 'postgres', mysql: 'mysql', mariadb: 'mysql', sqlite: 'sqlite', 'better-sqlite3': 'sqlite' };

export function typeormAdapter(db: TypeOrmDataSourceLike | TypeOrmManagerLike): SeedAdapter {
  const manager = 'manager' in db && !('connection' in db) ? db.manager : (db as TypeOrmManagerLike);
  const type = manager.connection.options.type;
  const dialect = DIALECTS[type];
  if (!dialect) throw new Error(`the seed client writes to PostgreSQL, MySQL/MariaDB and SQLite; this DataSource is "${type}"`);
  const executorOf = (m: TypeOrmManagerLike): SeedExecutor => {
    const connection = m.queryRunner?.databaseConnection as PgQueryable | undefined;
    return { execute: async (sql) => void (await m.query(sql)), copy: dialect === 'postgres' && connection ? copyOver(connection) : undefined };
  };
  return {
    dialect,
    run: (work) => (manager.queryRunner?.isTransactionActive ? work(executorOf(manager)) : manager.transaction((m) => work(executorOf(m)))),
  };
}
