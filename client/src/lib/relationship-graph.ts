/**
 * The relationship graph of a blueprint document: tables as nodes, `ref`
 * fields and per-parent row counts as edges, laid out in layers (parents above
 * children) with every coordinate computed here, so the component only draws.
 * Pure and deterministic: the same document always gives the same picture.
 */
import { isPerParent, REF_GENERATOR, type BlueprintDocument, type TableDef } from './blueprint-document';

export const NODE_WIDTH = 176;
export const NODE_HEIGHT = 64;
const LAYER_GAP = 84;
const NODE_GAP = 36;
const PADDING = 16;
const LOOP_REACH = 36;
/** Rough width of one character of a 12px edge label, to keep labels inside the picture. */
const LABEL_CHAR = 6.6;
const LABEL_MAX = 22;

export interface GraphNode {
  /** Index of the table in the document. */
  index: number;
  name: string;
  /** `1,000 rows` or `per users`. */
  rows: string;
  fields: string;
  layer: number;
  /** Top-left corner. */
  x: number;
  y: number;
}

export interface GraphEdge {
  kind: 'ref' | 'perParent';
  /** The child table (the one holding the field or sized per parent row). */
  from: number;
  /** The referenced or parent table. */
  to: number;
  /** The `ref` field's name, `per parent` or `min–max`. */
  label: string;
  /** A nullable reference (nullRate > 0). */
  dashed: boolean;
  self: boolean;
  /** Left out of the layering because it would close a cycle. */
  closesCycle: boolean;
  /** `orders.user_id → users`, `orders: rows per users`. */
  text: string;
  /** SVG path from child to parent (the arrowhead ends at the parent). */
  path: string;
  labelX: number;
  labelY: number;
  labelAnchor: 'start' | 'end';
}

export interface RelationshipGraph {
  nodes: GraphNode[];
  edges: GraphEdge[];
  viewBox: { x: number; y: number; width: number; height: number };
}

