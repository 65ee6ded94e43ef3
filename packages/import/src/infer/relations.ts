/**
 * Foreign keys → `ref` fields, and how many rows each table gets: a child
 * with one required foreign key is sized per parent row, a junction table
 * (a composite key of references) gets a few distinct parents per row of
 * its first parent, lookup tables stay small, and a live database's row
 * estimates set the counts where known. Reference cycles must have a
 * nullable or DEFERRABLE edge (MySQL and SQLite check keys at COMMIT when
 * needed); a PostgreSQL cycle of required keys is refused.
 */
import { badInput } from '@seedbed/engine/errors';
import type { ColumnModel, ForeignKeyModel, SchemaModel, TableModel } from '../schema-model';
import type { SkippedItem } from '../types';
import { required, sizeTables } from './sizes';

export interface RefField {
  table: string;
  /** The referenced column when it is not the target's primary key. */
  field?: string;
  /** The key is DEFERRABLE: checked at COMMIT, so it may close a cycle. */
  deferrable?: boolean;
  /** A column of a composite foreign key: the row the ref field `via` chose. */
  via?: string;
  /** A column shared with another key (a tenant): pick only parents whose `match[own]` points where this row's `own` does. */
  match?: Record<string, string>;
  /** Other tables find this table's rows by it (`match`): the table is sized per row of its target, and it is never NULL. */
  tenant?: boolean;
  /** NOT NULL columns take this one's row (`via`): it is never NULL either. */
  readByRequired?: boolean;
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

export function planRelations(schema: SchemaModel, skipped: SkippedItem[], path = 'input.text'): Map<string, TableRelations> {
  const byName = new Map(schema.tables.map((t) => [t.name.toLowerCase(), t]));
  const plans = new Map<string, TableRelations>();
  const keyedTables = schema.tables.filter((t) => t.primaryKey?.length === 1).map((t) => t.name);
  for (const table of schema.tables) plans.set(table.name, { refs: resolveRefs(table, byName, skipped), alwaysNull: new Map(), rows: 0, rowsReason: '', keyedTables });
  // Composite keys read the single ones of their parents (is `users.org_id` a reference to a tenant?): after them.
  for (const table of schema.tables) plans.get(table.name)!.alwaysNull = compositeRefs(table, byName, plans, skipped);
  // Parents found by tenant: their rows of one tenant must be one range of rows, so they are sized per tenant row.
  for (const plan of plans.values()) {
    for (const ref of plan.refs.values()) {
      const [theirs] = Object.values(ref.match ?? {});
      const tenantRef = theirs === undefined ? undefined : plans.get(ref.table)?.refs.get(theirs);
      if (tenantRef) tenantRef.tenant = true;
    }
  }
  breakRequiredCycles(schema, plans, path);
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
    const reason = fk.implied ? `a reference to ${target.name}.${refColumn} by its name (no foreign key is declared, as in many Rails and MySQL apps)` : `foreign key to ${target.name}.${refColumn}`;
    refs.set(own, { table: target.name, ...(isKey ? {} : { field: refColumn }), ...(fk.deferrable ? { deferrable: true } : {}), reason });
  }
  return refs;
}

/**
 * Composite foreign keys, kept whole: one column picks the parent row (the
 * column that is the parent's own id, not a tenant), the others take the
 * same row's columns (`via`). A column several keys share (a multi-tenant
 * schema's `org_id` in `(org_id, project_id)` and `(org_id, assignee_id)`)
 * is taken once; the other keys then pick among parents of the same tenant
 * (`match`), which needs the tenant to be a reference of the parent (so its
 * rows of one tenant can be found). A key that cannot be kept that way
 * leaves a nullable column NULL (MATCH SIMPLE holds it), else is listed as
 * skipped.
 */
