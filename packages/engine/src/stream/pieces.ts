/**
 * A generated file as a list of pieces: text (headers, footers, DDL) and row
 * ranges of tables. Streaming every piece in order gives the whole file;
 * `shardPieces` keeps the part of the list one shard of N writes, cut at row
 * boundaries, so that the N shards joined in order (`cat`) are that file byte
 * for byte. A row range is encoded as the whole stream encodes it there
 * (`streamStart`), so separators and SQL batches fall where they would.
 */
import { Readable } from 'node:stream';
import type { Plan } from '../plan/types';
import { encoderFor, type Format } from '../formats';
import { resolveOutput } from '../formats/output';
import type { EncodeContext } from '../formats/types';
import { badInput } from '../errors';
import { rowRange } from './chunks';
import { streamTable, type StreamTableOptions } from './table-stream';

export interface RowPiece {
  table: string;
  /** Rows [start, end) of the table. */
  start: number;
  end: number;
  /** First row of the stream the rows belong to. */
  streamStart: number;
  /** References closing a cycle written NULL (a load script sets them after every table: see `deferredUpdates`). */
  deferRefs?: boolean;
}

/** Text made as it is read (a load script's UPDATEs, which walk a table's rows): placed as text is, never held whole. */
export interface LazyText {
  lazy: () => Iterable<string>;
}

export type StreamPiece = string | RowPiece | LazyText;

const isRows = (piece: StreamPiece): piece is RowPiece => typeof piece !== 'string' && 'table' in piece;

/** One table's file: header, its rows (a window of them with offset/count), footer. */
export function tablePieces(plan: Plan, tableName: string, format: Format, options: Pick<StreamTableOptions, 'offset' | 'count' | 'dialect' | 'output' | 'header' | 'dataOnly' | 'deferRefs'> = {}): StreamPiece[] {
  const table = plan.table(tableName);
  const { start, end } = rowRange(table, options.offset, options.count);
  const output = options.output ? resolveOutput(format, options.output) : undefined;
  const ctx: EncodeContext = { plan, table, dialect: options.dialect ?? 'postgres', streamStart: start, output, dataOnly: options.dataOnly };
  const encoder = encoderFor(format);
  const noHeader = options.header === false || (options.dataOnly && format === 'sql');
  const rows: RowPiece = { table: table.name, start, end, streamStart: start, ...(options.deferRefs ? { deferRefs: true } : {}) };
  return [noHeader ? '' : encoder.header(ctx, end - start), rows, encoder.footer(ctx, end - start)].filter((p) => p !== '');
}

/** Rows of the pieces in all. */
export function pieceRows(pieces: readonly StreamPiece[]): number {
  return pieces.reduce((n, p) => n + (isRows(p) ? p.end - p.start : 0), 0);
}

/**
 * Shard `index` (from 0) of `count`: the rows at positions [⌊index·R/count⌋,
 * ⌊(index+1)·R/count⌋) of the file's R rows, and the text that sits at a
 * position inside that range (text at the very end goes to the last shard).
 * Every piece lands in exactly one shard, in order.
 */
export function shardPieces(pieces: readonly StreamPiece[], index: number, count: number): StreamPiece[] {
  if (!Number.isSafeInteger(count) || count < 1) throw badInput('shard', `the shard count must be a positive integer, got ${count}`);
  if (!Number.isSafeInteger(index) || index < 0 || index >= count) throw badInput('shard', `the shard index must be from 0 to ${count - 1}, got ${index}`);
  const total = pieceRows(pieces);
  const lo = boundary(total, count, index);
  const hi = boundary(total, count, index + 1);
  const out: StreamPiece[] = [];
  let position = 0;
  for (const piece of pieces) {
    if (!isRows(piece)) {
      const mine = position === total ? index === count - 1 : position >= lo && position < hi;
      if (mine) out.push(piece);
      continue;
    }
    const rows = piece.end - piece.start;
    const from = Math.max(lo, position);
    const to = Math.min(hi, position + rows);
    if (from < to) out.push({ ...piece, start: piece.start + (from - position), end: piece.start + (to - position) });
    position += rows;
  }
  return out;
}

/** ⌊i·total/count⌋ without overflowing 2^53 for large totals. */
export function boundary(total: number, count: number, i: number): number {
  const q = Math.floor(total / count);
  const r = total - q * count;
  return q * i + Math.floor((r * i) / count);
}

/** The pieces as one byte stream, rows generated as they are read (with `helpers` or `workers` as streamTable takes them). */
export function streamPieces(plan: Plan, pieces: readonly StreamPiece[], format: Format, options: Pick<StreamTableOptions, 'dialect' | 'output' | 'workers' | 'helpers' | 'chunkRows'> = {}): Readable {
  async function* all() {
    for (const piece of pieces) {
      if (typeof piece === 'string') {
        yield Buffer.from(piece);
        continue;
      }
      if (!isRows(piece)) {
        for (const text of piece.lazy()) yield Buffer.from(text);
        continue;
      }
      const rows = streamTable(plan, piece.table, format, { ...options, offset: piece.start, count: piece.end - piece.start, streamStart: piece.streamStart, header: false, footer: false, deferRefs: piece.deferRefs });
      for await (const chunk of rows) yield typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
    }
  }
  return Readable.from(all(), { objectMode: false });
}
