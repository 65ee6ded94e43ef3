/**
 * Loads a compiled blueprint into a SQLite file (better-sqlite3), in one
 * transaction with foreign keys on: the file ends up with every row or as
 * it was (a file the load created is removed again). Only the command line
 * loads SQLite: a server never writes files a URL names.
 *
 * Tables the file lacks are created inside the transaction (SQLite's DDL is
 * transactional), with the keys that wait for later tables declared
 * DEFERRABLE; the rows go in as the SQL script writes them, one INSERT of
 * 500 rows per statement, and the references closing a cycle are set by
 * UPDATEs at the end.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setImmediate as yieldToEvents } from 'node:timers/promises';
import type BetterSqlite3 from 'better-sqlite3';
import { createTable, deferredUpdates, defersToCommit, qualifiedTableName, tableInsertStatements, tableSqlName, type Plan } from '@seedbed/engine';
import { AppError } from '@seedbed/engine/errors';
import { throttledProgress, type LoadOptions, type LoadResult } from './load-options';
import { optionalPeer } from './optional-peer';

/** `sqlite:PATH` (relative to the working directory, or absolute) → the path; undefined for other URLs. */
export function sqlitePath(url: string): string | undefined {
  if (!url.startsWith('sqlite:')) return undefined;
  const rest = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
  return rest || undefined;
}

/** Batches between two turns of the event loop, so an interrupt is heard. */
const YIELD_EVERY = 20;

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
  let table: string | undefined;
  let rows: [number, number] | undefined;
  try {
    // Only outside a transaction does this pragma take effect.
    db.pragma('foreign_keys = ON');
    db.exec('BEGIN IMMEDIATE');
    if (defersToCommit(plan)) db.pragma('defer_foreign_keys = ON');
    const inFile = new Set((db.prepare(`SELECT name FROM sqlite_schema WHERE type = 'table'`).all() as { name: string }[]).map((r) => r.name));
    const existing = new Set(plan.order.filter((n) => inFile.has(tableSqlName(plan.table(n)))));
    if (options.createTables !== false) {
      for (const name of plan.order.filter((n) => !existing.has(n))) {
        table = name;
        db.exec(createTable(plan, plan.table(name), 'sqlite', true));
      }
    }
    if (options.truncate) {
      for (const name of [...plan.order].reverse().filter((n) => existing.has(n))) {
        table = name;
        db.exec(`DELETE FROM ${qualifiedTableName(plan.table(name), 'sqlite')}`);
      }
    }
    const progress = throttledProgress(options.onProgress);
    const tables: LoadResult['tables'] = [];
    let before = 0;
    let batches = 0;
    for (const name of plan.order) {
      table = name;
      for (const statement of tableInsertStatements(plan, name, 'sqlite')) {
        rows = [statement.from, statement.to];
        db.exec(statement.sql);
        progress(before + statement.to);
        if (++batches % YIELD_EVERY === 0) await yieldToEvents();
        signal?.throwIfAborted();
      }
      rows = undefined;
      const count = plan.table(name).layout.rows;
      tables.push({ name, rows: count });
      before += count;
    }
    for (const name of plan.order) {
      table = name;
      for (const statement of deferredUpdates(plan, name, 'sqlite')) db.exec(statement);
    }
    table = undefined;
    await options.beforeCommit?.();
    signal?.throwIfAborted();
    db.exec('COMMIT');
    progress(before, true);
    return { rows: before, tables };
  } catch (error) {
    if (db.inTransaction) db.exec('ROLLBACK');
    db.close();
    if (!existed) for (const f of [file, `${file}-journal`, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
    if (signal?.aborted) throw signal.reason ?? error;
    throw describeFailure(error, table, rows, file);
  } finally {
    if (db.open) db.close();
  }
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
