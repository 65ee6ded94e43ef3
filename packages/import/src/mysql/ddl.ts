/**
 * `mysqldump --no-data` output (or MySQL/MariaDB migration files) → schema
 * model. Statements are cut as the mysql client cuts them (split.ts), then
 * each CREATE TABLE, ALTER TABLE, CREATE INDEX and CREATE TRIGGER goes
 * through sqlparser-rs (WebAssembly), chosen by measured acceptance of real
 * dumps: of 117 CREATE/ALTER TABLE and CREATE INDEX statements (mariadb-dump
 * of Sakila, employees, Chinook and two app schemas, and their original
 * scripts) it read 112 as written and all 117 with the retries of
 * `parseTable`; node-sql-parser 5.4 read 104 (no NVARCHAR, no BINARY
 * attribute), sql-parser-cst 0.42 read 38 (no column CHARACTER SET, the way
 * every dump writes a column). A statement it refuses is skipped with its
 * line; views and routines are listed as skipped; SET, DROP, LOCK lines are
 * noise. A trigger that inserts into another table leaves that table to it.
 */
import { init, Parser } from '@guanmingchiu/sqlparser-ts';
import { badInput } from '@seedbed/engine/errors';
import { emptySchema, IMPORT_LIMITS, type CheckModel, type ColumnModel, type ForeignKeyModel, type SchemaModel, type TableModel } from '../schema-model';
import { rulesOf } from '../check-rules';
import { noTables } from '../source-text';
import { splitMysql, type MysqlStatement } from './split';
import { mysqlColumnType, type Json } from './types';
import { sqlparserCheck } from './check-expr';
import { collationOf, foldCaseInsensitiveKeys, functionalUnique, isCaseSensitive } from './unique-indexes';

const NOISE = new Set(['SET', 'DROP', 'LOCK', 'UNLOCK', 'USE', 'START', 'COMMIT', 'BEGIN', 'ROLLBACK', 'FLUSH']);
const MYSQL = { pipesConcatenate: false };
/**
 * Column attributes sqlparser-rs does not read and no generated value depends
 * on: `VARCHAR(40) BINARY` (a binary collation: values compare by their
 * bytes, as Seedbed's already do) and `ZEROFILL` (display padding).
 */
const IGNORABLE_ATTRIBUTES = new Set(['BINARY', 'ZEROFILL']);

let loaded: Promise<void> | undefined;

export async function readMysqlDdl(text: string): Promise<SchemaModel> {
  await (loaded ??= init());
  const statements = splitMysql(text);
  if (statements.length > IMPORT_LIMITS.statements) throw badInput('input.text', `The schema has ${statements.length} statements; an import reads at most ${IMPORT_LIMITS.statements}.`);
  const reader = new MysqlReader();
  for (const statement of statements) reader.read(statement);
  return reader.finish();
}

/** Upper-case words at the start of a statement, quotes and assignments aside: `CREATE ALGORITHM=UNDEFINED DEFINER=... VIEW` → the words. */
function leadingWords(sql: string): string[] {
  return sql.slice(0, 400).toUpperCase().split(/[^A-Z_]+/).filter(Boolean);
}

const identName = (part: Json): string => String(part?.Identifier?.value ?? part?.value ?? '');
/** `db`.`film` → `film`: a dump's tables live in the database being loaded. */
const lastName = (name: Json[] | undefined): string => identName((name ?? []).at(-1));
/** An index column: a name, or a prefix `name(10)` that sqlparser-rs reads as a call. */
const indexColumn = (c: Json): string | undefined => {
  const expr = c?.column?.expr ?? c?.expr ?? c;
  if (expr?.Identifier) return String(expr.Identifier.value);
  if (expr?.Function) return identName(expr.Function.name?.at(-1));
  return undefined;
};

class MysqlReader {
  private readonly schema = emptySchema('mysql');
  private readonly tables = new Map<string, TableModel>();
  /** Per table, its text columns that compare as written (a `_bin` collation): their unique keys are not folded. */
  private readonly caseSensitive = new Map<TableModel, Set<string>>();
  private sawData = false;

