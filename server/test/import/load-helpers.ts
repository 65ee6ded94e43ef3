/**
 * For the round-trip tests: the engine's SQL INSERTs of every table, in load
 * order, to be run against a database created from the ORIGINAL schema.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { compileBlueprint, streamTable, type BlueprintDocument, type Dialect, type Plan } from '@seedbed/engine';
import { importSourceOf } from '../../../packages/import/src/sources';
import type { ImportResult } from '../../../packages/import/src/types';
import type { MariaDb } from '../engine/mariadb-server';

export const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');

export async function importText(source: string, text: string): Promise<ImportResult> {
  return importSourceOf(source)!.run(text, { allowPrivateTargets: true });
}

async function collect(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString('utf8');
}

export interface TableScript {
  table: string;
  rows: number;
  sql: string;
}

/** Each table's INSERT statements (no CREATE TABLE: the original schema is already there), parents first. */
export async function insertScripts(document: BlueprintDocument, dialect: Dialect, seed = 1): Promise<{ plan: Plan; scripts: TableScript[] }> {
  const plan = compileBlueprint(document, { seed });
  const scripts: TableScript[] = [];
  for (const table of plan.order) {
    const sql = await collect(streamTable(plan, table, 'sql', { dialect, header: false }));
    scripts.push({ table, rows: plan.table(table).layout.rows, sql });
  }
  return { plan, scripts };
}

/** psql meta-commands (`\restrict`) are for psql, not for a driver. */
export const withoutPsqlCommands = (ddl: string) => ddl.split('\n').filter((line) => !line.trimStart().startsWith('\\')).join('\n');

/** Runs SQL against one MariaDB database and answers its tab-separated rows (`--batch --skip-column-names`). */
export type MariaDbQuery = (sql: string) => string;

/** A MariaDbQuery on `database` through the stock client; a failing script throws its error. */
export const mariaDbQuery = (mariadb: MariaDb, database: string): MariaDbQuery => (script) => {
  const run = mariadb.client(database, script, '--batch', '--skip-column-names');
  if (run.status !== 0) throw new Error(run.stderr);
  return run.stdout.trim();
};

export interface KeyReport {
  foreignKeys: number;
  uniqueKeys: number;
  /** `table(columns)`: what broke, e.g. rows pointing at no parent or a duplicated key; empty when every key holds. */
  broken: string[];
}

/**
 * After a load with FOREIGN_KEY_CHECKS=0: every foreign key of `schema`
 * (composite ones too) points at an existing row, and every primary and
 * unique key is unique, read from information_schema rather than listed by
 * the test, so a key the test forgot is checked too.
 */
export function checkMariaDbKeys(sql: MariaDbQuery, schema: string): KeyReport {
  const rows = (text: string) => (text ? text.split('\n').map((line) => line.split('\t')) : []);
  const group = (list: string[][]) => {
    const keys = new Map<string, { table: string; columns: string[]; parent: string; parentColumns: string[] }>();
    for (const [table, constraint, column, parent, parentColumn] of list) {
      const key = `${table}\u0000${constraint}`;
      const entry = keys.get(key) ?? { table, columns: [], parent, parentColumns: [] };
      entry.columns.push(column);
      entry.parentColumns.push(parentColumn);
      keys.set(key, entry);
    }
    return [...keys.values()];
  };
  const q = (name: string) => `\`${name}\``;
  const broken: string[] = [];
  const foreignKeys = group(
    rows(sql(`SELECT table_name, constraint_name, column_name, referenced_table_name, referenced_column_name FROM information_schema.key_column_usage
      WHERE table_schema = '${schema}' AND referenced_table_name IS NOT NULL ORDER BY table_name, constraint_name, ordinal_position`)),
  );
  for (const { table, columns, parent, parentColumns } of foreignKeys) {
    const on = columns.map((c, i) => `p.${q(parentColumns[i])} = c.${q(c)}`).join(' AND ');
    const set = columns.map((c) => `c.${q(c)} IS NOT NULL`).join(' AND ');
    const orphans = Number(sql(`SELECT count(*) FROM ${q(table)} c LEFT JOIN ${q(parent)} p ON ${on} WHERE ${set} AND p.${q(parentColumns[0])} IS NULL`));
    if (orphans) broken.push(`${table}(${columns.join(', ')}) → ${parent}: ${orphans} row(s) point at no row`);
  }
  const uniqueKeys = group(
    rows(sql(`SELECT k.table_name, k.constraint_name, k.column_name, '', '' FROM information_schema.table_constraints t
      JOIN information_schema.key_column_usage k ON k.table_schema = t.table_schema AND k.table_name = t.table_name AND k.constraint_name = t.constraint_name
      WHERE t.table_schema = '${schema}' AND t.constraint_type IN ('PRIMARY KEY', 'UNIQUE') ORDER BY k.table_name, k.constraint_name, k.ordinal_position`)),
  );
  for (const { table, columns } of uniqueKeys) {
    const list = columns.map(q).join(', ');
    const set = columns.map((c) => `${q(c)} IS NOT NULL`).join(' AND ');
    const duplicated = Number(sql(`SELECT count(*) FROM (SELECT 1 FROM ${q(table)} WHERE ${set} GROUP BY ${list} HAVING count(*) > 1) d`));
    if (duplicated) broken.push(`${table}(${columns.join(', ')}): ${duplicated} value(s) appear more than once`);
  }
  return { foreignKeys: foreignKeys.length, uniqueKeys: uniqueKeys.length, broken };
}
