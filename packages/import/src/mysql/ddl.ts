/**
 * `mysqldump --no-data` output (or MySQL/MariaDB migration files) → schema
 * model. Statements are cut as the mysql client cuts them (split.ts), then
 * each CREATE TABLE, ALTER TABLE and CREATE INDEX goes through
 * node-sql-parser; a statement it refuses is skipped with its line. Views,
 * triggers and routines are listed as skipped; SET, DROP, LOCK lines are
 * noise.
 */
import { Parser } from 'node-sql-parser';
import { badInput } from '@seedbed/engine/errors';
import { emptySchema, IMPORT_LIMITS, type CheckModel, type ColumnModel, type SchemaModel, type TableModel } from '../schema-model';
import { checkRules, columnType, jsonValidColumn, nameOf, type Node } from './ast';
import { noTables } from '../source-text';
import { splitMysql, type MysqlStatement } from './split';

const NOISE = new Set(['SET', 'DROP', 'LOCK', 'UNLOCK', 'USE', 'START', 'COMMIT', 'BEGIN', 'ROLLBACK']);
const OPTIONS = { database: 'MySQL' };

export async function readMysqlDdl(text: string): Promise<SchemaModel> {
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

class MysqlReader {
  private readonly schema = emptySchema('mysql');
  private readonly tables = new Map<string, TableModel>();
  private readonly parser = new Parser();
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
      if (object === 'DATABASE' || object === 'SCHEMA') return;
      if (object) return this.skip(object.toLowerCase() === 'procedure' ? 'function' : object.toLowerCase(), statement);
    }
    this.skip(`${first} ${second ?? ''}`.trim().toLowerCase(), statement, 'statement');
  }

  private skip(kind: string, statement: MysqlStatement, as = kind): void {
    const name = nameAfter(statement.full, kind) ?? kind;
    this.schema.skipped.push({ kind: as, name, reason: `line ${statement.line}: ${as === 'statement' ? `${kind.toUpperCase()} is not part of a schema an import reads` : `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} makes no rows; it is not part of a blueprint`}.` });
  }

  private parse(statement: MysqlStatement): void {
    let ast: Node;
    try {
      ast = this.astify(statement.plain);
    } catch (error) {
      // Table options MySQL accepts and the parser does not (a bare PARTITION BY ...): the column list alone still says everything.
      const columnsOnly = withoutTableOptions(statement.plain);
      try {
        if (!columnsOnly) throw error;
        ast = this.astify(columnsOnly);
      } catch {
        this.schema.skipped.push({ kind: 'statement', name: statement.plain.split(/\s+/).slice(0, 3).join(' '), reason: `line ${statement.line}: the parser refused it (${String((error as Error).message).slice(0, 200)}).` });
        return;
      }
    }
    if (ast?.type === 'create' && ast.keyword === 'table') this.createTable(ast, statement);
    else if (ast?.type === 'alter') this.alterTable(ast, statement);
    else if (ast?.type === 'create' && ast.keyword === 'index') this.index(ast);
  }

  private astify(sql: string): Node {
    const ast = this.parser.astify(sql, OPTIONS);
    return Array.isArray(ast) ? ast[0] : ast;
  }

  private createTable(ast: Node, statement: MysqlStatement): void {
    const name = String(ast.table?.[0]?.table ?? '');
    if (ast.temporary) return;
    if (this.tables.size >= IMPORT_LIMITS.tables) throw badInput('input.text', `The schema declares more than ${IMPORT_LIMITS.tables} tables; an import reads at most ${IMPORT_LIMITS.tables}.`);
    const table: TableModel = { name, columns: [], uniques: [], foreignKeys: [], checks: [], where: `line ${statement.line}` };
    for (const def of (ast.create_definitions ?? []) as Node[]) {
      if (def.resource === 'column') this.column(table, def);
      else this.constraint(table, def);
    }
    if (table.columns.length > IMPORT_LIMITS.columns) throw badInput('input.text', `Table "${name}" (line ${statement.line}) has more than ${IMPORT_LIMITS.columns} columns.`);
    this.tables.set(name, table);
  }

  private column(table: TableModel, def: Node): void {
    const name = nameOf(def.column);
    if (def.generated) {
      this.schema.skipped.push({ kind: 'column', name: `${table.name}.${name}`, reason: 'a generated column: the database computes it, a load may not write it.' });
      return;
    }
    const type = columnType(def.definition);
    if (String(def.definition?.dataType ?? '').toUpperCase() === 'YEAR') {
      // MySQL's YEAR holds 1901–2155 (and 0000).
      type.kind = 'integer';
    }
    const column: ColumnModel = { name, type, notNull: String(def.nullable?.type ?? '').replace(/\s/g, '') === 'notnull', checks: [] };
    if (String(def.definition?.dataType ?? '').toUpperCase() === 'YEAR') column.checks.push({ rules: [{ kind: 'between', column: name, min: 1901, max: 2155 }], text: 'YEAR' });
    if (def.auto_increment) column.generated = true;
    if (def.default_val) column.defaultText = 'DEFAULT';
    if (def.primary_key) {
      table.primaryKey = [name];
      column.notNull = true;
    }
    if (def.unique) table.uniques.push([name]);
    if (def.check && jsonValidColumn(def.check.definition) === name) column.type = { ...type, kind: 'json' };
    else if (def.check) column.checks.push(this.check(def.check));
    const reference = def.reference_definition;
    if (reference?.table?.[0]?.table) {
      table.foreignKeys.push({ columns: [name], table: String(reference.table[0].table), refColumns: ((reference.definition ?? []) as Node[]).map(nameOf) });
    }
    table.columns.push(column);
  }

  private check(def: Node): CheckModel {
    const expr = Array.isArray(def.definition) ? def.definition[0] : def.definition;
    let text = 'CHECK (...)';
    try {
      text = this.parser.exprToSQL(expr, OPTIONS);
    } catch {
      // The report keeps the placeholder.
    }
    return { ...(def.constraint ? { name: String(def.constraint) } : {}), rules: checkRules(expr, text), text };
  }

  private constraint(table: TableModel, def: Node): void {
    const kind = String(def.constraint_type ?? def.resource ?? '').toLowerCase().replace(/\s/g, '');
    const columns = ((def.definition ?? []) as Node[]).map(nameOf);
    if (kind === 'primarykey') table.primaryKey = columns;
    else if (kind === 'unique' || kind === 'uniquekey' || kind === 'uniqueindex') table.uniques.push(columns);
    else if (kind === 'foreignkey') {
      const reference = def.reference_definition;
      table.foreignKeys.push({ ...(def.constraint ? { name: String(def.constraint) } : {}), columns, table: String(reference?.table?.[0]?.table ?? ''), refColumns: ((reference?.definition ?? []) as Node[]).map(nameOf) });
    } else if (kind === 'check') {
      const json = table.columns.find((c) => c.name === jsonValidColumn(def.definition));
      if (json) json.type = { ...json.type, kind: 'json' };
      else table.checks.push(this.check(def));
    } else if (def.resource === 'index' && String(def.index_type ?? def.keyword ?? '').toLowerCase().includes('unique')) table.uniques.push(columns);
  }

  private alterTable(ast: Node, statement: MysqlStatement): void {
    const table = this.tables.get(String(ast.table?.[0]?.table ?? ''));
    if (!table) return;
    let ignoredOnce = false;
    for (const expr of (ast.expr ?? []) as Node[]) {
      if (expr.action === 'add' && expr.create_definitions && expr.resource !== 'column') this.constraint(table, expr.create_definitions);
      else if (expr.action === 'add' && expr.resource === 'column') {
        for (const def of [expr].flat()) if (def.column) this.column(table, { ...def, resource: 'column' });
      } else if (expr.action !== 'add' && !ignoredOnce) {
        // phpMyAdmin's `MODIFY id ... AUTO_INCREMENT` changes nothing the data needs.
        ignoredOnce = true;
        this.schema.skipped.push({ kind: 'statement', name: `ALTER TABLE ${table.name}`, reason: `line ${statement.line}: only ADD of columns and constraints is read from ALTER TABLE.` });
      }
    }
  }

  private index(ast: Node): void {
    if (String(ast.index_type ?? '').toLowerCase() !== 'unique') return;
    const table = this.tables.get(String(ast.table?.table ?? ast.table?.[0]?.table ?? ''));
    if (!table) return;
    table.uniques.push(((ast.index_columns ?? []) as Node[]).map(nameOf));
  }

  finish(): SchemaModel {
    this.schema.tables = [...this.tables.values()];
    if (this.schema.tables.length === 0) {
      const refused = this.schema.skipped.find((s) => s.reason.includes('the parser refused')) ?? this.schema.skipped.find((s) => s.kind === 'statement');
      throw noTables(refused?.reason);
    }
    return this.schema;
  }
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