  read(statement: MysqlStatement): void {
    const words = leadingWords(statement.full);
    const [first, second] = words;
    if (!first || NOISE.has(first)) return;
    if (first === 'INSERT' || first === 'REPLACE') {
      if (!this.sawData) this.schema.skipped.push({ kind: 'data', name: 'INSERT', reason: `line ${statement.line}: rows are not imported, only the schema.` });
      this.sawData = true;
      return;
    }
    if (first === 'CREATE' || first === 'ALTER') {
      const object = words.slice(1, 14).find((w) => ['TABLE', 'VIEW', 'TRIGGER', 'PROCEDURE', 'FUNCTION', 'EVENT', 'INDEX', 'DATABASE', 'SCHEMA'].includes(w));
      if (object === 'TABLE' || (object === 'INDEX' && first === 'CREATE')) return this.parse(statement);
      if (object === 'TRIGGER' && first === 'CREATE') return this.trigger(statement);
      if (object === 'DATABASE' || object === 'SCHEMA') return;
      if (object) {
        // A procedure is reported as a function, under its own name (found after PROCEDURE, not after "function").
        const kind = object === 'PROCEDURE' ? 'function' : object.toLowerCase();
        return this.skip(kind, statement, kind, nameAfter(statement.full, object.toLowerCase()) ?? kind);
      }
    }
    this.skip(`${first} ${second ?? ''}`.trim().toLowerCase(), statement, 'statement');
  }

