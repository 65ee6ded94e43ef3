import { Readable } from 'node:stream';
import type { Dialect } from '../generators/types';
import type { Plan } from '../plan/types';
import { createTable, deferredForeignKeys, scriptPreamble } from '../formats/sql';
import { defersToCommit, deferredUpdates } from '../formats/deferred-sql';
import { streamTable, type StreamTableOptions } from './table-stream';

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
  const rows = (name: string) => streamTable(plan, name, 'sql', { ...streaming, dialect, header: false, dataOnly, deferRefs: true });
  // DEFERRABLE keys closing a cycle are checked at COMMIT: inside one transaction that defers them.
  const deferring = defersToCommit(plan) && dialect !== 'mysql';
  const begin = deferring ? `BEGIN;\n${dialect === 'sqlite' ? 'PRAGMA defer_foreign_keys = ON;' : 'SET CONSTRAINTS ALL DEFERRED;'}\n` : '';
  async function* updates() {
    for (const name of plan.order) yield* deferredUpdates(plan, name, dialect);
  }
  async function* sqliteScript() {
    yield 'BEGIN;\n';
    if (deferring) yield 'PRAGMA defer_foreign_keys = ON;\n';
    if (!dataOnly) for (const name of plan.order) yield createTable(plan, plan.table(name), dialect, true) + '\n';
    for (const name of plan.order) {
      for await (const chunk of rows(name)) yield chunk as Buffer | string;
      yield '\n';
    }
    yield* updates();
    yield 'COMMIT;\n';
  }
  async function* script() {
    // Said once, then each table without the preamble a table's own script starts with.
    const preamble = scriptPreamble(dialect);
    if (preamble) yield preamble;
    if (begin) yield begin;
    for (const name of plan.order) {
      if (!dataOnly) yield createTable(plan, plan.table(name), dialect);
      for await (const chunk of rows(name)) yield chunk as Buffer | string;
      yield '\n';
    }
    yield* updates();
    if (!dataOnly) for (const name of plan.order) yield deferredForeignKeys(plan, plan.table(name), dialect, 'later');
    if (begin) yield 'COMMIT;\n';
  }
  return Readable.from(dialect === 'sqlite' ? sqliteScript() : script(), { objectMode: false });
}
