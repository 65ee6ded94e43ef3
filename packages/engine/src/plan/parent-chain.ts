/**
 * Tables sized per parent (`rows: {perParent: …}`) are laid out under their
 * parent's rows, and so under every ancestor's up the chain. A reference to
 * such an ancestor follows that chain rather than picking a row: an order
 * item's order is the one it was made under.
 */
import type { TableLayout } from './layout';
import type { FieldPlan, Plan, TablePlan } from './types';

/** The layouts from `table` up to `ancestor` (exclusive) when `table` descends from it by per-parent sizing; undefined otherwise. */
export function ancestorChain(plan: Plan, table: TablePlan, ancestor: TablePlan): TableLayout[] | undefined {
  const chain: TableLayout[] = [];
  let current = table;
  while (current.layout.parent) {
    chain.push(current.layout);
    const parent = plan.table(current.layout.parent);
    if (parent === ancestor) return chain;
    current = parent;
  }
  return undefined;
}

/**
 * Whether ref field `field` of `table` takes its row from the parent chain:
 * the table's first reference (in field order) to that ancestor, with
 * neither `via` nor `match`. Another reference to the same table (a
 * message's recipient beside its sender) picks a row of its own: following
 * the chain too, both would be the same row, and `CHECK (sender_id <>
 * recipient_id)` could never hold.
 */
export function followsParentChain(plan: Plan, table: TablePlan, field: FieldPlan): boolean {
  const ref = field.ref;
  if (!ref || ref.via || ref.match || !ancestorChain(plan, table, ref.table)) return false;
  return table.fields.find((f) => f.ref && !f.ref.via && !f.ref.match && f.ref.table === ref.table) === field;
}
