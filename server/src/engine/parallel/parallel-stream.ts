import { Readable } from 'node:stream';
import type { Dialect } from '../generators/types';
import type { Format } from '../formats';
import type { OutputOptions } from '../formats/output';
import type { Plan } from '../plan/types';
import { chunkRanges } from '../stream/chunks';
import { encodeInOrder } from './encode-in-order';
import { sharedWorkerPool, type ChunkWorkerPool } from './worker-pool';

/** Chunks in flight or waiting per worker: enough to hide latency, small enough to bound memory. */
const QUEUE_PER_WORKER = 2;

export interface ParallelJob {
  table: string;
  format: Format;
  dialect: Dialect;
  start: number;
  end: number;
  /** First row of the whole stream (default `start`): see StreamTableOptions.streamStart. */
  streamStart?: number;
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
 * not reading: at most workers × 2 chunks exist at a time. Destroying the
 * stream sends no more chunks; those in flight finish and are dropped.
 */
export class ParallelChunkStream extends Readable {
  private readonly chunks: AsyncGenerator<Buffer>;
  private started = false;
  private reading = false;

  constructor(plan: Plan, private readonly job: ParallelJob, pool: ChunkWorkerPool = sharedWorkerPool()) {
    super();
    pool.reserve(job.workers);
    const { table, format, dialect, start, output, deferRefs } = job;
    const streamStart = job.streamStart ?? start;
    const requests = chunkRanges(start, job.end, job.chunkRows).map((r) => ({ table, format, dialect, streamStart, from: r.start, to: r.end, output, deferRefs }));
    const depth = job.workers * QUEUE_PER_WORKER;
    this.chunks = encodeInOrder(plan, requests, null, { pool, poolDepth: depth, window: depth });
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
