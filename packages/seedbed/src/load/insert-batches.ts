/**
 * The insert loop the MySQL/MariaDB and SQLite loaders share: every table
 * of the plan, parents first, as multi-row INSERTs holding the SQL script's
 * own values (so a load stores what the script would), then the UPDATEs that
 * close reference cycles.
 *
 * The engine cuts its script into INSERTs of 500 rows; here consecutive ones
 * of a table are joined into one statement of up to `maxBytes` (a MySQL
 * server's max_allowed_packet bounds it), so a round trip and a statement
 * compilation carry thousands of rows instead of 500.
 */
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { deferredUpdates, qualifiedTableName, sqlColumnName, tableInsertStatements, type Plan } from '@seedbed/engine';
import { throttledProgress, type LoadOptions, type LoadResult } from './load-options';

type RowDialect = 'mysql' | 'sqlite';

/** Where the loop is, for an error's detail: the table, and the rows [from, to) of the statement being run. */
export interface InsertPosition {
  table?: string;
  rows?: [number, number];
}

export interface InsertLoopOptions extends Pick<LoadOptions, 'signal' | 'onProgress'> {
  /** Upper bound of one statement's bytes (UTF-8). */
  maxBytes: number;
  /** Updated before each statement runs; left on the failing one. */
  at: InsertPosition;
  /**
   * Whether a failed statement left the transaction open, only that statement
   * undone (a value or key refused): then its 500-row batches are run one by
   * one to name the rows that fail, as the error's detail.
   */
  statementOnly?: (error: unknown) => boolean;
  /**
   * A faster way to fill one table (MySQL's LOAD DATA LOCAL): true when it
   * did, false to leave the table to the INSERTs. `report` takes the rows
   * sent so far.
   */
  bulk?: (name: string, report: (rows: number) => void) => Promise<boolean>;
}

/** A statement without its closing `;` (drivers that run one statement at a time refuse a second, empty one). */
const bare = (sql: string) => sql.trim().replace(/;$/, '');

export async function insertAll(plan: Plan, dialect: RowDialect, run: (sql: string) => unknown, options: InsertLoopOptions): Promise<LoadResult> {
  const { at, signal } = options;
  const progress = throttledProgress(options.onProgress);
  const tables: LoadResult['tables'] = [];
  let before = 0;
  for (const name of plan.order) {
    at.table = name;
    at.rows = [0, plan.table(name).layout.rows];
    if (await options.bulk?.(name, (rows) => progress(before + rows))) {
      const count = plan.table(name).layout.rows;
      tables.push({ name, rows: count });
      before += count;
      continue;
    }
    for (const statement of joinedInserts(plan, name, dialect, options.maxBytes)) {
      at.rows = [statement.from, statement.to];
      signal?.throwIfAborted();
      try {
        await settle(run(statement.sql));
      } catch (error) {
        if (statement.batches > 1 && options.statementOnly?.(error)) await narrow(plan, name, dialect, run, statement, at);
        throw error;
      }
      progress(before + statement.to);
    }
    at.rows = undefined;
    const count = plan.table(name).layout.rows;
    tables.push({ name, rows: count });
    before += count;
  }
  // References that close a cycle went in as NULL: set now that every row they point at exists.
  for (const name of plan.order) {
    at.table = name;
    for (const statement of deferredUpdates(plan, name, dialect)) await settle(run(bare(statement)));
  }
  at.table = undefined;
  progress(before, true);
  return { rows: before, tables };
}

/**
 * Runs the failed statement's batches one by one, so the one that fails
 * again throws with its own rows in `at` (the joined statement was undone, and
 * the transaction is rolled back after anyway). Batches are made again from
 * the plan, so this costs only when a load fails.
 */
async function narrow(plan: Plan, name: string, dialect: RowDialect, run: (sql: string) => unknown, failed: { from: number; to: number }, at: InsertPosition): Promise<void> {
  for (const batch of tableInsertStatements(plan, name, dialect)) {
    if (batch.to <= failed.from) continue;
    if (batch.from >= failed.to) break;
    at.rows = [batch.from, batch.to];
    await settle(run(bare(batch.sql)));
  }
  at.rows = [failed.from, failed.to];
}

/** A driver's promise, or a turn of the event loop after a synchronous driver's statement, so an interrupt is heard. */
async function settle(result: unknown): Promise<void> {
  if (result instanceof Promise) await result;
  else await yieldToEvents();
}

/**
 * A table's INSERTs joined up to `maxBytes`: each batch's rows follow the
 * previous batch's after a comma. A statement that does not start with the
 * table's own `INSERT INTO … VALUES` (nothing the engine writes today) is
 * run as it is.
 */
export function* joinedInserts(plan: Plan, name: string, dialect: RowDialect, maxBytes: number): Generator<{ sql: string; from: number; to: number; batches: number }> {
  const table = plan.table(name);
  const prefix = `INSERT INTO ${qualifiedTableName(table, dialect)} (${table.fields.map((f) => sqlColumnName(f, dialect)).join(', ')}) VALUES\n`;
  const prefixBytes = Buffer.byteLength(prefix);
  let parts: string[] = [];
  let bytes = 0;
  let from = 0;
  let to = 0;
  const flush = () => {
    const sql = prefix + parts.join(',\n');
    const batches = parts.length;
    parts = [];
    bytes = 0;
    return { sql, from, to, batches };
  };
  for (const statement of tableInsertStatements(plan, name, dialect)) {
    const sql = bare(statement.sql);
    if (!sql.startsWith(prefix)) {
      if (parts.length) yield flush();
      yield { sql, from: statement.from, to: statement.to, batches: 1 };
      continue;
    }
    const rows = sql.slice(prefix.length);
    const size = Buffer.byteLength(rows) + 2;
    if (parts.length && prefixBytes + bytes + size > maxBytes) yield flush();
    if (!parts.length) from = statement.from;
    parts.push(rows);
    bytes += size;
    to = statement.to;
  }
  if (parts.length) yield flush();
}
