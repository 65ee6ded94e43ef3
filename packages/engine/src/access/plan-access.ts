import type { Value } from '../generators/types';
import type { FieldPlan, Plan, TablePlan } from '../plan/types';
import type { TableLayout } from '../plan/layout';
import { closureOf, RowGenerator, rowsReplayedFor } from '../plan/row-generator';
import { EngineError } from '../errors';
import { formatCount } from '../cell-limits';
import { uuidRowOf } from './uuid-inverse';
import { descendantRange } from './child-range';
import { ancestorChain, followsParentChain } from '../plan/parent-chain';

export interface PlanAccessOptions {
  /**
   * Rows a read may replay before the row asked for (retry-unique fields, whose
   * values depend on every earlier row). Unset: no bound (CLI).
   */
  maxReplay?: number;
  /** Rows a key index or a scan may read (PRODUCT.md §9: 100,000 for the mock API). Unset: 100,000. */
  maxScan?: number;
}

/** How `rowOfKey` finds a key: arithmetic, inverting the uuid's hash chain, or an index built on first use. */
export type KeyLookup = 'sequence' | 'uuid' | 'indexed';

export const DEFAULT_MAX_SCAN = 100_000;
const UUID_GENERATORS = new Set(['uuid', 'string.uuid']);
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A filter or index that would read more rows than allowed: BAD_USER_INPUT with the reason. */
export function scanLimit(path: string, what: string, rows: number, maxScan: number): EngineError {
  return new EngineError('BAD_USER_INPUT', `${what} would scan ${formatCount(rows)} rows; at most ${formatCount(maxScan)} may be scanned per request`, path);
}

/**
 * Random access to a plan's rows: a row by index, a row by its key, the rows
 * of a per-parent table under one parent row, a table's row count — each
 * without generating the rows before it (bar retry-unique fields, which
 * replay within `maxReplay`), and each the very values `previewRows` and
 * `streamTable` give for the same plan.
 *
 * Keys: a `sequence` key is inverted by arithmetic; a `uuid` key by undoing
 * the hash chain that drew it (exact, no memory); any other key through an
 * index of key → row built on first use over at most `maxScan` rows — a key
 * of a larger table answers BAD_USER_INPUT saying so.
 */
export class PlanAccess {
  private readonly generators = new Map<TablePlan, RowGenerator>();
  private readonly readers = new Map<TablePlan, Map<number, RowGenerator>>();
  private readonly indexes = new Map<TablePlan, Map<string, number>>();
  readonly maxScan: number;

  constructor(readonly plan: Plan, private readonly options: PlanAccessOptions = {}) {
    this.maxScan = options.maxScan ?? DEFAULT_MAX_SCAN;
  }

  table(name: string): TablePlan {
    return this.plan.table(name);
  }

  totalRows(table: string): number {
    return this.table(table).layout.rows;
  }

  /** Row `index` of `table` as a fresh array of values (null when out of range). */
  row(table: string, index: number): Value[] | null {
    const t = this.table(table);
    if (!Number.isSafeInteger(index) || index < 0 || index >= t.layout.rows) return null;
    this.checkReplay(t, index);
    let generator = this.generators.get(t);
    if (!generator) this.generators.set(t, (generator = new RowGenerator(t, this.plan.seed)));
    return generator.generate(index).slice();
  }

  /** Rows [start, end) of a table. */
  rows(table: string, start: number, end: number): Value[][] {
    const out: Value[][] = [];
    for (let r = start; r < end; r++) out.push(this.row(table, r)!);
    return out;
  }

  /** One cell, generating only the fields it reads. */
  cell(table: string, field: string, index: number): Value {
    const t = this.table(table);
    const f = fieldOf(t, field);
    this.checkReplay(t, index);
    return this.readerFor(t, f).generate(index)[f.index];
  }

  /** Values of one field for rows [from, to), generating only that field and what it reads (filters and sorts read columns a slice at a time). */
  column(table: string, field: string, from: number, to: number): Value[] {
    const t = this.table(table);
    const f = fieldOf(t, field);
    const start = Math.max(0, from);
    const end = Math.min(t.layout.rows, to);
    if (start < end) this.checkReplay(t, end - 1);
    const reader = this.readerFor(t, f);
    const out: Value[] = new Array(Math.max(0, end - start));
    for (let r = start; r < end; r++) out[r - start] = reader.generate(r)[f.index];
    return out;
  }

  /** How keys of `table` are looked up (undefined: the table has no primary key). */
  keyLookup(table: string): KeyLookup | undefined {
    const t = this.table(table);
    const key = t.primaryKey ? t.fieldByName.get(t.primaryKey) : undefined;
    if (!key) return undefined;
    if (key.generator === 'sequence') return 'sequence';
    if (UUID_GENERATORS.has(key.generator)) return 'uuid';
    return 'indexed';
  }

  /** The row index whose primary key equals `key`, or null. Numbers given as text match integer keys (GraphQL IDs). */
  rowOfKey(table: string, key: Value): number | null {
    const t = this.table(table);
    const field = t.primaryKey ? t.fieldByName.get(t.primaryKey) : undefined;
    if (!field) throw new EngineError('BAD_USER_INPUT', `table "${t.name}" has no primary key to look rows up by`, `tables[${t.index}].primaryKey`);
    const lookup = this.keyLookup(t.name)!;
    if (lookup === 'sequence') return this.sequenceRow(t, field, key);
    if (lookup === 'uuid') return this.uuidRow(t, field, key);
    return this.indexedRow(t, field, key);
  }