function compositeRefs(table: TableModel, byName: Map<string, TableModel>, plans: Map<string, TableRelations>, skipped: SkippedItem[]): Map<string, string> {
  const refs = plans.get(table.name)!.refs;
  const nulls = new Map<string, string>();
  for (const fk of table.foreignKeys) {
    if (fk.columns.length < 2) continue;
    const name = fk.name ?? `${table.name}(${fk.columns.join(', ')})`;
    const target = byName.get(fk.table.toLowerCase());
    const targetColumns = fk.refColumns.length ? fk.refColumns : target?.primaryKey ?? [];
    const fallback = (why: string) => {
      const nullable = fk.columns.map((c) => column(table, c)).find((c) => c && !c.notNull && !table.primaryKey?.includes(c.name) && !refs.has(c.name));
      if (nullable && target) nulls.set(nullable.name, `always NULL: it is part of the composite foreign key ${name} to ${fk.table}, which ${why}`);
      else skipped.push({ kind: 'foreign key', name, reason: `a composite foreign key to ${fk.table}: ${why}; generated rows may break it.` });
    };
    if (!target || targetColumns.length !== fk.columns.length || fk.columns.some((c) => !column(table, c))) {
      fallback(target ? 'does not name as many columns as it has' : 'is not imported');
      continue;
    }
    const parentOf = new Map(fk.columns.map((c, i) => [c, targetColumns[i]]));
    const targetRefs = plans.get(target.name)?.refs;
    // The picking column: one not taken yet, best the parent's own id rather than a tenant the parent references.
    const free = fk.columns.filter((c) => !refs.has(c));
    const head = free.find((c) => !targetRefs?.has(parentOf.get(c)!)) ?? free[0];
    if (!head) {
      fallback('shares every column with other keys');
      continue;
    }
    const shared = fk.columns.filter((c) => c !== head && refs.has(c));
    if (shared.length > 1) {
      fallback(`shares ${shared.join(' and ')} with other keys; one shared column (a tenant) is kept`);
      continue;
    }
    const reason = `composite foreign key ${name} to ${target.name}(${targetColumns.join(', ')})`;
    if (shared.length === 1) {
      const tenant = shared[0];
      const theirs = parentOf.get(tenant)!;
      const tenantRef = targetRefs?.get(theirs);
      if (!tenantRef || tenantRef.via || tenantRef.match) {
        fallback(`shares ${tenant} with another key, and ${target.name}.${theirs} is not a reference Seedbed generates, so parents of the same ${tenant} cannot be found`);
        continue;
      }
      refs.set(head, { table: target.name, field: parentOf.get(head)!, match: { [tenant]: theirs }, reason: `${reason}, within the row's ${tenant}` });
    } else {
      refs.set(head, { table: target.name, field: parentOf.get(head)!, reason });
    }
    for (const c of fk.columns) if (c !== head && !refs.has(c)) refs.set(c, { table: target.name, field: parentOf.get(c)!, via: head, reason: `${reason}: the same ${target.name} row as ${head}` });
    if (fk.columns.some((c) => c !== head && refs.get(c)?.via === head && column(table, c)!.notNull)) refs.get(head)!.readByRequired = true;
  }
  return nulls;
}

/**
 * Tables that need each other through NOT NULL foreign keys (Sakila's store
 * and staff): no row can be inserted first while every key is checked as it
 * arrives. MySQL and SQLite can check keys at COMMIT instead (a load turns
 * checks off and verifies every key before committing; SQLite defers them),
 * so there the key closing the cycle is marked `deferrable`. PostgreSQL only
 * defers keys declared DEFERRABLE: a cycle of others is the schema's
 * problem, refused with the lines of its keys. A self reference is fine: a
 * row may point at itself or at a row before it.
 */
function breakRequiredCycles(schema: SchemaModel, plans: Map<string, TableRelations>, path: string): void {
  const tables = new Map(schema.tables.map((t) => [t.name, t]));
  const canDefer = schema.dialect !== 'postgres';
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: { table: string; column: string }[] = [];
  const visit = (name: string): void => {
    state.set(name, 'visiting');
    const table = tables.get(name)!;
    for (const [col, ref] of plans.get(name)!.refs) {
      if (!required(table, col) || ref.deferrable || ref.table === name) continue;
      stack.push({ table: name, column: col });
      const next = state.get(ref.table);
      if (next === 'visiting') {
        const loop = stack.slice(stack.findIndex((s) => s.table === ref.table));
        const keys = loop.map((s) => {
          const fk = tables.get(s.table)!.foreignKeys.find((f) => f.columns.includes(s.column));
          return `${s.table}.${s.column}${fk?.where ? ` (${fk.where})` : ''}`;
        });
        const cycle = [...loop.map((s) => s.table), ref.table].join(' → ');
        if (!canDefer) {
          throw badInput(
            path,
            `${keys[0].match(/\((line \d+)\)$/)?.[1] ?? loop[0].table}: ${cycle} reference each other through NOT NULL foreign keys (${keys.join(', ')}), none of them DEFERRABLE: no row could be inserted first. Make one of them nullable or DEFERRABLE INITIALLY DEFERRED.`,
          );
        }
        ref.deferrable = true;
        ref.reason += `; it closes the NOT NULL cycle ${cycle}, so loads check it at COMMIT`;
      } else if (!next) {
        visit(ref.table);
      }
      stack.pop();
    }
    state.set(name, 'done');
  };
  for (const table of schema.tables) if (!state.has(table.name)) visit(table.name);
}
