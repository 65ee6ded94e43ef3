/**
 * PostgreSQL through `pg` (node-postgres): a Pool (each call in a
 * transaction of its own, on one of its connections) or a Client/PoolClient
 * (the statements run on it as they are: inside your transaction when you
 * began one, so a test can roll it back). Many rows go through COPY when
 * `pg-copy-streams` is installed, INSERT otherwise.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { quoteIdent } from '../../engine';
import type { SeedAdapter, SeedExecutor } from '../types';

/** What the adapter uses of a pg Client or PoolClient. */
export interface PgQueryable {
  query(sql: string): Promise<unknown>;
  query(stream: unknown): unknown;
}

/** What it uses of a pg Pool. */
export interface PgPoolLike {
  totalCount: number;
  connect(): Promise<PgQueryable & { release(error?: Error | boolean): void }>;
}

/** COPY … FROM STDIN over `client`, if pg-copy-streams can be loaded (an optional dependency). */
export function copyOver(client: PgQueryable): SeedExecutor['copy'] {
  let from: ((sql: string) => NodeJS.WritableStream) | undefined;
  try {
    from = require('pg-copy-streams').from;
  } catch {
    return undefined;
  }
  return async (table, columns, data) => {
    const sql = `COPY ${quoteIdent(table, 'postgres')} (${columns.map((c) => quoteIdent(c, 'postgres')).join(', ')}) FROM STDIN`;
    await pipeline(Readable.from([data]), client.query(from!(sql)) as NodeJS.WritableStream);
  };
}

function executorOf(client: PgQueryable, copy: boolean): SeedExecutor {
  return { execute: async (sql) => void (await client.query(sql)), copy: copy ? copyOver(client) : undefined };
}

export function pgAdapter(db: PgQueryable | PgPoolLike, options: { copy?: boolean } = {}): SeedAdapter {
  const copy = options.copy !== false;
  if ('totalCount' in db && typeof (db as PgPoolLike).connect === 'function') {
    const pool = db as PgPoolLike;
    return {
      dialect: 'postgres',
      async run(work) {
        const client = await pool.connect();
        try {
          await client.query('BEGIN');
          await work(executorOf(client, copy));
          await client.query('COMMIT');
          client.release();
        } catch (error) {
          await client.query('ROLLBACK').catch(() => {});
          client.release(error as Error);
          throw error;
        }
      },
    };
  }
  const client = db as PgQueryable;
  return { dialect: 'postgres', run: (work) => work(executorOf(client, copy)) };
}
