/**
 * MySQL/MariaDB's bulk path: `LOAD DATA LOCAL INFILE` fed the engine's TSV
 * as a stream (mysql2's `infileStreamFactory`; nothing is read from disk,
 * and a server asking for any other file gets an error, never a file of
 * this machine). It skips the parsing of SQL a multi-row INSERT costs.
 *
 * Used only where it stores exactly what the SQL script's INSERTs store:
 * the server allows LOCAL, and every column's text in the TSV is the value
 * its SQL literal spells (strings, integers, decimals, uuids, dates; not
 * booleans, datetimes, JSON or values a generator spells itself). With
 * LOCAL the server cannot stop reading midway, so it turns refusals into
 * warnings and skips rows: any warning, or a row count short of the table's,
 * fails the load with the server's own words, and the transaction is rolled
 * back as for a refused INSERT.
 */
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import type * as Mysql from 'mysql2/promise';
import { quoteIdent, qualifiedTableName, streamTable, type Plan } from '@seedbed/engine';
import { LineCounter } from './row-counter';
export { valuesAsText as loadsAsData } from './tsv-rows';

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
export async function loadData(connection: Mysql.Connection, plan: Plan, name: string, workers: number | undefined, report: (rows: number) => void): Promise<void> {
  const table = plan.table(name);
  const token = `seedbed-${name}.tsv`;
  const body = new PassThrough();
  const columns = table.fields.map((f) => quoteIdent(f.sqlName ?? f.name, 'mysql')).join(', ');
  const sql = `LOAD DATA LOCAL INFILE ? INTO TABLE ${qualifiedTableName(table, 'mysql')} CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (${columns})`;
  const feeding = pipeline(streamTable(plan, name, 'tsv', { workers, deferRefs: true, header: false, dialect: 'mysql' }), new LineCounter(table.layout.rows, report), body);
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
    const sqlMessage = first ? String(first.Message) : `${result.affectedRows} of ${table.layout.rows} rows were stored`;
    throw Object.assign(new Error(sqlMessage), { sqlMessage, errno: code || undefined, sqlState: KEY_WARNINGS.has(code) || !first ? '23000' : '22000' });
  }
}
