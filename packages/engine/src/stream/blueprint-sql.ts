import type { Readable } from 'node:stream';
import type { Dialect } from '../generators/types';
import type { Plan } from '../plan/types';
import { createTable, deferredForeignKeys, scriptPreamble } from '../formats/sql';
import type { StreamTableOptions } from './table-stream';
import { streamPieces, tablePieces, type StreamPiece } from './pieces';

/**
 * The whole blueprint as one SQL script: every table in dependency order
 * (CREATE TABLE + INSERTs), then the foreign keys of nullable cycle edges.
 * SQLite cannot add those afterwards, so its script creates every table
 * first, with them deferred, and inserts inside one transaction.
 * Loads into an empty database with all constraints checked.
 */
export function streamBlueprintSql(plan: Plan, dialect: Dialect = 'postgres', options: Pick<StreamTableOptions, 'workers' | 'helpers' | 'chunkRows'> = {}): Readable {
  return streamPieces(plan, blueprintSqlPieces(plan, dialect), 'sql', { ...options, dialect });
}

/** The script of `streamBlueprintSql` as text and row pieces (what `--shard` cuts). */
export function blueprintSqlPieces(plan: Plan, dialect: Dialect = 'postgres'): StreamPiece[] {
  const rows = (name: string) => tablePieces(plan, name, 'sql', { dialect, header: false });
  if (dialect === 'sqlite') {
    return [
      'BEGIN;\n',
      ...plan.order.map((name) => createTable(plan, plan.table(name), dialect, true) + '\n'),
      ...plan.order.flatMap((name) => [...rows(name), '\n']),
      'COMMIT;\n',
    ];
  }
  // Said once, then each table without the preamble a table's own script starts with.
  return [
    scriptPreamble(dialect),
    ...plan.order.flatMap((name) => [createTable(plan, plan.table(name), dialect), ...rows(name), '\n']),
    ...plan.order.map((name) => deferredForeignKeys(plan, plan.table(name), dialect, 'later')),
  ].filter((piece) => piece !== '');
}
