import type { Dialect } from '../generators/types';
import type { Plan } from '../plan/types';
import { INSERT_BATCH } from '../formats/sql';
import { ChunkEncoder } from './chunks';

export interface InsertStatement {
  /** One INSERT of rows [from, to), without its closing `;`. */
  sql: string;
  from: number;
  to: number;
}

/**
 * A table's rows as single INSERT statements, for a driver that runs one
 * statement at a time (mysql2, better-sqlite3): the bytes of the SQL script,
 * cut where its batches are cut. References that close a cycle are written
 * NULL (`deferRefs`), for `deferredUpdates` to set once every table is in.
 */
export function* tableInsertStatements(plan: Plan, tableName: string, dialect: Dialect): Generator<InsertStatement> {
  const table = plan.table(tableName);
  const encoder = new ChunkEncoder(plan);
  for (let from = 0; from < table.layout.rows; from += INSERT_BATCH) {
    const to = Math.min(table.layout.rows, from + INSERT_BATCH);
    const sql = encoder.encode(table.name, 'sql', dialect, 0, from, to, undefined, undefined, true).toString('utf8');
    yield { sql: sql.startsWith(';\n') ? sql.slice(2) : sql, from, to };
  }
}
