import type { Value } from '../../engine';
import { AppError } from '../../errors';
import { matchesRow, type Filter } from './filter';

/**
 * What mutations wrote over a mock's generated rows: per (table, key), the
 * row's new values (or null: deleted), and for a generated row its index, so
 * reads find it without generating its key. Rows created by mutations have
 * no index and come after the generated ones, in creation order.
 */
export interface OverlayEntry {
  table: string;
  /** The row's key as text (`keyText(value)`). */
  key: string;
  baseIndex: number | null;
  values: Record<string, Value> | null;
  /** Write order: created rows are listed by it. */
  seq: number;
}

export type NewEntry = Omit<OverlayEntry, 'seq'>;

/** Entries of one table: how many change generated rows, how many are created rows (not deleted). */
export interface TableCounts {
  changed: number;
  created: number;
}

/** A generated row the overlay changed, and whether it is still listed (not deleted, and matching the filter asked). */
export interface ChangedRow {
  index: number;
  keep: boolean;
}

/**
 * Where a mock's overlay lives (PostgreSQL for the server, memory for
 * `seedbed mock`), read by key and by range, never whole: a request reads
 * the entries of the rows it shows and, for filters and pages, only indexes
 * and keys, with the filter evaluated where the rows are.
 */
export interface OverlayStore {
  /** Per table, how many entries there are: tables with none are read without asking again. */
  counts(): Promise<Map<string, TableCounts>>;
  atIndices(table: string, indices: number[]): Promise<OverlayEntry[]>;
  ofKeys(table: string, keys: string[]): Promise<OverlayEntry[]>;
  /** Changed generated rows with an index in [from, to) (`outside`: not in it, and only those kept). */
  changed(table: string, range: { from: number; to: number; outside?: boolean }, filter?: Filter): Promise<ChangedRow[]>;
  /** Keys of the created rows matching `filter`, in creation order. */
  createdKeys(table: string, filter?: Filter): Promise<string[]>;
  /** Writes an entry, replacing the one of the same table and key. */
  put(entry: NewEntry): Promise<OverlayEntry>;
  /** Writes a created row unless a live row holds its key (then null). */
  insert(entry: NewEntry): Promise<OverlayEntry | null>;
  reset(): Promise<number>;
}

/** PRODUCT.md §9: what one blueprint's mocks may hold together, and each JSON value written. */
export interface OverlayBounds {
  rows: number;
  bytes: number;
  /** What all the mocks of one project may hold together. */
  projectRows: number;
  projectBytes: number;
}

export const OVERLAY_BOUNDS: OverlayBounds = { rows: 10_000, bytes: 20_000_000, projectRows: 50_000, projectBytes: 100_000_000 };

/** Bytes one changed row may hold as JSON. */
export const MAX_OVERLAY_ROW_BYTES = 65_536;
/** §9: each JSON value written is at most 10,000 nodes, nested at most 32 deep. */
export const MAX_JSON_NODES = 10_000;
export const MAX_JSON_DEPTH = 32;

/** Bytes an entry counts for against the bounds: its values as JSON (a deletion counts as nothing but its row). */
export function entryBytes(values: Record<string, Value> | null): number {
  return values ? Buffer.byteLength(JSON.stringify(values)) : 0;
}

const fmt = (n: number) => n.toLocaleString('en-US');

/** The refusal when a write would pass a bound; `fullest` names the mocks holding most, to say what resetMock would free. */
export function overlayFull(what: { rows?: number; bytes?: number; project?: boolean }, fullest: string[] = []): AppError {
  const held = what.rows !== undefined ? `${fmt(what.rows)} changed rows` : `${fmt(what.bytes!)} bytes of changed rows`;
  const whose = what.project ? "This project's mocks" : "This blueprint's mocks";
  return new AppError('PAYLOAD_TOO_LARGE', `${whose} may hold at most ${held} together${fullest.length ? ` (${fullest.join('; ')})` : ''}; call resetMock on one to start over.`, { path: 'input' });
}

/** `seedbed mock`'s overlay: in memory, gone when the process ends; the same answers as PostgreSQL's. */
export class MemoryOverlayStore implements OverlayStore {
  private readonly entries = new Map<string, OverlayEntry>();
  private seq = 0;
  private bytes = 0;

  constructor(private readonly bounds: Pick<OverlayBounds, 'rows' | 'bytes'> = OVERLAY_BOUNDS) {}

  private of(table: string): OverlayEntry[] {
    return [...this.entries.values()].filter((e) => e.table === table);
  }

  async counts(): Promise<Map<string, TableCounts>> {
    const counts = new Map<string, TableCounts>();
    for (const e of this.entries.values()) {
      const c = counts.get(e.table) ?? { changed: 0, created: 0 };
      if (e.baseIndex !== null) c.changed++;
      else if (e.values) c.created++;
      counts.set(e.table, c);
    }
    return counts;
  }

  async atIndices(table: string, indices: number[]): Promise<OverlayEntry[]> {
    const wanted = new Set(indices);
    return this.of(table).filter((e) => e.baseIndex !== null && wanted.has(e.baseIndex));
  }

  async ofKeys(table: string, keys: string[]): Promise<OverlayEntry[]> {
    return keys.map((k) => this.entries.get(`${table}\u0000${k}`)).filter((e): e is OverlayEntry => !!e);
  }

  async changed(table: string, range: { from: number; to: number; outside?: boolean }, filter?: Filter): Promise<ChangedRow[]> {
    const out: ChangedRow[] = [];
    for (const e of this.of(table)) {
      if (e.baseIndex === null) continue;
      const inside = e.baseIndex >= range.from && e.baseIndex < range.to;
      const keep = !!e.values && (!filter || matchesRow(filter, e.values));
      if (range.outside ? !inside && keep : inside) out.push({ index: e.baseIndex, keep });
    }
    return out.sort((a, b) => a.index - b.index);
  }

  async createdKeys(table: string, filter?: Filter): Promise<string[]> {
    return this.of(table)
      .filter((e) => e.baseIndex === null && e.values && (!filter || matchesRow(filter, e.values)))
      .sort((a, b) => a.seq - b.seq)
      .map((e) => e.key);
  }

  async put(entry: NewEntry): Promise<OverlayEntry> {
    const id = `${entry.table}\u0000${entry.key}`;
    const old = this.entries.get(id);
    const bytes = this.bytes - (old ? entryBytes(old.values) : 0) + entryBytes(entry.values);
    if (!old && this.entries.size >= this.bounds.rows) throw overlayFull({ rows: this.bounds.rows });
    if (bytes > this.bounds.bytes && bytes > this.bytes) throw overlayFull({ bytes: this.bounds.bytes });
    const stored = { ...entry, seq: ++this.seq };
    this.entries.set(id, stored);
    this.bytes = bytes;
    return stored;
  }

  async insert(entry: NewEntry): Promise<OverlayEntry | null> {
    if (this.entries.get(`${entry.table}\u0000${entry.key}`)?.values) return null;
    return this.put(entry);
  }

  async reset(): Promise<number> {
    const count = this.entries.size;
    this.entries.clear();
    this.bytes = 0;
    return count;
  }
}

