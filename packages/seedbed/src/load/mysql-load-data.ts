/**
 * MySQL/MariaDB's bulk path: `LOAD DATA LOCAL INFILE` fed the engine's TSV
 * as a stream (mysql2's `infileStreamFactory`; nothing is read from disk,
 * and a server asking for any other file gets an error, never a file of
 * this machine). It skips the parsing of SQL a multi-row INSERT costs.
 *
 * Used only where it stores exactly what the SQL script's INSERTs store:
 * the server allows LOCAL, and every column's text in the TSV is the value
 * its SQL literal spells (strings, integers, decimals, uuids, dates), or is
 * turned into it as the server reads it (booleans, datetimes: CONVERTED);
 * not JSON or values a generator spells itself. With
 * LOCAL the server cannot stop reading midway, so it turns refusals into
 * warnings and skips rows: any warning, or a row count short of the table's,
 * fails the load with the server's own words, and the transaction is rolled
 * back as for a refused INSERT.
 *
 * Rows go in their clustered index's order where that cannot change what
 * is stored (key-order.ts, `clusteredKey`).
 */
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import type * as Mysql from 'mysql2/promise';
import { quoteIdent, qualifiedTableName, streamTable, tableSqlName, type Plan } from '@seedbed/engine';
import { LineCounter } from './row-counter';
import { KeyOrder, RUN_BYTES } from './key-order';
import { valuesAsText } from './tsv-rows';

/**
 * Column types whose TSV text differs from the SQL literal in a way the
 * server can undo as it reads (`SET col = expression`): booleans (`true` →
 * TRUE) and datetimes (`2024-12-31T15:15:54Z` → '2024-12-31 15:15:54', as
 * the engine's literal spells it). NULL (`\N`) stays NULL through both.
 */
const CONVERTED: Record<string, (variable: string) => string> = {
  boolean: (v) => `(${v} = 'true')`,
  datetime: (v) => `TRIM(TRAILING 'Z' FROM REPLACE(${v}, 'T', ' '))`,
};
const CONVERTED_TYPES = new Set(Object.keys(CONVERTED));

/** Whether LOAD DATA stores what the table's INSERTs would (see the module's comment). */
export const loadsAsData = (plan: Plan, name: string): boolean => valuesAsText(plan, name, CONVERTED_TYPES);

/** Warnings that are a key's refusal (duplicate, missing parent, NULL in a NOT NULL column); the rest are values that did not fit. */
const KEY_WARNINGS = new Set([1048, 1062, 1451, 1452, 1557, 1586]);

/** Whether the server takes LOAD DATA LOCAL at all (MySQL 8 ships with it off). */
export async function serverAllowsLocal(connection: Mysql.Connection): Promise<boolean> {
  const [[row]] = await connection.query<Mysql.RowDataPacket[]>('SELECT @@local_infile AS local');
  return Number(row?.local) === 1;
}

/**
 * Loads one table; resolves with its rows or rejects with an error shaped as
 * mysql2's (`sqlState`, `sqlMessage` naming the column and row), so the
 * loader describes it as it does a refused INSERT.
 */
