/**
 * Where run files live: a local folder (the default; every worker shares it)
 * or an S3-compatible store (s3-store.ts; workers share nothing but it and
 * the database). A file is its shards' bytes joined in order (the first
 * shard carries the header, the last the footer), so completing a file only
 * moves bytes when the store cannot join them in place.
 */
import { createHash } from 'node:crypto';
import { createReadStream, promises as fs } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Assembly, fileChunks } from './local-assembly';
import type { ShardOutput } from './shards-store';

export interface FileKey {
  runId: string;
  /** The file's name, e.g. `users.csv.gz`. */
  name: string;
}

/**
 * Shard `index` of a file, written on this machine: its writer puts the
 * bytes at `path` (a name of its own), then commits them to the store or
 * drops them. Nothing of it is visible before `commit`.
 */
export interface ShardSpool {
  readonly path: string;
  /** Hands the `size` bytes written at `path` to the store. */
  commit(size: number): Promise<ShardOutput>;
  /** Drops what was written. */
  abort(): Promise<void>;
}

export interface ArtifactStore {
  /** A folder on this machine's disk that the store's bytes take space on (files, or shards waiting to go up): its free space is checked. */
  readonly diskDir: string;
  /** Where to write shard `index` of a file that has `count` shards (its folder made). */
  openShard(file: FileKey, index: number, count: number): Promise<ShardSpool>;
  /**
   * Joins the shards (their outputs in order) into the file; returns its size
   * and the SHA-256 of all its bytes. `regenerate(index)` makes a shard's
   * bytes again, for a store that cannot read back what it was given.
   */
  complete(file: FileKey, shards: ShardOutput[], regenerate: (index: number) => AsyncIterable<Buffer>): Promise<{ size: number; sha256: string }>;
  /** Bytes [start, end] of a finished file. */
  read(file: FileKey, range: { start: number; end: number }): Promise<Readable>;
  /** After every file is complete: what shards left behind. */
  dropShards(runId: string): Promise<void>;
  /** Everything of a run, unfinished uploads included. */
  remove(runId: string): Promise<void>;
}

/** Run files hold users' data: readable by the server's own user only. */
const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;
/** Files one process joins at once, beyond which the oldest is given up (its run likely ended elsewhere). */
const MAX_ASSEMBLIES = 16;

/**
 * The local folder: each shard is written as its writer's own `.part` and
 * renamed (a shard file that exists is complete). A file of one shard is
 * synced and renamed into place; a longer one is its shards appended in
 * order, mostly while the run goes on (local-assembly.ts), and synced once.
 */
export class LocalArtifactStore implements ArtifactStore {
  /** Files this process is joining as their shards appear, by run and name. */
  private readonly assemblies = new Map<string, Assembly>();

  constructor(private readonly root: string) {}

  get diskDir(): string {
    return this.root;
  }

  private async forget(runId: string): Promise<void> {
    for (const [key, assembly] of this.assemblies) {
      if (!key.startsWith(`${runId}/`)) continue;
      this.assemblies.delete(key);
      await assembly.discard().catch(() => {});
    }
  }

  private runDir(runId: string): string {
    return path.join(this.root, runId);
  }

  private shardFile(file: FileKey, index: number): string {
    return path.join(this.runDir(file.runId), 'shards', `${file.name}.${index}`);
  }