  private skip(kind: string, statement: MysqlStatement, as = kind, name = nameAfter(statement.full, kind) ?? kind): void {
    this.schema.skipped.push({ kind: as, name, reason: `line ${statement.line}: ${as === 'statement' ? `${kind.toUpperCase()} is not part of a schema an import reads` : `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} makes no rows; it is not part of a blueprint`}.` });
  }

  private parse(statement: MysqlStatement): void {
    const parsed = parseTable(statement.plain);
    if ('error' in parsed) {
      this.schema.skipped.push({ kind: 'statement', name: statement.plain.split(/\s+/).slice(0, 3).join(' '), reason: `line ${statement.line}: the parser refused it (${parsed.error.slice(0, 200)}).` });
      return;
    }
    if (parsed.ignored.length) {
      this.schema.skipped.push({ kind: 'attribute', name: parsed.ignored.join(', '), reason: `line ${statement.line}: ${parsed.ignored.join(' and ')} changes how values are compared or shown, not which values fit; read without it.` });
    }
    const [kind] = Object.keys(parsed.ast);
    const body = parsed.ast[kind];
    if (kind === 'CreateTable') this.createTable(body, statement);
    else if (kind === 'AlterTable') this.alterTable(body, statement);
    else if (kind === 'CreateIndex') this.index(body, statement);
  }

  private createTable(ast: Json, statement: MysqlStatement): void {
    const name = lastName(ast.name);
    if (ast.temporary) return;
    if (ast.like || ast.query) {
      this.schema.skipped.push({ kind: 'table', name, reason: `line ${statement.line}: a table made from another (LIKE or AS SELECT) is not read.` });
      return;
    }
    if (this.tables.size >= IMPORT_LIMITS.tables) throw badInput('input.text', `The schema declares more than ${IMPORT_LIMITS.tables} tables; an import reads at most ${IMPORT_LIMITS.tables}.`);
    const table: TableModel = { name, columns: [], uniques: [], foreignKeys: [], checks: [], where: `line ${statement.line}` };
    for (const def of (ast.columns ?? []) as Json[]) this.column(table, def, statement);
    if (table.columns.some((c) => c.type.kind === 'geometry' && !c.type.srid) && statement.full !== statement.plain) sridsInVersionComments(table, statement);
    const tableCollation = collationOf(ast.table_options?.Plain ?? []);
    const sensitive = ((ast.columns ?? []) as Json[]).filter((def) => isCaseSensitive(collationOf(((def.options ?? []) as Json[]).map((o) => o?.option ?? o)) ?? tableCollation));
    this.caseSensitive.set(table, new Set(sensitive.map((def) => identName(def.name))));
    for (const constraint of (ast.constraints ?? []) as Json[]) this.constraint(table, constraint, statement);
    if (table.columns.length > IMPORT_LIMITS.columns) throw badInput('input.text', `Table "${name}" (line ${statement.line}) has more than ${IMPORT_LIMITS.columns} columns.`);
    this.tables.set(name, table);
  }

  private column(table: TableModel, def: Json, statement: MysqlStatement): void {
    const name = identName(def.name);
    const options = ((def.options ?? []) as Json[]).map((o) => o?.option ?? o);
    if (options.some((o) => o?.Generated)) {
      this.schema.skipped.push({ kind: 'column', name: `${table.name}.${name}`, reason: 'a generated column: the database computes it, a load may not write it.' });
      return;
    }
    const type = mysqlColumnType(def.data_type);
    const column: ColumnModel = { name, type, notNull: false, checks: [] };
    if (type.sqlType === 'year') column.checks.push({ rules: [{ kind: 'between', column: name, min: 1901, max: 2155 }], text: 'YEAR', expr: { fn: 'between', args: [{ col: name }, { lit: 1901 }, { lit: 2155 }] } });
    for (const option of options) {
      if (option === 'NotNull') column.notNull = true;
      else if (option?.DialectSpecific && JSON.stringify(option.DialectSpecific).toUpperCase().includes('AUTO_INCREMENT')) column.generated = true;
      else if (option?.Default) column.defaultText = 'DEFAULT';
      else if (option?.PrimaryKey || option?.Unique?.is_primary) {
        table.primaryKey = [name];
        column.notNull = true;
      } else if (option?.Unique) table.uniques.push([name]);
      else if (option?.ForeignKey) table.foreignKeys.push(this.foreignKey(option.ForeignKey, [name], statement));
      else if (option?.Srid && type.kind === 'geometry') withSrid(column, option);
      else if (option?.Check) {
        const check = this.check(option.Check, statement);
        if (check.expr && 'fn' in check.expr && check.expr.fn === 'json_valid') column.type = { ...column.type, kind: 'json' };
        else column.checks.push(check);
      }
    }
    table.columns.push(column);
  }

  private foreignKey(fk: Json, columns: string[], statement: MysqlStatement): ForeignKeyModel {
    const name = fk.name ? identName(fk.name) : undefined;
    return { ...(name ? { name } : {}), columns, table: lastName(fk.foreign_table), refColumns: ((fk.referred_columns ?? []) as Json[]).map(identName), where: `line ${statement.line}` };
  }

  /** The CHECK's tree; its text is the SQL the parser's tree spells back, as MySQL shows it. */
  private check(check: Json, statement: MysqlStatement): CheckModel {
    const expr = sqlparserCheck(check.expr, MYSQL);
    const text = checkText(statement.plain, check.expr) ?? 'CHECK (...)';
    const name = check.name ? identName(check.name) : undefined;
    return { ...(name ? { name } : {}), rules: expr ? rulesOf(expr, text) : [{ kind: 'other', text }], text, ...(expr ? { expr } : {}), line: statement.line };
  }

  private constraint(table: TableModel, constraint: Json, statement: MysqlStatement): void {
    const [kind] = Object.keys(constraint ?? {});
    const c = constraint[kind];
    const columns = ((c?.columns ?? []) as Json[]).map((col) => indexColumn(col) ?? identName(col));
    if (kind === 'PrimaryKey') {
      table.primaryKey = columns;
      for (const col of table.columns) if (columns.includes(col.name)) col.notNull = true;
    } else if (kind === 'Unique') {
      if (!functionalUnique(table, c.columns ?? [], c.index_name ? identName(c.index_name) : undefined, statement.line, this.schema.skipped)) table.uniques.push(columns);
    }
    else if (kind === 'ForeignKey') table.foreignKeys.push(this.foreignKey(c, ((c.columns ?? []) as Json[]).map(identName), statement));
    else if (kind === 'Check') {
      const check = this.check(c, statement);
      const json = check.expr && 'fn' in check.expr && check.expr.fn === 'json_valid' && 'col' in check.expr.args[0] ? table.columns.find((col) => col.name === (check.expr as { args: { col: string }[] }).args[0].col) : undefined;
      if (json) json.type = { ...json.type, kind: 'json' };
      else table.checks.push(check);
    }
  }

  private alterTable(ast: Json, statement: MysqlStatement): void {
    const table = this.tables.get(lastName(ast.name));
    if (!table) return;
    let ignoredOnce = false;
    for (const operation of (ast.operations ?? []) as Json[]) {
      const [kind] = Object.keys(operation ?? {});
      const op = operation[kind];
      if (kind === 'AddConstraint') this.constraint(table, op.constraint, statement);
      else if (kind === 'AddColumn') this.column(table, op.column_def, statement);
      else if (!ignoredOnce) {
        // phpMyAdmin's `MODIFY id ... AUTO_INCREMENT` changes nothing the data needs.
        ignoredOnce = true;
        this.schema.skipped.push({ kind: 'statement', name: `ALTER TABLE ${table.name}`, reason: `line ${statement.line}: only ADD of columns and constraints is read from ALTER TABLE.` });
      }
    }
  }

  private index(ast: Json, statement: MysqlStatement): void {
    if (!ast.unique) return;
    const table = this.tables.get(lastName(ast.table_name));
    if (table && functionalUnique(table, ast.columns ?? [], lastName(ast.name) || undefined, statement.line, this.schema.skipped)) return;
    const columns = ((ast.columns ?? []) as Json[]).map(indexColumn);
    if (!table || columns.some((c) => !c)) return;
    table.uniques.push(columns as string[]);
  }

  /** A trigger that INSERTs into another table on INSERT: that table's rows come from the trigger. */
  private trigger(statement: MysqlStatement): void {
    let ast: Json;
    try {
      [ast] = JSON.parse(Parser.parseToJson(statement.full, 'mysql'));
    } catch {
      this.skip('trigger', statement);
      return;
    }
    const t = ast?.CreateTrigger;
    const name = lastName(t?.name);
    const on = lastName(t?.table_name);
    const fills = t?.events?.includes('Insert') ? insertTargets(t.statements).filter((target) => target !== on) : [];
    if (!fills.length) return this.skip('trigger', statement, 'trigger', name);
    for (const target of fills) (this.schema.triggerFills ??= []).push({ table: target, trigger: name, on, where: `line ${statement.line}` });
    this.schema.skipped.push({ kind: 'trigger', name, reason: `line ${statement.line}: inserting into ${on} fills ${fills.join(', ')}; ${fills.length > 1 ? 'those tables are' : 'that table is'} left to the trigger (no rows are written into ${fills.length > 1 ? 'them' : 'it'}).` });
  }

  finish(): SchemaModel {
    for (const table of this.tables.values()) foldCaseInsensitiveKeys(table, this.caseSensitive.get(table) ?? new Set(), Number(/\d+/.exec(table.where ?? '')?.[0]) || 1);
    this.schema.tables = [...this.tables.values()];
    if (this.schema.tables.length === 0) {
      const refused = this.schema.skipped.find((s) => s.reason.includes('the parser refused')) ?? this.schema.skipped.find((s) => s.kind === 'statement');
      throw noTables(refused?.reason);
    }
    return this.schema;
  }
}

