import { CellRng } from '../random/cell-rng';
import { cellSeed, type StreamKey } from '../random/hash';
import type { PerParentRows } from '../document/types';

/** Row count of a table and, for per-parent tables, which parent row each row belongs to. */
export interface TableLayout {
  readonly rows: number;
  /** Parent table name for per-parent tables. */
  readonly parent?: string;
  parentOf?(row: number): number;
}

export class FixedLayout implements TableLayout {
  constructor(readonly rows: number) {}
}

const BLOCK = 1024;
const ZIPF_MAX_SUPPORT = 100_000;

/** Children per parent row, as a pure function of (key, parent row). */
export function childCountFn(spec: PerParentRows, key: StreamKey): (parentRow: number) => number {
  const rng = new CellRng();
  const min = spec.min ?? 0;
  const distribution = spec.distribution ?? 'uniform';
  if (distribution === 'poisson') {
    const mean = spec.mean ?? ((spec.min ?? 0) + (spec.max ?? 10)) / 2;
    const max = spec.max ?? Infinity;
    const limit = Math.exp(-mean);
    return (p) => {
      rng.reset(cellSeed(key, p));
      let k: number;
      if (mean < 30) {
        // Knuth: multiply uniforms until below e^-mean.
        k = -1;
        for (let prod = 1; prod > limit; k++) prod *= rng.float53() || Number.MIN_VALUE;
      } else {
        // Normal approximation for large means (Box–Muller).
        const z = Math.sqrt(-2 * Math.log(rng.float53() || Number.MIN_VALUE)) * Math.cos(2 * Math.PI * rng.float53());
        k = Math.round(mean + Math.sqrt(mean) * z);
      }
      return Math.min(max, Math.max(min, k));
    };
  }
  if (distribution === 'zipf') {
    // P(k) ∝ 1/(k - min + 1)^s over [min, max]: most parents get few rows, a few get many.
    const max = Math.min(spec.max ?? min + 100, min + ZIPF_MAX_SUPPORT);
    const s = spec.exponent ?? 1;
    const cdf = new Float64Array(max - min + 1);
    let total = 0;
    for (let k = 0; k < cdf.length; k++) cdf[k] = total += 1 / (k + 1) ** s;
    return (p) => {
      const x = rng.reset(cellSeed(key, p)).float53() * total;
      let lo = 0;
      let hi = cdf.length - 1;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (cdf[mid] > x) hi = mid;
        else lo = mid + 1;
      }
      return min + lo;
    };
  }
  const max = Math.max(min, spec.max ?? min);
  return (p) => min + rng.reset(cellSeed(key, p)).below(max - min + 1);
}

/**
 * A per-parent table: parent p owns child rows [start(p), start(p) + count(p)).
 * Counts are hashed per parent; prefix sums are kept per block of 1024
 * parents only (a few KB for a million parents), so the parent of any child
 * row is found by a binary search over blocks plus one block's recount —
 * any row range can be generated without the rows before it.
 */
export class PerParentLayout implements TableLayout {
  readonly rows: number;
  private readonly blockStarts: Float64Array;
  private cachedBlock = -1;
  private readonly blockOffsets = new Float64Array(BLOCK + 1);
  private lastParent = -1;
  private lastStart = 0;
  private lastEnd = 0;

  constructor(readonly parent: string, private readonly parentRows: number, private readonly countOf: (p: number) => number) {
    const blocks = Math.ceil(parentRows / BLOCK);
    this.blockStarts = new Float64Array(blocks + 1);
    let total = 0;
    for (let b = 0; b < blocks; b++) {
      this.blockStarts[b] = total;
      const end = Math.min(parentRows, (b + 1) * BLOCK);
      for (let p = b * BLOCK; p < end; p++) total += countOf(p);
    }
    this.blockStarts[blocks] = total;
    this.rows = total;
  }

  /** Parent row of child `row` (0 ≤ row < rows). */
  parentOf(row: number): number {
    if (row >= this.lastStart && row < this.lastEnd) return this.lastParent;
    const block = this.findBlock(row);
    this.loadBlock(block);
    const offsets = this.blockOffsets;
    const base = this.blockStarts[block];
    const size = Math.min(BLOCK, this.parentRows - block * BLOCK);
    let lo = 0;
    let hi = size - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (base + offsets[mid] <= row) lo = mid;
      else hi = mid - 1;
    }
    // Skip parents with zero children that share the same start.
    while (lo < size - 1 && base + offsets[lo + 1] <= row) lo++;
    this.lastParent = block * BLOCK + lo;
    this.lastStart = base + offsets[lo];
    this.lastEnd = base + offsets[lo + 1];
    return this.lastParent;
  }

  private findBlock(row: number): number {
    const starts = this.blockStarts;
    let lo = 0;
    let hi = starts.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= row) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private loadBlock(block: number) {
    if (block === this.cachedBlock) return;
    const first = block * BLOCK;
    const size = Math.min(BLOCK, this.parentRows - first);
    let sum = 0;
    for (let i = 0; i < size; i++) {
      this.blockOffsets[i] = sum;
      sum += this.countOf(first + i);
    }
    this.blockOffsets[size] = sum;
    this.cachedBlock = block;
  }
}
