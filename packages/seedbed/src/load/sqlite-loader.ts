/**
 * Loads a compiled blueprint into a SQLite file (better-sqlite3), in one
 * transaction with foreign keys on: the file ends up with every row or as
 * it was (a file the load created is removed again). Only the command line
 * loads SQLite: a server never writes files a URL names.
 *
 * Tables the file lacks are created inside the transaction (SQLite's DDL is
 * transactional), with the keys that wait for later tables declared
 * DEFERRABLE; the rows go in with the SQL script's values, through a
 * prepared multi-row INSERT where the values allow (insertPrepared below; a
 * big table's last rows bound by a helper thread, sqlite-scratch.ts),
 * otherwise as the script's INSERTs joined up to ~1 MB (insert-batches.ts),
 * and the references closing a cycle are set by UPDATEs at the end.
 */
import fs from 'node:fs';
import path from 'node:path';
import type BetterSqlite3 from 'better-sqlite3';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import { createTable, defersToCommit, qualifiedTableName, sqlColumnName, tableSqlName, type Plan } from '@seedbed/engine';
import { AppError } from '@seedbed/engine/errors';
import type { LoadOptions, LoadResult } from './load-options';
import { insertAll, type InsertPosition } from './insert-batches';
import { tsvBatches, valuesAsText, type Cell } from './tsv-rows';
import { optionalPeer } from './optional-peer';
import { ScratchFiles } from './sqlite-scratch';

/** `sqlite:PATH` (relative to the working directory, or absolute) → the path; undefined for other URLs. */
export function sqlitePath(url: string): string | undefined {
  if (!url.startsWith('sqlite:')) return undefined;
  const rest = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  return rest || undefined;
}

/**
 * Bytes of one INSERT: SQLite compiles a statement's rows into one program
 * before running it, so past ~1 MB a larger one only holds more memory.
 */
const STATEMENT_BYTES = 1 << 20;

