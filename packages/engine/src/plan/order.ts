import { isPerParent, REF_GENERATOR, type BlueprintDocument, type DocumentIssue } from '../document/types';
import { fieldEntries, isObject, tableEntries, tableIndexByName } from '../document/walk';

/** A table `from` that needs table `to`: its per-parent table, or the target of a reference. */
export interface Edge {
  from: number;
  to: number;
  /** The input that makes the edge (`tables[1].fields[2].options.table`, `tables[1].rows.perParent`). */
  path: string;
  /**
   * A nullable reference (or one to a DEFERRABLE key) can be written NULL and
   * set once its target exists, so it may be broken to load a cycle.
   */
  soft: boolean;
  /** The field of a reference edge, and its index. */
  field?: string;
  fieldIndex?: number;
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
      const soft = (typeof field.nullRate === 'number' && field.nullRate > 0) || field.options.deferrable === true;
      edges.push({ from: i, to: target, path: `tables[${i}].fields[${j}].options.table`, soft, field: String(field.name), fieldIndex: j });
    }
  }
  return edges;
}

export interface TableOrder {
  /** Table indexes in load order: every table after the tables it references, where cycles allow. */
  order: number[];
  /**
   * References broken to load a cycle, by table index: their fields are
   * written NULL with the rows, and set by an UPDATE once every table is in
   * (or, for a DEFERRABLE key, written at once and checked at COMMIT).
   */
  deferred: Map<number, number[]>;
}

/**
 * Tables in load order: every table after every table it references —
 * nullable references included, since a database checks a foreign key as
 * soon as a row arrives — stable in document order. Where tables reference
 * each other (a cycle with a nullable edge), the table of the cycle with no
 * required edge left and the fewest nullable ones goes first, and those
 * nullable references are deferred. Tables caught in a cycle of required
 * edges come last, in document order: validation refuses such documents
 * (`cycleIssues`), so only a caller that skipped it sees them.
 */
export function tableOrder(doc: BlueprintDocument): TableOrder {
  const n = doc.tables.length;
  const edges = dependencyEdges(doc);
  const needs = Array.from({ length: n }, () => [] as Edge[]);
  for (const e of edges) needs[e.from].push(e);
  const remaining = new Set(Array.from({ length: n }, (_, i) => i));
  const order: number[] = [];
  const deferred = new Map<number, number[]>();
  const place = (i: number) => {
    order.push(i);
    remaining.delete(i);
  };
  while (remaining.size) {
    const ready = [...remaining].find((i) => !needs[i].some((e) => remaining.has(e.to)));
    if (ready !== undefined) {
      place(ready);
      continue;
    }
    // Stuck: every remaining table waits on another. Break a cycle among the tables that wait only on each other.
    const inside = edges.filter((e) => remaining.has(e.from) && remaining.has(e.to));
    const first = firstComponent(inside, remaining);
    const waits = (i: number) => needs[i].filter((e) => first.has(e.to));
    const candidates = [...first].filter((i) => waits(i).every((e) => e.soft)).sort((a, b) => waits(a).length - waits(b).length || a - b);
    if (!candidates.length) break;
    const chosen = candidates[0];
    for (const e of waits(chosen)) deferred.set(chosen, [...(deferred.get(chosen) ?? []), e.fieldIndex!]);
    place(chosen);
  }
  return { order: [...order, ...[...remaining].sort((a, b) => a - b)], deferred };
}

/** A strongly connected component of `edges` that needs no table outside itself, the one holding the earliest table on a tie. */
function firstComponent(edges: Edge[], nodes: Set<number>): Set<number> {
  const components = stronglyConnected(edges, [...nodes]);
  const closed = components.filter((c) => edges.every((e) => !c.has(e.from) || c.has(e.to)));
  return closed.sort((a, b) => Math.min(...a) - Math.min(...b))[0] ?? new Set(nodes);
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
function stronglyConnected(edges: Edge[], nodes: number[] = []): Set<number>[] {
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
  for (const v of [...new Set([...out.keys(), ...nodes])].sort((a, b) => a - b)) if (!index.has(v)) visit(v);
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
