/**
 * Identity and serial columns (a field's `identity`) in PostgreSQL output.
 * Seedbed writes every value itself, so a script must say OVERRIDING SYSTEM
 * VALUE for GENERATED ALWAYS columns, and must move each column's sequence
 * past the values written, as pg_dump's setval does: otherwise the
 * application's first INSERT without an id draws 1 and collides. MySQL's
 * AUTO_INCREMENT and SQLite's rowid move on by themselves.
 */
import type { IdentityKind } from '../document/types';
import type { Dialect } from '../generators/types';
import type { FieldPlan, TablePlan } from '../plan/types';
import { qualifiedName } from './sql-names';

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Serial pseudo-types are a column type plus a sequence: with an identity clause the column is their integer. */
const SERIAL_INTEGERS: Record<string, string> = { serial: 'integer', serial4: 'integer', bigserial: 'bigint', serial8: 'bigint', smallserial: 'smallint', serial2: 'smallint' };

export function identityOf(table: TablePlan, field: FieldPlan): IdentityKind | undefined {
  return table.def.fields[field.index]?.identity;
}

/** The column's type as CREATE TABLE writes it: with `GENERATED … AS IDENTITY` in PostgreSQL when the document says so. */
export function columnTypeSql(table: TablePlan, field: FieldPlan, dialect: Dialect, type: string): string {
  const identity = identityOf(table, field);
  if (!identity || dialect !== 'postgres') return type;
  const integer = SERIAL_INTEGERS[type.trim().toLowerCase()] ?? type;
  return `${integer} GENERATED ${identity === 'always' ? 'ALWAYS' : 'BY DEFAULT'} AS IDENTITY`;
}

/** What an INSERT says between its column list and VALUES: explicit values go into GENERATED ALWAYS columns only with it. */
export function insertOverriding(table: TablePlan, dialect: Dialect): string {
  return dialect === 'postgres' && table.fields.some((f) => identityOf(table, f) === 'always') ? 'OVERRIDING SYSTEM VALUE ' : '';
}

/**
 * One statement per identity column, after the table's rows: its sequence
 * continues after the largest value. Written for any sequence the column
 * owns (identity or serial), a no-op when it owns none, the table is empty,
 * the sequence counts down, or the largest value lies outside its range (setval would refuse it).
 */
export function sequenceResets(table: TablePlan, dialect: Dialect): string {
  if (dialect !== 'postgres') return '';
  return table.fields
    .filter((f) => identityOf(table, f))
    .map((f) => sequenceReset(qualifiedName(table, dialect), f.sqlName ?? f.name))
    .join('');
}

/** `qualifiedTable`: the table as SQL names it (quoted, maybe with its schema); `column`: the column's own name. */
export function sequenceReset(qualifiedTable: string, column: string): string {
  const sequence = `pg_get_serial_sequence(${literal(qualifiedTable)}, ${literal(column)})::regclass`;
  return (
    `SELECT setval(s.seqrelid, m.v) FROM (SELECT max(${quote(column)}) AS v FROM ${qualifiedTable}) m ` +
    `JOIN pg_sequence s ON s.seqrelid = ${sequence} WHERE s.seqincrement > 0 AND m.v BETWEEN s.seqmin AND s.seqmax;\n`
  );
}
