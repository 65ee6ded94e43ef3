/** A row of a mock: generated (by index) or created by a mutation (by key). */
export type RowRef = { base: number } | { created: string };

/** The ordered rows a connection pages through, read a page at a time. */
export interface Selection {
  readonly count: number;
  slice(from: number, to: number): RowRef[];
  reversed(): Selection;
}

/**
 * Generated rows [start, end) minus `excluded` (deleted or moved away by
 * mutations), then `extras`: a table of a billion rows pages without a list
 * of them. Position p is found by stepping over the excluded rows before it.
 */
export class RangeSelection implements Selection {
  private readonly excluded: number[];

  constructor(
    private readonly start: number,
    private readonly end: number,
    excluded: number[],
    private readonly extras: RowRef[],
    private readonly backwards = false,
  ) {
    this.excluded = [...new Set(excluded)].sort((a, b) => a - b);
  }

  get count(): number {
    return this.end - this.start - this.excluded.length + this.extras.length;
  }

  private get baseCount(): number {
    return this.end - this.start - this.excluded.length;
  }

  reversed(): Selection {
    return new RangeSelection(this.start, this.end, this.excluded, this.extras, !this.backwards);
  }

  slice(from: number, to: number): RowRef[] {
    const out: RowRef[] = [];
    const last = Math.min(to, this.count);
    for (let p = Math.max(0, from); p < last; p++) {
      const q = this.backwards ? this.count - 1 - p : p;
      out.push(q < this.baseCount ? { base: this.baseAt(q) } : this.extras[q - this.baseCount]);
    }
    return out;
  }

  /**
   * The generated row at position q of the rows left after exclusions:
   * start + q + i, where i excluded rows come before it — the first i with
   * excluded[i] - i > start + q (that difference never decreases over sorted,
   * distinct rows), found by bisection: a page costs its rows, not the
   * overlay's size.
   */
  private baseAt(q: number): number {
    const target = this.start + q;
    const { excluded } = this;
    let lo = 0;
    let hi = excluded.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (excluded[mid] - mid <= target) lo = mid + 1;
      else hi = mid;
    }
    return target + lo;
  }
}

/** Rows listed one by one: filters and sorts, bounded by the scan limit. */
export class ListSelection implements Selection {
  constructor(private readonly refs: RowRef[]) {}

  get count(): number {
    return this.refs.length;
  }

  slice(from: number, to: number): RowRef[] {
    return this.refs.slice(Math.max(0, from), to);
  }

  reversed(): Selection {
    return new ListSelection([...this.refs].reverse());
  }
}

/** Positions [from, to) of another selection (the rows one page of an aggregate covers). */
export class SliceSelection implements Selection {
  constructor(
    private readonly of: Selection,
    private readonly from: number,
    private readonly to: number,
  ) {}

  get count(): number {
    return Math.max(0, Math.min(this.to, this.of.count) - this.from);
  }

  slice(from: number, to: number): RowRef[] {
    return this.of.slice(this.from + Math.max(0, from), this.from + Math.min(to, this.count));
  }

  reversed(): Selection {
    return new ListSelection(this.slice(0, this.count).reverse());
  }
}

/** Generated rows listed by index, then other rows: a filter's matches, without an object per row until a page is read. */
export class IndexSelection implements Selection {
  constructor(
    private readonly indices: ArrayLike<number>,
    private readonly extras: RowRef[] = [],
  ) {}

  get count(): number {
    return this.indices.length + this.extras.length;
  }

  slice(from: number, to: number): RowRef[] {
    const out: RowRef[] = [];
    const last = Math.min(to, this.count);
    for (let p = Math.max(0, from); p < last; p++) out.push(p < this.indices.length ? { base: this.indices[p] } : this.extras[p - this.indices.length]);
    return out;
  }

  reversed(): Selection {
    return new ListSelection(this.slice(0, this.count).reverse());
  }
}

/** First position of `sorted` holding a value ≥ `value`. */
export function lowerBound(sorted: Int32Array, value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
