/**
 * Loads a compiled blueprint into a user's MySQL or MariaDB (mysql2), with
 * the same guard, one transaction and the same error detail as PostgreSQL:
 * the target ends up with every row or as it was.
 *
 * MySQL commits before any DDL, so the tables a load creates are made
 * first, with every key (empty tables take any key), and dropped again if
 * the rows fail. The rows go in with LOAD DATA LOCAL where the server
 * allows it and it stores what the SQL script would (mysql-load-data.ts),
 * otherwise as the script's INSERTs joined up to the server's
 * max_allowed_packet (insert-batches.ts), with foreign keys checked as they
 * arrive; the
 * references closing a cycle are set by UPDATEs at the end. The session is
 * strict (a value that does not fit is refused, never cut) and reads
 * backslashes in strings as the script writes them.
 */
import type * as Mysql from 'mysql2/promise';
import type { Connection } from 'mysql2/promise';
import { createTable, deferredForeignKeys, defersToCommit, qualifiedTableName, tableSqlName, quoteIdent, sqlTypeOfField, type Plan } from '@seedbed/engine';
import { AppError } from '@seedbed/engine/errors';
import type { LoadOptions, LoadResult } from './load-options';
import { insertAll, type InsertPosition } from './insert-batches';
import { loadData, loadsAsData, serverAllowsLocal } from './mysql-load-data';
import type { ResolvedTarget } from '@seedbed/import';
import { optionalPeer } from './optional-peer';

const q = (name: string) => quoteIdent(name, 'mysql');
/** A plan's table as MySQL names it: as the source wrote it (a dump is one database: no schema). */
const named = (plan: Plan, name: string) => qualifiedTableName(plan.table(name), 'mysql');
/** A statement that ends with `;` and a line break, as the engine writes them: the driver runs one at a time. */
const bare = (sql: string) => sql.trim().replace(/;$/, '');

export async function loadIntoMysql(plan: Plan, target: ResolvedTarget, options: LoadOptions = {}): Promise<LoadResult> {
  const { signal } = options;
  signal?.throwIfAborted();
  const connection = await connect(target, options);
  // The server rolls back a transaction whose connection is gone.
  const onAbort = () => connection.destroy();
  const created: string[] = [];
  // Where the load is, for a failure's detail (the insert loop moves it along).
  const at: InsertPosition = {};
  try {
    signal?.addEventListener('abort', onAbort, { once: true });
    const seconds = Math.max(1, Math.ceil((options.statementTimeoutMs ?? 60_000) / 1000));
    await connection.query(`SET SESSION sql_mode = TRIM(BOTH ',' FROM REPLACE(CONCAT(@@SESSION.sql_mode, ',STRICT_ALL_TABLES'), 'NO_BACKSLASH_ESCAPES', ''))`);
    await connection.query(`SET SESSION innodb_lock_wait_timeout = ${seconds}, lock_wait_timeout = ${seconds}, foreign_key_checks = 1, unique_checks = 1`);

    const existing = await existingTables(connection, plan);
    if (options.createTables !== false) {
      const missing = plan.order.filter((name) => !existing.has(name));
      for (const name of missing) {
        at.table = name;
        await connection.query(bare(createTable(plan, plan.table(name), 'mysql')));
        created.push(name);
      }
      // Keys that had to wait for a table created later: the tables are empty, so they go on now.
      for (const name of missing) {
        at.table = name;
        for (const which of ['self', 'later'] as const) {
          for (const statement of deferredForeignKeys(plan, plan.table(name), 'mysql', which).split(';\n').filter((s) => s.trim())) await connection.query(bare(statement));
        }
      }
    }

    await connection.query('START TRANSACTION');
    // A cycle of NOT NULL keys (Sakila's store and staff) cannot load with every key checked as rows arrive, and MySQL
    // has no DEFERRABLE: checks are off for the rows, and every key of the loaded tables is verified before COMMIT.
    const verifyAtCommit = defersToCommit(plan);
    if (verifyAtCommit) await connection.query('SET SESSION foreign_key_checks = 0');
    if (options.truncate) {
      // TRUNCATE commits and refuses tables other tables reference: DELETE, children first, inside the transaction.
      for (const name of [...plan.order].reverse().filter((n) => existing.has(n))) {
        at.table = name;
        await connection.query(`DELETE FROM ${named(plan, name)}`);
      }
    }
    const [[packet]] = await connection.query<Mysql.RowDataPacket[]>('SELECT @@max_allowed_packet AS bytes');
    // A refused value or key (SQLSTATE 22, 23) undoes its statement only; a deadlock or a lost connection ends the transaction.
    const statementOnly = (error: unknown) => /^2[23]/.test((error as { sqlState?: string }).sqlState ?? '');
    const local = options.loadData !== false && (await serverAllowsLocal(connection));
    const bulk = async (name: string, report: (rows: number) => void) => local && loadsAsData(plan, name) && (await loadData(connection, plan, name, options, report), true);
    const result = await insertAll(plan, 'mysql', (sql) => connection.query(sql), { ...options, maxBytes: statementBytes(Number(packet?.bytes)), at, statementOnly, bulk });
    if (verifyAtCommit) {
      await verifyForeignKeys(connection, plan.order.map((n) => tableSqlName(plan.table(n))));
      await connection.query('SET SESSION foreign_key_checks = 1');
    }
    await options.beforeCommit?.();
    signal?.throwIfAborted();
    await connection.query('COMMIT');
    return result;
  } catch (error) {
    await connection.query('ROLLBACK').catch(() => {});
    await dropCreated(connection, created.map((n) => named(plan, n)));
    if (signal?.aborted) throw signal.reason ?? error;
    throw await describeFailure(error, plan, connection, at.table, at.rows);
  } finally {
    signal?.removeEventListener('abort', onAbort);
    await connection.end().catch(() => connection.destroy());
  }
}

