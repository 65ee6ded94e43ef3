/**
 * The foreign keys a blueprint's own DDL declares: one per reference, a
 * composite one where ref fields share a parent row (`via`) or a tenant
 * (`match`), and only where the parent has a key over exactly those columns
 * (a database refuses a foreign key to columns that are not a key). Which of
 * them can be declared with the table and which must wait for rows.
 */
import type { Dialect } from '../generators/types';
import type { FieldPlan, Plan, TablePlan } from '../plan/types';
import { isForwardReference } from '../plan/order';
import { columnName, qualifiedName } from './sql-names';

export interface ReferenceKey {
  /** The ref field that picks the parent row. */
  head: FieldPlan;
  fields: FieldPlan[];
  parent: TablePlan;
  parentFields: FieldPlan[];
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((n) => b.includes(n));

/** Whether the parent has a primary or unique key over exactly these fields. */
function isKeyOf(parent: TablePlan, fields: FieldPlan[]): boolean {
  const names = fields.map((f) => f.name);
  if (names.length === 1 && fields[0].unique) return true;
  if (parent.keyFields.length && sameSet(parent.keyFields, names)) return true;
  return parent.uniqueKeys.some((key) => sameSet(key, names));
}

/** The table's references as foreign keys, each ref field in one of them at most. */
export function referenceKeys(table: TablePlan): ReferenceKey[] {
  const keys: ReferenceKey[] = [];
  for (const head of table.fields) {
    const ref = head.ref;
    if (!ref || ref.via) continue;
    const columns = table.fields.filter((f) => f.ref?.via === head);
    const fields = [...(ref.match ? [ref.match.own] : []), head, ...columns];
    const parentFields = [...(ref.match ? [ref.match.parent] : []), ref.field, ...columns.map((f) => f.ref!.field)];
    if (isKeyOf(ref.table, parentFields)) keys.push({ head, fields, parent: ref.table, parentFields });
  }
  return keys;
}

export function foreignKeyClause(key: ReferenceKey, dialect: Dialect): string {
  const list = (fields: FieldPlan[]) => fields.map((f) => columnName(f, dialect)).join(', ');
  return `FOREIGN KEY (${list(key.fields)}) REFERENCES ${qualifiedName(key.parent, dialect)} (${list(key.parentFields)})`;
}

/**
 * Whether a key must wait for rows: its table is created later (a cycle
 * broken by deferring it), or it is a one-to-one reference into its own
 * table, whose rows may point at rows inserted after them. Other self
 * references point at earlier rows only, and are declared inline.
 */
export function keyWaits(plan: Plan, table: TablePlan, key: ReferenceKey): boolean {
  if (key.parent === table) return key.head.unique && !key.head.deferred;
  return isForwardReference(plan.order, table.name, key.parent.name);
}

/**
 * Foreign keys that cannot be declared in CREATE TABLE (see `keyWaits`):
 * added once the rows exist. SQLite cannot add constraints afterwards, so
 * there they are declared deferred instead (see `createTable`).
 */
export function deferredForeignKeys(plan: Plan, table: TablePlan, dialect: Dialect, which: 'self' | 'later'): string {
  if (dialect === 'sqlite') return '';
  let out = '';
  for (const key of referenceKeys(table)) {
    if (!keyWaits(plan, table, key)) continue;
    if ((key.parent === table) === (which === 'self')) out += `ALTER TABLE ${qualifiedName(table, dialect)} ADD ${foreignKeyClause(key, dialect)};\n`;
  }
  return out;
}
