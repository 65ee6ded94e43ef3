import type { Dialect } from '../generators/types';
import type { Plan, TablePlan } from '../plan/types';
import { mayBeNull, sqlTypeOfField } from '../plan/columns';
import { keyClauses, tableOptions } from './sql';
import { columnName, createSchemaSql, qualifiedName } from './sql-names';
import { declaredTypesDdl } from './sql-types';
import { columnTypeSql } from './identity-sql';
import { foreignKeyClause, referenceKeys } from './foreign-keys';

/** One table's schema, split so a bulk loader can add keys after the rows are in. */
export interface TableDdl {
  table: string;
  /** CREATE TABLE with the columns and NOT NULL only, after the enum types and domains they name (PostgreSQL). */
  create: string;
  /** ALTER TABLE … ADD PRIMARY KEY / UNIQUE, to run once the rows are loaded. */
  keys: string[];
  /** ALTER TABLE … ADD FOREIGN KEY, to run once every table is loaded (so load order and cycles do not matter). */
  foreignKeys: string[];
}

/**
 * The blueprint's schema without any rows, in dependency order. Building
 * indexes after a bulk load is faster than maintaining them row by row (the
 * way pg_dump restores), and the same constraints end up checked.
 */
export function schemaDdl(plan: Plan, dialect: Dialect = 'postgres'): TableDdl[] {
  return plan.order.map((name) => tableDdl(plan, plan.table(name), dialect));
}

function tableDdl(plan: Plan, table: TablePlan, dialect: Dialect): TableDdl {
  const columns = table.fields.map((f) => `  ${columnName(f, dialect)} ${columnTypeSql(table, f, dialect, sqlTypeOfField(f, dialect, plan))}${mayBeNull(f) ? '' : ' NOT NULL'}`);
  const alter = `ALTER TABLE ${qualifiedName(table, dialect)} ADD`;
  const keys: string[] = [];
  for (const key of keyClauses(table, dialect)) keys.push(`${alter} ${key}`);
  const foreignKeys = referenceKeys(table).map((key) => `${alter} ${foreignKeyClause(key, dialect)}`);
  // The enum types and domains the columns name come first (each runs once however often it is said).
  return { table: table.name, create: `${createSchemaSql(table, dialect)}${declaredTypesDdl(plan, table, dialect)}CREATE TABLE ${qualifiedName(table, dialect)} (\n${columns.join(',\n')}\n)${tableOptions(dialect)}`, keys, foreignKeys };
}
