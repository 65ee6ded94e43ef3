/**
 * Structural validation of a blueprint document (PRODUCT.md §5): its shape,
 * identifiers, unique names, limits, keys, references and reference cycles.
 * Generator ids and options are checked against the catalog separately.
 * Every issue names the path of the offending input.
 */
import Ajv, { type ErrorObject } from 'ajv';
import { blueprintJsonSchema } from './json-schema';
import { isPerParent, REF_GENERATOR, type BlueprintDocument, type DocumentIssue, type TableDef } from './types';

const ajv = new Ajv({ allErrors: true, strict: false });
const checkShape = ajv.compile<BlueprintDocument>(blueprintJsonSchema);

export function validateDocument(input: unknown): DocumentIssue[] {
  if (!checkShape(input)) return shapeIssues(checkShape.errors ?? []);
  const doc = input;
  return [...nameIssues(doc), ...keyIssues(doc), ...referenceIssues(doc), ...cycleIssues(doc)];
}

/** `/tables/0/fields/1/name` → `tables[0].fields[1].name` */
export function toPath(pointer: string, child?: string): string {
  const parts = pointer.split('/').slice(1);
  if (child !== undefined) parts.push(child);
  return parts.reduce((path, part) => (/^\d+$/.test(part) ? `${path}[${part}]` : path ? `${path}.${part}` : part), '');
}

function shapeIssues(errors: ErrorObject[]): DocumentIssue[] {
  const byPath = new Map<string, ErrorObject[]>();
  for (const error of errors) {
    const child =
      error.keyword === 'required' ? (error.params as { missingProperty: string }).missingProperty
      : error.keyword === 'additionalProperties' ? (error.params as { additionalProperty: string }).additionalProperty
      : undefined;
    const path = toPath(error.instancePath, child) || '(document)';
    byPath.set(path, [...(byPath.get(path) ?? []), error]);
  }
  const issues: DocumentIssue[] = [];
  for (const [path, group] of byPath) {
    // A `oneOf` (rows: count or per-parent) reports every branch; keep what is specific.
    const specific = group.filter((e) => e.keyword !== 'oneOf' && e.keyword !== 'type');
    if (specific.length > 0) {
      issues.push({ path, message: describe(specific[0]) });
    } else if (group.some((e) => e.keyword === 'oneOf')) {
      // A per-parent spec with a bad key is reported at that key (`rows.mean`), not as "not a count".
      const deeper = [...byPath.keys()].some((other) => other.startsWith(`${path}.`) || other.startsWith(`${path}[`));
      if (!deeper) issues.push({ path, message: 'must be a row count or { "perParent": table, "min": n, "max": n }' });
    } else {
      issues.push({ path, message: describe(group[0]) });
    }
  }
  return issues;
}

function describe(error: ErrorObject): string {
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'additionalProperties':
      return 'is not a known key';
    case 'pattern':
      return error.instancePath.endsWith('refDate')
        ? 'must be a date such as 2025-01-01'
        : 'must be an SQL identifier: a letter or _, then letters, digits or _ (at most 63)';
    case 'maximum':
      return `must be at most ${(error.params as { limit: number }).limit.toLocaleString('en-US')}`;
    case 'const':
      return `must be ${JSON.stringify((error.params as { allowedValue: unknown }).allowedValue)}`;
    default:
      return error.message ?? 'is invalid';
  }
}

function duplicates<T>(items: T[], name: (item: T) => string, path: (index: number) => string, what: string): DocumentIssue[] {
  const seen = new Map<string, number>();
  const issues: DocumentIssue[] = [];
  items.forEach((item, index) => {
    const key = name(item).toLowerCase();
    const first = seen.get(key);
    if (first === undefined) seen.set(key, index);
    else issues.push({ path: path(index), message: `${what} "${name(item)}" is already used at ${path(first)} (names are case-insensitive)` });
  });
  return issues;
}

function nameIssues(doc: BlueprintDocument): DocumentIssue[] {
  return [
    ...duplicates(doc.tables, (t) => t.name, (i) => `tables[${i}].name`, 'table name'),
    ...doc.tables.flatMap((table, t) =>
      duplicates(table.fields, (f) => f.name, (i) => `tables[${t}].fields[${i}].name`, 'field name'),
    ),
  ];
}

function fieldIndex(table: TableDef, name: string): number {
  const lower = name.toLowerCase();
  return table.fields.findIndex((f) => f.name.toLowerCase() === lower);
}

