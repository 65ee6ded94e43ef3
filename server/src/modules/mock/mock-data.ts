import type { PlanAccess, Value } from '../../engine';
import { AppError, badInput } from '../../errors';
import type { Overlay } from './overlay';
import { RangeSelection, ListSelection, type RowRef, type Selection } from './selection';

/** One row as resolvers see it: values by field name, and where it lives. */
export interface MockRow {
  table: string;
  ref: RowRef;
  values: Record<string, Value>;
}

/** Which rows a connection lists: a table, narrowed to one parent row's children and to equal column values. */
export interface RowQuery {
  table: string;
  /** Children of one row: the child's ref field and the parent's key (and its row index, when generated). */
  parent?: { field: string; table: string; key: Value; baseIndex: number | null };
  /** Equality on columns, by field name. */
  condition?: Record<string, Value>;
  /** A field name and direction, or the generated order. */
  order?: { field: string; descending: boolean };
}

/** Rows a filter or sort reads between two turns of the event loop (a few milliseconds). */
const SCAN_SLICE = 5_000;

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

function scanRefused(what: string, rows: number, max: number) {
  return badInput('condition', `${what} would scan ${rows.toLocaleString('en-US')} rows; at most ${max.toLocaleString('en-US')} may be scanned per request`);
}

/** Rows one mock request may answer with, however they nest (the cost limit's order of magnitude). */
export const MAX_ROWS_PER_REQUEST = 5_000;

export function keyText(value: Value): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The rows a mock serves: the engine's rows by index (never stored), with
 * what mutations wrote over them. Lookups, children and filters use the
 * engine's random access; filters and sorts read at most `access.maxScan`
 * rows and say so when they would read more.
 */
/** Where a query's rows can be, before any filter or sort. */
interface QueryWindow {
  start: number;
  end: number;
  condition: Record<string, Value>;
  matches: (values: Record<string, Value>) => boolean;
  extras: RowRef[];
}

export class MockData {
  /** Rows this request's filters and sorts have read: one request may read `maxScan` in all, however many filters it nests. */
  private scanned = 0;

  constructor(readonly access: PlanAccess, readonly overlay: Overlay) {}

  /** Rows this request has answered with: nested lists multiply, and lists an SDL declares without a page size escape the cost rule. */
  private served = 0;

  serve(rows: number): void {
    this.served += rows;
    if (this.served > MAX_ROWS_PER_REQUEST) throw new AppError('QUERY_TOO_COMPLEX', `This query would answer more than ${MAX_ROWS_PER_REQUEST.toLocaleString('en-US')} rows; ask for smaller pages or fewer nested lists.`);
  }

  private spend(rows: number, what: string) {
    this.scanned += rows;
    const max = this.access.maxScan;
    if (this.scanned > max) throw badInput('condition', `${what} would bring the rows this request scans to ${this.scanned.toLocaleString('en-US')}; at most ${max.toLocaleString('en-US')} may be scanned per request`);
  }

  fields(table: string): string[] {
    return this.access.table(table).fields.map((f) => f.name);
  }

  primaryKey(table: string): string | undefined {
    return this.access.table(table).primaryKey;
  }

  /** A generated row with the overlay applied (null: deleted or out of range). */
  baseRow(table: string, index: number): MockRow | null {
    const entry = this.overlay.ofBase(table, index);
    if (entry) return entry.values && { table, ref: { base: index }, values: entry.values };
    const values = this.access.row(table, index);
    return values && { table, ref: { base: index }, values: this.named(table, values) };
  }

  byRef(table: string, ref: RowRef): MockRow | null {
    if ('base' in ref) return this.baseRow(table, ref.base);
    const entry = this.overlay.ofKey(table, ref.created);
    return entry?.values ? { table, ref, values: entry.values } : null;
  }

  byKey(table: string, key: Value): MockRow | null {
    if (key === null || key === undefined) return null;
    const entry = this.overlay.ofKey(table, keyText(key));
    if (entry) return entry.values && { table, ref: entry.baseIndex === null ? { created: entry.key } : { base: entry.baseIndex }, values: entry.values };
    const index = this.access.rowOfKey(table, key);
    return index === null ? null : this.baseRow(table, index);
  }

  /** The row whose `field` (unique, not the key: a ref may point at any unique field) equals `value`. */
  async bySelectedField(table: string, field: string, value: Value): Promise<MockRow | null> {
    if (value === null || value === undefined) return null;
    const [ref] = (await this.select({ table, condition: { [field]: value } })).slice(0, 1);
    return ref ? this.byRef(table, ref) : null;
  }

  /**
   * The rows a query lists, in order, without generating more of them than
   * filters and sorts need. A plain page (no condition, no order) is answered
   * at once, not as a promise: GraphQL then completes its rows without a
   * promise per object, which is most of a nested query's cost.
   */
  select(query: RowQuery): Selection | Promise<Selection> {
    const window = this.windowOf(query);
    if (Object.keys(window.condition).length || query.order) return this.filteredAndSorted(query, window);
    return this.rangeOf(query, window);
  }

