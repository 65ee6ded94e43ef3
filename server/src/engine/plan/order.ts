import { isPerParent, REF_GENERATOR, type BlueprintDocument } from '../document/types';
import type { DocumentIssue } from '../document/types';

interface Edge {
  from: number;
  to: number;
  path: string;
  /** A nullable reference can be filled after its target exists, so it does not order tables. */
  soft: boolean;
}

function tableIndex(doc: BlueprintDocument): Map<string, number> {
  return new Map(doc.tables.map((t, i) => [t.name.toLowerCase(), i]));
}

function edgesOf(doc: BlueprintDocument): Edge[] {
  const index = tableIndex(doc);
  const edges: Edge[] = [];
  doc.tables.forEach((table, i) => {
    if (isPerParent(table.rows)) {
      const parent = index.get(String(table.rows.perParent).toLowerCase());
      if (parent !== undefined) edges.push({ from: i, to: parent, path: `tables[${i}].rows.perParent`, soft: false });
    }
    table.fields.forEach((field, j) => {
      if (field.generator !== REF_GENERATOR) return;
      const target = index.get(String(field.options?.table ?? '').toLowerCase());
      if (target === undefined || target === i) return;
      edges.push({ from: i, to: target, path: `tables[${i}].fields[${j}].options.table`, soft: (field.nullRate ?? 0) > 0 });
    });
  });
  return edges;
}

/**
 * Tables in generation order: every table after the tables it needs (its
 * per-parent table and non-nullable references), stable in document order.
 * Returns the order, or the issues naming an edge of each unbreakable cycle.
 */
export function tableOrder(doc: BlueprintDocument): { order: number[]; issues: DocumentIssue[] } {
  const n = doc.tables.length;
  const hard = edgesOf(doc).filter((e) => !e.soft);
  const remaining = new Set(Array.from({ length: n }, (_, i) => i));
  const order: number[] = [];
  while (remaining.size) {
    const next = [...remaining].find((i) => !hard.some((e) => e.from === i && remaining.has(e.to)));
    if (next === undefined) break;
    order.push(next);
    remaining.delete(next);
  }
  if (!remaining.size) return { order, issues: [] };
  const cycleEdge = hard.find((e) => remaining.has(e.from) && remaining.has(e.to))!;
  return {
    order,
    issues: [{ path: cycleEdge.path, message: 'reference cycle between tables: make one reference of the cycle nullable (nullRate > 0)' }],
  };
}

/** Whether a reference from table `from` to `to` points at a table generated later (so SQL adds its FK afterwards). */
export function isForwardReference(order: string[], from: string, to: string): boolean {
  return order.indexOf(to) > order.indexOf(from) || from === to;
}
