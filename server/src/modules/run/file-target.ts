/**
 * A run's files, made from the plan into an artifact store. A shard (a row
 * range of one table) is encoded in every format of the run, chunk by chunk,
 * by this thread and the pool's together, strictly in order; the first shard
 * of a table carries each file's header and the last its footer, so a file
 * is its shards joined. Shard boundaries come from the plan, not the worker
 * count, so any split or crash-and-resume gives the same bytes. With gzip,
 * each shard is its own gzip member (a file of several members is one gzip
 * stream to every reader), compressed by the worker that made it.
 */
import type { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { ChunkEncoder, chunkRanges, encodeInOrder, fileNameOf, tableFrame, type ChunkRequest, type ChunkWorkerPool, type Dialect, type Format, type OutputOptions, type Plan } from '../../engine';
import type { ArtifactStore, ShardSink } from './artifact-store';
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

/** Rows per encode call: small enough to check for cancellation several times a second. */
const CHUNK_ROWS = 8_192;

export class RunFiles {
  /** `pool`: helper threads sharing the encoding of shards with the worker's own thread. */
  constructor(
    readonly store: ArtifactStore,
    private readonly pool?: ChunkWorkerPool,
  ) {}

  fileName(plan: Plan, table: string, format: Format, gzip: boolean): string {
    return fileNameOf(plan, table, format) + (gzip ? '.gz' : '');
  }

  /**
   * Writes one shard in every format. `tick(rowsDone)` runs after each chunk
   * and returns false to stop (cancelled or lost): what was written is
   * dropped and null returned.
   */
  async writeShard(plan: Plan, shard: ShardSpec, options: FileOptions, tick: (rowsDone: number) => Promise<boolean>): Promise<ShardOutputs | null> {
    const { formats, gzip } = options;
    const names = formats.map((format) => this.fileName(plan, shard.table, format, gzip));
    const sinks = await Promise.all(names.map(async (name) => this.framed(await this.store.shardSink({ runId: shard.runId, name }, shard.index, shard.count), gzip)));
    const frames = formats.map((format) => tableFrame(plan, shard.table, format, options.dialect, options.output));
    const first = shard.index === 0;
    const last = shard.index === shard.count - 1;
    try {
      if (first) await Promise.all(sinks.map((sink, f) => sink.write(Buffer.from(frames[f].header))));
      let written = 0;
      for await (const bytes of this.encode(plan, shard, formats, options)) {
        const f = written % formats.length;
        await sinks[f].write(bytes);
        written++;
        if (f < formats.length - 1) continue;
        if (!(await tick(Math.min(shard.to, shard.from + (written / formats.length) * CHUNK_ROWS) - shard.from))) {
          await Promise.all(sinks.map((s) => s.abort()));
          return null;
        }
      }
      if (last) await Promise.all(sinks.map((sink, f) => sink.write(Buffer.from(frames[f].footer))));
      const outputs: ShardOutputs = {};
      for (const [f, sink] of sinks.entries()) outputs[names[f]] = await sink.finish();
      return outputs;
    } catch (error) {
      await Promise.all(sinks.map((s) => s.abort().catch(() => {})));
      throw error;
    }
  }

  /** Chunks of the table's whole stream (it starts at row 0), one per format in turn. */
  private encode(plan: Plan, shard: ShardSpec, formats: Format[], { dialect, output }: FileOptions): AsyncIterable<Buffer> {
    const requests: ChunkRequest[] = chunkRanges(shard.from, shard.to, CHUNK_ROWS).flatMap((r) =>
      formats.map((format) => ({ table: shard.table, format, dialect, streamStart: 0, from: r.start, to: r.end, output })),
    );
    return encodeInOrder(plan, requests, new ChunkEncoder(plan), { pool: this.pool, window: 3 * formats.length });
  }

  /** With gzip, the shard's bytes compressed as one gzip member on their way to the store. */
  private framed(sink: ShardSink, gzip: boolean): ShardSink {
    if (!gzip) return sink;
    // gzip output is deterministic for the same input and level.
    const gz = createGzip({ level: 6 });
    let written: Promise<void> = Promise.resolve();
    gz.on('data', (bytes: Buffer) => (written = written.then(() => sink.write(bytes))));
    return {
      write: async (bytes) => {
        if (!gz.write(bytes)) await new Promise((resolve) => gz.once('drain', resolve));
        await written;
      },
      finish: async () => {
        await new Promise<void>((resolve, reject) => gz.once('end', resolve).once('error', reject).end());
        await written;
        return sink.finish();
      },
      abort: async () => {
        gz.destroy();
        await sink.abort();
      },
    };
  }

  /** Joins a table's file in one format from its shards' outputs; returns its name, size and SHA-256. */
  async assemble(plan: Plan, runId: string, table: string, format: Format, options: FileOptions, shards: { from: number; to: number; outputs: ShardOutputs }[]) {
    const name = this.fileName(plan, table, format, options.gzip);
    const outputs: ShardOutput[] = shards.map((s) => s.outputs[name]);
    // For a store that cannot read back a part it was given: the same bytes, made again.
    const regenerate = (index: number) => {
      const shard = { runId, table, index, count: shards.length, from: shards[index].from, to: shards[index].to };
      return this.shardBytes(plan, shard, format, options);
    };
    const { size, sha256 } = await this.store.complete({ runId, name }, outputs, regenerate);
    return { name, size, sha256 };
  }

  private async *shardBytes(plan: Plan, shard: ShardSpec, format: Format, options: FileOptions): AsyncIterable<Buffer> {
    const collected: Buffer[] = [];
    const sink: ShardSink = { write: async (b) => void collected.push(b), finish: async () => ({ size: 0 }), abort: async () => {} };
    const out = this.framed(sink, options.gzip);
    const frame = tableFrame(plan, shard.table, format, options.dialect, options.output);
    if (shard.index === 0) await out.write(Buffer.from(frame.header));
    for await (const bytes of this.encode(plan, shard, [format], options)) {
      await out.write(bytes);
      yield* collected.splice(0);
    }
    if (shard.index === shard.count - 1) await out.write(Buffer.from(frame.footer));
    await out.finish();
    yield* collected.splice(0);
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