function keyIssues(doc: BlueprintDocument): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  doc.tables.forEach((table, t) => {
    if (table.primaryKey !== undefined) {
      const k = fieldIndex(table, table.primaryKey);
      if (k < 0) issues.push({ path: `tables[${t}].primaryKey`, message: `names no field of table "${table.name}"` });
      else if ((table.fields[k].nullRate ?? 0) > 0) {
        issues.push({ path: `tables[${t}].fields[${k}].nullRate`, message: 'a primary-key field cannot be nullable' });
      }
    }
    table.fields.forEach((field, f) => {
      if (field.unique && (field.nullRate ?? 0) > 0) {
        issues.push({ path: `tables[${t}].fields[${f}].nullRate`, message: 'a unique field cannot be nullable' });
      }
    });
    if (isPerParent(table.rows) && table.rows.min !== undefined && table.rows.max !== undefined && table.rows.min > table.rows.max) {
      issues.push({ path: `tables[${t}].rows.min`, message: `must be at most max (${table.rows.max})` });
    }
  });
  return issues;
}

function tableIndex(doc: BlueprintDocument, name: unknown): number {
  if (typeof name !== 'string') return -1;
  const lower = name.toLowerCase();
  return doc.tables.findIndex((t) => t.name.toLowerCase() === lower);
}

/** An edge child → parent that must exist before the child's rows can be made. */
interface Edge {
  from: number;
  to: number;
  nullable: boolean;
  path: string;
}

function referenceIssues(doc: BlueprintDocument): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  doc.tables.forEach((table, t) => {
    if (isPerParent(table.rows)) {
      const p = tableIndex(doc, table.rows.perParent);
      if (p < 0) issues.push({ path: `tables[${t}].rows.perParent`, message: `names no table of this blueprint` });
      else if (p === t) issues.push({ path: `tables[${t}].rows.perParent`, message: 'a table cannot be its own parent' });
    }
    table.fields.forEach((field, f) => {
      if (field.generator !== REF_GENERATOR) return;
      const options = field.options ?? {};
      const p = tableIndex(doc, options.table);
      if (p < 0) {
        issues.push({ path: `tables[${t}].fields[${f}].options.table`, message: 'must name a table of this blueprint' });
        return;
      }
      const parent = doc.tables[p];
      const target = options.field ?? parent.primaryKey;
      if (target === undefined) {
        issues.push({ path: `tables[${t}].fields[${f}].options.table`, message: `table "${parent.name}" has no primaryKey to reference` });
        return;
      }
      const k = typeof target === 'string' ? fieldIndex(parent, target) : -1;
      // A primaryKey naming no field is reported at the parent; don't repeat it at every reference.
      if (k < 0 && options.field === undefined) return;
      const isKey = k >= 0 && (parent.fields[k].name.toLowerCase() === parent.primaryKey?.toLowerCase() || parent.fields[k].unique);
      if (!isKey) {
        issues.push({ path: `tables[${t}].fields[${f}].options.field`, message: `must name the primary key or a unique field of "${parent.name}"` });
      }
    });
  });
  return issues;
}

export function dependencyEdges(doc: BlueprintDocument): Edge[] {
  const edges: Edge[] = [];
  doc.tables.forEach((table, t) => {
    if (isPerParent(table.rows)) {
      const p = tableIndex(doc, table.rows.perParent);
      if (p >= 0) edges.push({ from: t, to: p, nullable: false, path: `tables[${t}].rows.perParent` });
    }
    table.fields.forEach((field, f) => {
      if (field.generator !== REF_GENERATOR) return;
      const p = tableIndex(doc, field.options?.table);
      if (p >= 0) edges.push({ from: t, to: p, nullable: (field.nullRate ?? 0) > 0, path: `tables[${t}].fields[${f}].options.table` });
    });
  });
  return edges;
}

/**
 * A cycle of references can only be generated if one of its edges may be
 * NULL (rows are then made first and the edge filled or left empty), so only
 * cycles made entirely of required edges are rejected.
 */
function cycleIssues(doc: BlueprintDocument): DocumentIssue[] {
  const required = dependencyEdges(doc).filter((e) => !e.nullable);
  const out = new Map<number, Edge[]>();
  for (const e of required) out.set(e.from, [...(out.get(e.from) ?? []), e]);

  const state = new Map<number, 'visiting' | 'done'>();
  const stack: Edge[] = [];
  const issues: DocumentIssue[] = [];
  const visit = (node: number): void => {
    state.set(node, 'visiting');
    for (const edge of out.get(node) ?? []) {
      const next = state.get(edge.to);
      if (next === 'visiting') {
        const start = stack.findIndex((e) => e.from === edge.to);
        const cycle = [...stack.slice(start < 0 ? stack.length : start), edge];
        const names = [...cycle.map((e) => doc.tables[e.from].name), doc.tables[edge.to].name].join(' → ');
        issues.push({ path: edge.path, message: `reference cycle ${names}: make one reference of the cycle nullable (nullRate > 0)` });
      } else if (next === undefined) {
        stack.push(edge);
        visit(edge.to);
        stack.pop();
      }
    }
    state.set(node, 'done');
  };
  doc.tables.forEach((_, t) => state.has(t) || visit(t));
  return issues;
}
