import type { Readable } from 'node:stream';
import type { Dialect } from '../generators/types';
import type { Plan } from '../plan/types';
import { createTable, deferredForeignKeys, scriptPreamble } from '../formats/sql';
import { defersToCommit, deferredUpdates } from '../formats/deferred-sql';
import type { StreamTableOptions } from './table-stream';
import { streamPieces, tablePieces, type StreamPiece } from './pieces';

export interface BlueprintSqlOptions extends Pick<StreamTableOptions, 'workers' | 'helpers' | 'chunkRows'> {
  /** Only the rows, in load order, for a schema that exists already (`seedbed generate --format sql --data-only`). */
  dataOnly?: boolean;
}

/**
 * The whole blueprint as one SQL script: every table in load order (CREATE
 * TABLE + INSERTs), the references that close a cycle written NULL and then
 * set by UPDATEs once every table is in, then the foreign keys that had to
 * wait for the rows. SQLite cannot add keys afterwards, so its script creates
 * every table first, with them deferred, and inserts inside one transaction.
 * Loads into an empty database with all constraints checked; `dataOnly`
 * writes the rows alone, for the schema the blueprint was imported from.
 */
export function streamBlueprintSql(plan: Plan, dialect: Dialect = 'postgres', options: BlueprintSqlOptions = {}): Readable {
  const { dataOnly, ...streaming } = options;
  return streamPieces(plan, blueprintSqlPieces(plan, dialect, { dataOnly }), 'sql', { ...streaming, dialect });
}

/** The script of `streamBlueprintSql` as text and row pieces (what `--shard` cuts). */
export function blueprintSqlPieces(plan: Plan, dialect: Dialect = 'postgres', { dataOnly = false }: { dataOnly?: boolean } = {}): StreamPiece[] {
  const rows = (name: string) => tablePieces(plan, name, 'sql', { dialect, header: false, dataOnly, deferRefs: true });
  const updates: StreamPiece[] = plan.order.map((name) => ({ lazy: () => deferredUpdates(plan, name, dialect) }));
  // DEFERRABLE keys closing a cycle are checked at COMMIT: inside one transaction that defers them.
  const deferring = defersToCommit(plan) && dialect !== 'mysql';
  if (dialect === 'sqlite') {
    return [
      'BEGIN;\n',
      deferring ? 'PRAGMA defer_foreign_keys = ON;\n' : '',
      ...(dataOnly ? [] : plan.order.map((name) => createTable(plan, plan.table(name), dialect, true) + '\n')),
      ...plan.order.flatMap((name) => [...rows(name), '\n']),
      ...updates,
      'COMMIT;\n',
    ].filter((piece) => piece !== '');
  }
  // Said once, then each table without the preamble a table's own script starts with.
  return [
    scriptPreamble(dialect),
    deferring ? 'BEGIN;\nSET CONSTRAINTS ALL DEFERRED;\n' : '',
    ...plan.order.flatMap((name) => [dataOnly ? '' : createTable(plan, plan.table(name), dialect), ...rows(name), '\n']),
    ...updates,
    ...(dataOnly ? [] : plan.order.map((name) => deferredForeignKeys(plan, plan.table(name), dialect, 'later'))),
    deferring ? 'COMMIT;\n' : '',
  ].filter((piece) => piece !== '');
}