/** Tables an INSERT inside a trigger body writes into (in BEGIN … END blocks and IF branches too). */
function insertTargets(node: Json, into: string[] = []): string[] {
  if (Array.isArray(node)) {
    for (const n of node) insertTargets(n, into);
  } else if (node && typeof node === 'object') {
    const insert = node.Insert;
    if (insert?.table?.TableName) {
      const name = lastName(insert.table.TableName);
      if (!into.includes(name)) into.push(name);
    }
    for (const value of Object.values(node)) insertTargets(value, into);
  }
  return into;
}

type Parsed = { ast: Json; ignored: string[] } | { error: string };

/**
 * The statement's tree. Table options sqlparser-rs does not read (MariaDB's
 * bare `PARTITION BY ...`) are left out on a second try, since the column list
 * says everything; column attributes it refuses that change no value
 * (IGNORABLE_ATTRIBUTES) are left out where the parser points at them.
 */
function parseTable(sql: string): Parsed {
  let text = sql;
  const ignored: string[] = [];
  let firstError: string | undefined;
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      const [ast] = JSON.parse(Parser.parseToJson(text, 'mysql'));
      return { ast, ignored };
    } catch (error) {
      const message = String((error as Error).message ?? error);
      firstError ??= message;
      const at = /found: (\w+) at Line: (\d+), Column: (\d+)/.exec(message);
      const word = at?.[1].toUpperCase();
      if (at && word && IGNORABLE_ATTRIBUTES.has(word)) {
        const offset = offsetOf(text, Number(at[2]), Number(at[3]));
        if (text.slice(offset, offset + word.length).toUpperCase() === word) {
          text = `${text.slice(0, offset)}${' '.repeat(word.length)}${text.slice(offset + word.length)}`;
          if (!ignored.includes(word)) ignored.push(word);
          continue;
        }
      }
      const columnsOnly = withoutTableOptions(text);
      if (columnsOnly && columnsOnly !== text) {
        text = columnsOnly;
        continue;
      }
      return { error: firstError };
    }
  }
  return { error: firstError ?? 'too many retries' };
}

