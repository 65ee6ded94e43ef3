/**
 * What changed between two blueprint documents: tables and fields added,
 * removed, renamed, moved or changed, with their settings and options. Items
 * are matched by their stable keys (stable-keys.ts), so a rename reads as a
 * rename, not as one field removed and another added; documents without keys
 * match by name. Pure and browser-safe: the editor's History and `seedbed
 * diff` show this same structure.
 */
import { canonicalValue } from './canonical';
import { effectiveKeys } from './stable-keys';
import type { BlueprintDocument, FieldDef, TableDef } from './types';
import { isObject } from './walk';

/** One setting or option that differs: `what` names it (`seed`, `rows`, `options.max`, `field order`). */
export interface ValueChange {
  what: string;
  before?: unknown;
  after?: unknown;
}

export type ChangeKind = 'added' | 'removed' | 'changed';

export interface FieldDiff {
  change: ChangeKind;
  key: string;
  name: string;
  /** The name it had before, when it was renamed. */
  previousName?: string;
  /** Its generator (the new one when it changed). */
  generator: string;
  details: ValueChange[];
}

export interface TableDiff {
  change: ChangeKind;
  key: string;
  name: string;
  previousName?: string;
  /** Fields it has (had, when removed). */
  fieldCount: number;
  details: ValueChange[];
  fields: FieldDiff[];
}

export interface DocumentDiff {
  /** Nothing differs but, at most, the order of object keys. */
  same: boolean;
  /** The document's own settings (name, locale, seed, ...) and its table order. */
  details: ValueChange[];
  /** Tables that differ, in the newer document's order, then those removed. */
  tables: TableDiff[];
}

/** Document keys compared as settings; `tables` is compared table by table. */
const SETTINGS = ['name', 'description', 'locale', 'seed', 'refDate', 'sqlDialect', 'enums', 'domains', 'graphql'] as const;
const TABLE_SETTINGS = ['rows', 'primaryKey', 'unique'] as const;
const FIELD_SETTINGS = ['generator', 'nullRate', 'unique', 'sqlType', 'identity'] as const;

const tablesOf = (doc: unknown): TableDef[] => (isObject(doc) && Array.isArray(doc.tables) ? doc.tables.filter(isObject) : []) as unknown as TableDef[];
const fieldsOf = (table: TableDef | undefined): FieldDef[] => (table && Array.isArray(table.fields) ? table.fields.filter(isObject) : []) as unknown as FieldDef[];
const same = (a: unknown, b: unknown) => JSON.stringify(canonicalValue(a)) === JSON.stringify(canonicalValue(b));

function valueChanges(before: Record<string, unknown>, after: Record<string, unknown>, keys: readonly string[], prefix = ''): ValueChange[] {
  return keys.filter((k) => !same(before[k], after[k])).map((k) => ({ what: `${prefix}${k}`, before: before[k], after: after[k] }));
}

/** Option by option, so a changed `max` says just that. */
function optionChanges(before: FieldDef, after: FieldDef): ValueChange[] {
  const a = isObject(before.options) ? before.options : {};
  const b = isObject(after.options) ? after.options : {};
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return valueChanges(a, b, keys, 'options.');
}

/** The order of the items both sides have, when it differs. */
function orderChange(what: string, before: { key: string; name: string }[], after: { key: string; name: string }[]): ValueChange[] {
  const common = new Set(before.map((i) => i.key).filter((k) => after.some((i) => i.key === k)));
  const a = before.filter((i) => common.has(i.key));
  const b = after.filter((i) => common.has(i.key));
  return a.every((item, i) => item.key === b[i].key) ? [] : [{ what, before: a.map((i) => i.name), after: b.map((i) => i.name) }];
}

interface Keyed<T> {
  key: string;
  name: string;
  item: T;
}

function keyed<T extends { name: unknown; key?: unknown }>(items: T[]): Keyed<T>[] {
  const keys = effectiveKeys(items);
  return items.map((item, i) => ({ key: keys[i], name: typeof item.name === 'string' ? item.name : `(${i + 1})`, item }));
}

/** Pairs of the two sides by key: the newer side's order, then what only the older side has. */
function pair<T>(before: Keyed<T>[], after: Keyed<T>[]): { a?: Keyed<T>; b?: Keyed<T> }[] {
  const old = new Map(before.map((e) => [e.key, e]));
  const pairs: { a?: Keyed<T>; b?: Keyed<T> }[] = after.map((b) => ({ a: old.get(b.key), b }));
  const kept = new Set(after.map((e) => e.key));
  return [...pairs, ...before.filter((e) => !kept.has(e.key)).map((a) => ({ a }))];
}