/**
 * Bytes of one INSERT: under the server's max_allowed_packet (with room for
 * the protocol's framing), and at most 4 MB, past which a larger statement
 * measured no faster and only holds more memory on both sides.
 */
function statementBytes(maxPacket: number): number {
  const cap = 4 << 20;
  return Number.isFinite(maxPacket) && maxPacket > 0 ? Math.max(64 << 10, Math.min(cap, maxPacket - (16 << 10))) : 1 << 20;
}

/**
 * Every foreign key the target declares on the loaded tables holds: no row
 * points at a missing parent (composite keys too, NULLs aside as MATCH
 * SIMPLE has it). Read from information_schema, so a key the blueprint does
 * not know of is checked as well.
 */
async function verifyForeignKeys(connection: Connection, tables: string[]): Promise<void> {
  const [rows] = await connection.query<Mysql.RowDataPacket[]>(
    `SELECT table_name AS t, constraint_name AS c, column_name AS col, referenced_table_name AS p, referenced_column_name AS pcol
       FROM information_schema.key_column_usage
      WHERE table_schema = DATABASE() AND referenced_table_name IS NOT NULL AND table_name IN (?)
      ORDER BY table_name, constraint_name, ordinal_position`,
    [tables],
  );
  const keys = new Map<string, { table: string; name: string; parent: string; columns: string[]; parentColumns: string[] }>();
  for (const r of rows) {
    const id = `${r.t}\u0000${r.c}`;
    const key = keys.get(id) ?? { table: String(r.t), name: String(r.c), parent: String(r.p), columns: [], parentColumns: [] };
    key.columns.push(String(r.col));
    key.parentColumns.push(String(r.pcol));
    keys.set(id, key);
  }
  for (const key of keys.values()) {
    const on = key.columns.map((c, i) => `p.${q(key.parentColumns[i])} = c.${q(c)}`).join(' AND ');
    const set = key.columns.map((c) => `c.${q(c)} IS NOT NULL`).join(' AND ');
    const [[found]] = await connection.query<Mysql.RowDataPacket[]>(`SELECT count(*) AS n FROM ${q(key.table)} c LEFT JOIN ${q(key.parent)} p ON ${on} WHERE ${set} AND p.${q(key.parentColumns[0])} IS NULL`);
    const orphans = Number(found.n);
    if (orphans) {
      throw new AppError('TARGET_REFUSED', `Loading table "${key.table}" failed: ${orphans} row(s) break the foreign key ${key.name} (${key.columns.join(', ')}) → ${key.parent}; the keys were checked before COMMIT. The transaction was rolled back; the target is as it was.`, { table: key.table });
    }
  }
}

/** The plan's tables the database has (by their names as written), by plan name. */
async function existingTables(connection: Connection, plan: Plan): Promise<Set<string>> {
  if (!plan.order.length) return new Set();
  const [found] = await connection.query<Mysql.RowDataPacket[]>(
    'SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name IN (?)',
    [plan.order.map((n) => tableSqlName(plan.table(n)))],
  );
  const names = new Set(found.map((r) => String(r.name)));
  return new Set(plan.order.filter((n) => names.has(tableSqlName(plan.table(n)))));
}

/** The tables this load made (as SQL names them), gone again: the target is as it was. */
async function dropCreated(connection: Connection, created: string[]): Promise<void> {
  if (!created.length) return;
  await connection.query('SET SESSION foreign_key_checks = 0').catch(() => {});
  for (const name of [...created].reverse()) await connection.query(`DROP TABLE IF EXISTS ${name}`).catch(() => {});
  await connection.query('SET SESSION foreign_key_checks = 1').catch(() => {});
}

