/**
 * Records → tables of column statistics. Nested objects become `parent_child`
 * columns (or one JSON column when their keys vary too much, decided at the
 * end); nested arrays of objects become child tables that remember which
 * parent row each record came from, so per-parent counts can be fitted.
 */
import { ColumnStats, kindOf, typedCell, type ValueKind } from './column-stats';
import { singular } from '../infer/name-tokens';
import { RAGGED, type SampleRecord } from './read';
import { RECORD_LIMITS } from './record-bounds';

/**
 * A million records describe data as well as more would, and bound the work
 * one sample costs (tiny records cost most: about 10 µs each on one core).
 */
export const SAMPLE_TABLE_LIMITS = { tables: 200, columns: RECORD_LIMITS.keys, nesting: 4, records: 1_000_000 } as const;

interface ObjectShapes {
  present: number;
  /** Sorted key lists and how often each appears. */
  shapes: Map<string, number>;
  keys: Set<string>;
}

export interface ParentLink {
  table: string;
  /** The child's column holding the parent's key. */
  column: string;
  /** How many parent rows had N children: N → parents. */
  lengths: Map<number, number>;
}

export class SampleTable {
  rows = 0;
  readonly columns = new Map<string, ColumnStats>();
  readonly objects = new Map<string, ObjectShapes>();
  /** A flattened column's nested object and key (`address_city` ← `address`, `city`): name rules read the key in its object's context. */
  readonly flattened = new Map<string, { object: string; key: string }>();
  /** For two date columns `a` then `b` of a row (keyed `a\u0000b`): rows with both, and rows where a ≤ b. */
  readonly dateOrder = new Map<string, { both: number; ordered: number }>();
  /** Columns given up past the column limit (names, to count each once; cut at 100,000). */
  readonly droppedColumns = new Set<string>();
  ragged = 0;
  parent?: ParentLink;
  /** True when the table has no `id` of its own and children needed one: the blueprint adds a sequence. */
  syntheticKey = false;

  /** Column of the source record it came from, for a child table: `comments` of `posts`. */
  nestedAs?: string;

  constructor(public name: string) {}

  column(name: string): ColumnStats | undefined {
    if (this.columns.has(name)) return this.columns.get(name);
    if (this.columns.size >= SAMPLE_TABLE_LIMITS.columns) {
      if (this.droppedColumns.size < 100_000) this.droppedColumns.add(name);
      return undefined;
    }
    const stats = new ColumnStats();
    this.columns.set(name, stats);
    return stats;
  }
}

const KEY_NAMES = ['id', 'ID', 'Id', '_id', 'uuid', 'key'];
const ISO_DATE = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
/** Date columns of a row compared pairwise: a handful covers created/updated/shipped/delivered. */
const MAX_ORDERED_DATES = 6;

export class SampleTables {
  readonly tables = new Map<string, SampleTable>();
  /** Things left out while reading, for the report: [name, reason]. */
  readonly notes: Array<[string, string]> = [];

  constructor(private readonly csv: boolean) {}

  private table(collection: string): SampleTable {
    const name = identifierOf(collection);
    let table = this.tables.get(name);
    if (!table) {
      if (this.tables.size >= SAMPLE_TABLE_LIMITS.tables) throw new TooManyTables(name);
      table = new SampleTable(name);
      this.tables.set(name, table);
    }
    return table;
  }

  private records = 0;

  add({ collection, record }: SampleRecord): void {
    if (++this.records > SAMPLE_TABLE_LIMITS.records) throw new TooManyRecords();
    const table = this.table(collection);
    if (record[RAGGED] !== undefined) {
      table.ragged++;
      delete record[RAGGED];
    }
    this.addRecord(table, record);
  }

  private addRecord(table: SampleTable, record: Record<string, unknown>): void {
    const rowKey = keyOf(record) ?? table.rows + 1;
    table.rows++;
    this.addFields(table, record, '', 0, rowKey);
    this.noteEmailNames(table, record);
    this.noteDateOrder(table, record);
  }

  /** created_at ≤ updated_at in every row is a rule the generated rows should keep. */
  private noteDateOrder(table: SampleTable, record: Record<string, unknown>): void {
    const dates: Array<[string, number]> = [];
    for (const [name, value] of Object.entries(record)) {
      if (typeof value !== 'string' || !ISO_DATE.test(value)) continue;
      const time = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
      if (Number.isFinite(time)) dates.push([identifierOf(name), time]);
      if (dates.length === MAX_ORDERED_DATES) break;
    }
    for (const [a, ta] of dates) {
      for (const [b, tb] of dates) {
        if (a === b) continue;
        const key = `${a}\u0000${b}`;
        const counts = table.dateOrder.get(key) ?? { both: 0, ordered: 0 };
        counts.both++;
        if (ta <= tb) counts.ordered++;
        table.dateOrder.set(key, counts);
      }
    }
  }