function fieldDiffs(before: TableDef | undefined, after: TableDef | undefined): FieldDiff[] {
  const diffs: FieldDiff[] = [];
  for (const { a, b } of pair(keyed(fieldsOf(before)), keyed(fieldsOf(after)))) {
    const entry = (b ?? a)!;
    const base = { key: entry.key, name: entry.name, generator: String(entry.item.generator ?? '') };
    if (!a) diffs.push({ ...base, change: 'added', details: [] });
    else if (!b) diffs.push({ ...base, change: 'removed', details: [] });
    else {
      const details = [...valueChanges(a.item as never, b.item as never, FIELD_SETTINGS), ...optionChanges(a.item, b.item)];
      if (a.name !== b.name || details.length) diffs.push({ ...base, change: 'changed', ...(a.name !== b.name ? { previousName: a.name } : {}), details });
    }
  }
  return diffs;
}

/** Everything that differs from `before` to `after`, matched by stable keys. */
export function diffDocuments(before: BlueprintDocument, after: BlueprintDocument): DocumentDiff {
  const a = keyed(tablesOf(before));
  const b = keyed(tablesOf(after));
  const details = [...valueChanges(before as never, after as never, SETTINGS), ...orderChange('table order', a, b)];
  const tables: TableDiff[] = [];
  for (const pairOf of pair(a, b)) {
    const entry = (pairOf.b ?? pairOf.a)!;
    const fields = fieldDiffs(pairOf.a?.item, pairOf.b?.item);
    const base = { key: entry.key, name: entry.name, fieldCount: fieldsOf(entry.item).length };
    if (!pairOf.a) tables.push({ ...base, change: 'added', details: [], fields: [] });
    else if (!pairOf.b) tables.push({ ...base, change: 'removed', details: [], fields: [] });
    else {
      const renamed = pairOf.a.name !== pairOf.b.name;
      const tableDetails = [
        ...valueChanges(pairOf.a.item as never, pairOf.b.item as never, TABLE_SETTINGS),
        ...orderChange('field order', keyed(fieldsOf(pairOf.a.item)), keyed(fieldsOf(pairOf.b.item))),
      ];
      if (renamed || tableDetails.length || fields.length) tables.push({ ...base, change: 'changed', ...(renamed ? { previousName: pairOf.a.name } : {}), details: tableDetails, fields });
    }
  }
  return { same: details.length === 0 && tables.length === 0, details, tables };
}

/** A value as a diff line shows it: rows per parent in words, lists and objects as compact JSON, nothing as "(none)". */
export function describeValue(value: unknown): string {
  if (value === undefined || value === null) return '(none)';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (isObject(value) && typeof value.perParent === 'string') {
    const { perParent, min, max, distribution, mean, exponent } = value as Record<string, unknown>;
    const spread = distribution === 'poisson' ? `poisson mean ${mean}` : distribution === 'zipf' ? `zipf exponent ${exponent}` : `${min ?? 0}–${max ?? min ?? 0}`;
    return `${spread} per ${perParent} row${distribution && distribution !== 'uniform' && max !== undefined ? `, at most ${max}` : ''}`;
  }
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) return value.length ? value.join(', ') : '(none)';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** `what: before → after` */
export function describeChange({ what, before, after }: ValueChange): string {
  return `${what}: ${describeValue(before)} → ${describeValue(after)}`;
}

/** The diff as lines of text (`+` added, `-` removed, `~` changed), as `seedbed diff` prints it. */
export function formatDiff(diff: DocumentDiff): string[] {
  if (diff.same) return ['No differences.'];
  const lines = diff.details.map((d) => `~ ${describeChange(d)}`);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  for (const table of diff.tables) {
    if (table.change === 'added') lines.push(`+ table ${table.name} (${plural(table.fieldCount, 'field')})`);
    else if (table.change === 'removed') lines.push(`- table ${table.name} (${plural(table.fieldCount, 'field')})`);
    else {
      lines.push(`~ table ${table.name}${table.previousName ? ` (renamed from ${table.previousName})` : ''}`);
      for (const d of table.details) lines.push(`    ~ ${describeChange(d)}`);
      for (const field of table.fields) {
        const sign = field.change === 'added' ? '+' : field.change === 'removed' ? '-' : '~';
        const renamed = field.previousName ? ` (renamed from ${field.previousName})` : '';
        const head = `    ${sign} field ${field.name}${renamed}`;
        if (field.change !== 'changed') lines.push(`${head}: ${field.generator}`);
        else lines.push(field.details.length ? `${head}: ${field.details.map(describeChange).join('; ')}` : head);
      }
    }
  }
  return lines;
}
