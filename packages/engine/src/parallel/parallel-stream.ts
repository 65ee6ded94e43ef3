import { Readable } from 'node:stream';
import type { Dialect } from '../generators/types';
import type { Format } from '../formats';
import type { OutputOptions } from '../formats/output';
import type { Plan } from '../plan/types';
import { sharedWorkerPool, type ChunkWorkerPool } from './worker-pool';

/** Chunks in flight or waiting per worker: enough to hide latency, small enough to bound memory. */
const QUEUE_PER_WORKER = 2;
/**
 * Bytes a chunk is sized for. A chunk is made whole in a thread's memory
 * before it is sent, so its rows are counted from the bytes rows took so
 * far: 16,384 rows of a 200-byte table, 2 rows of one whose cells hold
 * 60,000 characters each (20 GB in one chunk otherwise).
 */
const CHUNK_BYTES = 2 * 1024 * 1024;

export interface ParallelJob {
  table: string;
  format: Format;
  dialect: Dialect;
  start: number;
  end: number;
  /** First row of the whole stream (default `start`): see StreamTableOptions.streamStart. */
  streamStart?: number;
  /** Rows per chunk at most; fewer when rows are large (see CHUNK_BYTES). */
  chunkRows: number;
  workers: number;
  header: string;
  footer: string;
  output?: OutputOptions;
  deferRefs?: boolean;
}

/**
 * A row range encoded by pool threads only (this thread, a server's event
 * loop, encodes none), as a Readable: `encodeInOrder` without a local
 * encoder, framed by header and footer. Dispatch stops while the consumer is
 * not reading: at most workers × 2 chunks exist at a time, each of about
 * CHUNK_BYTES (the first is one row, which measures them). Destroying the
 * stream sends no more chunks; those in flight finish and are dropped.
 */
export class ParallelChunkStream extends Readable {
  private readonly chunks: AsyncGenerator<Buffer>;
  private started = false;
  private reading = false;

  constructor(plan: Plan, private readonly job: ParallelJob, pool: ChunkWorkerPool = sharedWorkerPool()) {
    super();
    pool.reserve(job.workers);
    this.chunks = sizedChunks(plan, job, pool, job.workers * QUEUE_PER_WORKER);
  }

  _read(): void {
    if (!this.started) {
      this.started = true;
      if (this.job.header) this.push(this.job.header);
    }
    if (!this.reading) void this.pump();
  }

  private async pump(): Promise<void> {
    this.reading = true;
    try {
      for (;;) {
        const next = await this.chunks.next();
        if (this.destroyed) return;
        if (next.done) {
          if (this.job.footer) this.push(this.job.footer);
          this.push(null);
          return;
        }
        if (!this.push(next.value)) return;
      }
    } catch (error) {
      this.destroy(error as Error);
    } finally {
      this.reading = false;
    }
  }

  _destroy(error: Error | null, done: (error?: Error | null) => void): void {
    void this.chunks.return(undefined).catch(() => {});
    done(error);
  }
}

/**
 * The job's rows as chunks from the pool, in order, `depth` in flight: the
 * first chunk is one row, and each later one has as many rows as CHUNK_BYTES
 * holds at the bytes per row seen so far (at most `chunkRows`). Bytes do not
 * depend on where chunks start and end.
 */
async function* sizedChunks(plan: Plan, job: ParallelJob, pool: ChunkWorkerPool, depth: number): AsyncGenerator<Buffer> {
  const { table, format, dialect, start, end, output, deferRefs } = job;
  const streamStart = job.streamStart ?? start;
  const inFlight: Promise<Buffer>[] = [];
  let next = start;
  let rowsSeen = 0;
  let bytesSeen = 0;
  try {
    while (next < end || inFlight.length) {
      // Until the first chunk is back, nothing is known of the rows' size: one chunk of one row.
      while (next < end && inFlight.length < depth && (rowsSeen > 0 || next === start)) {
        const rows = rowsSeen === 0 ? 1 : Math.max(1, Math.min(job.chunkRows, Math.floor(CHUNK_BYTES / Math.max(1, bytesSeen / rowsSeen))));
        const from = next;
        const to = Math.min(end, from + rows);
        next = to;
        const chunk = pool.encode(plan, { table, format, dialect, streamStart, from, to, output, deferRefs }).then((bytes) => {
          rowsSeen += to - from;
          bytesSeen += bytes.length;
          return bytes;
        });
        chunk.catch(() => {}); // a chunk left behind by an early stop must not go unhandled
        inFlight.push(chunk);
      }
      yield await inFlight.shift()!;
    }
  } finally {
    inFlight.length = 0;
  }
}
