import type { Value } from './generators/types';
import type { ColumnInfo, Plan } from './plan/types';
import { columnsOf } from './plan/columns';
import { RowGenerator } from './plan/row-generator';
import { rowRange } from './stream/chunks';
import { DEFAULT_MAX_PREVIEW_BYTES, formatCount, valueBytes } from './cell-limits';
import { badInput } from './errors';

export interface PreviewOptions {
  /** Bytes the rows may take as JSON (PRODUCT.md §9); DEFAULT_MAX_PREVIEW_BYTES when unset. Servers pass config.limits.previewBytes. */
  maxBytes?: number;
  /**
   * Bytes of `maxBytes` already taken by other previews of the same answer
   * (a GraphQL request with several aliased previews shares one bound).
   */
  spentBytes?: number;
  /** Asked between rows: true stops the preview with PreviewStopped (its client went away). */
  stopped?: () => boolean;
}

export interface Preview {
  table: string;
  /** Rows in the table (for paging). */
  totalRows: number;
  offset: number;
  columns: ColumnInfo[];
  rows: Value[][];
  /** The rows' size as JSON, as counted against `maxBytes`. */
  bytes: number;
}

/** A preview stopped by its `stopped` callback: nobody is waiting for it any more. */
export class PreviewStopped extends Error {
  constructor() {
    super('the preview was stopped: its caller went away');
    this.name = 'PreviewStopped';
  }
}

/**
 * Rows [offset, offset + limit) of a table as values — the same values the
 * streams encode, computed without generating the rows before `offset`.
 * Stops with BAD_USER_INPUT (`input.limit`) once the rows collected pass
 * `maxBytes` as JSON, checked after each row as it is made: a preview is an
 * answer held in memory, not a stream. Servers call it in a worker thread
 * (`ChunkWorkerPool#preview`), never on their event loop.
 */
export function previewRows(plan: Plan, tableName: string, offset = 0, limit = 20, options: PreviewOptions = {}): Preview {
  const table = plan.table(tableName);
  const { start, end } = rowRange(table, offset, limit);
  const maxBytes = options.maxBytes && options.maxBytes > 0 ? options.maxBytes : DEFAULT_MAX_PREVIEW_BYTES;
  const generator = new RowGenerator(table, plan.seed);
  const spent = Math.max(0, options.spentBytes ?? 0);
  const rows: Value[][] = [];
  let bytes = 2;
  for (let r = start; r < end; r++) {
    if (options.stopped?.()) throw new PreviewStopped();
    const row = generator.generate(r).slice();
    bytes += rowJsonBytes(row);
    if (spent + bytes > maxBytes) throw previewTooLarge(table.name, rows.length, end - start, maxBytes, spent);
    rows.push(row);
  }
  return { table: table.name, totalRows: table.layout.rows, offset: start, columns: columnsOf(table, plan), rows, bytes };
}

/** The row's size as JSON, escapes aside: brackets, commas, quotes around text. */
function rowJsonBytes(row: Value[]): number {
  let bytes = 2 + row.length;
  for (const v of row) bytes += v === null ? 4 : typeof v === 'string' ? valueBytes(v) + 2 : valueBytes(v);
  return bytes;
}

function previewTooLarge(table: string, fitted: number, asked: number, maxBytes: number, spent: number) {
  const most = spent > 0 ? `at most ${formatCount(maxBytes)} bytes per answer, ${formatCount(spent)} of them taken by the other previews of this request` : `at most ${formatCount(maxBytes)} bytes`;
  if (fitted === 0) return badInput('input.limit', `one row of "${table}" makes more than a preview may answer (${most}); download the table instead`);
  return badInput('input.limit', `${formatCount(asked)} rows of "${table}" make more than a preview may answer (${most}); ask for at most ${formatCount(fitted)} ${fitted === 1 ? 'row' : 'rows'}`);
}
