import { isPerParent, REF_GENERATOR, type BlueprintDocument, type DocumentIssue } from '../document/types';
import { fieldEntries, isObject, tableEntries, tableIndexByName } from '../document/walk';

/** A table `from` that needs table `to`: its per-parent table, or the target of a reference. */
export interface Edge {
  from: number;
  to: number;
  /** The input that makes the edge (`tables[1].fields[2].options.table`, `tables[1].rows.perParent`). */
  path: string;
  /** A nullable reference can be filled after its target exists, so it does not order tables. */
  soft: boolean;
  /** The field of a reference edge. */
  field?: string;
}

/** Every edge of a document, read safely (malformed tables and fields are skipped); self references order nothing. */
export function dependencyEdges(doc: unknown): Edge[] {
  const index = tableIndexByName(doc);
  const edges: Edge[] = [];
  for (const { table, index: i } of tableEntries(doc)) {
    const rows = table.rows;
    if (isObject(rows) && isPerParent(rows)) {
      const parent = index.get(String(rows.perParent).toLowerCase());
      if (parent !== undefined && parent !== i) edges.push({ from: i, to: parent, path: `tables[${i}].rows.perParent`, soft: false });
    }
    for (const { field, index: j } of fieldEntries(table)) {
      if (field.generator !== REF_GENERATOR || !isObject(field.options)) continue;
      const target = index.get(String(field.options.table ?? '').toLowerCase());
      if (target === undefined || target === i) continue;
      const soft = typeof field.nullRate === 'number' && field.nullRate > 0;
      edges.push({ from: i, to: target, path: `tables[${i}].fields[${j}].options.table`, soft, field: String(field.name) });
    }
  }
  return edges;
}

/**
 * Tables in generation order: every table after the tables it needs (its
 * per-parent table and non-nullable references), stable in document order.
 * Tables caught in a cycle come last, in document order: validation refuses
 * such documents (`cycleIssues`), so only a caller that skipped it sees them.
 */
export function tableOrder(doc: BlueprintDocument): { order: number[] } {
  const n = doc.tables.length;
  const hard = dependencyEdges(doc).filter((e) => !e.soft);
  const needs = Array.from({ length: n }, () => [] as number[]);
  for (const e of hard) needs[e.from].push(e.to);
  const remaining = new Set(Array.from({ length: n }, (_, i) => i));
  const order: number[] = [];
  for (;;) {
    const next = [...remaining].find((i) => !needs[i].some((to) => remaining.has(to)));
    if (next === undefined) break;
    order.push(next);
    remaining.delete(next);
  }
  return { order: [...order, ...remaining] };
}

/**
 * One issue per group of tables that need each other through required edges
 * only (a strongly connected component): such tables cannot be generated,
 * as each needs the other's rows first. The issue blames the edge that
 * closed the cycle — the one pointing forward in the document (to a table
 * defined later), where an edge pointing back to an earlier table is the
 * usual child → parent link — and names the whole cycle.
 */
export function cycleIssues(doc: unknown): DocumentIssue[] {
  const edges = dependencyEdges(doc).filter((e) => !e.soft);
  const names = new Map(tableEntries(doc).map(({ table, index }) => [index, String(table.name)]));
  const issues: DocumentIssue[] = [];
  for (const component of stronglyConnected(edges)) {
    const inside = edges.filter((e) => component.has(e.from) && component.has(e.to));
    if (!inside.length) continue;
    const forward = inside.filter((e) => e.to > e.from);
    // Every cycle has a forward edge; the last one in the document (edges come in document order) was most likely added last.
    const blamed = (forward.length ? forward : inside).reduce((last, e) => (e.from >= last.from ? e : last));
    const loop = [blamed.from, ...pathBetween(inside, blamed.to, blamed.from)].map((t) => names.get(t));
    const what = blamed.field ? `make "${blamed.field}" nullable (nullRate above 0) or drop it` : 'make one reference of the cycle nullable (nullRate above 0)';
    issues.push({ path: blamed.path, message: `closes a reference cycle ${loop.join(' → ')}: ${what}` });
  }
  return issues;
}

/** Tarjan's strongly connected components of the graph of `edges`. */
function stronglyConnected(edges: Edge[]): Set<number>[] {
  const out = new Map<number, number[]>();
  for (const e of edges) out.set(e.from, [...(out.get(e.from) ?? []), e.to]);
  const index = new Map<number, number>();
  const low = new Map<number, number>();
  const stack: number[] = [];
  const onStack = new Set<number>();
  const components: Set<number>[] = [];
  let counter = 0;
  const visit = (v: number) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of out.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component = new Set<number>();
      let w: number;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.add(w);
      } while (w !== v);
      components.push(component);
    }
  };
  for (const v of [...out.keys()].sort((a, b) => a - b)) if (!index.has(v)) visit(v);
  return components;
}

/** The tables from `from` to `to` along `edges` (breadth first, so the shortest loop is named). */
function pathBetween(edges: Edge[], from: number, to: number): number[] {
  const previous = new Map<number, number>([[from, from]]);
  const queue = [from];
  while (queue.length) {
    const v = queue.shift()!;
    if (v === to) break;
    for (const e of edges) if (e.from === v && !previous.has(e.to)) (previous.set(e.to, v), queue.push(e.to));
  }
  const path = [to];
  while (path[0] !== from) path.unshift(previous.get(path[0])!);
  return path;
}

/** Whether a reference from table `from` to `to` points at a table generated later (so SQL adds its FK afterwards). */
export function isForwardReference(order: string[], from: string, to: string): boolean {
  return order.indexOf(to) > order.indexOf(from) || from === to;
}
