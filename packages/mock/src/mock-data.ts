import type { PlanAccess, Value } from '@seedbed/engine';
import { AppError, badInput } from '@seedbed/engine/errors';
import { columnSlice, SCAN_SLICE, sharedColumns, turn, type ColumnCache } from './column-cache';
import { and, columnsOf, equalityIn, isMatchAll, keyText, matchesRow, predicateAt, scanRows, type Filter } from './filter';
import type { OverlayView } from './overlay-view';
import { IndexSelection, ListSelection, lowerBound, RangeSelection, type RowRef, type Selection } from './selection';
import { RowCache } from './row-cache';

export { keyText };

/** One row as resolvers see it: values by field name, and where it lives. */
export interface MockRow {
  table: string;
  ref: RowRef;
  values: Record<string, Value>;
}

/** Children of one row: the child's ref field and the parent's key (and its row index, when generated). */
export interface ParentLink {
  field: string;
  table: string;
  key: Value;
  baseIndex: number | null;
}

export interface Order {
  column: string;
  descending: boolean;
}

/** Which rows a field lists: a table, narrowed to one parent row's children, a filter, a list of keys; in an order. */
export interface RowQuery {
  table: string;
  parent?: ParentLink;
  filter?: Filter;
  /** The key is one of these, listed in this order (`ids: [1, 2]`): found by key, never scanned. */
  keys?: Value[];
  order?: Order[];
}

/** What a mock reads rows from: the engine's random access and the columns kept for it. */
export interface MockSource {
  access: PlanAccess;
  columns: ColumnCache;
  /** This mock's share of the column cache. */
  owner: string;
  /** Generated rows answered before, kept within this mock's bound (row-cache.ts). */
  rows: RowCache<MockRow>;
}

export function mockSource(access: PlanAccess): MockSource {
  return { access, columns: sharedColumns, owner: sharedColumns.owner(), rows: new RowCache() };
}

/** Longest filter (as JSON) whose matches are kept between requests. */
const MAX_MEMO_KEY = 2_000;

/** Rows one mock request may answer with, however they nest (PRODUCT.md §9; a blueprint may set its own). */
export const MAX_ROWS_PER_REQUEST = 5_000;

export type Maybe<T> = T | Promise<T>;
export const then = <T, U>(value: Maybe<T>, next: (value: T) => Maybe<U>): Maybe<U> => (value instanceof Promise ? value.then(next) : next(value));
const all = <T>(values: Maybe<T>[]): Maybe<T[]> => (values.some((v) => v instanceof Promise) ? Promise.all(values) : (values as T[]));

function scanRefused(what: string, rows: number, max: number, path = 'filter') {
  return badInput(path, `${what} would scan ${rows.toLocaleString('en-US')} rows; at most ${max.toLocaleString('en-US')} may be scanned per request`);
}

/**
 * The rows a mock serves: the engine's rows by index (never stored), with
 * what mutations wrote over them read by key from the overlay. Lookups by
 * key and children of a parent use the engine's random access; filters and
 * sorts compare the generated columns of at most `access.maxScan` rows (and
 * say so when they would read more), with the overlay's own rows filtered
 * where they are kept and merged by key. Every bound is checked before the
 * work it bounds.
 */
export class MockData {
  /** Rows this request's filters and sorts have read: one request may read `maxScan` in all, however many it nests. */
  private scanned = 0;
  /** Rows this request has answered with: nested lists multiply. */
  private served = 0;

  constructor(
    readonly source: MockSource,
    readonly overlay: OverlayView,
    readonly maxRows = MAX_ROWS_PER_REQUEST,
  ) {}

  get access(): PlanAccess {
    return this.source.access;
  }

  /** Counts `rows` more answered, refusing before they are made when the request would pass its bound. */
  serve(rows: number): void {
    this.served += rows;
    if (this.served > this.maxRows) throw new AppError('QUERY_TOO_COMPLEX', `This query would answer more than ${this.maxRows.toLocaleString('en-US')} rows; ask for smaller pages or fewer nested lists.`);
  }

  /** Counts `rows` more read by this request (a filter, a sort, an aggregate, a junction's links), refusing before the work when it would pass the scan bound. */
  spend(rows: number, what: string, path = 'filter') {
    const max = this.access.maxScan;
    if (rows > max) throw scanRefused(what, rows, max, path);
    this.scanned += rows;
    if (this.scanned > max) throw badInput(path, `${what} would bring the rows this request scans to ${this.scanned.toLocaleString('en-US')}; at most ${max.toLocaleString('en-US')} may be scanned per request`);
  }

  fields(table: string): string[] {
    return this.access.table(table).fields.map((f) => f.name);
  }

