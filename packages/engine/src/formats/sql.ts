import type { Dialect, Value } from '../generators/types';
import type { FieldPlan, Plan, TablePlan } from '../plan/types';
import { mayBeNull, sqlTypeOfField } from '../plan/columns';
import { columnName, createSchemaSql, qualifiedName, quoteIdent } from './sql-names';

export { deferredForeignKeys };
import { deferredForeignKeys, foreignKeyClause, keyWaits, referenceKeys } from './foreign-keys';
import { declaredTypesDdl } from './sql-types';
import { columnTypeSql, insertOverriding, sequenceResets } from './identity-sql';
import type { EncodeContext, Encoder } from './types';

/** Rows per multi-row INSERT: big enough to amortize parsing, small enough for every server's packet limit. */
export const INSERT_BATCH = 500;

export { quoteIdent };

/**
 * Text a MySQL string literal must not carry as it is: a backslash is an
 * escape unless the server runs with NO_BACKSLASH_ESCAPES (so the same bytes
 * mean two things, and `\'` ends a string in one mode only: issue 24), the
 * stock client drops a CR before LF, Ctrl-Z ends a script on Windows, NUL.
 */
const MYSQL_AS_HEX = /[\\\0\r\x1a]/;
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const utf8 = new TextEncoder();

/**
 * A string literal that reads back as `s` whatever the session's settings.
 * MySQL: quotes doubled, never a backslash; text holding one (or a byte the
 * client would rewrite) is spelled in hex with its character set, which
 * every sql_mode reads alike. PostgreSQL: quotes doubled; text holding a
 * backslash is an E'' string with the backslashes doubled too, which reads
 * the same with standard_conforming_strings on or off. SQLite: quotes doubled.
 */
function quoteString(s: string, dialect: Dialect): string {
  if (dialect === 'mysql') {
    if (!MYSQL_AS_HEX.test(s)) return `'${s.replace(/'/g, "''")}'`;
    let hex = '';
    for (const byte of utf8.encode(s)) hex += HEX[byte];
    return `_utf8mb4 X'${hex}'`;
  }
  // PostgreSQL and SQLite text cannot hold NUL.
  const text = s.replace(/\u0000/g, '');
  if (dialect === 'postgres') return text.includes('\\') ? `E'${text.replace(/\\/g, '\\\\').replace(/'/g, "''")}'` : `'${text.replace(/'/g, "''")}'`;
  const quoted = `'${text.replace(/'/g, "''")}'`;
  // The sqlite3 shell drops a CR before a line end inside a literal: SQLite spells it char(13).
  return s.includes('\r') ? quoted.replace(/\r/g, "' || char(13) || '") : quoted;
}

type Literal = (v: Value) => string;

/** How SQL in `dialect` spells the field's values. */
export function literalFor(field: FieldPlan, dialect: Dialect, plan?: Plan): Literal {
  const plain = plainLiteralFor(field, dialect);
  // Values a quoted string would not load as (bytes, PostgreSQL arrays) are spelled by their generator.
  const own = (field.ref ? field.ref.field.def : field.def).sqlLiteral;
  if (!own) return plain;
  const columnType = sqlTypeOfField(field, dialect, plan);
  const quote = (s: string) => quoteString(s, dialect);
  return (v) => (v == null ? 'NULL' : own(v, dialect, columnType, quote) ?? plain(v));
}

function plainLiteralFor(field: FieldPlan, dialect: Dialect): Literal {
  const type = field.ref ? field.ref.field.type : field.type;
  switch (type) {
    case 'integer':
    case 'float':
      return (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v == null ? 'NULL' : quoteString(String(v), dialect));
    case 'boolean':
      return dialect === 'sqlite' ? (v) => (v == null ? 'NULL' : v ? '1' : '0') : (v) => (v == null ? 'NULL' : v ? 'TRUE' : 'FALSE');
    case 'datetime':
      // `YYYY-MM-DD HH:MM:SS` is the one timestamp spelling all three dialects accept.
      return (v) => (v == null ? 'NULL' : quoteString(String(v).replace('T', ' ').replace(/Z$/, ''), dialect));
    default:
      return (v) => (v == null ? 'NULL' : quoteString(typeof v === 'object' ? JSON.stringify(v) : String(v), dialect));
  }
}

/**
 * CREATE TABLE with NOT NULL, PRIMARY KEY, UNIQUE and the foreign keys that
 * can hold as rows arrive. `deferForward` declares the others too, checked
 * at COMMIT: SQLite's way, as it cannot add keys afterwards, for a script
 * that creates every table before inserting into any inside one transaction.
 */
