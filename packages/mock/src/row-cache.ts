/**
 * Generated rows a mock has answered with, kept so the next request that
 * shows them (the same screen again, the next page of a nested list) reads
 * them instead of generating them again. Rows are the engine's by index and
 * never change for a revision and seed; what mutations wrote is read from
 * the overlay before this cache is asked, never stored here.
 *
 * Bounded per mock (a revision and seed) by an estimate of the bytes its
 * rows hold (`ROW_CACHE_BYTES`): two generations, the older dropped whole
 * when the newer fills half the bound, so a row read in the last half
 * bound's worth of reads stays, at O(1) per read.
 */
import type { Value } from '@seedbed/engine';

/** Estimated bytes one mock's cached rows may hold (both generations together). */
export const ROW_CACHE_BYTES = 4_000_000;

/**
 * Bytes a row is counted for: its objects and map entry, a slot per cell,
 * two bytes per character of text, JSON by its length (calibrated against
 * the heap: a 4-field row of names and an email measured ~10% under this).
 */
export function rowBytes(values: Record<string, Value>): number {
  let bytes = 240;
  for (const key in values) {
    const v = values[key];
    bytes += 40;
    if (typeof v === 'string') bytes += 2 * v.length;
    else if (v !== null && typeof v === 'object') bytes += 2 * JSON.stringify(v).length;
  }
  return bytes;
}

interface Entry<T> {
  row: T;
  bytes: number;
}

export class RowCache<T extends { values: Record<string, Value> }> {
  private young = new Map<string, Map<number, Entry<T>>>();
  private old = new Map<string, Map<number, Entry<T>>>();
  private youngBytes = 0;

  constructor(private readonly maxBytes = ROW_CACHE_BYTES) {}

  /** Row `index` of `table`, made by `make` unless kept (null rows, out of range, are not kept). */
  get(table: string, index: number, make: () => T | null): T | null {
    const young = this.young.get(table);
    const hit = young?.get(index);
    if (hit) return hit.row;
    const old = this.old.get(table)?.get(index);
    if (old) return this.keep(table, index, old);
    const row = make();
    return row && this.keep(table, index, { row, bytes: rowBytes(row.values) });
  }

  /** Estimated bytes held now (at most `maxBytes`). */
  get bytes(): number {
    let total = this.youngBytes;
    for (const rows of this.old.values()) for (const e of rows.values()) total += e.bytes;
    return total;
  }

  private keep(table: string, index: number, entry: Entry<T>): T {
    // A row bigger than a generation is answered, never kept.
    if (entry.bytes > this.maxBytes / 2) return entry.row;
    if (this.youngBytes + entry.bytes > this.maxBytes / 2) {
      this.old = this.young;
      this.young = new Map();
      this.youngBytes = 0;
    }
    let rows = this.young.get(table);
    if (!rows) this.young.set(table, (rows = new Map()));
    rows.set(index, entry);
    this.youngBytes += entry.bytes;
    return entry.row;
  }
}