  private addFields(table: SampleTable, record: Record<string, unknown>, prefix: string, depth: number, rowKey: unknown): void {
    for (const [key, value] of Object.entries(record)) {
      const name = identifierOf(prefix ? `${prefix}_${key}` : key);
      if (prefix && !table.flattened.has(name)) table.flattened.set(name, { object: prefix.slice(prefix.lastIndexOf('_') + 1), key });
      let kind = kindOf(value);
      if (kind === undefined) {
        // A column seen empty first still takes its place in the source's order (a CSV header's).
        if (!table.objects.has(name)) table.column(name);
        continue;
      }
      let typed = value;
      if (this.csv && kind === 'string') ({ value: typed, kind } = typedCell(value as string));
      if (kind === 'object' && depth < SAMPLE_TABLE_LIMITS.nesting) {
        this.noteShape(table, name, value as Record<string, unknown>);
        table.column(name)?.add(value, 'object');
        this.addFields(table, value as Record<string, unknown>, name, depth + 1, rowKey);
        continue;
      }
      if (kind === 'array' && (value as unknown[]).length > 0 && (value as unknown[]).every((v) => kindOf(v) === 'object')) {
        this.addChildren(table, name, value as Record<string, unknown>[], rowKey);
        continue;
      }
      if (kind === 'array' && (value as unknown[]).length === 0 && this.tables.has(childName(table, name))) {
        this.addChildren(table, name, [], rowKey);
        continue;
      }
      table.column(name)?.add(typed, kind as ValueKind, this.csv ? (value as string) : undefined);
    }
  }

  private noteShape(table: SampleTable, name: string, value: Record<string, unknown>): void {
    let shapes = table.objects.get(name);
    if (!shapes) table.objects.set(name, (shapes = { present: 0, shapes: new Map(), keys: new Set() }));
    shapes.present++;
    const keys = Object.keys(value).sort();
    if (shapes.keys.size < 1000) keys.forEach((k) => shapes!.keys.add(k));
    const signature = keys.join('\u0000');
    if (shapes.shapes.size < 1000 || shapes.shapes.has(signature)) shapes.shapes.set(signature, (shapes.shapes.get(signature) ?? 0) + 1);
  }

  /** A nested array of objects: a child table whose rows point at this row. */
  private addChildren(parent: SampleTable, column: string, items: Record<string, unknown>[], parentKey: unknown): void {
    const child = this.table(childName(parent, column));
    if (!child.parent) {
      child.parent = { table: parent.name, column: `${singular(parent.name)}_id`, lengths: new Map() };
      child.nestedAs = column;
    }
    child.parent.lengths.set(items.length, (child.parent.lengths.get(items.length) ?? 0) + 1);
    for (const item of items) this.addRecord(child, { [child.parent.column]: parentKey, ...item });
  }

  /** Counts, per email column, the rows whose email contains another name-like column's value. */
  private noteEmailNames(table: SampleTable, record: Record<string, unknown>): void {
    for (const [name, value] of Object.entries(record)) {
      if (typeof value !== 'string' || !value.includes('@')) continue;
      const local = value.slice(0, value.indexOf('@')).toLowerCase().replace(/[^a-z]/g, '');
      if (!local) continue;
      for (const [other, part] of Object.entries(record)) {
        if (other === name || typeof part !== 'string' || !/name/i.test(other)) continue;
        const letters = part.toLowerCase().replace(/[^a-z]/g, '');
        if (letters.length >= 2 && local.includes(letters)) {
          const stats = table.columns.get(identifierOf(name));
          stats?.emailContains.set(identifierOf(other), (stats.emailContains.get(identifierOf(other)) ?? 0) + 1);
        }
      }
    }
  }

  /**
   * After the last record: parents never seen with children count as zero,
   * parents of child tables without a key of their own get one, and a child
   * table takes its source column's name (`comments`) when no table has it.
   */
  finish(): void {
    for (const table of this.tables.values()) {
      if (!table.parent) continue;
      const parent = this.tables.get(table.parent.table)!;
      if (!hasKey(parent)) parent.syntheticKey = true;
      const withChildren = [...table.parent.lengths.values()].reduce((a, b) => a + b, 0);
      if (parent.rows > withChildren) table.parent.lengths.set(0, (table.parent.lengths.get(0) ?? 0) + parent.rows - withChildren);
    }
    const renames = new Map<string, string>();
    for (const table of this.tables.values()) {
      if (table.nestedAs && !this.tables.has(table.nestedAs) && ![...renames.values()].includes(table.nestedAs)) renames.set(table.name, table.nestedAs);
    }
    if (!renames.size) return;
    const renamed = [...this.tables.values()];
    this.tables.clear();
    for (const table of renamed) {
      table.name = renames.get(table.name) ?? table.name;
      if (table.parent) table.parent.table = renames.get(table.parent.table) ?? table.parent.table;
      this.tables.set(table.name, table);
    }
  }
}

export class TooManyTables extends Error {
  constructor(readonly table: string) {
    super(`more than ${SAMPLE_TABLE_LIMITS.tables} tables (at ${table})`);
  }
}

/**
 * A sample's key or header as a blueprint name: letters, digits and `_`
 * (`Full Name` → `Full_Name`, `e-mail` → `e_mail`), never starting with a
 * digit, at most 63 characters. Keys that meet as one name share a column.
 */
export function identifierOf(key: string): string {
  const id = key.replace(/[^A-Za-z0-9_]+/g, '_').replace(/(.)_+$/, '$1').slice(0, 62);
  return /^[A-Za-z_]/.test(id) ? id : `_${id}`;
}

export class TooManyRecords extends Error {
  constructor() {
    super(`more than ${SAMPLE_TABLE_LIMITS.records.toLocaleString('en-US')} records`);
  }
}

function keyOf(record: Record<string, unknown>): unknown {
  for (const k of KEY_NAMES) {
    const v = record[k];
    if (typeof v === 'number' || (typeof v === 'string' && v !== '')) return v;
  }
  return undefined;
}

function hasKey(table: SampleTable): boolean {
  return KEY_NAMES.some((k) => table.columns.has(k));
}

function childName(parent: SampleTable, column: string): string {
  return `${parent.name}_${column}`;
}