export async function loadIntoSqlite(plan: Plan, file: string, options: LoadOptions = {}): Promise<LoadResult> {
  const { signal } = options;
  signal?.throwIfAborted();
  const existed = fs.existsSync(file);
  let db: BetterSqlite3.Database;
  try {
    const Database = optionalPeer<typeof BetterSqlite3>('better-sqlite3', 'a SQLite file');
    db = new Database(file, { timeout: options.statementTimeoutMs ?? 60_000 });
  } catch (error) {
    throw new AppError('TARGET_REFUSED', `The SQLite file ${file} could not be opened: ${(error as Error).message}.`);
  }
  // Where the load is, for a failure's detail (the insert loop moves it along).
  const at: InsertPosition = {};
  const scratch = new ScratchFiles();
  try {
    // Only outside a transaction does this pragma take effect.
    db.pragma('foreign_keys = ON');
    // This connection's own settings, gone when it closes; the journal and `synchronous` stay as the file has them, so
    // a crash still leaves the file as it was: 64 MiB of page cache keeps a load's pages in memory until COMMIT instead
    // of spilling them into the file midway, and temporary b-trees (an index checked on the way) stay in memory.
    db.pragma('cache_size = -65536');
    db.pragma('temp_store = MEMORY');
    db.exec('BEGIN IMMEDIATE');
    if (defersToCommit(plan)) db.pragma('defer_foreign_keys = ON');
    const inFile = new Set((db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table'`).all() as { name: string }[]).map((r) => r.name));
    const existing = new Set(plan.order.filter((n) => inFile.has(tableSqlName(plan.table(n)))));
    if (options.createTables !== false) {
      for (const name of plan.order.filter((n) => !existing.has(n))) {
        at.table = name;
        db.exec(createTable(plan, plan.table(name), 'sqlite', true));
      }
    }
    if (options.truncate) {
      for (const name of [...plan.order].reverse().filter((n) => existing.has(n))) {
        at.table = name;
        db.exec(`DELETE FROM ${qualifiedTableName(plan.table(name), 'sqlite')}`);
      }
    }
    // A refused row undoes its statement only (SQLite's ABORT), the transaction stays open.
    const statementOnly = () => db.inTransaction;
    const bulk = (name: string, report: (rows: number) => void) => insertPrepared(db, plan, name, options, at, report, scratch);
    const result = await insertAll(plan, 'sqlite', (sql) => db.exec(sql), { ...options, maxBytes: STATEMENT_BYTES, at, statementOnly, bulk });
    await options.beforeCommit?.();
    signal?.throwIfAborted();
    db.exec('COMMIT');
    return result;
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    db.close();
    if (!existed) for (const f of [file, `${file}-journal`, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    if (signal?.aborted) throw signal.reason ?? error;
    throw describeFailure(error, at.table, at.rows, file);
  } finally {
    if (db.open) db.close();
    scratch.remove();
  }
}

/**
 * Parameters in one INSERT: under SQLite's oldest limit (999), and at most
 * 32 rows, past which a longer statement measured no faster.
 */
const STATEMENT_PARAMETERS = 999;
const STATEMENT_ROWS = 32;
/** Rows between two turns of the event loop, so an interrupt is heard (and the helper thread's rows flow). */
const YIELD_ROWS = 8_192;
/**
 * A table this big gets a helper thread (sqlite-scratch.ts), which binds
 * the last HELPER_SHARE of its rows while this thread binds the first ones;
 * the share evens out the two on 2 cores (this thread's rows also cost it
 * the copy). People table, 200k rows: 0.95–1.0 s alone, 0.66–0.75 s so.
 */
const HELPER_ROWS = 50_000;
const HELPER_SHARE = 0.6;
/**
 * Cells (rows × columns) past which a table loads in this thread alone: the
 * scratch file holds its helper's share until the load ends, in the
 * temporary folder (often memory); 20M cells of the people table is ~300 MB.
 */
const HELPER_MAX_CELLS = 20_000_000;

/**
 * A table whose values read back from the engine's TSV as its SQL literals
 * spell them (tsv-rows.ts): one prepared INSERT of up to 32 rows, its
 * parameters bound from one flat array. It skips writing and parsing SQL
 * text, which measured ~25 µs a row of the people table against ~3 µs here,
 * and one call binds 32 rows: SQLite runs the statement once for them
 * instead of once a row. A refused batch is run again row by row (SQLite
 * undid the whole statement), so the refused row is named exactly.
 */
async function insertPrepared(db: BetterSqlite3.Database, plan: Plan, name: string, options: LoadOptions, at: InsertPosition, report: (rows: number) => void, scratch: ScratchFiles): Promise<boolean> {
  if (!valuesAsText(plan, name)) return false;
  const table = plan.table(name);
  const total = table.layout.rows;
  const columns = table.fields.length;
  const head = `INSERT INTO ${qualifiedTableName(table, 'sqlite')} (${table.fields.map((f) => sqlColumnName(f, 'sqlite')).join(', ')}) `;
  const tuple = `(${table.fields.map(() => '?').join(', ')})`;
  const insertOf = (rows: number) => db.prepare(`${head}VALUES ${new Array<string>(rows).fill(tuple).join(', ')}`);
  const batchRows = Math.max(1, Math.min(STATEMENT_ROWS, Math.floor(STATEMENT_PARAMETERS / columns)));
  const batch = insertOf(batchRows);
  let sinceYield = 0;
  /** Binds rows [from, to) here. */
  const bind = async (from: number, to: number) => {
    let done = from;
    // PostgreSQL and SQLite text cannot hold NUL: the SQL script leaves it out, and so does this.
    for await (const { cells, rows } of tsvBatches(plan, name, { workers: options.workers, dialect: 'sqlite', stripNul: true, batchRows, offset: from, count: to - from })) {
      try {
        (rows === batchRows ? batch : insertOf(rows)).run(cells);
      } catch (error) {
        at.rows = [done, done + rows];
        if (db.inTransaction) narrow(insertOf(1), cells, rows, columns, at);
        throw error;
      }
      done += rows;
      report(done);
      sinceYield += rows;
      if (sinceYield >= YIELD_ROWS) {
        sinceYield = 0;
        await yieldToEvents();
        options.signal?.throwIfAborted();
      }
    }
  };
  const split = total >= HELPER_ROWS && total * columns <= HELPER_MAX_CELLS && scratch.available;
  const own = split ? Math.floor(total * (1 - HELPER_SHARE)) : total;
  const helper = split ? scratch.tryFill(plan, name, { offset: own, count: total - own, workers: options.workers, batchRows }) : undefined;
  try {
    await bind(0, helper ? own : total);
    if (!helper) return true;
    // A helper that could not finish (the temporary folder full, say) leaves its rows to this thread.
    if (await untilAborted(helper.done.then(() => true, () => false), options.signal)) {
      copyScratch(db, helper.file, `${head}SELECT ${table.fields.map((_, c) => `c${c}`).join(', ')} FROM`, own, total, at);
      report(total);
    } else await bind(own, total);
  } finally {
    await helper?.stop();
  }
  return true;
}

/**
 * Rows a helper thread bound into a scratch file, copied into the user's
 * table in their order. SQLite does not say which row of an INSERT … SELECT
 * it refused: the copy is undone and its rows copied one by one, so the one
 * refused again is named.
 */
function copyScratch(db: BetterSqlite3.Database, file: string, insertSelect: string, from: number, to: number, at: InsertPosition): void {
  // Inside the transaction: BEGIN IMMEDIATE would otherwise lock the scratch file against its helper.
  const schema = `seedbed_rows_${path.basename(file, '.db').replace(/\W/g, '_')}`;
  db.prepare(`ATTACH DATABASE ? AS ${schema}`).run(file);
  at.rows = [from, to];
  try {
    db.exec(`${insertSelect} ${schema}.rows`);
  } catch (error) {
    if (!db.inTransaction) throw error;
    const one = db.prepare(`${insertSelect} ${schema}.rows WHERE rowid = ?`);
    for (let row = from; row < to; row++) {
      at.rows = [row, row + 1];
      one.run(row - from + 1);
    }
    at.rows = [from, to];
    throw error;
  }
}

/** The promise, or the signal's reason once it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  signal.throwIfAborted();
  let onAbort = () => {};
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  return Promise.race([promise, aborted]).finally(() => signal.removeEventListener('abort', onAbort));
}

/**
 * Runs a refused batch's rows one by one, so the one refused again throws
 * with its own row in `at` (the rows before it are rolled back with the
 * transaction after).
 */
function narrow(single: BetterSqlite3.Statement, cells: Cell[], rows: number, columns: number, at: InsertPosition): void {
  const [from] = at.rows!;
  for (let r = 0; r < rows; r++) {
    at.rows = [from + r, from + r + 1];
    single.run(cells.slice(r * columns, (r + 1) * columns));
  }
  at.rows = [from, from + rows];
}

/** The table and rows a refusal happened in (SQLite names the column for NOT NULL and UNIQUE, the constraint for CHECK). */
function describeFailure(error: unknown, table: string | undefined, rows: [number, number] | undefined, file: string): unknown {
  if (error instanceof AppError) return error;
  const e = error as { code?: string; message?: string };
  if (!e?.code?.startsWith('SQLITE_')) return error;
  const where = rows ? `, rows ${rows[0] + 1}–${rows[1]}` : '';
  const place = table ? `table "${table}"${where}` : path.basename(file);
  return new AppError('TARGET_REFUSED', `Loading ${place} failed: ${e.message} (${e.code}). The transaction was rolled back; the file is as it was.`, { sqliteCode: e.code, table });
}
