/**
 * Generated columns kept between requests, so a filter or sort over a
 * 100,000-row table compares values instead of generating them again: each
 * column is computed by row index from the engine (the same values the rows
 * API gives), only for fields a filter or sort has read, on tables within
 * the scan bound, and the least recently used go first past a fixed number
 * of cells for the whole process. What mutations changed is merged by key
 * per request (the overlay), never written here.
 */
import type { PlanAccess, Value } from '@seedbed/engine';

/** Cells (values) all cached columns hold together: tens of MB at most. */
export const COLUMN_CACHE_CELLS = 2_000_000;
/** Rows generated between two turns of the event loop (a few milliseconds). */
export const SCAN_SLICE = 5_000;

export const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

let nextOwner = 0;

/** Values of `field` over [from, to), a slice at a time, with a turn of the event loop between slices. */
export async function columnSlice(access: PlanAccess, table: string, field: string, from: number, to: number): Promise<Value[]> {
  if (to - from <= SCAN_SLICE) return access.column(table, field, from, to);
  const out: Value[] = new Array(to - from);
  for (let start = from; start < to; start += SCAN_SLICE) {
    if (start > from) await turn();
    const part = access.column(table, field, start, Math.min(to, start + SCAN_SLICE));
    for (let i = 0; i < part.length; i++) out[start - from + i] = part[i];
  }
  return out;
}

export class ColumnCache {
  private readonly columns = new Map<string, Promise<never>>();
  private readonly sizes = new Map<string, number>();
  private cells = 0;

  constructor(private readonly maxCells = COLUMN_CACHE_CELLS) {}

  /** An owner's prefix: each mock (plan and seed) has its own columns. */
  owner(): string {
    return `m${nextOwner++}`;
  }

  /**
   * The generated rows a filter matched in a window, kept like a column (a
   * page walk asks the same filter again for each page); what the overlay
   * changed is merged per request, so a generated row's match never goes stale.
   */
  matches(owner: string, key: string, compute: () => Promise<Int32Array>): Promise<Int32Array> {
    const id = `${owner}\u0000match\u0000${key}`;
    // Every entry counts for more than its matches, so many small ones are bounded too.
    return this.remember(id, compute, (found) => found.length + 64 + (key.length >> 3));
  }

  /** The whole column of `field` (the table is within the scan bound: the caller checked). */
  column(owner: string, access: PlanAccess, table: string, field: string): Promise<Value[]> {
    const id = `${owner}\u0000${table}\u0000${field}`;
    const rows = access.totalRows(table);
    return this.remember(id, () => columnSlice(access, table, field, 0, rows), () => rows);
  }

  /**
   * Rows of each value of `field` (by `keyText`, nulls left out), ascending:
   * what an equality or a foreign key's children read instead of scanning the
   * column, built once per mock from the cached column and counted against
   * the same bound (a cell per row and one per distinct value).
   */
  index(owner: string, access: PlanAccess, table: string, field: string, keyText: (value: Value) => string): Promise<Map<string, Int32Array>> {
    const id = `${owner}\u0000${table}\u0000${field}\u0000index`;
    return this.remember(
      id,
      async () => {
        const values = await this.column(owner, access, table, field);
        const groups = new Map<string, number[]>();
        for (let row = 0; row < values.length; row++) {
          const v = values[row];
          if (v === null || v === undefined) continue;
          const key = keyText(v);
          const rows = groups.get(key);
          if (rows) rows.push(row);
          else groups.set(key, [row]);
        }
        const index = new Map<string, Int32Array>();
        for (const [key, rows] of groups) index.set(key, Int32Array.from(rows));
        return index;
      },
      (index) => access.totalRows(table) + index.size,
    );
  }

  /** Whether `index` of this field is built (or being built) now. */
  hasIndex(owner: string, table: string, field: string): boolean {
    return this.columns.has(`${owner}\u0000${table}\u0000${field}\u0000index`);
  }

  private remember<T>(id: string, compute: () => Promise<T>, cells: (value: T) => number): Promise<T> {
    const known = this.columns.get(id) as Promise<T> | undefined;
    if (known) {
      // Most recently used last.
      this.columns.delete(id);
      this.columns.set(id, known as Promise<never>);
      return known;
    }
    const value = compute();
    this.columns.set(id, value as Promise<never>);
    value.then(
      (v) => {
        if (!this.columns.has(id)) return;
        const size = cells(v);
        this.sizes.set(id, size);
        this.cells += size;
        for (const oldest of this.columns.keys()) {
          if (this.cells <= this.maxCells || oldest === id) break;
          this.drop(oldest);
        }
      },
      () => this.drop(id),
    );
    return value;
  }

  private drop(id: string) {
    if (!this.columns.delete(id)) return;
    this.cells -= this.sizes.get(id) ?? 0;
    this.sizes.delete(id);
  }
}

/** One cache for the process: every mock's columns count against the same bound. */
export const sharedColumns = new ColumnCache();
