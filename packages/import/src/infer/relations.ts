/**
 * Foreign keys → `ref` fields, and how many rows each table gets: a child
 * with one required foreign key is sized per parent row, a junction table
 * (a composite key of references) gets a few distinct parents per row of
 * its first parent, lookup tables stay small, and a live database's row
 * estimates set the counts where known. Reference cycles must have a
 * nullable edge; a cycle of required keys loses one key, with a warning.
 */
import type { ColumnModel, ForeignKeyModel, SchemaModel, TableModel } from '../schema-model';
import type { SkippedItem } from '../types';
import { required, sizeTables } from './sizes';

export interface RefField {
  table: string;
  /** The referenced column when it is not the target's primary key. */
  field?: string;
  reason: string;
}

export type Rows = number | { perParent: string; min: number; max: number };

export interface TableRelations {
  refs: Map<string, RefField>;
  /** Columns left NULL because a composite foreign key cannot be generated as a whole. */
  alwaysNull: Map<string, string>;
  rows: Rows;
  rowsReason: string;
  /** A lookup (languages, categories): its names are made distinct. */
  lookup?: boolean;
  /** The schema's tables with a one-column primary key: what a polymorphic `*_type` column can name. */
  keyedTables: string[];
}

export function planRelations(schema: SchemaModel, skipped: SkippedItem[]): Map<string, TableRelations> {
  const byName = new Map(schema.tables.map((t) => [t.name.toLowerCase(), t]));
  const plans = new Map<string, TableRelations>();
  const keyedTables = schema.tables.filter((t) => t.primaryKey?.length === 1).map((t) => t.name);
  for (const table of schema.tables) plans.set(table.name, { refs: resolveRefs(table, byName, skipped), alwaysNull: compositeNulls(table, byName, skipped), rows: 0, rowsReason: '', keyedTables });
  breakRequiredCycles(schema, plans, skipped);
  sizeTables(schema.tables, plans, byName);
  return plans;
}

function column(table: TableModel, name: string): ColumnModel | undefined {
  return table.columns.find((c) => c.name === name);
}

function resolveRefs(table: TableModel, byName: Map<string, TableModel>, skipped: SkippedItem[]): Map<string, RefField> {
  const refs = new Map<string, RefField>();
  const skip = (fk: ForeignKeyModel, reason: string) => skipped.push({ kind: 'foreign key', name: fk.name ?? `${table.name}(${fk.columns.join(', ')})`, reason });
  for (const fk of table.foreignKeys) {
    if (fk.columns.length !== 1) continue;
    const target = byName.get(fk.table.toLowerCase());
    if (!target) {
      skip(fk, `it references "${fk.table}", which is not imported; ${table.name}.${fk.columns[0]} gets plain values that may break it.`);
      continue;
    }
    const targetColumns = fk.refColumns.length ? fk.refColumns : target.primaryKey ?? [];
    const [refColumn] = targetColumns;
    const [own] = fk.columns;
    if (refs.has(own) || targetColumns.length !== 1 || !column(table, own)) {
      if (targetColumns.length !== 1) skip(fk, `it references ${targetColumns.length} columns of ${target.name} with one column.`);
      continue;
    }
    const isKey = target.primaryKey?.length === 1 && target.primaryKey[0] === refColumn;
    const isUnique = target.uniques.some((u) => u.length === 1 && u[0] === refColumn);
    if (!isKey && !isUnique) {
      skip(fk, `${target.name}.${refColumn} is neither its primary key nor unique; the column gets plain values.`);
      continue;
    }
    refs.set(own, { table: target.name, ...(isKey ? {} : { field: refColumn }), reason: `foreign key to ${target.name}.${refColumn}` });
  }
  return refs;
}

/** A composite foreign key holds when any of its columns is NULL (MATCH SIMPLE); when none may be, it cannot be kept. */
function compositeNulls(table: TableModel, byName: Map<string, TableModel>, skipped: SkippedItem[]): Map<string, string> {
  const nulls = new Map<string, string>();
  for (const fk of table.foreignKeys) {
    if (fk.columns.length < 2) continue;
    const name = fk.name ?? `${table.name}(${fk.columns.join(', ')})`;
    const nullable = fk.columns.map((c) => column(table, c)).find((c) => c && !c.notNull && !table.primaryKey?.includes(c.name));
    if (nullable && byName.has(fk.table.toLowerCase())) {
      nulls.set(nullable.name, `always NULL: it is part of the composite foreign key ${name} to ${fk.table}, which a blueprint cannot generate as a whole`);
    } else {
      skipped.push({ kind: 'foreign key', name, reason: `a composite foreign key to ${fk.table} with no nullable column: references to a composite key are not supported, and generated rows may break it.` });
    }
  }
  return nulls;
}

/** Required references that close a cycle (a self-reference, or tables that need each other) are dropped, one per cycle. */
function breakRequiredCycles(schema: SchemaModel, plans: Map<string, TableRelations>, skipped: SkippedItem[]): void {
  const tables = new Map(schema.tables.map((t) => [t.name, t]));
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string): void => {
    state.set(name, 'visiting');
    const table = tables.get(name)!;
    for (const [col, ref] of plans.get(name)!.refs) {
      if (!required(table, col)) continue;
      const next = state.get(ref.table);
      if (next === 'visiting') {
        plans.get(name)!.refs.delete(col);
        skipped.push({ kind: 'foreign key', name: `${name}.${col}`, reason: `a reference cycle of NOT NULL keys${ref.table === name ? ' (to its own table)' : ` through ${ref.table}`}: no row could come first, so ${name}.${col} gets plain values and the key is not kept.` });
      } else if (!next) {
        visit(ref.table);
      }
    }
    state.set(name, 'done');
  };
  for (const table of schema.tables) if (!state.has(table.name)) visit(table.name);
}
