/** What every loader takes and answers, whatever the database. */

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
  /** Generator threads per table (default 1; output bytes do not depend on it). */
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

