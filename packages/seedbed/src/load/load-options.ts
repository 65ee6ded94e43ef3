/** What every loader takes and answers, whatever the database. */
import { availableParallelism, networkInterfaces } from 'node:os';

export interface LoadOptions {
  /** Create the blueprint's tables that do not exist yet (default true). Existing tables are loaded as they are. */
  createTables?: boolean;
  /** Empty the blueprint's existing tables first (TRUNCATE … CASCADE). */
  truncate?: boolean;
  /** Rows loaded so far, across tables; called at most ~4 times a second and once at the end. */
  onProgress?: (rowsDone: number) => void;
  /** Aborting rolls the transaction back and rejects. */
  signal?: AbortSignal;
  /** Called just before COMMIT, the last moment to abort (`signal`) with nothing loaded. */
  beforeCommit?: () => Promise<void>;
  /** Limit for schema statements and lock waits (default 60 s). COPY and index builds grow with the rows and are not limited. */
  statementTimeoutMs?: number;
  /** Default 10 s. */
  connectTimeoutMs?: number;
  /** Generator threads per table (default 1: in the loading thread; output bytes do not depend on it). The CLI's default is `defaultLoadWorkers`. */
  workers?: number;
  /**
   * PostgreSQL: binary COPY for tables whose column types allow it (default true); false sends CSV, as `psql \copy`
   * does. Binary moves the parsing of uuids, dates and numbers from the server to this process, where it costs less
   * (people table, 1M rows, 2 cores: ~2.0 s of CPU here + 2.0 s in the server, against 1.5 s + 2.7 s for CSV), and
   * the server is the one step of the load that cannot be spread over threads.
   */
  binaryCopy?: boolean;
  /** MySQL/MariaDB: LOAD DATA LOCAL for tables whose values it reads as the INSERTs would, where the server allows it (default true); false sends INSERTs only. */
  loadData?: boolean;
  /**
   * MySQL/MariaDB: bytes of rows sorted at a time into their primary key's order before LOAD DATA sends them (default
   * 64 MB; memory holds about twice this while a run is sorted); 0 sends rows as generated. See key-order.ts.
   */
  keyOrderBytes?: number;
}

export interface LoadResult {
  rows: number;
  tables: { name: string; rows: number }[];
}

const PROGRESS_MS = 250;

/** Rows done, reported at most every PROGRESS_MS and never going backwards. */
export function throttledProgress(onProgress: ((rows: number) => void) | undefined) {
  let last = 0;
  let reported = -1;
  return (rows: number, force = false) => {
    if (!onProgress || rows <= reported) return;
    const now = Date.now();
    if (!force && now - last < PROGRESS_MS) return;
    last = now;
    reported = rows;
    onProgress(rows);
  };
}

/**
 * Generator threads for a load when the user did not say: one per core, but
 * one core fewer for a PostgreSQL server on this machine, whose backend
 * needs that core while COPY streams (1 generates in the loading thread
 * itself). A SQLite file is written by the loading thread, so generation in
 * threads beside it keeps all cores; so does MySQL's LOAD DATA, whose rows
 * are sorted in runs before they are sent (key-order.ts): the server waits
 * while a run is made. Measured on 2 cores, people table, 1M rows into a
 * local PostgreSQL: 1.75 s of client CPU generating in the loading thread
 * against 2.0 s with 2 threads (and two threads busy, the backend and the
 * loader, for two cores); 200k rows into a local MariaDB: 1.14–1.31 s with
 * 2 threads against 1.30–1.45 s in the loading thread, 6 rounds each.
 */
export function defaultLoadWorkers(host?: string, dialect?: 'postgres' | 'mysql' | 'sqlite'): number {
  const cores = availableParallelism();
  return dialect !== 'mysql' && host !== undefined && isThisMachine(host) ? Math.max(1, cores - 1) : cores;
}

/** A loopback address, or one of this machine's own interfaces. */
function isThisMachine(host: string): boolean {
  if (/^127\./.test(host) || host === '::1' || host === 'localhost') return true;
  return Object.values(networkInterfaces()).some((addresses) => addresses?.some((a) => a.address === host));
}
