/**
 * Table and column names must be SQL identifiers a blueprint accepts
 * (PRODUCT.md §5: `^[A-Za-z_][A-Za-z0-9_]{0,62}$`, unique ignoring case).
 * Names that are not are normalised (other characters become `_`) and
 * reported; a name that is too long, or two names that become the same, are
 * an error naming both: data for a renamed column could not load anyway.
 */
import { badInput } from '@seedbed/engine/errors';
import type { SchemaModel } from '../schema-model';
import type { SkippedItem } from '../types';

const MAX_NAME = 63;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

export function normaliseName(name: string): string {
  const replaced = name.replace(/[^A-Za-z0-9_]/g, '_');
  return /^[A-Za-z_]/.test(replaced) ? replaced : `_${replaced}`;
}

/** Renames in place; throws BAD_USER_INPUT at `input.text` (or `path`) for names too long or clashing. */
export function checkNames(schema: SchemaModel, skipped: SkippedItem[], path = 'input.text'): void {
  const tables = new Map<string, string>();
  const renamedTables = new Map<string, string>();
  for (const table of schema.tables) {
    const where = table.where ? ` (${table.where})` : '';
    const name = checked(table.name, `table "${table.name}"${where}`, path);
    const clash = tables.get(name.toLowerCase());
    if (clash !== undefined) throw badInput(path, `Tables "${clash}" and "${table.name}"${where} have the same name once case and characters other than letters, digits and _ are set aside; a blueprint needs distinct table names.`);
    tables.set(name.toLowerCase(), table.name);
    if (name !== table.name) {
      skipped.push({ kind: 'name', name: table.name, reason: `renamed to "${name}": blueprint names are letters, digits and _.` });
      renamedTables.set(table.name, name);
      // The database still calls it what the source did: output and loads use that name.
      table.sqlName ??= table.name;
      table.name = name;
    }
    const columns = new Map<string, string>();
    for (const column of table.columns) {
      const columnName = checked(column.name, `column "${table.name}.${column.name}"${where}`, path);
      const other = columns.get(columnName.toLowerCase());
      if (other !== undefined) throw badInput(path, `Columns "${other}" and "${column.name}" of table "${table.name}"${where} have the same name once normalised; a blueprint needs distinct field names.`);
      columns.set(columnName.toLowerCase(), column.name);
      if (columnName !== column.name) {
        skipped.push({ kind: 'name', name: `${table.name}.${column.name}`, reason: `renamed to "${columnName}": blueprint names are letters, digits and _.` });
        renameColumn(schema, table.name, column.name, columnName);
        column.sqlName ??= column.name;
        column.name = columnName;
      }
    }
  }
  for (const table of schema.tables) for (const fk of table.foreignKeys) fk.table = renamedTables.get(fk.table) ?? fk.table;
}

function checked(name: string, what: string, path: string): string {
  if (name.length === 0) throw badInput(path, `A ${what.split(' ')[0]} has an empty name.`);
  if (name.length > MAX_NAME) throw badInput(path, `The name of ${what} has ${name.length} characters; names are at most ${MAX_NAME} (${name.slice(0, 20)}…).`);
  return IDENTIFIER.test(name) ? name : normaliseName(name);
}

/** Keys and checks name columns too: they follow a rename. */
function renameColumn(schema: SchemaModel, tableName: string, from: string, to: string): void {
  const swap = (names: string[]) => names.map((n) => (n === from ? to : n));
  for (const table of schema.tables) {
    if (table.name === tableName) {
      if (table.primaryKey) table.primaryKey = swap(table.primaryKey);
      table.uniques = table.uniques.map(swap);
      for (const fk of table.foreignKeys) fk.columns = swap(fk.columns);
    }
    for (const fk of table.foreignKeys) if (fk.table === tableName) fk.refColumns = swap(fk.refColumns);
  }
}