  async openShard(file: FileKey, index: number, count: number): Promise<ShardSpool> {
    const target = this.shardFile(file, index);
    await fs.mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR });
    const part = partOf(target);
    return {
      path: part,
      // Not synced: a worker killed now leaves the bytes in the page cache, and bytes a machine
      // lost show in a size other than the recorded one, so `complete` makes them again.
      commit: async (size) => {
        await fs.rename(part, target);
        this.advance(file, index, count);
        return { size };
      },
      abort: () => fs.rm(part, { force: true }),
    };
  }

  /**
   * The process that wrote a file's first shard joins it as its shards
   * appear (local-assembly.ts); others leave it to `complete`.
   */
  private advance(file: FileKey, index: number, count: number): void {
    const key = keyOf(file);
    let assembly = this.assemblies.get(key);
    if (!assembly) {
      if (index !== 0 || count === 1) return;
      assembly = this.newAssembly(file);
      this.assemblies.set(key, assembly);
      // A run that ended elsewhere never completes here: keep only the latest few.
      if (this.assemblies.size > MAX_ASSEMBLIES) {
        const [oldest, dropped] = this.assemblies.entries().next().value!;
        this.assemblies.delete(oldest);
        void dropped.discard().catch(() => {});
      }
    }
    assembly.advance();
  }

  private newAssembly(file: FileKey): Assembly {
    return new Assembly(partOf(path.join(this.runDir(file.runId), 'shards', `${file.name}.joined`)), (i) => this.shardFile(file, i), PRIVATE_FILE);
  }

  async complete(file: FileKey, shards: ShardOutput[], regenerate: (index: number) => AsyncIterable<Buffer>): Promise<{ size: number; sha256: string }> {
    const target = path.join(this.runDir(file.runId), file.name);
    const sizes = shards.map((s) => s.size);
    const onDisk = async (index: number) => (await fs.stat(this.shardFile(file, index)).catch(() => null))?.size === sizes[index];
    if (shards.length === 1 && (await onDisk(0))) {
      // The bytes are where they need to be: hash them, then rename.
      const only = this.shardFile(file, 0);
      const hash = createHash('sha256');
      for await (const chunk of fileChunks(only)) hash.update(chunk);
      await syncFile(only);
      await fs.rename(only, target);
      await syncDir(this.runDir(file.runId));
      return { size: sizes[0], sha256: hash.digest('hex') };
    }
    const started = this.assemblies.get(keyOf(file));
    this.assemblies.delete(keyOf(file));
    let next = started ? await started.settle(sizes) : null;
    if (next === null) await started?.discard();
    const assembly = next === null ? this.newAssembly(file) : started!;
    next ??= 0;
    try {
      for (let index = next; index < shards.length; index++) {
        // A shard whose bytes are gone (or cut short) is made again, never skipped.
        const bytes = (await onDisk(index)) ? assembly.chunksOf(this.shardFile(file, index)) : regenerate(index);
        await assembly.append(bytes);
      }
      await fs.rename(assembly.part, target);
    } catch (error) {
      await assembly.discard().catch(() => {});
      throw error;
    }
    await syncDir(this.runDir(file.runId));
    return assembly.digest();
  }

  async read(file: FileKey, range: { start: number; end: number }): Promise<Readable> {
    const stream = createReadStream(path.join(this.runDir(file.runId), file.name), range);
    // Opening fails here, as an error of the request, rather than mid-response.
    await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
    return stream;
  }

  async dropShards(runId: string): Promise<void> {
    await this.forget(runId);
    await fs.rm(path.join(this.runDir(runId), 'shards'), { recursive: true, force: true });
    await syncDir(this.runDir(runId)).catch(() => {});
  }

  /** Retries, since a worker may still be finishing a file in there (it removes its own too). */
  async remove(runId: string): Promise<void> {
    await this.forget(runId);
    await fs.rm(this.runDir(runId), { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
}

/** A file's key in a process's maps: its run and name. */
export function keyOf(file: FileKey): string {
  return `${file.runId}/${file.name}`;
}

/**
 * A writer's own temporary name for `file`. A worker that lost its claim
 * without knowing it (stalled past the timeout) may still be writing when
 * another takes the work over; with their own parts, each renames a whole
 * file, and both files have the same bytes.
 */
export function partOf(file: string): string {
  return `${file}.${process.pid}-${Math.random().toString(36).slice(2, 10)}.part`;
}

async function syncFile(file: string): Promise<void> {
  const handle = await fs.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A rename is durable only once its folder is synced. */
const syncDir = syncFile;