  primaryKey(table: string): string | undefined {
    return this.access.table(table).primaryKey;
  }

  named(table: string, values: Value[]): Record<string, Value> {
    const fields = this.access.table(table).fields;
    const row: Record<string, Value> = {};
    for (let i = 0; i < fields.length; i++) row[fields[i].name] = values[i];
    return row;
  }

  /** A generated row, made once per mock while the row cache keeps it (rows and their values are never changed in place). */
  private generated(table: string, index: number): MockRow | null {
    return this.source.rows.get(table, index, () => {
      const values = this.access.row(table, index);
      return values && { table, ref: { base: index }, values: this.named(table, values) };
    });
  }

  /** A generated row with the overlay applied (null: deleted or out of range). */
  baseRow(table: string, index: number): Maybe<MockRow | null> {
    if (!this.overlay.touches(table)) return this.generated(table, index);
    return this.overlay.entryAt(table, index).then((entry) => (entry ? entry.values && { table, ref: { base: index }, values: entry.values } : this.generated(table, index)));
  }

  byRef(table: string, ref: RowRef): Maybe<MockRow | null> {
    if ('base' in ref) return this.baseRow(table, ref.base);
    return this.overlay.entryOfKey(table, ref.created).then((entry) => (entry?.values ? { table, ref, values: entry.values } : null));
  }

  /** The rows of `refs`, the overlay's entries among them read in one statement. */
  rowsAt(table: string, refs: RowRef[]): Maybe<(MockRow | null)[]> {
    return all(refs.map((ref) => this.byRef(table, ref)));
  }

  /** The row whose primary key is `key` (null: none, or deleted). */
  byKey(table: string, key: Value | undefined): Maybe<MockRow | null> {
    if (key === null || key === undefined) return null;
    const fromEngine = () => {
      const index = this.access.rowOfKey(table, key);
      return index === null ? null : this.generated(table, index);
    };
    if (!this.overlay.touches(table)) return fromEngine();
    return this.overlay.entryOfKey(table, keyText(key)).then((entry) => {
      if (!entry) return fromEngine();
      return entry.values && { table, ref: entry.baseIndex === null ? { created: entry.key } : { base: entry.baseIndex }, values: entry.values };
    });
  }

  /**
   * The rows a query lists, in order, generating no more of them than its
   * filter and order read. A plain page of a table the overlay does not
   * touch is answered at once, not as a promise: GraphQL then completes its
   * rows without a promise per object, which is most of a nested query's cost.
   */
  select(query: RowQuery): Maybe<Selection> {
    const { table } = query;
    let start = 0;
    let end = this.access.totalRows(table);
    let filter = query.filter;
    const { parent } = query;
    // Rows of a generated parent sit in a range of the child table; others are found by their ref.
    let inLayout = false;
    if (parent) {
      const range = parent.baseIndex !== null ? this.access.childRange(table, parent.table, parent.baseIndex, parent.field) : undefined;
      if (range) {
        ({ start, end } = range);
        inLayout = true;
      } else if (parent.baseIndex === null && this.access.descendsFrom(table, parent.table, parent.field)) {
        end = start; // a created parent has no generated children
        inLayout = true;
      } else {
        filter = and(filter, { column: parent.field, op: 'eq', value: parent.key });
      }
    }
    const belongs = parent ? and(filter, { column: parent.field, op: 'eq', value: parent.key }) : filter;
    const window = { start, end, filter, belongs, inLayout };
    let selection: Maybe<Selection>;
    if (query.keys) selection = this.keyed(table, query.keys, window);
    else if (isMatchAll(filter) && !query.order) return this.range(table, window);
    else selection = isMatchAll(filter) ? this.range(table, window) : this.filtered(table, window);
    return query.order?.length ? then(selection, (s) => this.sorted(table, s, query.order!, window)) : selection;
  }

  /** Generated rows [start, end) minus what the overlay deleted or moved away, then rows moved in and created rows. */
  private range(table: string, w: Window): Maybe<Selection> {
    if (!this.overlay.touches(table)) return new RangeSelection(w.start, w.end, [], []);
    return (async () => {
      const inside = await this.overlay.changed(table, { from: w.start, to: w.end }, w.belongs);
      const excluded = inside.filter((c) => !c.keep).map((c) => c.index);
      const movedIn = w.inLayout ? await this.overlay.changed(table, { from: w.start, to: w.end, outside: true }, w.belongs) : [];
      const created = await this.overlay.createdKeys(table, w.belongs);
      return new RangeSelection(w.start, w.end, excluded, [...movedIn.map((c) => ({ base: c.index })), ...created.map((key) => ({ created: key }))]);
    })();
  }

