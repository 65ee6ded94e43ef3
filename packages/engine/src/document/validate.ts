/**
 * Structural validation of a blueprint document (PRODUCT.md §5): its shape,
 * identifiers, unique names, limits, keys, references and reference cycles.
 * Generator ids and options are checked against the catalog separately.
 * Every issue names the path of the offending input, and every check runs
 * on whatever part of the document it can read: a badly formed table name
 * does not hide a duplicate field name, nor one table's problems another's.
 */
import type { ErrorObject } from 'ajv';
import { shapeCheck } from './shape-check';
import { graphqlKeyIssues } from './sdl-mapping';
import { stableKeyIssues } from './stable-keys';
import { isPerParent, REF_GENERATOR, singlePrimaryKey, type DocumentIssue, type FieldDef, type TableDef } from './types';
import { fieldEntries, isObject, tableEntries, tableIndexByName } from './walk';
import { cycleIssues } from '../plan/order';
import { describeAjvError, formatLimit } from '../validate/messages';

export function validateDocument(input: unknown): DocumentIssue[] {
  if (!isObject(input)) return [{ path: '(document)', message: 'must be a JSON object with "seedbed", "name" and "tables"' }];
  const checkShape = shapeCheck();
  const shape = checkShape(input) ? [] : shapeIssues(checkShape.errors ?? []);
  return [...shape, ...nameIssues(input), ...stableKeyIssues(input), ...keyIssues(input), ...referenceIssues(input), ...cycleIssues(input), ...graphqlKeyIssues(input)];
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
    const deeper = [...byPath.keys()].some((other) => other.startsWith(`${path}.`) || other.startsWith(`${path}[`));
    // `oneOf`/`anyOf` (rows: a count or per parent; a key: a name or a list) report every branch: say what is specific.
    const alternatives = group.find((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf');
    if (alternatives) {
      if (!deeper) issues.push({ path, message: alternativesMessage(path, alternatives.data, group) });
      continue;
    }
    issues.push({ path, message: describeAjvError(group[0], path) });
  }
  return issues;
}

/** What a value given where one of several shapes fits should have been. */
function alternativesMessage(path: string, value: unknown, group: ErrorObject[]): string {
  if (path.endsWith('.rows')) {
    if (typeof value === 'number') {
      if (!Number.isInteger(value)) return 'must be a whole number of rows';
      if (value < 0) return 'must be 0 or more';
      return `must be at most ${formatLimit(Number.MAX_SAFE_INTEGER)}`;
    }
    return 'must be a number of rows, or rows per row of a parent table (perParent, min, max)';
  }
  if (path.endsWith('.primaryKey')) return 'must be a field name, or a list of field names for a composite key';
  const specific = group.find((e) => e.keyword !== 'oneOf' && e.keyword !== 'anyOf' && e.keyword !== 'type');
  return specific ? describeAjvError(specific, path) : 'is not valid here';
}

function duplicates<T>(items: T[], name: (item: T) => string, path: (item: T) => string, what: string): DocumentIssue[] {
  const seen = new Map<string, T>();
  const issues: DocumentIssue[] = [];
  for (const item of items) {
    const key = name(item).toLowerCase();
    const first = seen.get(key);
    if (first === undefined) seen.set(key, item);
    else issues.push({ path: path(item), message: `${what} "${name(item)}" is already used at ${path(first)} (names are case-insensitive)` });
  }
  return issues;
}

/** Names as SQL writes them (quoted, so exact): two tables of one schema, or two columns of one table, cannot share one. */
function sqlNameIssues(doc: Record<string, unknown>): DocumentIssue[] {
  const exact = <T>(items: T[], name: (item: T) => string, path: (item: T) => string, what: string): DocumentIssue[] => {
    const seen = new Map<string, T>();
    const issues: DocumentIssue[] = [];
    for (const item of items) {
      const first = seen.get(name(item));
      if (first === undefined) seen.set(name(item), item);
      else issues.push({ path: path(item), message: `${what} "${name(item)}" in SQL is already ${path(first)}'s` });
    }
    return issues;
  };
  const tables = tableEntries(doc).filter((e) => typeof e.table.name === 'string');
  return [
    ...exact(tables, (e) => `${e.table.schema ?? ''}.${e.table.sqlName ?? e.table.name}`, (e) => `tables[${e.index}].${e.table.sqlName ? 'sqlName' : 'name'}`, 'table'),
    ...tables.flatMap(({ table, index: t }) =>
      exact(fieldEntries(table).filter((e) => typeof e.field.name === 'string'), (e) => e.field.sqlName ?? e.field.name, (e) => `tables[${t}].fields[${e.index}].${e.field.sqlName ? 'sqlName' : 'name'}`, 'column'),
    ),
  ].map((issue) => ({ ...issue, message: issue.message.replace(/^table "[^"]*\.(.*)" in SQL/, 'table "$1" in SQL') }));
}

function nameIssues(doc: Record<string, unknown>): DocumentIssue[] {
  const tables = tableEntries(doc).filter((e) => typeof e.table.name === 'string');
  return [
    ...sqlNameIssues(doc),
    ...duplicates(tables, (e) => e.table.name, (e) => `tables[${e.index}].name`, 'table name'),
    ...tableEntries(doc).flatMap(({ table, index: t }) =>
      duplicates(fieldEntries(table).filter((e) => typeof e.field.name === 'string'), (e) => e.field.name, (e) => `tables[${t}].fields[${e.index}].name`, 'field name'),
    ),
  ];
}

/** The single field a reference points at by default: the primary key when it is one field. */
const singleKey = (table: TableDef): string | undefined => singlePrimaryKey(table);

function fieldIndex(table: TableDef, name: string): number {
  const lower = name.toLowerCase();
  return fieldEntries(table).find((e) => typeof e.field.name === 'string' && e.field.name.toLowerCase() === lower)?.index ?? -1;
}

/** A null rate that makes NULLs; one outside [0, 1] is the shape's to report. */
const nullable = (value: unknown) => typeof value === 'number' && value > 0 && value <= 1;

function keyIssues(doc: Record<string, unknown>): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  for (const { table, index: t } of tableEntries(doc)) {
    const fields = Array.isArray(table.fields) ? table.fields : [];
    // A composite key (a list) is checked with the other keys in validate/keys.ts.
    if (typeof table.primaryKey === 'string' && Array.isArray(table.fields)) {
      const k = fieldIndex(table, table.primaryKey);
      if (k < 0) issues.push({ path: `tables[${t}].primaryKey`, message: `names no field of table "${table.name}"` });
      else if (nullable(fields[k].nullRate)) issues.push({ path: `tables[${t}].fields[${k}].nullRate`, message: 'a primary-key field cannot be nullable' });
    }
    for (const { field, index: f } of fieldEntries(table)) {
      if (field.unique === true && nullable(field.nullRate)) issues.push({ path: `tables[${t}].fields[${f}].nullRate`, message: 'a unique field cannot be nullable' });
    }
    const rows = table.rows;
    if (isObject(rows) && isPerParent(rows) && typeof rows.min === 'number' && typeof rows.max === 'number' && rows.min > rows.max) {
      issues.push({ path: `tables[${t}].rows.min`, message: `must be at most max (${formatLimit(rows.max)})` });
    }
  }
  return issues;
}

/** Says which name was not found, and which tables there are (the first few). */
function unknownTable(name: unknown, doc: Record<string, unknown>): string {
  const tables = tableEntries(doc).map((e) => e.table.name).filter((n) => typeof n === 'string');
  const some = tables.length > 6 ? `${tables.slice(0, 6).join(', ')}, …` : tables.join(', ');
  return `must name a table of this blueprint: there is no table ${JSON.stringify(name)}${tables.length ? ` (its tables: ${some})` : ''}`;
}

function referenceIssues(doc: Record<string, unknown>): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const byName = tableIndexByName(doc);
  const tables = doc.tables as TableDef[];
  const indexOf = (name: unknown) => (typeof name === 'string' ? byName.get(name.toLowerCase()) ?? -1 : -1);
  for (const { table, index: t } of tableEntries(doc)) {
    const rows = table.rows;
    if (isObject(rows) && isPerParent(rows) && typeof rows.perParent === 'string') {
      const p = indexOf(rows.perParent);
      if (p < 0) issues.push({ path: `tables[${t}].rows.perParent`, message: 'names no table of this blueprint' });
      else if (p === t) issues.push({ path: `tables[${t}].rows.perParent`, message: 'a table cannot be its own parent' });
    }
    for (const { field, index: f } of fieldEntries(table)) {
      if (field.generator !== REF_GENERATOR) continue;
      const options = isObject(field.options) ? field.options : {};
      const base = `tables[${t}].fields[${f}].options`;
      const p = indexOf(options.table);
      if (p < 0) {
        issues.push({ path: `${base}.table`, message: options.table === undefined ? 'is required: the table this field references' : unknownTable(options.table, doc) });
        continue;
      }
      const parent = tables[p];
      const target = options.field ?? singleKey(parent);
      if (target === undefined && Array.isArray(parent.primaryKey) && parent.primaryKey.length > 1) {
        issues.push({ path: `${base}.field`, message: `table "${parent.name}" has a composite primary key: name one of its unique fields` });
        continue;
      }
      if (target === undefined) {
        issues.push({ path: `${base}.table`, message: `table "${parent.name}" has no primaryKey to reference: give it one, or name a unique field with "field"` });
        continue;
      }
      const k = typeof target === 'string' ? fieldIndex(parent, target) : -1;
      // A primaryKey naming no field is reported at the parent; don't repeat it at every reference.
      if (k < 0 && options.field === undefined) continue;
      const key = k >= 0 ? parent.fields[k] : undefined;
      // Part of a composite reference (a key over several columns), any column of the parent's key will do.
      const composite = typeof options.via === 'string' || isObject(options.match) || inCompositeKey(parent, String(target));
      const isKey = key !== undefined && (composite || key.name.toLowerCase() === singleKey(parent)?.toLowerCase() || key.unique === true);
      if (!isKey) issues.push({ path: `${base}.field`, message: `must name the primary key or a unique field of "${parent.name}"` });
      issues.push(...compositeIssues(table, field, options, parent, base));
    }
  }
  return issues;
}

/** Whether a field is one column of the parent's composite primary key or of a composite unique key. */
function inCompositeKey(parent: TableDef, name: string): boolean {
  const lower = name.toLowerCase();
  const keys = [Array.isArray(parent.primaryKey) ? parent.primaryKey : [], ...(Array.isArray(parent.unique) ? parent.unique : [])];
  return keys.some((key) => Array.isArray(key) && key.length > 1 && key.some((n) => typeof n === 'string' && n.toLowerCase() === lower));
}

/** `via` names a ref field of this table picking the same table itself; `match` pairs a ref field of this table with a ref field of the parent. */
function compositeIssues(table: TableDef, field: FieldDef, options: Record<string, unknown>, parent: TableDef, base: string): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const own = (name: string) => fieldEntries(table).find((e) => typeof e.field.name === 'string' && e.field.name.toLowerCase() === name.toLowerCase())?.field;
  const pointsAt = (f: FieldDef | undefined, t: TableDef) => f?.generator === REF_GENERATOR && isObject(f.options) && String(f.options.table ?? '').toLowerCase() === String(t.name).toLowerCase();
  if (typeof options.via === 'string') {
    const via = own(options.via);
    if (via === field) issues.push({ path: `${base}.via`, message: 'cannot name the field itself' });
    else if (!pointsAt(via, parent) || (isObject(via!.options) && via!.options.via !== undefined)) {
      issues.push({ path: `${base}.via`, message: `must name a ref field of this table that picks a row of "${parent.name}" itself` });
    }
    if (options.match !== undefined) issues.push({ path: `${base}.match`, message: 'a field taken via another picks no row of its own: give match to the field it is taken via' });
  }
  if (isObject(options.match)) {
    for (const [mine, theirs] of Object.entries(options.match)) {
      const ownField = own(mine);
      if (!ownField || ownField.generator !== REF_GENERATOR) issues.push({ path: `${base}.match`, message: `"${mine}" must be a ref field of this table` });
      else if (ownField === field) issues.push({ path: `${base}.match`, message: 'cannot match the field itself' });
      const parentField = typeof theirs === 'string' ? fieldEntries(parent).find((e) => e.field.name?.toLowerCase?.() === theirs.toLowerCase())?.field : undefined;
      if (!parentField || parentField.generator !== REF_GENERATOR) issues.push({ path: `${base}.match`, message: `"${parent.name}.${String(theirs)}" must be a ref field` });
    }
  }
  return issues;
}
