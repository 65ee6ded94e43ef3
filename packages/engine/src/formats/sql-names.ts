/**
 * Names as the source schema wrote them: a table in its schema
 * (`"sales"."Orders"`), quoted and mixed-case names kept exactly, whatever
 * identifier the document gives the table or field (`sqlName`, `schema`).
 * PostgreSQL keeps schemas; MySQL's dump is one database and SQLite has
 * one namespace, so there a table is its name alone.
 */
import type { Dialect } from '../generators/types';
import type { FieldPlan, TablePlan } from '../plan/types';

export function quoteIdent(name: string, dialect: Dialect): string {
  return dialect === 'mysql' ? `\`${name.replace(/`/g, '``')}\`` : `"${name.replace(/"/g, '""')}"`;
}

/** The table's own name in SQL (unquoted): as written when the document kept it. */
export const tableSqlName = (table: Pick<TablePlan, 'name' | 'def'>): string => table.def.sqlName ?? table.name;

/** The schema the table lives in, for output in `dialect` (PostgreSQL only). */
export const tableSchema = (table: Pick<TablePlan, 'def'>, dialect: Dialect): string | undefined => (dialect === 'postgres' ? table.def.schema : undefined);

/** The table as SQL names it: quoted, and schema-qualified in PostgreSQL when it has a schema. */
export function qualifiedName(table: Pick<TablePlan, 'name' | 'def'>, dialect: Dialect): string {
  const schema = tableSchema(table, dialect);
  return `${schema ? `${quoteIdent(schema, dialect)}.` : ''}${quoteIdent(tableSqlName(table), dialect)}`;
}

/** The column's name in SQL, quoted. */
export const columnName = (field: Pick<FieldPlan, 'name' | 'sqlName'>, dialect: Dialect): string => quoteIdent(field.sqlName ?? field.name, dialect);

/** `CREATE SCHEMA IF NOT EXISTS` for a table's schema (PostgreSQL), before its CREATE TABLE. */
export function createSchemaSql(table: Pick<TablePlan, 'def'>, dialect: Dialect): string {
  const schema = tableSchema(table, dialect);
  return schema && schema !== 'public' ? `CREATE SCHEMA IF NOT EXISTS ${quoteIdent(schema, dialect)};\n` : '';
}