  /**
   * Rows of `child` (a per-parent table, or one whose parents are per-parent
   * down from `ancestor`) that belong to row `ancestorRow` of `ancestor`: a
   * contiguous range, found from the layouts' counts without generating a row.
   * Undefined when `child` does not descend from `ancestor` by per-parent sizing.
   */
  childRange(child: string, ancestor: string, ancestorRow: number, field?: string): { start: number; end: number } | undefined {
    const chain = this.layoutChain(child, ancestor, field);
    return chain && descendantRange(chain, ancestorRow);
  }

  /**
   * Whether `child`'s rows are laid out under `ancestor`'s rows (so `childRange` answers); with `field`, whether
   * that ref field of `child` is the one following them (a second reference to the same table picks its own row).
   */
  descendsFrom(child: string, ancestor: string, field?: string): boolean {
    return this.layoutChain(child, ancestor, field) !== undefined;
  }

  /**
   * Rows of `table` in [from, to) whose `predicate` holds, generating only
   * `fields` (and what they read; `refRows` gives the row each ref field
   * chose), stopping after `limit` matches; throws when it would read more
   * than `maxScan` rows to be sure of the answer.
   */
  scan(table: string, fields: string[], predicate: (values: Value[], refRows: number[]) => boolean, range: { from?: number; to?: number; limit?: number }, what: string): number[] {
    const t = this.table(table);
    const from = Math.max(0, range.from ?? 0);
    const to = Math.min(t.layout.rows, range.to ?? Infinity);
    const limit = range.limit ?? Infinity;
    const need = new Set<number>();
    for (const name of fields) for (const i of closureOf(t, fieldOf(t, name).index)) need.add(i);
    const generator = new RowGenerator(t, this.plan.seed, need);
    const found: number[] = [];
    const end = Math.min(to, from + this.maxScan);
    if (from > 0) this.checkReplay(t, from);
    for (let r = from; r < end && found.length < limit; r++) if (predicate(generator.generate(r), generator.refRows)) found.push(r);
    if (found.length < limit && end < to) throw scanLimit('condition', what, to - from, this.maxScan);
    return found;
  }

  /** A generator of one field (and what it reads), kept per field: sorts and lookups read the same field row after row. */
  private readerFor(t: TablePlan, f: FieldPlan): RowGenerator {
    let readers = this.readers.get(t);
    if (!readers) this.readers.set(t, (readers = new Map()));
    let reader = readers.get(f.index);
    if (!reader) readers.set(f.index, (reader = new RowGenerator(t, this.plan.seed, closureOf(t, f.index))));
    return reader;
  }

  private checkReplay(t: TablePlan, index: number) {
    const max = this.options.maxReplay;
    if (max === undefined) return;
    const replayed = rowsReplayedFor(t, index);
    if (replayed > max) {
      throw new EngineError(
        'BAD_USER_INPUT',
        `"${t.name}" has a unique field whose values depend on every row before (or references one): reading row ${formatCount(index)} would replay ${formatCount(replayed)} rows, more than the ${formatCount(max)} allowed here`,
        `tables[${t.index}]`,
      );
    }
  }

  private sequenceRow(t: TablePlan, field: FieldPlan, key: Value): number | null {
    const value = typeof key === 'string' && /^-?\d+$/.test(key) ? Number(key) : key;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return null;
    const options = (t.def.fields[field.index].options ?? {}) as { start?: number; step?: number };
    const offset = value - (options.start ?? 1);
    const step = options.step ?? 1;
    if (offset % step !== 0) return null;
    const row = offset / step;
    return row >= 0 && row < t.layout.rows ? row : null;
  }

  private uuidRow(t: TablePlan, field: FieldPlan, key: Value): number | null {
    if (typeof key !== 'string' || !UUID_PATTERN.test(key)) return null;
    // Rows past 2^32 mix their high word in too; plans stay far below (§9: 10^9 rows).
    const row = uuidRowOf(Number.parseInt(key.slice(0, 8), 16), field.valueKey);
    if (row >= t.layout.rows) return null;
    return this.readerFor(t, field).generate(row)[field.index] === key.toLowerCase() ? row : null;
  }

  private indexedRow(t: TablePlan, field: FieldPlan, key: Value): number | null {
    let index = this.indexes.get(t);
    if (!index) {
      if (t.layout.rows > this.maxScan) throw scanLimit('id', `looking "${t.name}" up by its key "${field.name}" (${field.generator}, neither a sequence nor a uuid)`, t.layout.rows, this.maxScan);
      this.checkReplay(t, t.layout.rows);
      index = new Map();
      const reader = this.readerFor(t, field);
      for (let r = 0; r < t.layout.rows; r++) index.set(identity(reader.generate(r)[field.index]), r);
      this.indexes.set(t, index);
    }
    return index.get(identity(key)) ?? (typeof key === 'string' && /^-?\d+(\.\d+)?$/.test(key) ? index.get(identity(Number(key))) ?? null : null);
  }

  private layoutChain(child: string, ancestor: string, field?: string): TableLayout[] | undefined {
    const [table, above] = [this.table(child), this.table(ancestor)];
    if (field !== undefined) {
      const ref = table.fieldByName.get(field);
      if (!ref || ref.ref?.table !== above || !followsParentChain(this.plan, table, ref)) return undefined;
    }
    return ancestorChain(this.plan, table, above);
  }
}

function fieldOf(t: TablePlan, name: string): FieldPlan {
  const f = t.fieldByName.get(name);
  if (!f) throw new EngineError('BAD_USER_INPUT', `unknown field "${t.name}.${name}"`, 'field');
  return f;
}

function identity(value: Value): string {
  return typeof value === 'string' ? `s${value}` : `${typeof value}${JSON.stringify(value)}`;
}
