/**
 * A preview asked of a document, answered whole in the thread that calls it:
 * compile (validation included), the table by name, the offset checked
 * against the table's rows and the rows an offset would replay, then the
 * rows. A server calls it in a worker thread (`ChunkWorkerPool#previewOf`),
 * so none of it — a 1 MB document compiles for seconds — runs on its event
 * loop. The checks are the ones the rows API makes of its windows.
 */
import type { BlueprintDocument } from './document/types';
import { EngineError } from './errors';
import { formatCount } from './cell-limits';
import { compileBlueprintAsync, type LayoutWorkers } from './plan/compile-async';
import type { CompileOptions } from './plan/compile';
import { blockTotals, childCountsOf } from './plan/layout';
import { rowsReplayedFor } from './plan/row-generator';
import type { Plan } from './plan/types';
import { previewRows, type Preview, type PreviewOptions } from './preview';

/**
 * Rows one request may replay to answer at an offset (about 80 ms): deeper
 * windows of tables whose unique fields depend on every row before are a
 * run's job.
 */
export const INLINE_REPLAY_ROWS = 100_000;

const refuse = (path: string, message: string) => new EngineError('BAD_USER_INPUT', message, path);
const formatRows = (n: number) => `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;

/** A table of the plan by name (case-insensitive), or the first table; BAD_USER_INPUT at `path` naming the tables otherwise. */
export function tableOfPlan(plan: Plan, name: string | null | undefined, path: string): string {
  if (!name) return plan.document.tables[0].name;
  const found = plan.document.tables.find((t) => t.name.toLowerCase() === name.toLowerCase());
  if (!found) throw refuse(path, `names no table of this blueprint (${plan.document.tables.map((t) => t.name).join(', ')})`);
  return found.name;
}

/** Refuses a window whose rows depend on more earlier rows than one request may replay (retry-unique fields). */
export function refuseLongReplay(plan: Plan, table: string, offset: number, path: string): void {
  const replayed = rowsReplayedFor(plan.table(table), offset);
  if (replayed <= INLINE_REPLAY_ROWS) return;
  throw refuse(
    path,
    `"${table}" has a unique field whose values depend on every row before (or references one); rows past ${formatCount(INLINE_REPLAY_ROWS)} of it cannot be made here (${formatCount(replayed)} would be replayed): start a run instead`,
  );
}

export interface PreviewWindow {
  table?: string | null;
  offset: number;
  limit: number;
}

/** Counts per-parent layouts in the calling thread, through the layout cache: a worker answering previews. */
const inThisThread: LayoutWorkers = {
  threadCount: 1,
  layoutTotals: async (request) => blockTotals(childCountsOf(request), request.parentRows, request.fromBlock, request.toBlock),
};

/** The preview of `window` of a document compiled with `compile`; errors at `input.table`, `input.offset`, `input.limit` or the document's paths. */
export async function previewOfDocument(document: BlueprintDocument, compile: CompileOptions, window: PreviewWindow, options: PreviewOptions = {}): Promise<Preview> {
  const plan = await compileBlueprintAsync(document, { ...compile, pool: inThisThread });
  const table = tableOfPlan(plan, window.table, 'input.table');
  const rows = plan.table(table).layout.rows;
  if (window.offset > 0 && window.offset >= rows) throw refuse('input.offset', `${table} has ${formatRows(rows)}: the last row is at offset ${formatCount(Math.max(0, rows - 1))}`);
  refuseLongReplay(plan, table, window.offset, 'input.offset');
  return previewRows(plan, table, window.offset, window.limit, options);
}
