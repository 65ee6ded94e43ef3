import { childCountsOf, LAYOUT_BLOCK, PerParentLayout, type TableLayout } from '../plan/layout';

interface BlockCounts {
  block: number;
  /** First child row of each parent of the block, relative to the block's start (one more entry: its end). */
  offsets: Float64Array;
  countOf: (parentRow: number) => number;
}

// The last block read per layout: children of neighbouring parents (a page of them) reuse it.
const lastBlocks = new WeakMap<PerParentLayout, BlockCounts>();

/** First child row of parent `parentRow` under a per-parent layout (`parentRows` gives the table's end). */
export function firstChildRow(layout: PerParentLayout, parentRow: number): number {
  if (parentRow >= layout.parentRows) return layout.rows;
  const starts = layout.starts();
  const block = Math.floor(parentRow / LAYOUT_BLOCK);
  let counts = lastBlocks.get(layout);
  if (!counts || counts.block !== block) {
    const countOf = counts?.countOf ?? childCountsOf(layout.source);
    const first = block * LAYOUT_BLOCK;
    const size = Math.min(LAYOUT_BLOCK, layout.parentRows - first);
    const offsets = new Float64Array(size + 1);
    let sum = 0;
    for (let i = 0; i < size; i++) {
      offsets[i] = sum;
      sum += countOf(first + i);
    }
    offsets[size] = sum;
    counts = { block, offsets, countOf };
    lastBlocks.set(layout, counts);
  }
  return starts[block] + counts.offsets[parentRow - block * LAYOUT_BLOCK];
}

/**
 * Rows of the table at the bottom of `chain` (per-parent layouts, child first,
 * each the parent of the one before) under row `ancestorRow` of the table at
 * its top: each level maps a contiguous range of parents to the contiguous
 * range of their children.
 */
export function descendantRange(chain: TableLayout[], ancestorRow: number): { start: number; end: number } {
  let start = ancestorRow;
  let end = ancestorRow + 1;
  for (let i = chain.length - 1; i >= 0; i--) {
    const layout = chain[i] as PerParentLayout;
    start = firstChildRow(layout, start);
    end = firstChildRow(layout, end);
  }
  return { start, end };
}
