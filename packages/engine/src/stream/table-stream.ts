import { Readable } from 'node:stream';
import type { Dialect } from '../generators/types';
import type { Plan } from '../plan/types';
import { encoderFor, type Format } from '../formats';
import type { EncodeContext } from '../formats/types';
import { resolveOutput, type OutputOptions } from '../formats/output';
import { ChunkEncoder, chunkRanges, DEFAULT_CHUNK_ROWS, rowRange, WRITERS_AFTER_ROWS } from './chunks';
import { ParallelChunkStream } from '../parallel/parallel-stream';
import { encodeInOrder } from '../parallel/encode-in-order';
import type { ChunkRequest, ChunkWorkerPool } from '../parallel/worker-pool';

export interface StreamTableOptions {
  offset?: number;
  /** Rows from `offset` (default: to the end of the table). */
  count?: number;
  dialect?: Dialect;
  /** Worker threads; 1 (default) generates in this thread, unless `offThread`. Output bytes do not depend on it. */
  workers?: number;
  /**
   * Generate in the shared pool's threads only, however few the rows (with
   * `workers` threads, at least one), in chunks sized by the bytes rows take:
   * for a server, whose event loop must never make rows.
   */
  offThread?: boolean;
  /**
   * Encode in this thread too, beside these helper threads (then `workers` is
   * not used): for a process that does nothing else meanwhile, such as the
   * CLI, where it starts one thread fewer and measured ~10% faster from cold.
   * A server leaves it out, keeping its event loop free.
   */
  helpers?: ChunkWorkerPool;
  chunkRows?: number;
  /** false: leave out the format's header (the CREATE TABLE of SQL), for a script that wrote it already. */
  header?: boolean;
  /** SQL: the rows only, for a schema that exists: no CREATE TABLE and no ALTER TABLE adding keys. */
  dataOnly?: boolean;
  /** false: leave out the footer too (the rows alone, for a part of a stream framed elsewhere). */
  footer?: boolean;
  /**
   * First row of the whole stream these rows belong to (default `offset`):
   * separators and SQL batches are laid out from it, so a shard of a stream
   * encodes as the same bytes the whole stream holds there.
   */
  streamStart?: number;
  /** Delimiter, header row, line ending, NULL marker, pretty JSON (BAD_USER_INPUT with the option's path when invalid). */
  output?: OutputOptions;
  /** For a load: references broken to load a cycle (`FieldPlan.deferred`) are written NULL; `deferredUpdates` sets them afterwards. */
  deferRefs?: boolean;
}

/**
 * A table (or a row range of it) as a byte stream in `format`, generated
 * chunk by chunk as the consumer reads: backpressure comes from Readable's
 * pull model, so memory stays flat for any row count, and destroying the
 * stream (client gone) stops generation.
 */
export function streamTable(plan: Plan, tableName: string, format: Format, options: StreamTableOptions = {}): Readable {
  const table = plan.table(tableName);
  const encoder = encoderFor(format);
  const dialect = options.dialect ?? 'postgres';
  const { start, end } = rowRange(table, options.offset, options.count);
  const output = options.output ? resolveOutput(format, options.output) : undefined;
  const streamStart = options.streamStart ?? start;
  const ctx: EncodeContext = { plan, table, dialect, streamStart, output, dataOnly: options.dataOnly };
  const noHeader = options.header === false || (options.dataOnly && format === 'sql');
  const frame = { header: noHeader ? '' : encoder.header(ctx, end - start), footer: options.footer === false ? '' : encoder.footer(ctx, end - start) };
  const workers = Math.max(1, Math.floor(options.workers ?? 1));
  const chunkRows = options.chunkRows ?? DEFAULT_CHUNK_ROWS;
  // Worker threads get the options as given, and resolve them as this thread did.
  const given = options.output;
  const deferRefs = options.deferRefs === true;
  if (options.helpers && end - start > chunkRows) {
    const requests: ChunkRequest[] = chunkRanges(start, end, chunkRows).map((r) => ({ table: table.name, format, dialect, streamStart, from: r.start, to: r.end, output: given, deferRefs }));
    const pool = options.helpers;
    async function* framed() {
      if (frame.header) yield Buffer.from(frame.header);
      yield* encodeInOrder(plan, requests, new ChunkEncoder(plan), { pool, poolDepth: 2 * pool.threadCount });
      if (frame.footer) yield Buffer.from(frame.footer);
    }
    return Readable.from(framed(), { objectMode: false });
  }
  if (options.offThread || (workers > 1 && end - start > chunkRows)) {
    return new ParallelChunkStream(plan, { table: table.name, format, dialect, start, end, streamStart, chunkRows, workers, ...frame, output: given, deferRefs });
  }
  const chunks = new ChunkEncoder(plan, end - start <= WRITERS_AFTER_ROWS ? { cellWriters: false } : {});
  let position = start;
  let headerSent = false;
  return new Readable({
    read() {
      try {
        if (!headerSent) {
          headerSent = true;
          if (frame.header) this.push(frame.header);
        }
        if (position >= end) {
          if (frame.footer) this.push(frame.footer);
          this.push(null);
          return;
        }
        const to = Math.min(end, position + chunkRows);
        const bytes = chunks.encode(table.name, format, dialect, streamStart, position, to, given, undefined, deferRefs);
        position = to;
        this.push(bytes);
      } catch (error) {
        this.destroy(error as Error);
      }
    },
  });
}
