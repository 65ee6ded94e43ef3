/**
 * A run's files, made from the plan into an artifact store. A shard (a row
 * range of one table) is written in every format by one of the pool's
 * threads, straight into the files the store gave it on this machine
 * (engine/parallel/shard-writer.ts): the bytes never pass through this
 * thread, which only hears progress and commits the files. The first shard
 * of a table carries each file's header and the last its footer, so a file
 * is its shards joined. Shard boundaries come from the plan, not the worker
 * count, so any split or crash-and-resume gives the same bytes. With gzip,
 * each shard is its own gzip member (a file of several members is one gzip
 * stream to every reader), compressed by the thread that made it.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { fileNameOf, tableFrame, type ChunkWorkerPool, type Dialect, type Format, type OutputOptions, type Plan, type ShardFilesJob } from '../../engine';
import type { ArtifactStore, ShardSpool } from './artifact-store';
import type { ShardOutput, ShardOutputs } from './shards-store';

export interface ShardSpec {
  runId: string;
  table: string;
  index: number;
  /** Shards of the table. */
  count: number;
  from: number;
  to: number;
}

export interface FileOptions {
  formats: Format[];
  dialect: Dialect;
  gzip: boolean;
  output?: OutputOptions;
}

/** Rows per encode call: progress is told, and a cancellation noticed, several times a second. */
const CHUNK_ROWS = 8_192;

export class RunFiles {
  /** `pool`: the threads that write shards (none in a process that takes no run work). */
  constructor(
    readonly store: ArtifactStore,
    private readonly pool?: ChunkWorkerPool,
  ) {}

  fileName(plan: Plan, table: string, format: Format, gzip: boolean): string {
    return fileNameOf(plan, table, format) + (gzip ? '.gz' : '');
  }

  /**
   * Writes one shard in every format. `tick(rowsDone)` hears the progress
   * and answers false to stop (cancelled or lost): the thread stops after
   * the chunk it is making, what was written is dropped and null returned.
   * `onDisk` is given a way to read how many bytes the shard has on disk so
   * far (its files as the thread writes them), for the disk bounds.
   */
  async writeShard(
    plan: Plan,
    shard: ShardSpec,
    options: FileOptions,
    tick: (rowsDone: number) => Promise<boolean>,
    onDisk?: (bytesSoFar: () => Promise<number>) => void,
  ): Promise<ShardOutputs | null> {
    const names = options.formats.map((format) => this.fileName(plan, shard.table, format, options.gzip));
    const spools = await Promise.all(names.map((name) => this.store.openShard({ runId: shard.runId, name }, shard.index, shard.count)));
    onDisk?.(async () => (await Promise.all(spools.map((s) => stat(s.path).then((f) => f.size, () => 0)))).reduce((a, b) => a + b, 0));
    const stop = new AbortController();
    const onProgress = (rows: number) => void tick(rows).then((go) => go || stop.abort(), () => {});
    try {
      const sizes = await this.shardPool().writeShard(plan, this.job(plan, shard, options, spools), { signal: stop.signal, onProgress });
      if (!sizes || stop.signal.aborted || !(await tick(shard.to - shard.from))) {
        await Promise.all(spools.map((s) => s.abort()));
        return null;
      }
      const outputs: ShardOutputs = {};
      for (const [f, spool] of spools.entries()) outputs[names[f]] = await spool.commit(sizes[f]);
      return outputs;
    } catch (error) {
      await Promise.all(spools.map((s) => s.abort().catch(() => {})));
      throw error;
    }
  }

  private shardPool(): ChunkWorkerPool {
    if (!this.pool) throw new Error('this process takes no run work: it has no threads to write shards');
    return this.pool;
  }

  /** What a thread needs to write the shard in each format into the spools' files. */
  private job(plan: Plan, shard: ShardSpec, { formats, dialect, gzip, output }: FileOptions, spools: ShardSpool[]): ShardFilesJob {
    const first = shard.index === 0;
    const last = shard.index === shard.count - 1;
    const files = formats.map((format, f) => {
      const frame = tableFrame(plan, shard.table, format, dialect, output);
      return { format, path: spools[f].path, header: first ? frame.header : undefined, footer: last ? frame.footer : undefined };
    });
    return { table: shard.table, dialect, output, from: shard.from, to: shard.to, chunkRows: CHUNK_ROWS, files, gzip };
  }

  /** Joins a table's file in one format from its shards' outputs; returns its name, size and SHA-256. */
  async assemble(plan: Plan, runId: string, table: string, format: Format, options: FileOptions, shards: { from: number; to: number; outputs: ShardOutputs }[]) {
    const name = this.fileName(plan, table, format, options.gzip);
    const outputs: ShardOutput[] = shards.map((s) => s.outputs[name]);
    // For a store that cannot read back a part it was given: the same bytes, made again.
    const regenerate = (index: number) => {
      const shard = { runId, table, index, count: shards.length, from: shards[index].from, to: shards[index].to };
      return this.shardBytes(plan, shard, { ...options, formats: [format] }, name);
    };
    const { size, sha256 } = await this.store.complete({ runId, name }, outputs, regenerate);
    return { name, size, sha256 };
  }

  /** A shard's bytes in one format, written again by a thread into a spool that is dropped once read. */
  private async *shardBytes(plan: Plan, shard: ShardSpec, options: FileOptions, name: string): AsyncIterable<Buffer> {
    const spool = await this.store.openShard({ runId: shard.runId, name }, shard.index, shard.count);
    try {
      await this.shardPool().writeShard(plan, this.job(plan, shard, options, [spool]));
      // Fresh buffers: a store may hold on to chunks (an upload collects a part's worth).
      yield* createReadStream(spool.path, { highWaterMark: 1 << 20 }) as AsyncIterable<Buffer>;
    } finally {
      await spool.abort();
    }
  }

  read(runId: string, name: string, range: { start: number; end: number }): Promise<Readable> {
    return this.store.read({ runId, name }, range);
  }

  dropShards(runId: string): Promise<void> {
    return this.store.dropShards(runId);
  }

  remove(runId: string): Promise<void> {
    return this.store.remove(runId);
  }
}