  /** Where a query's rows can be: the table, or its parent row's children, plus overlay rows that now belong there. */
  private windowOf(query: RowQuery): QueryWindow {
    const { table } = query;
    const condition = { ...query.condition };
    let start = 0;
    let end = this.access.totalRows(table);
    const parent = query.parent;
    if (parent) {
      const range = parent.baseIndex !== null ? this.access.childRange(table, parent.table, parent.baseIndex) : undefined;
      if (range) ({ start, end } = range);
      else if (parent.baseIndex === null && this.access.descendsFrom(table, parent.table)) end = start; // a created parent has no generated children
      else condition[parent.field] = parent.key;
    }
    const matches = (values: Record<string, Value>) => Object.entries(condition).every(([f, v]) => sameValue(values[f], v));
    const extras: RowRef[] = [];
    for (const entry of this.overlay.changedBase(table)) {
      const inRange = entry.baseIndex! >= start && entry.baseIndex! < end;
      if (entry.values && !inRange && parent && matches(entry.values) && keyText(entry.values[parent.field]) === keyText(parent.key)) extras.push({ base: entry.baseIndex! });
    }
    for (const entry of this.overlay.created(table)) if (matches(entry.values!) && (!parent || keyText(entry.values![parent.field]) === keyText(parent.key))) extras.push({ created: entry.key });
    return { start, end, condition, matches, extras };
  }

  private rangeOf({ table, parent }: RowQuery, { start, end, extras }: QueryWindow): Selection {
    const excluded = this.overlay.changedBase(table).filter((e) => e.baseIndex! >= start && e.baseIndex! < end && (e.values === null || (parent && keyText(e.values[parent.field]) !== keyText(parent.key)))).map((e) => e.baseIndex!);
    return new RangeSelection(start, end, excluded, extras);
  }

  private async filteredAndSorted(query: RowQuery, window: QueryWindow): Promise<Selection> {
    const { table } = query;
    const { start, end, condition, matches, extras } = window;
    const fields = Object.keys(condition);
    let selection: Selection;
    if (fields.length) {
      const what = `a condition on ${table}.${fields.join(', ')}`;
      if (end - start > this.access.maxScan) throw scanRefused(what, end - start, this.access.maxScan);
      this.spend(end - start, what);
      const wanted = fields.map((f) => [this.fieldIndex(table, f), condition[f]] as const);
      const found: number[] = [];
      // In slices with a turn of the event loop between them: a long filter never holds up other requests.
      for (let from = start; from < end; from += SCAN_SLICE) {
        if (from > start) await turn();
        found.push(...this.access.scan(table, fields, (values) => wanted.every(([i, v]) => sameValue(values[i], v)), { from, to: Math.min(end, from + SCAN_SLICE) }, what));
      }
      const kept = found.filter((r) => {
        const entry = this.overlay.ofBase(table, r);
        return !entry || (entry.values !== null && matches(entry.values));
      });
      // Generated rows changed to match now, outside what the scan saw as matching.
      for (const entry of this.overlay.changedBase(table)) {
        if (entry.values && entry.baseIndex! >= start && entry.baseIndex! < end && matches(entry.values) && !found.includes(entry.baseIndex!)) kept.push(entry.baseIndex!);
      }
      selection = new ListSelection([...kept.sort((a, b) => a - b).map((base) => ({ base })), ...extras]);
    } else {
      selection = this.rangeOf(query, window);
    }
    return query.order ? await this.sorted(table, selection, query.order) : selection;
  }

  /** Rows in the order of a field: generated order when that is the key's own (an ascending sequence), else sorted within the scan bound. */
  private async sorted(table: string, selection: Selection, order: { field: string; descending: boolean }): Promise<Selection> {
    const t = this.access.table(table);
    const def = t.def.fields.find((f) => f.name === order.field);
    const step = (def?.options as { step?: number } | undefined)?.step ?? 1;
    if (def?.generator === 'sequence' && this.overlay.created(table).length === 0 && this.overlay.changedBase(table).every((e) => e.values === null || e.values[order.field] === undefined || keyText(e.values[order.field]) === keyText(this.access.cell(table, order.field, e.baseIndex!)))) {
      return order.descending === step > 0 ? selection.reversed() : selection;
    }
    if (selection.count > this.access.maxScan) {
      throw badInput('orderBy', `ordering ${table} by ${order.field} would sort ${selection.count.toLocaleString('en-US')} rows; at most ${this.access.maxScan.toLocaleString('en-US')} may be sorted per request (order by the key, or narrow with a condition)`);
    }
    this.spend(selection.count, `ordering ${table} by ${order.field}`);
    const refs = selection.slice(0, selection.count);
    const keyed: { ref: RowRef; value: Value }[] = [];
    for (const ref of refs) {
      if (keyed.length % SCAN_SLICE === SCAN_SLICE - 1) await turn();
      keyed.push({ ref, value: 'base' in ref && !this.overlay.ofBase(table, ref.base) ? this.access.cell(table, order.field, ref.base) : this.byRef(table, ref)!.values[order.field] });
    }
    const sign = order.descending ? -1 : 1;
    keyed.sort((a, b) => sign * compareValues(a.value, b.value));
    return new ListSelection(keyed.map((k) => k.ref));
  }

  private fieldIndex(table: string, field: string): number {
    const f = this.access.table(table).fieldByName.get(field);
    if (!f) throw badInput('condition', `unknown field ${table}.${field}`);
    return f.index;
  }

  named(table: string, values: Value[]): Record<string, Value> {
    const fields = this.access.table(table).fields;
    const row: Record<string, Value> = {};
    for (let i = 0; i < fields.length; i++) row[fields[i].name] = values[i];
    return row;
  }
}

function sameValue(a: Value | undefined, b: Value | undefined): boolean {
  if (a === b) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  return keyText(a) === keyText(b);
}

/** Nulls last, numbers by value, everything else by its text. */
function compareValues(a: Value, b: Value): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const x = keyText(a);
  const y = keyText(b);
  return x < y ? -1 : x > y ? 1 : 0;
}
