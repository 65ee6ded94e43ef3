import type { BlueprintDocument } from '../document/types';
import type { LayoutRequest } from '../parallel/protocol';
import { finishPlan, startPlan, type CompileOptions } from './compile';
import { blockCount, blockStartsOf, PerParentLayout } from './layout';
import { layoutCache } from './layout-cache';
import type { Plan } from './types';

/** Parents laid out in the caller's thread: 64 blocks, about a millisecond or two. */
export const INLINE_LAYOUT_PARENTS = 65_536;
/** Blocks per worker task: ~4 million parents, tens of milliseconds, so other users' chunks interleave. */
const TASK_BLOCKS = 4096;

/** What counts blocks of parents off this thread: the engine's worker pool. */
export interface LayoutWorkers {
  readonly threadCount: number;
  layoutTotals(request: LayoutRequest): Promise<Float64Array>;
}

export interface AsyncCompileOptions extends CompileOptions {
  /** Worker threads that lay out per-parent tables whose parents number more than `inlineParents`. */
  pool: LayoutWorkers;
  /** Parents at or below which a layout is walked in this thread (default `INLINE_LAYOUT_PARENTS`). */
  inlineParents?: number;
}

/**
 * `compileBlueprint` for a thread that must stay responsive (a server's):
 * the same checks, bounds first, and a plan whose output is byte-identical,
 * but every per-parent layout over more than a few thousand parents is
 * counted in the pool's threads (or taken from the layout cache) and
 * installed, so this thread never walks parent rows — neither here nor later
 * when the plan's row counts are read.
 */
export async function compileBlueprintAsync(doc: BlueprintDocument, options: AsyncCompileOptions): Promise<Plan> {
  const { pool, inlineParents = INLINE_LAYOUT_PARENTS, ...compile } = options;
  const draft = startPlan(doc, compile);
  // Parents first: a grandchild's parent count is its parent's total.
  for (const name of draft.plan.order) {
    const layout = draft.plan.table(name).layout;
    if (!(layout instanceof PerParentLayout) || layout.resolved || layout.parentRows <= inlineParents) continue;
    layout.install(await layoutCache.getOrCompute(layout.cacheKey, () => countOffThread(layout, pool)));
  }
  return finishPlan(draft);
}

/** Block totals from the pool in tasks of `TASK_BLOCKS`, at most one per thread at a time, summed here (one add per block). */
async function countOffThread(layout: PerParentLayout, pool: LayoutWorkers): Promise<Float64Array> {
  const { parentRows } = layout;
  const { seed, table, spec } = layout.source;
  const blocks = blockCount(parentRows);
  const totals = new Float64Array(blocks);
  let next = 0;
  const worker = async () => {
    while (next < blocks) {
      const fromBlock = next;
      const toBlock = Math.min(blocks, fromBlock + TASK_BLOCKS);
      next = toBlock;
      totals.set(await pool.layoutTotals({ seed, table, spec, parentRows, fromBlock, toBlock }), fromBlock);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(pool.threadCount, Math.ceil(blocks / TASK_BLOCKS))) }, worker));
  return blockStartsOf(totals);
}
