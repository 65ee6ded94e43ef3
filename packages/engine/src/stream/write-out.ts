/**
 * A generated file handed to a writer chunk by chunk, in order, for a
 * process that writes it out itself (the CLI to a pipe or a file): the same
 * bytes as `streamPieces`, without a Readable between. A Readable keeps the
 * chunks it is given, so each needs memory of its own; a writer that is done
 * with a chunk when it returns lets the next chunk be encoded into the same
 * memory, here or in a helper thread (see `encodeInOrder`'s `reuse`).
 */
import type { Plan } from '../plan/types';
import type { Format } from '../formats';
import { ByteSink } from '../formats/byte-sink';
import { ChunkEncoder, chunkRanges, DEFAULT_CHUNK_ROWS } from './chunks';
import type { RowPiece, StreamPiece } from './pieces';
import type { StreamTableOptions } from './table-stream';
import { encodeInOrder } from '../parallel/encode-in-order';

/**
 * Where the bytes go, in order. The writer is done with `bytes` when it
 * returns, or when its promise settles: the memory is encoded into again
 * after that. The next chunk is made meanwhile, and handed over once that
 * promise has settled: a writer that writes in another thread (`fs.write`)
 * overlaps the writing with the making. A throw (or rejection) stops the
 * generation and is rethrown.
 */
export type ByteWriter = (bytes: Buffer) => void | Promise<void>;

export type WritePiecesOptions = Pick<StreamTableOptions, 'dialect' | 'output' | 'helpers' | 'chunkRows'>;

/** Text is gathered up to this many bytes before it is written: a load script's UPDATEs come a row at a time. */
const TEXT_BYTES = 1 << 20;

/** Chunks each helper thread has queued: one being made, two waiting, so a thread never waits for this one to ask. */
const QUEUED_PER_HELPER = 3;
/** Chunks this thread may make past a late helper's (held until written). */
const SLACK_CHUNKS = 6;
/** Bytes a chunk is sized for: a chunk takes ~1–10 ms to make, and a window of them some tens of MB at most. */
const CHUNK_BYTES = 2 << 20;
/** Rows that measure a table's bytes per row before its chunks are sized. */
const FIRST_ROWS = 64;

/** Writes every piece in order (the bytes of `streamPieces` over them), rows made by this thread and `helpers`. */
export async function writePieces(plan: Plan, pieces: readonly StreamPiece[], format: Format, options: WritePiecesOptions, write: ByteWriter): Promise<void> {
  const text = new ByteSink(64 << 10);
  const flush = async () => {
    if (text.pos === 0) return;
    await write(text.bytes());
    text.reset();
  };
  const local = new ChunkEncoder(plan);
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      text.write(piece);
      if (text.pos >= TEXT_BYTES) await flush();
    } else if ('table' in piece) {
      await flush();
      await writeRows(plan, piece, format, options, local, write);
    } else {
      for (const line of piece.lazy()) {
        text.write(line);
        if (text.pos >= TEXT_BYTES) await flush();
      }
    }
  }
  await flush();
}

async function writeRows(plan: Plan, piece: RowPiece, format: Format, options: WritePiecesOptions, local: ChunkEncoder, write: ByteWriter): Promise<void> {
  const { table, end, streamStart, deferRefs } = piece;
  const { dialect = 'postgres', output, helpers } = options;
  const encode = (from: number, to: number, into?: ByteSink) => local.encode(table, format, dialect, streamStart, from, to, output, into, deferRefs);
  // The first rows measure the table's bytes per row; chunks then hold about CHUNK_BYTES, so the memory
  // of a window of them is bounded however wide the rows (the bytes do not depend on where chunks end).
  const measured = Math.min(end, piece.start + FIRST_ROWS);
  const sample = encode(piece.start, measured);
  if (sample.length) await write(sample);
  const perRow = Math.max(1, sample.length / Math.max(1, measured - piece.start));
  const chunkRows = Math.max(1, Math.min(options.chunkRows ?? DEFAULT_CHUNK_ROWS, Math.floor(CHUNK_BYTES / perRow)));
  const ranges = chunkRanges(measured, end, chunkRows);
  if (helpers && ranges.length > 1) {
    const requests = ranges.map((r) => ({ table, format, dialect, streamStart, from: r.start, to: r.end, output, deferRefs }));
    const poolDepth = QUEUED_PER_HELPER * helpers.threadCount;
    // The pool's chunks are taken that far ahead of the one due; beyond them, room for this thread to go on
    // making chunks (and holding them) while a helper is late (descheduled on a busy machine, or still warming up).
    const inOrder = { pool: helpers, poolDepth, lookahead: poolDepth, window: 2 * poolDepth + SLACK_CHUNKS, reuse: true };
    const writing = new Overlapped(write);
    for await (const bytes of encodeInOrder(plan, requests, local, inOrder)) await writing.next(bytes);
    await writing.done();
    return;
  }
  // Two sinks in turn: one being written while the other is filled.
  const sinks = [0, 1].map(() => new ByteSink(Math.min(1 << 22, chunkRows * perRow * 1.25 + 1024)));
  const writing = new Overlapped(write);
  for (let i = 0; i < ranges.length; i++) await writing.next(encode(ranges[i].start, ranges[i].end, sinks[i % 2]));
  await writing.done();
}

/** Each chunk handed to `write` once the write before it has settled, without waiting for its own. */
class Overlapped {
  private pending: void | Promise<void> = undefined;

  constructor(private readonly write: ByteWriter) {}

  async next(bytes: Buffer): Promise<void> {
    await this.pending;
    const pending = this.write(bytes);
    // Its failure is rethrown when it is awaited (the next chunk, or done): not an unhandled rejection meanwhile.
    pending?.catch(() => {});
    this.pending = pending;
  }

  async done(): Promise<void> {
    await this.pending;
    this.pending = undefined;
  }
}
