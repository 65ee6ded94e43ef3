/**
 * Stable keys (PRODUCT.md §10): every table and field carries a `key` that
 * names it for good, while its `name` is only what the data calls it. Cells
 * are addressed by keys, so a rename, a reorder or a move changes no value.
 *
 * A document written before keys existed has none: each table and field then
 * takes its name as its key, which is exactly what cells were addressed by
 * before, so such a document keeps its bytes. Once saved with its keys, a
 * later rename keeps them. Pure and browser-safe: the web client imports it.
 */
import type { BlueprintDocument, DocumentIssue, FieldDef, TableDef } from './types';
import { isObject } from './walk';

/** What a key may be: short, and plain enough to read in a document and to type in a test. */
export const STABLE_KEY_PATTERN = '^[A-Za-z0-9_-]{1,64}$';
const STABLE_KEY = new RegExp(STABLE_KEY_PATTERN);

interface Named {
  name: unknown;
  key?: unknown;
}

/**
 * The key of each item, in order: its own when it has a valid one (the first
 * of a repeated key keeps it), otherwise its name, or `name_2`, `name_3`, …
 * when another item holds that already. Deterministic: the same items always
 * get the same keys.
 */
export function effectiveKeys(items: readonly Named[]): string[] {
  const taken = new Set<string>();
  const own = items.map((item) => {
    const key = typeof item.key === 'string' && STABLE_KEY.test(item.key) && !taken.has(item.key) ? item.key : undefined;
    if (key !== undefined) taken.add(key);
    return key;
  });
  return items.map((item, i) => {
    const given = own[i];
    if (given !== undefined) return given;
    const base = typeof item.name === 'string' ? item.name : `item_${i}`;
    let key = base;
    for (let n = 2; taken.has(key); n++) key = `${base.slice(0, 58)}_${n}`;
    taken.add(key);
    return key;
  });
}

/** Keys of a document's tables, in order. */
export const tableKeysOf = (doc: Pick<BlueprintDocument, 'tables'>): string[] => effectiveKeys(doc.tables);

/** Keys of a table's fields, in order. */
export const fieldKeysOf = (table: Pick<TableDef, 'fields'>): string[] => effectiveKeys(table.fields);

/**
 * The document with every table and field carrying its key (the same object
 * when all have one already): what the server stores, so that later renames
 * keep the keys that address the data.
 */
export function withStableKeys(doc: BlueprintDocument): BlueprintDocument {
  const complete = doc.tables.every((t) => typeof t.key === 'string' && t.fields.every((f) => typeof f.key === 'string'));
  if (complete) return doc;
  const tableKeys = tableKeysOf(doc);
  return {
    ...doc,
    tables: doc.tables.map((table, t): TableDef => {
      const fieldKeys = fieldKeysOf(table);
      return withKeyFirst(table, tableKeys[t], {
        fields: table.fields.map((field, f): FieldDef => withKeyFirst(field, fieldKeys[f], {})),
      });
    }),
  };
}

/** The key first, where a reader looks for it; the rest in the order it was written. */
function withKeyFirst<T extends { key?: string }>(item: T, key: string, changes: Partial<T>): T {
  const { key: _old, ...rest } = item;
  return { key, ...rest, ...changes } as T;
}

/** A key no item of `taken` holds: `k` and 7 random base-36 characters. */
export function freshKey(taken: Iterable<string>, random: () => number = Math.random): string {
  const used = new Set(taken);
  for (;;) {
    let key = 'k';
    for (let i = 0; i < 7; i++) key += Math.floor(random() * 36).toString(36);
    if (!used.has(key)) return key;
  }
}

/**
 * Keys repeated within their scope (the tables of a document, the fields of
 * a table). Their shape is the JSON Schema's to check; keys are compared as
 * written, since they are part of every cell's address.
 */
export function stableKeyIssues(doc: unknown): DocumentIssue[] {
  const tables = isObject(doc) && Array.isArray(doc.tables) ? doc.tables : [];
  const issues = repeated(tables, (t) => `tables[${t}]`, 'table');
  tables.forEach((table, t) => {
    if (isObject(table) && Array.isArray(table.fields)) issues.push(...repeated(table.fields, (f) => `tables[${t}].fields[${f}]`, 'field'));
  });
  return issues;
}

function repeated(items: unknown[], pathOf: (i: number) => string, what: string): DocumentIssue[] {
  const first = new Map<string, number>();
  const issues: DocumentIssue[] = [];
  items.forEach((item, i) => {
    const key = isObject(item) ? item.key : undefined;
    if (typeof key !== 'string') return;
    const at = first.get(key);
    if (at === undefined) first.set(key, i);
    else issues.push({ path: `${pathOf(i)}.key`, message: `${what} key "${key}" is already used at ${pathOf(at)}.key: each ${what} needs its own` });
  });
  return issues;
}
