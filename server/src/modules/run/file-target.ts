/**
 * Files of a run. Each shard (a row range of one table) is written to its own
 * file per format, as its writer's own `.part`, fsynced, then renamed: a shard
 * file that exists is complete. When all shards are done, each table's file is
 * assembled as header + shards in order + footer (optionally gzipped), hashed,
 * fsynced and renamed into place. Shard boundaries come from the plan, not the
 * worker count, so any split or crash-and-resume gives the same bytes.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, promises as fs } from 'node:fs';
import path from 'node:path';
import { PassThrough, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { ChunkEncoder, chunkRanges, encodeInOrder, fileNameOf, tableFrame, type ChunkRequest, type ChunkWorkerPool, type Dialect, type Format, type Plan } from '../../engine';

export interface ShardSpec {
  runId: string;
  table: string;
  index: number;
  from: number;
  to: number;
}

/** Rows per encode call: small enough to check for cancellation several times a second. */
const CHUNK_ROWS = 8_192;
/** Run files hold users' data: readable by the server's own user only. */
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

export class RunFiles {
  /** `pool`: a helper thread (or more) sharing the encoding of shards with the worker's own thread. */
  constructor(
    private readonly root: string,
    private readonly pool?: ChunkWorkerPool,
  ) {}

  runDir(runId: string): string {
    return path.join(this.root, runId);
  }

  private shardFile(shard: ShardSpec, format: Format): string {
    return path.join(this.runDir(shard.runId), 'shards', `${shard.table}.${shard.index}.${format}`);
  }


  artifactPath(runId: string, name: string): string {
    return path.join(this.runDir(runId), name);
  }

  /**
   * Writes one shard in every format. `tick(rowsDone)` runs after each chunk
   * and returns false to stop (the run was cancelled): partial files are
   * removed and false is returned.
   */
  async writeShard(
    plan: Plan,
    shard: ShardSpec,
    formats: Format[],
    dialect: Dialect,
    tick: (rowsDone: number) => Promise<boolean>,
  ): Promise<boolean> {
    const dir = path.dirname(this.shardFile(shard, formats[0]));
    await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR });
    const requests: ChunkRequest[] = chunkRanges(shard.from, shard.to, CHUNK_ROWS).flatMap((r) =>
      formats.map((format) => ({ table: shard.table, format, dialect, streamStart: 0, from: r.start, to: r.end })),
    );
    const parts = new Map(formats.map((f) => [f, partOf(this.shardFile(shard, f))]));
    const handles = await Promise.all(formats.map((f) => fs.open(parts.get(f)!, 'w', PRIVATE_FILE)));
    try {
      // Chunks of the whole table's stream (it starts at row 0), one per format in turn.
      let written = 0;
      for await (const bytes of encodeInOrder(plan, requests, new ChunkEncoder(plan), { pool: this.pool, window: 3 * formats.length })) {
        await handles[written % formats.length].write(bytes);
        if (++written % formats.length > 0) continue;
        if (!(await tick(requests[written - 1].to - shard.from))) {
          await Promise.all(handles.map((h) => h.close()));
          await Promise.all(formats.map((f) => fs.rm(parts.get(f)!, { force: true })));
          return false;
        }
      }
      await Promise.all(handles.map((h) => h.sync()));
    } finally {
      await Promise.all(handles.map((h) => h.close().catch(() => {})));
    }
    for (const format of formats) await fs.rename(parts.get(format)!, this.shardFile(shard, format));
    await syncDir(dir);
    return true;
  }

  /** Assembles one table's file from its shards; returns its name, size and SHA-256. */
  async assemble(
    plan: Plan,
    runId: string,
    table: string,
    shardCount: number,
    format: Format,
    dialect: Dialect,
    gzip: boolean,
  ): Promise<{ name: string; size: number; sha256: string }> {
    const name = fileNameOf(plan, table, format) + (gzip ? '.gz' : '');
    const target = this.artifactPath(runId, name);
    const { header, footer } = tableFrame(plan, table, format, dialect);
    const shards = Array.from({ length: shardCount }, (_, index) => this.shardFile({ runId, table, index, from: 0, to: 0 }, format));

    const body = new PassThrough();
    const feed = (async () => {
      body.write(header);
      for (const file of shards) {
        for await (const chunk of createReadStream(file)) {
          if (!body.write(chunk)) await new Promise((resolve) => body.once('drain', resolve));
        }
      }
      body.end(footer);
    })();
    feed.catch((error) => body.destroy(error));

    const hash = createHash('sha256');
    let size = 0;
    const measure = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        size += chunk.length;
        done(null, chunk);
      },
    });
    const part = partOf(target);
    const out = createWriteStream(part, { mode: PRIVATE_FILE });
    // gzip output is deterministic for the same input and level.
    if (gzip) await pipeline(body, createGzip({ level: 6 }), measure, out);
    else await pipeline(body, measure, out);
    await feed;
    const handle = await fs.open(part, 'r');
    await handle.sync();
    await handle.close();
    await fs.rename(part, target);
    return { name, size, sha256: hash.digest('hex') };
  }

  /** After assembly: the shard files are no longer needed. */
  async dropShards(runId: string): Promise<void> {
    await fs.rm(path.join(this.runDir(runId), 'shards'), { recursive: true, force: true });
    await syncDir(this.runDir(runId)).catch(() => {});
  }

  /** Retries, since a worker may still be finishing a file in there (it removes its own too). */
  async remove(runId: string): Promise<void> {
    await fs.rm(this.runDir(runId), { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}

/**
 * A writer's own temporary name for `file`. A worker that lost its claim
 * without knowing it (stalled past the timeout) may still be writing when
 * another takes the work over; with their own parts, each renames a whole
 * file, and both files have the same bytes.
 */
function partOf(file: string): string {
  return `${file}.${process.pid}-${randomBytes(4).toString('hex')}.part`;
}

/** A rename is durable only once its folder is synced. */
async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