export async function loadData(connection: Mysql.Connection, plan: Plan, name: string, options: { workers?: number; keyOrderBytes?: number }, report: (rows: number) => void): Promise<void> {
  const { workers } = options;
  const runBytes = options.keyOrderBytes ?? RUN_BYTES;
  const table = plan.table(name);
  const token = `seedbed-${name}.tsv`;
  const body = new PassThrough();
  const column = (f: (typeof table.fields)[number]) => quoteIdent(f.sqlName ?? f.name, 'mysql');
  const convert = table.fields.map((f) => CONVERTED[(f.ref ? f.ref.field : f).type]);
  const columns = table.fields.map((f, c) => (convert[c] ? `@c${c}` : column(f))).join(', ');
  const sets = table.fields.flatMap((f, c) => (convert[c] ? [`${column(f)} = ${convert[c](`@c${c}`)}`] : []));
  const sql = `LOAD DATA LOCAL INFILE ? INTO TABLE ${qualifiedTableName(table, 'mysql')} CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (${columns})${sets.length ? ` SET ${sets.join(', ')}` : ''}`;
  // Generation starts while the server says how the table is keyed.
  const rows = streamTable(plan, name, 'tsv', { workers, deferRefs: true, header: false, dialect: 'mysql' });
  const key = runBytes > 0 ? await clusteredKey(connection, plan, name).catch((error: unknown) => {
    rows.destroy();
    throw error;
  }) : undefined;
  const order = key && new KeyOrder(key.column, key.numeric, runBytes);
  const counter = new LineCounter(table.layout.rows, report);
  const feeding = order ? pipeline(rows, order, counter, body) : pipeline(rows, counter, body);
  const factory = (asked: string) => {
    if (asked === token) return body;
    const refused = new PassThrough();
    process.nextTick(() => refused.destroy(new Error(`the server asked for the file ${asked}, which this load does not send`)));
    return refused;
  };
  let result: Mysql.ResultSetHeader;
  try {
    [result] = await connection.query<Mysql.ResultSetHeader>({ sql, values: [token], infileStreamFactory: factory } as Mysql.QueryOptions);
  } finally {
    body.destroy();
    await feeding.catch(() => {});
  }
  if (result.warningStatus > 0 || result.affectedRows !== table.layout.rows) {
    const [warnings] = await connection.query<Mysql.RowDataPacket[]>('SHOW WARNINGS LIMIT 1');
    const first = warnings[0];
    const code = Number(first?.Code);
    // The server counts lines as sent: name the row the blueprint made.
    const message = first ? String(first.Message).replace(/at row (\d+)/, (_, line: string) => `at row ${(order ? order.original(Number(line) - 1) : Number(line) - 1) + 1}`) : undefined;
    const sqlMessage = message ?? `${result.affectedRows} of ${table.layout.rows} rows were stored`;
    throw Object.assign(new Error(sqlMessage), { sqlMessage, errno: code || undefined, sqlState: KEY_WARNINGS.has(code) || !first ? '23000' : '22000' });
  }
}

/**
 * The column of the TSV to order rows by: the first column of the table's
 * primary key, when the table is InnoDB (clustered by that key), has no
 * trigger (one could see the order), no foreign key to itself (a row could
 * come before the row it points at) and no AUTO_INCREMENT column this load
 * leaves to the server (its values follow the order). Undefined otherwise.
 */
async function clusteredKey(connection: Mysql.Connection, plan: Plan, name: string): Promise<{ column: number; numeric: boolean } | undefined> {
  const table = plan.table(name);
  const [[found]] = await connection.query<Mysql.RowDataPacket[]>(
    `SELECT t.engine AS engine,
            (SELECT count(*) FROM information_schema.triggers g WHERE g.event_object_schema = t.table_schema AND g.event_object_table = t.table_name)
          + (SELECT count(*) FROM information_schema.referential_constraints r WHERE r.constraint_schema = t.table_schema AND r.table_name = t.table_name AND r.referenced_table_name = t.table_name) AS watchers,
            (SELECT group_concat(c.column_name) FROM information_schema.columns c WHERE c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.extra LIKE '%auto_increment%') AS serial,
            (SELECT s.column_name FROM information_schema.statistics s WHERE s.table_schema = t.table_schema AND s.table_name = t.table_name AND s.index_name = 'PRIMARY' AND s.seq_in_index = 1) AS first_key
       FROM information_schema.tables t WHERE t.table_schema = DATABASE() AND t.table_name = ?`,
    [tableSqlName(table)],
  );
  if (!found || String(found.engine).toLowerCase() !== 'innodb' || Number(found.watchers) > 0 || !found.first_key) return undefined;
  const loaded = table.fields.map((f) => (f.sqlName ?? f.name).toLowerCase());
  if (found.serial && String(found.serial).split(',').some((c) => !loaded.includes(c.toLowerCase()))) return undefined;
  const column = loaded.indexOf(String(found.first_key).toLowerCase());
  if (column < 0) return undefined;
  const field = table.fields[column];
  const type = (field.ref ? field.ref.field : field).type;
  return { column, numeric: type === 'integer' || type === 'float' };
}
