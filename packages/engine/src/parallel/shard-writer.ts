/**
 * A shard of a table written to files by the thread that encodes it: rows
 * [from, to) in each format, chunk by chunk, into one file per format. The
 * bytes never cross threads: a chunk is encoded into one reused buffer and
 * written straight out (or into a gzip stream), so the thread that asked for
 * the shard only learns its progress and, at the end, the files' sizes.
 *
 * The bytes are those of `ChunkEncoder.encode` for each chunk of the whole
 * table stream (it starts at row 0), after the header on the table's first
 * shard and before the footer on its last: a file is its shards joined.
 */
import { once } from 'node:events';
import { closeSync, openSync, writeSync } from 'node:fs';
import { createGzip, type Gzip } from 'node:zlib';
import type { Format } from '../formats';
import type { OutputOptions } from '../formats/output';
import { ByteSink } from '../formats/byte-sink';
import type { Dialect } from '../generators/types';
import type { ChunkEncoder } from '../stream/chunks';
import { FanOutEncoder } from '../stream/fan-out';

export interface ShardFile {
  format: Format;
  /** Where the bytes go: created (or emptied), readable by this process's user only. */
  path: string;
  /** The file's header (the table's first shard) and footer (its last). */
  header?: string;
  footer?: string;
}

export interface ShardFilesJob {
  table: string;
  dialect: Dialect;
  output?: OutputOptions;
  from: number;
  to: number;
  /** Rows per encode call: how often progress is told and a stop is noticed. */
  chunkRows: number;
  /** One file per format; each shard of a gzip file is its own gzip member (several members are one gzip stream to every reader). */
  files: ShardFile[];
  gzip: boolean;
}

export interface ShardControl {
  /** Checked after each chunk: true ends the shard early (its files are left for the caller to remove). */
  stopped(): boolean;
  /** Rows of the shard written so far, after each chunk. */
  progress(rows: number): void;
}

/** Sizes of the files as written, in the job's order; null when stopped. */
export async function writeShardFiles(encoder: ChunkEncoder, job: ShardFilesJob, control: ShardControl): Promise<number[] | null> {
  const outs: RawOut[] = [];
  try {
    for (const file of job.files) outs.push(job.gzip ? new GzipOut(file.path) : new RawOut(file.path));
    for (const [i, file] of job.files.entries()) if (file.header) await outs[i].write(Buffer.from(file.header));
    // With gzip the stream holds each chunk until it is compressed: those get buffers of their own.
    const sinkOf = () => (job.gzip ? undefined : new ByteSink(Math.min(1 << 22, job.chunkRows * 256 + 1024)));
    const sink = sinkOf();
    // Several formats: each row made once, written in every format (see fan-out.ts).
    const fanOut = job.files.length > 1 ? new FanOutEncoder(encoder.plan) : undefined;
    const targets = job.files.map((file) => ({ format: file.format, output: job.output }));
    const sinks = fanOut && !job.gzip ? job.files.map(() => sinkOf()!) : undefined;
    for (let from = job.from; from < job.to; from += job.chunkRows) {
      const to = Math.min(job.to, from + job.chunkRows);
      const chunks = fanOut
        ? fanOut.encode(job.table, job.dialect, 0, from, to, targets, sinks)
        : job.files.map((file) => encoder.encode(job.table, file.format, job.dialect, 0, from, to, job.output, sink));
      for (const [i, bytes] of chunks.entries()) await outs[i].write(bytes);
      if (control.stopped()) return null;
      control.progress(to - job.from);
    }
    for (const [i, file] of job.files.entries()) if (file.footer) await outs[i].write(Buffer.from(file.footer));
    const sizes: number[] = [];
    for (const out of outs) sizes.push(await out.end());
    return sizes;
  } finally {
    for (const out of outs) out.close();
  }
}

/** Bytes written as they come, synchronously: the page cache takes them faster than a round trip to the thread pool. */
class RawOut {
  private fd: number | undefined;
  size = 0;

  constructor(path: string) {
    this.fd = openSync(path, 'w', 0o600);
  }

  async write(bytes: Uint8Array): Promise<void> {
    this.put(bytes);
  }

  protected put(bytes: Uint8Array): void {
    // A write may take fewer bytes than given (a full disk); the rest follows or fails.
    for (let at = 0; at < bytes.length; ) at += writeSync(this.fd!, bytes, at, bytes.length - at);
    this.size += bytes.length;
  }

  /** Not synced: the store syncs what it keeps (a joined file), and a size that differs after a crash has the shard made again. */
  async end(): Promise<number> {
    this.close();
    return this.size;
  }

  close(): void {
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

/** One gzip member: level 6, whose output is the same for the same input however it is cut. */
class GzipOut extends RawOut {
  private readonly gz: Gzip = createGzip({ level: 6 });
  private failure: Error | undefined;

  constructor(path: string) {
    super(path);
    this.gz.on('data', (bytes: Buffer) => {
      try {
        this.put(bytes);
      } catch (error) {
        this.gz.destroy(error as Error); // a write that failed (a full disk) fails the shard
      }
    });
    this.gz.on('error', (error) => (this.failure ??= error));
  }

  override async write(bytes: Uint8Array): Promise<void> {
    if (this.failure) throw this.failure;
    if (!this.gz.write(bytes)) await once(this.gz, 'drain'); // rejects on the stream's error
  }

  override async end(): Promise<number> {
    if (this.failure) throw this.failure;
    await new Promise<void>((resolve, reject) => this.gz.once('end', resolve).once('error', reject).end());
    return super.end();
  }

  override close(): void {
    this.gz.destroy();
    super.close();
  }
}
