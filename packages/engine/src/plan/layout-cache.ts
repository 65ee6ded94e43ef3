import type { PerParentRows } from '../document/types';

/** Bytes of block starts kept: 8 bytes per 1024 parents, so 32 MB holds layouts over ~4 billion parent rows. */
const DEFAULT_CAP_BYTES = 32 * 1024 * 1024;

/**
 * Per-parent layouts already computed in this process, least recently used
 * first out. The editor previews its document again on every keystroke, and
 * the layout (a walk over every parent row) is by far the costliest part of
 * such a plan while being the same each time; runs, previews and the rows
 * API of one blueprint share it too.
 */
export class LayoutCache {
  private readonly entries = new Map<string, Float64Array>();
  private readonly pending = new Map<string, Promise<Float64Array>>();
  private bytes = 0;

  constructor(private readonly capBytes = DEFAULT_CAP_BYTES) {}

  get(key: string): Float64Array | undefined {
    const starts = this.entries.get(key);
    if (starts) {
      this.entries.delete(key);
      this.entries.set(key, starts);
    }
    return starts;
  }

  set(key: string, starts: Float64Array): void {
    if (starts.byteLength > this.capBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.bytes -= old.byteLength;
      this.entries.delete(key);
    }
    this.entries.set(key, starts);
    this.bytes += starts.byteLength;
    for (const [oldest, value] of this.entries) {
      if (this.bytes <= this.capBytes) break;
      this.entries.delete(oldest);
      this.bytes -= value.byteLength;
    }
  }

  /** The cached layout, or the one being computed for the same key, or a new computation (cached once done). */
  getOrCompute(key: string, compute: () => Promise<Float64Array>): Promise<Float64Array> {
    const cached = this.get(key);
    if (cached) return Promise.resolve(cached);
    let pending = this.pending.get(key);
    if (!pending) {
      pending = compute().then(
        (starts) => {
          this.pending.delete(key);
          this.set(key, starts);
          return starts;
        },
        (error) => {
          this.pending.delete(key);
          throw error;
        },
      );
      this.pending.set(key, pending);
    }
    return pending;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** The process's cache (each worker thread has its own, unused there: plans arrive with their layouts). */
export const layoutCache = new LayoutCache();

/** Everything a per-parent table's counts depend on: the same key means the same layout, byte for byte. */
export function layoutKey(seed: number, table: string, spec: PerParentRows, parentRows: number): string {
  const { min, max, distribution, mean, exponent } = spec;
  return JSON.stringify([seed, table, min ?? null, max ?? null, distribution ?? 'uniform', mean ?? null, exponent ?? null, parentRows]);
}
