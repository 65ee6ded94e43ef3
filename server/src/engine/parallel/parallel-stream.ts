import { Readable } from 'node:stream';
import type { Dialect } from '../generators/types';
import type { Format } from '../formats';
import type { Plan } from '../plan/types';
import { sharedWorkerPool, type ChunkWorkerPool } from './worker-pool';

/** Chunks in flight or waiting per worker: enough to hide latency, small enough to bound memory. */
const QUEUE_PER_WORKER = 2;

export interface ParallelJob {
  table: string;
  format: Format;
  dialect: Dialect;
  start: number;
  end: number;
  chunkRows: number;
  workers: number;
  header: string;
  footer: string;
}

/**
 * Chunks of a row range encoded by pool threads and emitted strictly in
 * order, so the bytes are the same whichever thread (or how many) made each
 * chunk. Dispatch stops while the consumer is not reading: at most
 * workers × 2 chunks exist at a time. Destroying the stream sends no more
 * chunks; those in flight finish and are dropped.
 */
export class ParallelChunkStream extends Readable {
  private readonly done = new Map<number, Buffer>();
  private readonly chunkCount: number;
  private nextToSend = 0;
  private nextToEmit = 0;
  private wanted = false;
  private headerSent = false;
  private finished = false;

  constructor(
    private readonly plan: Plan,
    private readonly job: ParallelJob,
    private readonly pool: ChunkWorkerPool = sharedWorkerPool(),
  ) {
    super();
    this.chunkCount = Math.ceil((job.end - job.start) / job.chunkRows);
    pool.reserve(job.workers);
  }

  _read(): void {
    this.wanted = true;
    if (!this.headerSent) {
      this.headerSent = true;
      if (this.job.header) this.wanted = this.push(this.job.header);
    }
    this.pump();
  }

  private pump() {
    if (this.destroyed || this.finished) return;
    while (this.wanted && this.done.has(this.nextToEmit)) {
      const bytes = this.done.get(this.nextToEmit)!;
      this.done.delete(this.nextToEmit);
      this.nextToEmit++;
      this.wanted = this.push(bytes);
    }
    if (this.nextToEmit === this.chunkCount) {
      this.finished = true;
      if (this.job.footer) this.push(this.job.footer);
      this.push(null);
      return;
    }
    this.dispatch();
  }

  private dispatch() {
    const limit = this.job.workers * QUEUE_PER_WORKER;
    while (this.nextToSend < this.chunkCount && this.nextToSend - this.nextToEmit < limit) {
      const id = this.nextToSend++;
      const from = this.job.start + id * this.job.chunkRows;
      const to = Math.min(this.job.end, from + this.job.chunkRows);
      const { table, format, dialect, start } = this.job;
      this.pool.encode(this.plan, { table, format, dialect, streamStart: start, from, to }).then(
        (bytes) => {
          if (this.destroyed) return;
          this.done.set(id, bytes);
          this.pump();
        },
        (error: Error) => this.destroy(error),
      );
    }
  }
}
