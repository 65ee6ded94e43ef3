/**
 * How many rows each table gets, from the graph of its references: a child
 * with one required foreign key is sized per parent row, a junction table
 * (a composite key of references) gets a few distinct parents per row of
 * its first parent, lookup tables stay small, and a live database's row
 * estimates set the counts where known.
 */
import type { ColumnModel, TableModel } from '../schema-model';
import { nameTokens, tableTokens } from './name-tokens';
import { PERSON_TABLES } from './name-rules';
import type { Rows, TableRelations } from './relations';

const ROOT_ROWS = 100;
const FACT_ROWS = 200;
const LOOKUP_ROWS = 10;
/** A live table's estimate is a hint of proportions, not an order for millions of rows. */
const ESTIMATE_CAP = 10_000;
const PER_PARENT_CAP = 100;
const LOOKUP_WORDS = new Set(['country', 'language', 'currency', 'category', 'genre', 'tag', 'type', 'kind', 'status', 'role', 'level', 'department', 'region', 'state']);

function column(table: TableModel, name: string): ColumnModel | undefined {
  return table.columns.find((c) => c.name === name);
}

export function required(table: TableModel, columnName: string): boolean {
  const c = column(table, columnName);
  return !!c && (c.notNull || !!table.primaryKey?.includes(columnName));
}

export function sizeTable(table: TableModel, plans: Map<string, TableRelations>, byName: Map<string, TableModel>, referenced: Set<string>): void {
  const plan = plans.get(table.name)!;
  const requiredRefs = [...plan.refs].filter(([col, ref]) => required(table, col) && ref.table !== table.name);
  const estimate = table.rowEstimate && table.rowEstimate > 0 ? Math.min(ESTIMATE_CAP, Math.max(1, Math.round(table.rowEstimate))) : undefined;
  const keyRefs = (table.primaryKey ?? []).filter((c) => plan.refs.has(c));
  // A junction: a composite primary key with two references or more, or without a primary key, a unique key of references only.
  const compositeRefKey = (table.primaryKey?.length ?? 0) > 1 ? (keyRefs.length >= 2 ? keyRefs : undefined) : table.primaryKey ? undefined : table.uniques.find((u) => u.length > 1 && u.every((c) => plan.refs.has(c)));

  if (compositeRefKey && compositeRefKey.length >= 2) {
    const parent = plan.refs.get(compositeRefKey[0])!.table;
    const others = compositeRefKey.slice(1).map((c) => rowsOf(plans.get(plan.refs.get(c)!.table)?.rows));
    const space = Math.min(...others.map((n) => n ?? 3));
    const max = Math.max(1, Math.min(3, space, perParentFromEstimate(table, byName.get(parent.toLowerCase())) ?? 3));
    plan.rows = { perParent: parent, min: 1, max };
    plan.rowsReason = `a junction table: 1–${max} distinct (${compositeRefKey.join(', ')}) pairs per ${parent}`;
    return;
  }
  // An order's lines: the one reference inside a composite primary key names the parent the rows belong to.
  const owner = (table.primaryKey?.length ?? 0) > 1 && keyRefs.length === 1 ? requiredRefs.find(([col]) => col === keyRefs[0]) : undefined;
  if (owner) {
    const [col, ref] = owner;
    const max = perParentFromEstimate(table, byName.get(ref.table.toLowerCase())) ?? 5;
    plan.rows = { perParent: ref.table, min: 1, max };
    plan.rowsReason = `sized per ${ref.table} row (1–${max}): ${col} is part of its primary key`;
    return;
  }
  // A unique reference (one profile per user) allows one row per parent at most, whatever else the table references.
  const oneToOneRef = requiredRefs.find(([col]) => table.uniques.some((u) => u.length === 1 && u[0] === col));
  if (oneToOneRef && requiredRefs.length > 1) {
    const [col, ref] = oneToOneRef;
    plan.rows = { perParent: ref.table, min: 0, max: 1 };
    plan.rowsReason = `at most one row per ${ref.table} row: ${col} is unique`;
    return;
  }
  if (requiredRefs.length === 1) {
    const [col, ref] = requiredRefs[0];
    const oneToOne = table.uniques.some((u) => u.length === 1 && u[0] === col) || (table.primaryKey?.length === 1 && table.primaryKey[0] === col);
    const fromEstimate = perParentFromEstimate(table, byName.get(ref.table.toLowerCase()));
    const max = oneToOne ? 1 : fromEstimate ?? 5;
    plan.rows = { perParent: ref.table, min: 0, max };
    plan.rowsReason = `sized per ${ref.table} row (0–${max}) from its one required foreign key ${col}${fromEstimate && !oneToOne ? ', in the proportion the database shows' : ''}`;
    return;
  }
  if (estimate !== undefined) {
    plan.rows = estimate;
    plan.rowsReason = `the database's estimate (${Math.round(table.rowEstimate!)} rows${table.rowEstimate! > ESTIMATE_CAP ? `, capped at ${ESTIMATE_CAP}` : ''})`;
    return;
  }
  if (requiredRefs.length === 0 && referenced.has(table.name) && isLookup(table)) {
    plan.rows = LOOKUP_ROWS;
    plan.rowsReason = 'a small lookup table other tables reference';
    return;
  }
  plan.rows = requiredRefs.length > 1 ? FACT_ROWS : ROOT_ROWS;
  plan.rowsReason = requiredRefs.length > 1 ? `references ${requiredRefs.length} tables: a fixed count` : 'a table without parents: a fixed count';
}

function rowsOf(rows: Rows | undefined): number | undefined {
  return typeof rows === 'number' ? rows : undefined;
}

function perParentFromEstimate(child: TableModel, parent: TableModel | undefined): number | undefined {
  if (!child.rowEstimate || child.rowEstimate <= 0 || !parent?.rowEstimate || parent.rowEstimate <= 0) return undefined;
  return Math.max(1, Math.min(PER_PARENT_CAP, Math.ceil((2 * child.rowEstimate) / parent.rowEstimate)));
}

/** A table of a few named things others point at (categories, languages), not of people or events. */
function isLookup(table: TableModel): boolean {
  const words = tableTokens(table.name);
  if (words.some((w) => LOOKUP_WORDS.has(w))) return true;
  if (words.some((w) => PERSON_TABLES.has(w))) return false;
  const plain = table.columns.filter((c) => !nameTokens(c.name).some((w) => ['created', 'updated', 'deleted'].includes(w)) && c.name !== 'last_update');
  const named = plain.some((c) => c.type.kind === 'text' && nameTokens(c.name).some((w) => ['name', 'label', 'title', 'code', 'description'].includes(w)));
  return plain.length <= 4 && named;
}
