import type { Value } from '../../engine';
import { badInput } from '../../errors';

/**
 * What mutations wrote over a mock's generated rows: per (table, key), the
 * row's new values (or null: deleted), and for a generated row its index, so
 * reads find it without generating its key. Rows created by mutations have
 * no index and come after the generated ones, in creation order.
 */
export interface OverlayEntry {
  table: string;
  /** The row's key as text (`String(value)`). */
  key: string;
  baseIndex: number | null;
  values: Record<string, Value> | null;
  /** Write order: created rows are listed by it. */
  seq: number;
}

/** Where a mock's overlay lives: PostgreSQL for the server, memory for `seedbed mock`. */
export interface OverlayStore {
  load(): Promise<Overlay>;
  /** Writes one entry (replacing the same table and key), refused past the store's bound. */
  put(entry: Omit<OverlayEntry, 'seq'>): Promise<OverlayEntry>;
  reset(): Promise<number>;
}

/** The entries one request reads, indexed. */
export class Overlay {
  private readonly byKey = new Map<string, OverlayEntry>();
  private readonly byBase = new Map<string, OverlayEntry>();
  private readonly tables = new Set<string>();

  constructor(entries: OverlayEntry[] = []) {
    for (const e of entries.sort((a, b) => a.seq - b.seq)) this.add(e);
  }

  get empty(): boolean {
    return this.byKey.size === 0;
  }

  add(entry: OverlayEntry): void {
    const old = this.byKey.get(`${entry.table}\u0000${entry.key}`);
    if (old?.baseIndex !== null && old?.baseIndex !== undefined) this.byBase.delete(`${old.table}\u0000${old.baseIndex}`);
    this.byKey.set(`${entry.table}\u0000${entry.key}`, entry);
    if (entry.baseIndex !== null) this.byBase.set(`${entry.table}\u0000${entry.baseIndex}`, entry);
    this.tables.add(entry.table);
  }

  touches(table: string): boolean {
    return this.tables.has(table);
  }

  ofKey(table: string, key: string): OverlayEntry | undefined {
    return this.byKey.get(`${table}\u0000${key}`);
  }

  ofBase(table: string, index: number): OverlayEntry | undefined {
    return this.byBase.get(`${table}\u0000${index}`);
  }

  /** Entries over generated rows of `table`, by row index. */
  changedBase(table: string): OverlayEntry[] {
    return [...this.byKey.values()].filter((e) => e.table === table && e.baseIndex !== null).sort((a, b) => a.baseIndex! - b.baseIndex!);
  }

  /** Rows of `table` created by mutations and not deleted since, in creation order. */
  created(table: string): OverlayEntry[] {
    return [...this.byKey.values()].filter((e) => e.table === table && e.baseIndex === null && e.values !== null).sort((a, b) => a.seq - b.seq);
  }
}

/** Changed rows a blueprint's mocks may hold together (every revision and seed; `seedbed mock`: its one mock): a bound on what a caller can make the server keep. */
export const MAX_OVERLAY_ROWS = 10_000;

/** `seedbed mock`'s overlay: in memory, gone when the process ends. */
export class MemoryOverlayStore implements OverlayStore {
  private entries = new Map<string, OverlayEntry>();
  private seq = 0;

  constructor(private readonly maxRows = MAX_OVERLAY_ROWS) {}

  async load(): Promise<Overlay> {
    return new Overlay([...this.entries.values()]);
  }

  async put(entry: Omit<OverlayEntry, 'seq'>): Promise<OverlayEntry> {
    const id = `${entry.table}\u0000${entry.key}`;
    if (!this.entries.has(id) && this.entries.size >= this.maxRows) throw overlayFull(this.maxRows);
    const stored = { ...entry, seq: ++this.seq };
    this.entries.set(id, stored);
    return stored;
  }

  async reset(): Promise<number> {
    const count = this.entries.size;
    this.entries.clear();
    return count;
  }
}

/** `fullest`: the server's mocks of the blueprint holding most of them (`revision 2 seed 7: 6,000`), to say what resetMock would free. */
export function overlayFull(maxRows: number, fullest: string[] = []) {
  const where = fullest.length ? `This blueprint's mocks hold ${maxRows.toLocaleString('en-US')} changed rows together (${fullest.join('; ')})` : `This mock holds ${maxRows.toLocaleString('en-US')} changed rows already`;
  return badInput('input', `${where}; call resetMock on one to start over.`);
}
