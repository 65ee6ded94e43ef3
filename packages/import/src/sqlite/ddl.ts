/**
 * `sqlite3 .schema` output → schema model, read by SQLite itself: the
 * CREATE TABLE and CREATE INDEX statements run in a fresh in-memory database
 * (sql.js, SQLite compiled to WebAssembly: no files, no extensions, nothing
 * else runs), then the catalog tells the columns, keys and indexes
 * (`pragma_table_xinfo`, `pragma_foreign_key_list`, `pragma_index_list`).
 * CHECK clauses are found by a tokenizer and their expressions read by
 * PostgreSQL's parser. Views and triggers are listed as skipped, never run.
 */
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import { loadModule, parseSync } from 'libpg-query';
import { badInput } from '@seedbed/engine/errors';
import { pgCheckModel } from '../postgres/check-expr';
import { emptySchema, IMPORT_LIMITS, type CheckModel, type ColumnModel, type SchemaModel, type TableModel } from '../schema-model';
import { noTables, SourceText } from '../source-text';
import { isWord, statementRanges, tokenize, type Token } from './tokenize';
import { sqliteColumnType } from './types';
import { readSqliteUniqueIndex } from './unique-indexes';

let engines: Promise<[SqlJsStatic, void]> | undefined;

export async function readSqliteDdl(text: string): Promise<SchemaModel> {
  const [SQL] = await (engines ??= Promise.all([initSqlJs(), loadModule()]));
  const source = new SourceText(text);
  const statements = statementRanges(text, tokenize(text));
  if (statements.length > IMPORT_LIMITS.statements) throw badInput('input.text', `The schema has ${statements.length} statements; an import reads at most ${IMPORT_LIMITS.statements}.`);
  const creates = statements.filter((s) => classify(s.tokens) === 'run' && (isWord(s.tokens[1], 'TABLE') || isWord(s.tokens[2], 'TABLE'))).length;
  if (creates > IMPORT_LIMITS.tables) throw badInput('input.text', `The schema declares more than ${IMPORT_LIMITS.tables} tables; an import reads at most ${IMPORT_LIMITS.tables}.`);
  const schema = emptySchema('sqlite');
  const db = new SQL.Database();
  // The line each table was declared on, for messages about it (SQLite's catalog does not keep it).
  const lines = new Map<string, string>();
  try {
    for (const statement of statements) {
      const line = lineOf(text, statement.start);
      const verdict = classify(statement.tokens);
      if (verdict === 'noise') continue;
      if (verdict !== 'run') {
        schema.skipped.push({ kind: verdict, name: nameOf(statement.tokens), reason: `line ${line}: ${verdict === 'data' ? 'rows are not imported, only the schema' : verdict === 'statement' ? 'not a statement that declares tables' : `${/^[aeiou]/.test(verdict) ? 'an' : 'a'} ${verdict} makes no rows; it is not part of a blueprint`}.` });
        continue;
      }
      try {
        db.run(text.slice(statement.start, statement.end));
        const [created] = rows(db, "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid DESC LIMIT 1");
        if (created && !lines.has(String(created.name))) lines.set(String(created.name), `line ${line}`);
        if (statement.tokens.some((t) => isWord(t, 'INDEX'))) {
          const [index] = rows(db, "SELECT name FROM sqlite_master WHERE type = 'index' ORDER BY rowid DESC LIMIT 1");
          if (index) lines.set(`index ${String(index.name)}`, `line ${line}`);
        }
      } catch (error) {
        source.refused(Buffer.byteLength(text.slice(0, statement.start)), text.slice(statement.start, statement.end), (error as Error).message);
      }
    }
    schema.tables = readCatalog(db, schema, lines);
  } finally {
    db.close();
  }
  schema.skipped.push(...source.refusals);
  if (schema.tables.length === 0) {
    // Text that is not SQL at all is refused at its first statement, with its line, like a statement SQLite refused.
    const unread = schema.skipped.find((s) => s.kind === 'statement');
    throw noTables(source.refusals[0]?.reason ?? (unread && `The first statement, at ${unread.reason.replace(/:.*/s, '')}, declares no table ("${unread.name.slice(0, 40)}").`));
  }
  return schema;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

type Verdict = 'run' | 'noise' | 'data' | 'view' | 'trigger' | 'virtual table' | 'table' | 'statement';

/** Only CREATE TABLE (not `AS SELECT`, which would run a query) and CREATE INDEX are run. */
function classify(tokens: Token[]): Verdict {
  const [first] = tokens;
  if (isWord(first, 'INSERT') || isWord(first, 'REPLACE')) return 'data';
  if (['PRAGMA', 'BEGIN', 'COMMIT', 'END', 'ANALYZE', 'DROP', 'DELETE', 'UPDATE', 'VACUUM', 'REINDEX', 'SAVEPOINT', 'RELEASE', 'ROLLBACK'].some((w) => isWord(first, w))) return 'noise';
  if (!isWord(first, 'CREATE')) return 'statement';
  const words = tokens.slice(1, 4).map((t) => t.value.toUpperCase());
  if (words.includes('VIEW')) return 'view';
  if (words.includes('TRIGGER')) return 'trigger';
  if (words.includes('VIRTUAL')) return 'virtual table';
  if (words.includes('INDEX')) return 'run';
  if (!words.includes('TABLE')) return 'statement';
  // `sqlite3 .schema` shows SQLite's own table; SQLite refuses to create it.
  if (tokens.some((t) => t.kind !== 'punct' && t.value.toLowerCase().startsWith('sqlite_'))) return 'noise';
  const open = tokens.findIndex((t) => t.text === '(');
  const as = tokens.findIndex((t) => isWord(t, 'AS'));
  return as >= 0 && (open < 0 || as < open) ? 'table' : 'run';
}

function nameOf(tokens: Token[]): string {
  const keyword = tokens.findIndex((t, i) => i > 0 && ['TABLE', 'VIEW', 'TRIGGER', 'INDEX', 'INTO'].some((w) => isWord(t, w)));
  let i = keyword + 1;
  while (isWord(tokens[i], 'IF') || isWord(tokens[i], 'NOT') || isWord(tokens[i], 'EXISTS')) i++;
  return tokens[i]?.value ?? tokens[0]?.value ?? 'statement';
}

type Row = Record<string, string | number | null>;

function rows(db: Database, sql: string, params: (string | number)[] = []): Row[] {
  const statement = db.prepare(sql);
  try {
    statement.bind(params);
    const out: Row[] = [];
    while (statement.step()) out.push(statement.getAsObject() as Row);
    return out;
  } finally {
    statement.free();
  }
}

function readCatalog(db: Database, schema: SchemaModel, lines: Map<string, string>): TableModel[] {
  const tables: TableModel[] = [];
  for (const { name, sql } of rows(db, "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid")) {
    const tableName = String(name);
    const table: TableModel = { name: tableName, columns: [], uniques: [], foreignKeys: [], checks: [], where: lines.get(tableName) };
    const { columnChecks, tableChecks } = checksOf(String(sql ?? ''));
    const key: { pk: number; name: string }[] = [];
    for (const c of rows(db, 'SELECT * FROM pragma_table_xinfo(?)', [tableName])) {
      const columnName = String(c.name);
      if (Number(c.hidden) === 2 || Number(c.hidden) === 3) {
        schema.skipped.push({ kind: 'column', name: `${tableName}.${columnName}`, reason: 'a generated column: the database computes it, a load may not write it.' });
        continue;
      }
      const column: ColumnModel = { name: columnName, type: sqliteColumnType(String(c.type ?? '')), notNull: Number(c.notnull) === 1, checks: columnChecks.get(columnName.toLowerCase()) ?? [] };
      if (c.dflt_value !== null) column.defaultText = String(c.dflt_value);
      if (Number(c.pk) > 0) key.push({ pk: Number(c.pk), name: columnName });
      table.columns.push(column);
    }
    table.checks = tableChecks;
    if (key.length) table.primaryKey = key.sort((a, b) => a.pk - b.pk).map((k) => k.name);
    for (const index of rows(db, 'SELECT * FROM pragma_index_list(?)', [tableName])) {
      if (Number(index.unique) !== 1 || index.origin === 'pk') continue;
      const indexName = String(index.name);
      const [written] = rows(db, "SELECT sql FROM sqlite_master WHERE type = 'index' AND name = ?", [indexName]);
      const keys = rows(db, 'SELECT * FROM pragma_index_xinfo(?) WHERE key = 1 ORDER BY seqno', [indexName]);
      const described = { name: indexName, keys, partial: Number(index.partial) === 1, ...(written?.sql ? { sql: String(written.sql) } : {}), ...(lines.has(`index ${indexName}`) ? { where: lines.get(`index ${indexName}`) } : {}) };
      readSqliteUniqueIndex(table, described, (tokens, text) => checkOf(tokens, text), schema.skipped);
    }
    const keys = new Map<number, { table: string; from: string[]; to: (string | null)[] }>();
    for (const fk of rows(db, 'SELECT * FROM pragma_foreign_key_list(?)', [tableName])) {
      const entry = keys.get(Number(fk.id)) ?? { table: String(fk.table), from: [], to: [] };
      entry.from.push(String(fk.from));
      entry.to.push(fk.to === null ? null : String(fk.to));
      keys.set(Number(fk.id), entry);
    }
    for (const fk of [...keys.values()].reverse()) {
      table.foreignKeys.push({ columns: fk.from, table: fk.table, refColumns: fk.to.every((t) => t !== null) ? (fk.to as string[]) : [] });
    }
    tables.push(table);
  }
  return tables;
}

/** CHECK clauses of a CREATE TABLE, per column (column constraints) and for the table. */
function checksOf(sql: string): { columnChecks: Map<string, CheckModel[]>; tableChecks: CheckModel[] } {
  const columnChecks = new Map<string, CheckModel[]>();
  const tableChecks: CheckModel[] = [];
  const tokens = tokenize(sql);
  const open = tokens.findIndex((t) => t.text === '(');
  if (open < 0) return { columnChecks, tableChecks };
  let depth = 0;
  let item: Token[] = [];
  const items: Token[][] = [];
  for (const token of tokens.slice(open)) {
    if (token.text === '(' && ++depth === 1) continue;
    if (token.text === ')' && --depth === 0) break;
    if (token.text === ',' && depth === 1) {
      items.push(item);
      item = [];
      continue;
    }
    item.push(token);
  }
  if (item.length) items.push(item);
  for (const tokensOfItem of items) {
    const first = tokensOfItem[0];
    const isTable = ['CONSTRAINT', 'CHECK', 'PRIMARY', 'UNIQUE', 'FOREIGN'].some((w) => isWord(first, w));
    for (const check of checkExpressions(sql, tokensOfItem)) {
      if (isTable) tableChecks.push(check);
      else {
        const key = first.value.toLowerCase();
        columnChecks.set(key, [...(columnChecks.get(key) ?? []), check]);
      }
    }
  }
  return { columnChecks, tableChecks };
}

function checkExpressions(sql: string, tokens: Token[]): CheckModel[] {
  const checks: CheckModel[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!isWord(tokens[i], 'CHECK') || tokens[i + 1]?.text !== '(') continue;
    let depth = 0;
    let end = i + 1;
    for (; end < tokens.length; end++) {
      if (tokens[end].text === '(') depth++;
      if (tokens[end].text === ')' && --depth === 0) break;
    }
    const inner = tokens.slice(i + 2, end);
    const name = isWord(tokens[i - 2], 'CONSTRAINT') ? tokens[i - 1].value : undefined;
    const text = sql.slice(inner[0]?.start ?? 0, inner.at(-1)?.end ?? 0);
    checks.push(checkOf(inner, text, name));
    i = end;
  }
  return checks;
}

/** The expression rewritten with PostgreSQL's quoting (`[a]`, `` `a` `` → `"a"`, `==` → `=`), then parsed by PostgreSQL's parser. */
function checkOf(tokens: Token[], text: string, name?: string): CheckModel {
  const unread: CheckModel = { ...(name ? { name } : {}), rules: [{ kind: 'other', text }], text };
  if (tokens.some((t) => t.kind === 'blob' || t.kind === 'variable')) return unread;
  const expression = tokens
    .map((t) => (t.kind === 'ident' ? `"${t.value.replace(/"/g, '""')}"` : t.text === '==' ? '=' : t.text))
    .join(' ');
  try {
    const where = (parseSync(`SELECT 1 WHERE ${expression}`).stmts?.[0]?.stmt as { SelectStmt?: { whereClause?: unknown } })?.SelectStmt?.whereClause;
    return where ? pgCheckModel(where, text, { name }) : unread;
  } catch {
    return unread;
  }
}