  /** Rows whose key is one of `keys`, in that order (each once), kept when they belong to the window and match its filter. */
  private keyed(table: string, keys: Value[], w: Window): Maybe<Selection> {
    this.spend(keys.length, `looking up ${keys.length.toLocaleString('en-US')} keys of ${table}`, 'ids');
    const seen = new Set<string>();
    const unique = keys.filter((k) => k !== null && k !== undefined && !seen.has(keyText(k)) && !!seen.add(keyText(k)));
    return then(all(unique.map((k) => this.byKey(table, k))), (rows) => {
      // A child always holds its parent's key in its ref, so `belongs` decides for rows in and out of the window alike.
      const kept = rows.filter((r): r is MockRow => !!r && (!w.belongs || matchesRow(w.belongs, r.values)));
      return new ListSelection(kept.map((r) => r.ref));
    });
  }

  /** The window's generated rows matching the filter (compared over cached columns, or found by an equality's index), merged with the overlay's by key. */
  private async filtered(table: string, w: Window): Promise<Selection> {
    const generated = (await this.indexed(table, w)) ?? (await this.matchedByScan(table, w));
    if (!this.overlay.touches(table)) return new IndexSelection(generated);
    let found = Array.from(generated);
    const extras: RowRef[] = [];
    {
      const changed = await this.overlay.changed(table, { from: w.start, to: w.end }, w.belongs);
      const drop = new Set(changed.map((c) => c.index));
      found = found.filter((r) => !drop.has(r));
      found.push(...changed.filter((c) => c.keep).map((c) => c.index));
      found.sort((a, b) => a - b);
      if (w.inLayout) extras.push(...(await this.overlay.changed(table, { from: w.start, to: w.end, outside: true }, w.belongs)).map((c) => ({ base: c.index })));
      extras.push(...(await this.overlay.createdKeys(table, w.belongs)).map((key) => ({ created: key })));
    }
    return new IndexSelection(found, extras);
  }

  /** The window's generated rows matching its filter, every row's columns compared (a scan within the bound). */
  private async matchedByScan(table: string, w: Window): Promise<ArrayLike<number>> {
    const filter = w.filter!;
    const columns = [...columnsOf(filter)];
    const what = `a filter on ${table}.${columns.join(', ')}`;
    this.spend(w.end - w.start, what);
    const scan = async () => {
      const values = new Map<string, { values: Value[]; offset: number }>();
      for (const column of columns) values.set(column, await this.columnValues(table, column, w.start, w.end));
      const matched = new Int32Array(w.end - w.start);
      let count = 0;
      // In slices with a turn of the event loop between them: a long scan never holds up other requests.
      for (let from = w.start; from < w.end; from += SCAN_SLICE * 10) {
        if (from > w.start) await turn();
        count = scanRows(filter, (column) => values.get(column)!, from, Math.min(w.end, from + SCAN_SLICE * 10), matched, count);
      }
      return matched.slice(0, count);
    };
    const key = JSON.stringify([table, w.start, w.end, filter]);
    // The same filter again (the next page of a walk) reuses what the generated rows matched.
    return key.length <= MAX_MEMO_KEY ? this.source.columns.matches(this.source.owner, key, scan) : scan();
  }

  /**
   * The window's generated rows matching a filter that asks one column to
   * equal a value (a foreign key's children, `condition: {status: ...}`),
   * found through that column's index (built once per mock, within the scan
   * bound) and the rest of the filter compared on those rows alone; the
   * scan bound counts the rows the index gives (the whole table once, when
   * this request builds it). Undefined when the filter has no such equality,
   * the table is past the scan bound, or the window is a parent's rows and
   * no index is built yet.
   */
  private async indexed(table: string, w: Window): Promise<ArrayLike<number> | undefined> {
    const filter = w.filter!;
    const eq = equalityIn(filter);
    if (!eq || this.access.totalRows(table) > this.access.maxScan || !this.access.table(table).fieldByName.has(eq.column)) return undefined;
    const { columns, owner } = this.source;
    // A parent's few rows in the layout are scanned as they are: no index is built for them.
    if (w.inLayout && !columns.hasIndex(owner, table, eq.column)) return undefined;
    const what = `a filter on ${table}.${[...columnsOf(filter)].join(', ')}`;
    // Building the index reads the whole table (its rows are counted, as a scan's would be); a built one, the rows it gives.
    const building = !columns.hasIndex(owner, table, eq.column);
    if (building) this.spend(this.access.totalRows(table), what);
    const rows = (await columns.index(owner, this.access, table, eq.column, keyText)).get(keyText(eq.value)) ?? EMPTY;
    const inWindow = rows.subarray(lowerBound(rows, w.start), lowerBound(rows, w.end));
    if (!building) this.spend(inWindow.length, what);
    if (filter === eq.leaf) return inWindow;
    const values = new Map<string, { values: Value[]; offset: number }>();
    for (const column of columnsOf(filter)) values.set(column, await this.columnValues(table, column, w.start, w.end));
    const test = predicateAt(filter, (column) => values.get(column)!);
    return inWindow.filter((row) => test(row));
  }

