import { CellRng } from '../random/cell-rng';
import { cellSeed, streamKey, type StreamKey } from '../random/hash';
import type { PerParentRows } from '../document/types';
import { layoutCache, layoutKey } from './layout-cache';

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

/** Parents per block: the layout keeps one prefix sum per block. */
export const LAYOUT_BLOCK = 1024;
const BLOCK = LAYOUT_BLOCK;
const ZIPF_MAX_SUPPORT = 100_000;

/**
 * The most child rows one parent row can get under `spec`: what row-count
 * bounds multiply, so they can be checked before any count is drawn. A
 * Poisson draw without `max` is capped at mean + 10·sqrt(mean) + 10 (counts
 * are clamped to it, so the bound is exact): above 10 standard deviations,
 * where a clamp changes a count with probability below 1e-20 per parent.
 */
export function maxChildren(spec: PerParentRows): number {
  const min = spec.min ?? 0;
  const distribution = spec.distribution ?? 'uniform';
  if (distribution === 'poisson') {
    const mean = poissonMean(spec);
    const tail = Math.ceil(mean + 10 * Math.sqrt(mean) + 10);
    return Math.max(min, Math.min(spec.max ?? Infinity, tail));
  }
  if (distribution === 'zipf') return Math.min(spec.max ?? min + 100, min + ZIPF_MAX_SUPPORT);
  return Math.max(min, spec.max ?? min);
}

function poissonMean(spec: PerParentRows): number {
  return spec.mean ?? ((spec.min ?? 0) + (spec.max ?? 10)) / 2;
}

/** Children per parent row, as a pure function of (key, parent row). */
export function childCountFn(spec: PerParentRows, key: StreamKey): (parentRow: number) => number {
  const rng = new CellRng();
  const min = spec.min ?? 0;
  const distribution = spec.distribution ?? 'uniform';
  if (distribution === 'poisson') {
    const mean = poissonMean(spec);
    const max = maxChildren(spec);
    const limit = Math.exp(-mean);
    return (p) => {
      rng.reset(cellSeed(key, p));
      let k: number;
      if (mean < 30) {
        // Knuth: multiply uniforms until below e^-mean.
        k = -1;
        for (let prod = 1; prod > limit && k < max; k++) prod *= rng.float53() || Number.MIN_VALUE;
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
    const max = maxChildren(spec);
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
  const max = maxChildren(spec);
  return (p) => min + rng.reset(cellSeed(key, p)).below(max - min + 1);
}

/** A per-parent table's counts: drawn from its row spec, keyed by seed and table. */
export interface ChildCounts {
  seed: number;
  /** The table's stable key (not its name: a renamed table keeps its counts). */
  table: string;
  spec: PerParentRows;
}

export function childCountsOf({ seed, table, spec }: ChildCounts): (parentRow: number) => number {
  return childCountFn(spec, streamKey(seed, table, '#rows'));
}

/** Child rows of each block of parents in [fromBlock, toBlock): the unit a worker thread computes. */
export function blockTotals(countOf: (p: number) => number, parentRows: number, fromBlock: number, toBlock: number): Float64Array {
  const totals = new Float64Array(Math.max(0, toBlock - fromBlock));
  for (let b = fromBlock; b < toBlock; b++) {
    const end = Math.min(parentRows, (b + 1) * BLOCK);
    let sum = 0;
    for (let p = b * BLOCK; p < end; p++) sum += countOf(p);
    totals[b - fromBlock] = sum;
  }
  return totals;
}

/** Blocks a layout over `parentRows` parents has. */
export function blockCount(parentRows: number): number {
  return Math.ceil(parentRows / BLOCK);
}

/** Per-block totals → block start offsets (one more entry: the end, i.e. the table's rows). */
export function blockStartsOf(totals: Float64Array): Float64Array {
  const starts = new Float64Array(totals.length + 1);
  let sum = 0;
  for (let b = 0; b < totals.length; b++) {
    starts[b] = sum;
    sum += totals[b];
  }
  starts[totals.length] = sum;
  return starts;
}

/**
 * A per-parent table: parent p owns child rows [start(p), start(p) + count(p)).
 * Counts are hashed per parent; prefix sums are kept per block of 1024
 * parents only (a few KB for a million parents), so the parent of any child
 * row is found by a binary search over blocks plus one block's recount —
 * any row range can be generated without the rows before it.
 *
 * Building one walks nothing: the block sums are computed on first use (a
 * walk over every parent row, in the thread that asks), or installed ready
 * made — by a server that computed them in worker threads, or from the cache
 * of layouts already computed in this process.
 */
export class PerParentLayout implements TableLayout {
  private blockStarts: Float64Array | undefined;
  private cachedBlock = -1;
  private readonly blockOffsets = new Float64Array(BLOCK + 1);
  private lastParent = -1;
  private lastStart = 0;
  private lastEnd = 0;

  private countFn: ((p: number) => number) | undefined;
  private key: string | undefined;

  constructor(
    readonly parent: string,
    /** The parent table's layout: read only when the counts are needed, so building plans stays free. */
    private readonly parentLayout: TableLayout,
    /** What the counts are drawn from. */
    readonly source: ChildCounts,
  ) {}

  private parentCount = -1;

  get parentRows(): number {
    if (this.parentCount < 0) this.parentCount = this.parentLayout.rows;
    return this.parentCount;
  }

  /** Names the counts in the layout cache: everything they depend on. */
  get cacheKey(): string {
    return (this.key ??= layoutKey(this.source.seed, this.source.table, this.source.spec, this.parentRows));
  }

  private get countOf(): (p: number) => number {
    return (this.countFn ??= childCountsOf(this.source));
  }

  get rows(): number {
    const starts = this.starts();
    return starts[starts.length - 1];
  }

  /** Whether the block sums are known, so that reading `rows` costs nothing. */
  get resolved(): boolean {
    this.blockStarts ??= layoutCache.get(this.cacheKey);
    return this.blockStarts !== undefined;
  }

  /** The block start offsets (blocks + 1 entries), walking the parents if nobody supplied them. */
  starts(): Float64Array {
    if (this.resolved) return this.blockStarts!;
    const starts = blockStartsOf(blockTotals(this.countOf, this.parentRows, 0, blockCount(this.parentRows)));
    this.install(starts);
    return starts;
  }

  /** Uses block starts computed elsewhere (`blockStartsOf` of this layout's `blockTotals`). */
  install(starts: Float64Array): void {
    if (starts.length !== blockCount(this.parentRows) + 1) throw new Error(`layout of ${starts.length} block starts for ${this.parentRows} parent rows`);
    this.blockStarts = starts;
    layoutCache.set(this.cacheKey, starts);
  }

  /** Parent row of child `row` (0 ≤ row < rows). */
  parentOf(row: number): number {
    if (row >= this.lastStart && row < this.lastEnd) return this.lastParent;
    const block = this.findBlock(row);
    this.loadBlock(block);
    const offsets = this.blockOffsets;
    const base = this.starts()[block];
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

  /** Position of child `row` among its parent's children (0 for the first). */
  rankInParent(row: number): number {
    this.parentOf(row);
    return row - this.lastStart;
  }

  private findBlock(row: number): number {
    const starts = this.starts();
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

/** Block starts of a plan's per-parent layouts that are known, by table: what a worker rebuilding the plan installs. */
export function resolvedLayouts(tables: readonly { name: string; layout: TableLayout }[]): Record<string, Float64Array> {
  const layouts: Record<string, Float64Array> = {};
  for (const { name, layout } of tables) if (layout instanceof PerParentLayout && layout.resolved) layouts[name] = layout.starts();
  return layouts;
}
