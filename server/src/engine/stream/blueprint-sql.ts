import { Readable } from 'node:stream';
import type { Dialect } from '../generators/types';
import type { Plan } from '../plan/types';
import { createTable, deferredForeignKeys, scriptPreamble } from '../formats/sql';
import { streamTable, type StreamTableOptions } from './table-stream';

/**
 * The whole blueprint as one SQL script: every table in dependency order
 * (CREATE TABLE + INSERTs), then the foreign keys of nullable cycle edges.
 * SQLite cannot add those afterwards, so its script creates every table
 * first, with them deferred, and inserts inside one transaction.
 * Loads into an empty database with all constraints checked.
 */
export function streamBlueprintSql(plan: Plan, dialect: Dialect = 'postgres', options: Pick<StreamTableOptions, 'workers' | 'helpers' | 'chunkRows'> = {}): Readable {
  async function* sqliteScript() {
    yield 'BEGIN;\n';
    for (const name of plan.order) yield createTable(plan, plan.table(name), dialect, true) + '\n';
    for (const name of plan.order) {
      for await (const chunk of streamTable(plan, name, 'sql', { ...options, dialect, header: false })) yield chunk as Buffer | string;
      yield '\n';
    }
    yield 'COMMIT;\n';
  }
  async function* script() {
    // Said once, then each table without the preamble a table's own script starts with.
    const preamble = scriptPreamble(dialect);
    if (preamble) yield preamble;
    for (const name of plan.order) {
      yield createTable(plan, plan.table(name), dialect);
      for await (const chunk of streamTable(plan, name, 'sql', { ...options, dialect, header: false })) yield chunk as Buffer | string;
      yield '\n';
    }
    for (const name of plan.order) yield deferredForeignKeys(plan, plan.table(name), dialect, 'later');
  }
  return Readable.from(dialect === 'sqlite' ? sqliteScript() : script(), { objectMode: false });
}