  /** A generated column over [start, end): the cached whole column when the table is within the scan bound, else the window alone. */
  private async columnValues(table: string, column: string, start: number, end: number): Promise<{ values: Value[]; offset: number }> {
    if (!this.access.table(table).fieldByName.has(column)) throw badInput('filter', `unknown field ${table}.${column}`);
    if (this.access.totalRows(table) <= this.access.maxScan) return { values: await this.source.columns.column(this.source.owner, this.access, table, column), offset: 0 };
    return { values: await columnSlice(this.access, table, column, start, end), offset: start };
  }

  /** One column's values over the rows an aggregate covers, counted against the scan bound before they are read. */
  aggregateValues(table: string, selection: Selection, column: string): Promise<Value[]> {
    this.spend(selection.count, `aggregating ${table}.${column}`, 'aggregate');
    return this.valuesOf(table, selection, column).then((r) => r.values);
  }

  /** The values of one column for every row of a selection (the caller spent the scan bound), overlay rows read by key. */
  async valuesOf(table: string, selection: Selection, column: string, w?: Pick<Window, 'start' | 'end'>): Promise<{ refs: RowRef[]; values: Value[] }> {
    const refs = selection.slice(0, selection.count);
    const bases = refs.filter((r): r is { base: number } => 'base' in r).map((r) => r.base);
    let from = w?.start ?? Infinity;
    let to = w?.end ?? 0;
    if (!w) for (const b of bases) (from = Math.min(from, b)), (to = Math.max(to, b + 1));
    // Scattered rows of a table past the scan bound are read one by one rather than as the span between them.
    const span = this.access.totalRows(table) <= this.access.maxScan || to - from <= this.access.maxScan;
    const generated = bases.length && span ? await this.columnValues(table, column, from, to) : { values: [] as Value[], offset: 0 };
    const changed = this.overlay.touches(table) ? new Set((await this.overlay.changed(table, { from: 0, to: Number.MAX_SAFE_INTEGER })).map((c) => c.index)) : new Set<number>();
    const values = await Promise.all(
      refs.map(async (ref) => {
        if ('base' in ref && !changed.has(ref.base)) return ref.base - generated.offset < generated.values.length && ref.base >= generated.offset ? generated.values[ref.base - generated.offset] : this.access.cell(table, column, ref.base);
        return (await this.byRef(table, ref))?.values[column] ?? null;
      }),
    );
    return { refs, values };
  }

  /** Rows in the order asked: the generated order when that is the key's own (an ascending sequence), else sorted within the scan bound. */
  private async sorted(table: string, selection: Selection, order: Order[], w: Window): Promise<Selection> {
    const t = this.access.table(table);
    const [first] = order;
    const def = t.def.fields.find((f) => f.name === first.column);
    const step = (def?.options as { step?: number } | undefined)?.step ?? 1;
    // Keys never change, and generated rows come in key order: only created rows would break it.
    if (order.length === 1 && first.column === t.primaryKey && def?.generator === 'sequence' && this.overlay.createdCount(table) === 0 && selection instanceof RangeSelection) {
      return first.descending === step > 0 ? selection.reversed() : selection;
    }
    this.spend(selection.count, `ordering ${table} by ${order.map((o) => o.column).join(', ')}`, 'orderBy');
    const columns = await Promise.all(order.map((o) => this.valuesOf(table, selection, o.column, selection instanceof RangeSelection ? w : undefined)));
    const positions = columns[0].refs.map((_, i) => i);
    positions.sort((a, b) => {
      for (let k = 0; k < order.length; k++) {
        const c = compareValues(columns[k].values[a], columns[k].values[b]);
        if (c !== 0) return order[k].descending ? -c : c;
      }
      return a - b;
    });
    return new ListSelection(positions.map((i) => columns[0].refs[i]));
  }
}

interface Window {
  start: number;
  end: number;
  /** The filter over the window (the parent's ref included when its rows are not a range). */
  filter?: Filter;
  /** What a row must match to belong here (the filter and the parent's ref): overlay rows are checked against it. */
  belongs?: Filter;
  inLayout: boolean;
}


/** Nulls last, numbers by value, everything else by its text. */
export function compareValues(a: Value | undefined, b: Value | undefined): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = keyText(a);
  const y = keyText(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

const EMPTY = new Int32Array(0);