export const tableLabel = (table: TableDef, index: number) => table.name || `(table ${index + 1})`;
export const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const plural = (n: number, word: string) => `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;

function rowsSummary(table: TableDef): string {
  if (isPerParent(table.rows)) return `per ${table.rows.perParent || '?'}`;
  return Number.isFinite(table.rows) ? plural(table.rows, 'row') : 'rows not set';
}

type Relation = Pick<GraphEdge, 'kind' | 'from' | 'to' | 'label' | 'dashed' | 'self' | 'text'>;

/** Edges of the document, in document order; names that match no table give no edge (the issue list reports them). */
function relationsOf(tables: readonly TableDef[]): Relation[] {
  // Table names compare case-insensitively, as the server does; the first of duplicate names wins.
  const byName = new Map<string, number>();
  tables.forEach((t, i) => {
    if (!byName.has(t.name.toLowerCase())) byName.set(t.name.toLowerCase(), i);
  });
  const find = (name: unknown) => (typeof name === 'string' ? byName.get(name.toLowerCase()) : undefined);
  const relations: Relation[] = [];
  tables.forEach((table, from) => {
    const child = tableLabel(table, from);
    if (isPerParent(table.rows)) {
      const to = find(table.rows.perParent);
      const { min, max, distribution } = table.rows;
      const range = (distribution ?? 'uniform') === 'uniform' && typeof max === 'number' ? `${min ?? 0}–${max}` : undefined;
      if (to !== undefined) {
        const parent = tableLabel(tables[to], to);
        relations.push({ kind: 'perParent', from, to, label: range ?? 'per parent', dashed: false, self: from === to, text: `${child}: rows per ${parent}${range ? ` (${range} each)` : ''}` });
      }
    }
    for (const field of table.fields) {
      if (field.generator !== REF_GENERATOR) continue;
      const to = find(field.options?.table);
      if (to === undefined) continue;
      const dashed = (field.nullRate ?? 0) > 0;
      const text = `${child}.${field.name} → ${tableLabel(tables[to], to)}${dashed ? ' (nullable)' : ''}`;
      relations.push({ kind: 'ref', from, to, label: field.name, dashed, self: from === to, text });
    }
  });
  return relations;
}

/**
 * Layers by dependency depth. Required edges are laid first, nullable ones after,
 * and any edge that would close a cycle is left out of the layering, so the
 * parents graph stays acyclic and every walk below terminates.
 */
function layersOf(count: number, relations: readonly Relation[]): { layer: number[]; cyclic: Set<Relation>; parents: number[][] } {
  const parents: number[][] = Array.from({ length: count }, () => []);
  const dependsOn = (from: number, target: number): boolean => {
    const seen = new Set<number>();
    const stack = [from];
    while (stack.length) {
      const t = stack.pop()!;
      if (t === target) return true;
      if (seen.has(t)) continue;
      seen.add(t);
      stack.push(...parents[t]);
    }
    return false;
  };
  const cyclic = new Set<Relation>();
  const ordered = [...relations.filter((r) => !r.dashed), ...relations.filter((r) => r.dashed)];
  for (const r of ordered) {
    if (r.self) continue;
    if (dependsOn(r.to, r.from)) cyclic.add(r);
    else if (!parents[r.from].includes(r.to)) parents[r.from].push(r.to);
  }
  const layer: number[] = new Array(count).fill(-1);
  const depth = (t: number): number => {
    if (layer[t] < 0) layer[t] = parents[t].reduce((deepest, p) => Math.max(deepest, depth(p) + 1), 0);
    return layer[t];
  };
  for (let t = 0; t < count; t++) depth(t);
  return { layer, cyclic, parents };
}

const labelWidth = (label: string) => clip(label, LABEL_MAX).length * LABEL_CHAR;

interface Box {
  left: number;
  right: number;
  top: number;
  bottom: number;
}

function labelBox(x: number, y: number, anchor: 'start' | 'end', label: string): Box {
  const width = labelWidth(label);
  return { left: anchor === 'end' ? x - width : x, right: anchor === 'end' ? x : x + width, top: y - 8, bottom: y + 8 };
}

const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

export function relationshipGraph(document: Pick<BlueprintDocument, 'tables'>): RelationshipGraph {
  const { tables } = document;
  const relations = relationsOf(tables);
  const { layer, cyclic, parents } = layersOf(tables.length, relations);

  // A table with a self-reference needs room on its right for the loop and its label.
  const extra = tables.map((_, i) =>
    relations.filter((r) => r.self && r.from === i).reduce((w, r) => Math.max(w, LOOP_REACH + 4 + labelWidth(r.label)), 0),
  );

  // Order each layer by the mean position of its parents (fewer crossings), ties in document order.
  const rows: number[][] = [];
  const position = new Map<number, number>();
  for (let l = 0; tables.some((_, i) => layer[i] === l); l++) {
    const members = tables.map((_, i) => i).filter((i) => layer[i] === l);
    const key = (i: number) => (parents[i].length ? parents[i].reduce((s, p) => s + position.get(p)!, 0) / parents[i].length : 0);
    if (l > 0) members.sort((a, b) => key(a) - key(b) || a - b);
    members.forEach((i, k) => position.set(i, k / Math.max(1, members.length - 1)));
    rows.push(members);
  }

  const rowWidth = (members: number[]) => members.reduce((w, i) => w + NODE_WIDTH + extra[i], 0) + NODE_GAP * Math.max(0, members.length - 1);
  const contentWidth = Math.max(NODE_WIDTH, ...rows.map(rowWidth));
  const nodes: GraphNode[] = [];
  rows.forEach((members, l) => {
    let x = (contentWidth - rowWidth(members)) / 2;
    for (const i of members) {
      const table = tables[i];
      nodes.push({ index: i, name: tableLabel(table, i), rows: rowsSummary(table), fields: plural(table.fields.length, 'field'), layer: l, x, y: l * (NODE_HEIGHT + LAYER_GAP) });
      x += NODE_WIDTH + extra[i] + NODE_GAP;
    }
  });
  const nodeOf = new Map(nodes.map((n) => [n.index, n]));
  const centre = (i: number) => nodeOf.get(i)!.x + NODE_WIDTH / 2;

  // Ports: each edge leaves its child's top (or bottom) and enters its parent's bottom (or top),
  // spread along the side in the order of the other end, so parallel edges do not overlap.
  const ports = new Map<string, { edge: number; other: number }[]>();
  const sides = relations.map((r) => (r.self ? null : layer[r.to] <= layer[r.from] ? { from: 'top', to: 'bottom' } : { from: 'bottom', to: 'top' }));
  relations.forEach((r, e) => {
    const side = sides[e];
    if (!side) return;
    for (const [node, s, other] of [[r.from, side.from, r.to], [r.to, side.to, r.from]] as const) {
      const list = ports.get(`${node}:${s}`) ?? [];
      list.push({ edge: e, other: centre(other) });
      ports.set(`${node}:${s}`, list);
    }
  });
  const offset = new Map<string, number>();
  for (const [key, list] of ports) {
    list.sort((a, b) => a.other - b.other || a.edge - b.edge);
    const step = Math.min(28, (NODE_WIDTH - 24) / list.length);
    list.forEach((p, k) => offset.set(`${key}:${p.edge}`, (k - (list.length - 1) / 2) * step));
  }

  // Labels go where they overlap no table and no label placed before them: along the curve
  // (middle first, then towards either end), beside it on the preferred side first.
  const taken: Box[] = nodes.map((n) => ({ left: n.x - 2, right: n.x + NODE_WIDTH + 2, top: n.y - 2, bottom: n.y + NODE_HEIGHT + 2 }));
  const edges: GraphEdge[] = relations.map((r, e) => {
    const a = nodeOf.get(r.from)!;
    const common = { ...r, closesCycle: cyclic.has(r) };
    const side = sides[e];
    if (!side) {
      const x = a.x + NODE_WIDTH;
      const cy = a.y + NODE_HEIGHT / 2;
      const path = `M ${x} ${cy - 12} C ${x + LOOP_REACH} ${cy - 34} ${x + LOOP_REACH} ${cy + 34} ${x} ${cy + 12}`;
      taken.push(labelBox(x + LOOP_REACH + 4, cy, 'start', r.label));
      return { ...common, path, labelX: x + LOOP_REACH + 4, labelY: cy, labelAnchor: 'start' };
    }
    const b = nodeOf.get(r.to)!;
    const fromOffset = offset.get(`${r.from}:${side.from}:${e}`)!;
    const sx = centre(r.from) + fromOffset;
    const sy = side.from === 'top' ? a.y : a.y + NODE_HEIGHT;
    const tx = centre(r.to) + offset.get(`${r.to}:${side.to}:${e}`)!;
    const ty = side.to === 'top' ? b.y : b.y + NODE_HEIGHT;
    const my = (sy + ty) / 2;
    const preferred = fromOffset < 0 ? 'end' : 'start';
    const candidates = [0.5, 0.3, 0.7, 0.15, 0.85].flatMap((t) => {
      // The curve's control points are (sx, my) and (tx, my): x(t) and y(t) of that cubic.
      const u = 1 - t;
      const px = sx * (u ** 3 + 3 * u * u * t) + tx * (3 * u * t * t + t ** 3);
      const py = sy * u ** 3 + my * 3 * u * t + ty * t ** 3;
      return (preferred === 'start' ? ['start', 'end'] : ['end', 'start']).map((anchor) => {
        const labelX = px + (anchor === 'end' ? -6 : 6);
        return { labelX, labelY: py, labelAnchor: anchor as 'start' | 'end', box: labelBox(labelX, py, anchor as 'start' | 'end', r.label) };
      });
    });
    const free = candidates.find((c) => !taken.some((box) => overlaps(box, c.box))) ?? candidates[0];
    taken.push(free.box);
    const { box: _box, ...label } = free;
    return { ...common, path: `M ${sx} ${sy} C ${sx} ${my} ${tx} ${my} ${tx} ${ty}`, ...label };
  });
  const minX = Math.min(0, ...taken.map((box) => box.left));
  const maxX = Math.max(contentWidth, ...taken.map((box) => box.right));

  const height = rows.length ? rows.length * NODE_HEIGHT + (rows.length - 1) * LAYER_GAP : NODE_HEIGHT;
  return {
    nodes,
    edges,
    viewBox: { x: minX - PADDING, y: -PADDING, width: maxX - minX + 2 * PADDING, height: height + 2 * PADDING },
  };
}

/** Edge labels are clipped for the picture; the text list carries the full names. */
export const edgeLabel = (label: string) => clip(label, LABEL_MAX);