export function createTable(plan: Plan, table: TablePlan, dialect: Dialect, deferForward = false): string {
  const lines = table.fields.map((f) => `  ${columnName(f, dialect)} ${columnTypeSql(table, f, dialect, sqlTypeOfField(f, dialect, plan))}${mayBeNull(f) ? '' : ' NOT NULL'}`);
  for (const key of keyClauses(table, dialect)) lines.push(`  ${key}`);
  for (const key of referenceKeys(table)) {
    const fk = foreignKeyClause(key, dialect);
    if (!keyWaits(plan, table, key)) lines.push(`  ${fk}`);
    else if (deferForward) lines.push(`  ${fk} DEFERRABLE INITIALLY DEFERRED`);
  }
  return `${createSchemaSql(table, dialect)}${declaredTypesDdl(plan, table, dialect)}CREATE TABLE ${qualifiedName(table, dialect)} (\n${lines.join(',\n')}\n)${tableOptions(dialect)};\n`;
}

/** PRIMARY KEY (composite too), then UNIQUE for unique fields and composite unique keys. */
export function keyClauses(table: TablePlan, dialect: Dialect): string[] {
  const list = (names: string[]) => names.map((n) => (table.fieldByName.get(n) ? columnName(table.fieldByName.get(n)!, dialect) : quoteIdent(n, dialect))).join(', ');
  const clauses: string[] = [];
  if (table.keyFields.length) clauses.push(`PRIMARY KEY (${list(table.keyFields)})`);
  for (const f of table.fields) if (f.unique && f.name !== table.primaryKey) clauses.push(`UNIQUE (${list([f.name])})`);
  for (const key of table.uniqueKeys) clauses.push(`UNIQUE (${list(key)})`);
  return clauses;
}

/**
 * MySQL tables hold any text (emoji too) whatever the server's default, and
 * compare it as the generator does, by code point: under a case- or
 * accent-insensitive collation distinct unique values would collide.
 */
export const tableOptions = (dialect: Dialect): string => (dialect === 'mysql' ? ' DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_bin' : '');

/**
 * The session settings a script's literals and values are written for, said
 * first so no server or client default changes what they mean (issue 24):
 * UTF-8 text; for MySQL, a sql_mode with NO_BACKSLASH_ESCAPES (backslashes
 * are plain text, as in every other dialect), strict (a value that does not
 * fit is an error, not a silent cut) and NO_AUTO_VALUE_ON_ZERO (a 0 key stays
 * 0); for PostgreSQL, standard strings. SQLite has no setting that changes a
 * literal.
 */
const PREAMBLES: Record<Dialect, string> = {
  mysql: "SET NAMES utf8mb4;\nSET SESSION sql_mode = 'STRICT_TRANS_TABLES,NO_BACKSLASH_ESCAPES,NO_AUTO_VALUE_ON_ZERO,NO_ENGINE_SUBSTITUTION';\n\n",
  postgres: "SET client_encoding = 'UTF8';\nSET standard_conforming_strings = on;\n\n",
  sqlite: '',
};

/** What a script says first, so that its client reads the text as written (UTF-8) and its literals as meant, whatever the client's and server's own defaults. */
export const scriptPreamble = (dialect: Dialect): string => PREAMBLES[dialect];

function insertPrefix(ctx: EncodeContext): string {
  const columns = ctx.table.fields.map((f) => columnName(f, ctx.dialect)).join(', ');
  return `INSERT INTO ${qualifiedName(ctx.table, ctx.dialect)} (${columns}) ${insertOverriding(ctx.table, ctx.dialect)}VALUES\n`;
}

/** One table's script: CREATE TABLE, batched INSERTs, its identity sequences moved past the rows, then its self-referencing foreign keys. */
export const sqlEncoder: Encoder = {
  contentType: 'application/sql; charset=utf-8',
  extension: 'sql',
  header: (ctx) => scriptPreamble(ctx.dialect) + createTable(ctx.plan, ctx.table, ctx.dialect),
  rows(ctx, source, from, to, sink) {
    const literals = ctx.table.fields.map((f) => literalFor(f, ctx.dialect, ctx.plan));
    const prefix = insertPrefix(ctx);
    const parts: string[] = new Array(literals.length);
    for (let r = from; r < to; r++) {
      const values = source.generate(r);
      const position = r - ctx.streamStart;
      if (position % INSERT_BATCH === 0) sink.write((position > 0 ? ';\n' : '') + prefix + '(');
      else sink.writeAscii(',\n(');
      for (let k = 0; k < literals.length; k++) parts[k] = literals[k](values[k]);
      sink.write(parts.join(', '));
      sink.writeAscii(')');
    }
  },
  footer: (ctx, rowCount) => (rowCount > 0 ? ';\n' : '') + sequenceResets(ctx.table, ctx.dialect) + (ctx.dataOnly ? '' : deferredForeignKeys(ctx.plan, ctx.table, ctx.dialect, 'self')),
};