/** 1-based line and column (characters) → offset in `text`. */
function offsetOf(text: string, line: number, column: number): number {
  let offset = 0;
  for (let l = 1; l < line; l++) {
    const next = text.indexOf('\n', offset);
    if (next < 0) return text.length;
    offset = next + 1;
  }
  return offset + column - 1;
}

/** The CHECK's source text, from the span sqlparser-rs gives its expression's first and last tokens. */
function checkText(sql: string, expr: Json): string | undefined {
  const spans: { line: number; column: number }[] = [];
  const visit = (n: Json) => {
    if (Array.isArray(n)) n.forEach(visit);
    else if (n && typeof n === 'object') {
      if (n.span?.start && n.span.start.line > 0) spans.push(n.span.start, n.span.end);
      for (const [k, v] of Object.entries(n)) if (k !== 'span') visit(v);
    }
  };
  visit(expr);
  if (!spans.length) return undefined;
  const key = (p: { line: number; column: number }) => p.line * 1e6 + p.column;
  const start = spans.reduce((a, b) => (key(b) < key(a) ? b : a));
  const end = spans.reduce((a, b) => (key(b) > key(a) ? b : a));
  let from = offsetOf(sql, start.line, start.column);
  let to = offsetOf(sql, end.line, end.column);
  // The first and last tokens may sit inside parentheses the expression opened: widen to balance them.
  let depth = 0;
  for (const c of sql.slice(from, to)) depth += c === '(' ? 1 : c === ')' ? -1 : 0;
  while (depth > 0 && to < sql.length) {
    if (sql[to] === ')') depth--;
    to++;
  }
  while (depth < 0 && from > 0) {
    from--;
    if (sql[from] === '(') depth++;
  }
  return sql.slice(from, to).trim();
}

/** The name after `VIEW`, `TRIGGER`, ...: a backquoted identifier or a word (DEFINER=`user`@`host` comes before the keyword, so it is passed over). */
function nameAfter(sql: string, keyword: string): string | undefined {
  const at = sql.toUpperCase().indexOf(` ${keyword.toUpperCase()} `);
  if (at < 0) return undefined;
  const rest = sql.slice(at + keyword.length + 2).trimStart();
  if (rest.startsWith('`')) return rest.slice(1, rest.indexOf('`', 1));
  return rest.split(/[\s(]/)[0] || undefined;
}

/** `CREATE TABLE t (...) <options>` → `CREATE TABLE t (...)`: up to the parenthesis that closes the column list, quotes respected. */
function withoutTableOptions(sql: string): string | undefined {
  let depth = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'" || c === '"' || c === '`') {
      const close = sql.indexOf(c, i + 1);
      if (close < 0) return undefined;
      i = close;
    } else if (c === '(') {
      depth++;
    } else if (c === ')' && --depth === 0) {
      return sql.slice(0, i + 1);
    }
  }
  return undefined;
}

/** MySQL 8's `POINT SRID 4326`: values must carry that SRID. */
function withSrid(column: ColumnModel, option: Json): void {
  const srid = Number(option?.Srid?.Value?.value?.Number?.[0]);
  if (Number.isInteger(srid) && srid > 0) column.type = { ...column.type, srid, sqlType: `${column.type.sqlType} srid ${srid}` };
}

/** mysqldump writes a column's SRID in a version comment (`point NOT NULL /*!80003 SRID 4326 *\/`): read from the statement as MySQL 8 runs it. */
function sridsInVersionComments(table: TableModel, statement: MysqlStatement): void {
  const parsed = parseTable(statement.full);
  if ('error' in parsed) return;
  for (const def of (parsed.ast.CreateTable?.columns ?? []) as Json[]) {
    const column = table.columns.find((c) => c.name === identName(def.name));
    const option = ((def.options ?? []) as Json[]).map((o) => o?.option ?? o).find((o) => o?.Srid);
    if (column && column.type.kind === 'geometry' && !column.type.srid && option) withSrid(column, option);
  }
}