/** Signs in once and answers the server's version (`MariaDB 10.11.6`), or the loader's TARGET_REFUSED / TARGET_UNREACHABLE. */
export async function mysqlServerVersion(target: ResolvedTarget, timeoutMs: number): Promise<string> {
  const connection = await connect(target, { connectTimeoutMs: timeoutMs });
  try {
    const [[row]] = await connection.query<Mysql.RowDataPacket[]>('SELECT VERSION() AS v');
    const version = String(row?.v ?? 'of unknown version');
    return /mariadb/i.test(version) ? `MariaDB ${version.replace(/-MariaDB.*$/i, '')}` : `MySQL ${version}`;
  } finally {
    await connection.end().catch(() => connection.destroy());
  }
}

async function connect(target: ResolvedTarget, options: LoadOptions): Promise<Connection> {
  try {
    return await optionalPeer<typeof Mysql>('mysql2/promise', 'MySQL or MariaDB').createConnection({
      host: target.host,
      port: target.port,
      user: target.user,
      password: target.password,
      database: target.database,
      ...(target.ssl ? { ssl: target.ssl as Mysql.SslOptions } : {}),
      connectTimeout: options.connectTimeoutMs ?? 10_000,
      charset: 'utf8mb4_bin',
      multipleStatements: false,
      dateStrings: true,
      supportBigNumbers: true,
      bigNumberStrings: true,
    });
  } catch (error) {
    throw connectionFailure(error, target);
  }
}

/** Server errors that refuse the sign-in: a wrong password, an unknown database, no access to it. */
const SIGN_IN_REFUSALS: Record<number, string> = {
  1045: 'the password was not accepted',
  1044: 'this user may not use the database',
  1049: 'the database does not exist',
  1130: 'the server refused this client',
  1251: 'the server asks for an authentication method the client does not offer',
};

const DISCONNECTED = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'ECONNRESET', 'EPIPE', 'PROTOCOL_CONNECTION_LOST']);

function connectionFailure(error: unknown, target: ResolvedTarget): AppError {
  const where = `${target.servername}:${target.port}`;
  const e = error as { errno?: number; code?: string; sqlState?: string; message?: string };
  if (e.errno !== undefined && e.sqlState) {
    return new AppError('TARGET_REFUSED', `The database at ${where} refused the connection: ${SIGN_IN_REFUSALS[e.errno] ?? e.message}.`, { sqlState: e.sqlState });
  }
  return new AppError('TARGET_UNREACHABLE', `The database at ${where} could not be reached (${e.code ?? e.message ?? String(error)}).`);
}

/**
 * The table, the rows of the batch (and the row and column when the server
 * says them: `Data too long for column 'x' at row 3`), the target's own
 * column type beside the blueprint's, and that nothing was changed.
 */
async function describeFailure(error: unknown, plan: Plan, connection: Connection, table: string | undefined, rows: [number, number] | undefined): Promise<unknown> {
  if (error instanceof AppError) return error;
  const e = error as { errno?: number; code?: string; sqlState?: string; sqlMessage?: string; message?: string; fatal?: boolean };
  if (!e?.sqlState) {
    if (e?.code && DISCONNECTED.has(e.code)) {
      return new AppError('TARGET_UNREACHABLE', `The connection to the target database was lost${table ? ` while loading table "${table}"` : ''} (${e.code}); nothing was changed.`);
    }
    return error; // an engine error (e.g. a unique field exhausted) or a bug: its own message says more
  }
  const message = e.sqlMessage ?? e.message ?? '';
  const column = /for column '([^']+)'|Column '([^']+)'|column '([^']+)'/.exec(message)?.slice(1).find(Boolean);
  const atRow = Number(/at row (\d+)/.exec(message)?.[1]);
  let detail = '';
  if (table && column && plan.order.includes(table)) {
    const field = plan.table(table).fields.find((f) => (f.sqlName ?? f.name) === column);
    const actual = await connection
      .query<Mysql.RowDataPacket[]>('SELECT column_type AS type FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = ? AND column_name = ?', [tableSqlName(plan.table(table)), column])
      .then(([r]) => r[0]?.type as string | undefined)
      .catch(() => undefined);
    if (field && actual) detail = ` (the target's column is ${actual}; the blueprint generates ${sqlTypeOfField(field, 'mysql', plan)})`;
  }
  const where = rows && Number.isInteger(atRow) && atRow > 0 ? `, row ${rows[0] + atRow}` : rows ? `, rows ${rows[0] + 1}–${rows[1]}` : '';
  const place = table ? `table "${table}"${column ? `, column "${column}"` : ''}${where}` : 'the target';
  const text = `Loading ${place} failed: ${message}${detail}. The transaction was rolled back; the target is as it was.`;
  // Data, keys, CHECKs, permissions: trying again gives the same answer.
  if (/^(22|23|42|28|3D|0A|HY)/.test(e.sqlState)) return new AppError('TARGET_REFUSED', text, { sqlState: e.sqlState, table, column });
  return Object.assign(new Error(text, { cause: error }), { code: e.code, table, column });
}
