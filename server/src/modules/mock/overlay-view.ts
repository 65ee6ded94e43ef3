/**
 * One request's window on a mock's overlay: which tables have entries (one
 * read per request), and the entries of the rows the request shows, fetched
 * by key or by index in one statement per table and tick (DataLoader), never
 * the whole overlay. A table without entries is read without any await, so
 * its rows complete synchronously (GraphQL's fast path).
 */
import DataLoader from 'dataloader';
import { textProblem } from '../../json-input';
import type { Filter } from './filter';
import type { ChangedRow, OverlayEntry, OverlayStore, TableCounts } from './overlay';

export class OverlayView {
  private readonly byKey = new Map<string, DataLoader<string, OverlayEntry | undefined>>();
  private readonly byIndex = new Map<string, DataLoader<number, OverlayEntry | undefined>>();

  private constructor(
    readonly store: OverlayStore,
    private readonly counts: Map<string, TableCounts>,
  ) {}

  static async open(store: OverlayStore): Promise<OverlayView> {
    return new OverlayView(store, await store.counts());
  }

  /** Whether any entry of `table` exists (as of this request's start, and its own writes). */
  touches(table: string): boolean {
    const c = this.counts.get(table);
    return !!c && c.changed + c.created > 0;
  }

  createdCount(table: string): number {
    return this.counts.get(table)?.created ?? 0;
  }

  entryOfKey(table: string, key: string): Promise<OverlayEntry | undefined> {
    // No row's key holds text PostgreSQL refuses (writes check it), so such a key finds nothing, without asking.
    if (textProblem(key)) return Promise.resolve(undefined);
    let loader = this.byKey.get(table);
    if (!loader) {
      loader = new DataLoader(async (keys) => {
        const found = new Map((await this.store.ofKeys(table, [...keys])).map((e) => [e.key, e]));
        return keys.map((k) => found.get(k));
      });
      this.byKey.set(table, loader);
    }
    return loader.load(key);
  }

  entryAt(table: string, index: number): Promise<OverlayEntry | undefined> {
    let loader = this.byIndex.get(table);
    if (!loader) {
      loader = new DataLoader(async (indices) => {
        const found = new Map((await this.store.atIndices(table, [...indices])).map((e) => [e.baseIndex!, e]));
        return indices.map((i) => found.get(i));
      });
      this.byIndex.set(table, loader);
    }
    return loader.load(index);
  }

  changed(table: string, range: { from: number; to: number; outside?: boolean }, filter?: Filter): Promise<ChangedRow[]> {
    return this.touches(table) ? this.store.changed(table, range, filter) : Promise.resolve([]);
  }

  createdKeys(table: string, filter?: Filter): Promise<string[]> {
    return this.createdCount(table) ? this.store.createdKeys(table, filter) : Promise.resolve([]);
  }

  /** After this request wrote `entry`: later reads in it see the write. */
  wrote(entry: OverlayEntry, created: boolean): void {
    const c = this.counts.get(entry.table) ?? { changed: 0, created: 0 };
    if (entry.baseIndex !== null) c.changed++;
    else if (created) c.created++;
    this.counts.set(entry.table, c);
    this.byKey.get(entry.table)?.clearAll();
    this.byIndex.get(entry.table)?.clearAll();
  }
}
