/**
 * How tables nest in a seed call: `seed.users(2, { orders: 3 })`. A table
 * referencing another is a relation of it, named by the child table (or
 * `child_by_field` when the child references it through several fields),
 * unless a field already has that name (then `…_rows`). The generated
 * client's types and the runtime read the same names from here.
 */
import { maxChildren, type SeedPlan, type TablePlan } from '../engine';

export interface Relation {
  /** The name an input uses (`orders`). */
  name: string;
  child: TablePlan;
  /** The child's field referencing the parent. */
  field: number;
  /** Children per parent row the blueprint allows, when the child is sized per parent of this table. */
  perParent?: { min: number; max: number };
}

export function relationsOf({ plan, perParent }: SeedPlan, parent: TablePlan): Relation[] {
  const relations: Relation[] = [];
  const taken = new Set(parent.fields.map((f) => f.name.toLowerCase()));
  for (const child of plan.tables) {
    const links = child.fields.filter((f) => f.ref?.table === parent);
    for (const link of links) {
      let name = links.length === 1 ? child.name : `${child.name}_by_${link.name}`;
      if (taken.has(name.toLowerCase())) name = `${name}_rows`;
      taken.add(name.toLowerCase());
      const rows = perParent[child.name];
      const sized = rows !== undefined && plan.table(rows.perParent) === parent;
      relations.push({ name, child, field: link.index, perParent: sized ? { min: rows.min ?? 0, max: maxChildren(rows) } : undefined });
    }
  }
  return relations;
}

/** The table a per-parent table is sized by, if it is. */
export function perParentOf({ plan, perParent }: SeedPlan, table: TablePlan): TablePlan | undefined {
  const rows = perParent[table.name];
  return rows ? plan.table(rows.perParent) : undefined;
}
