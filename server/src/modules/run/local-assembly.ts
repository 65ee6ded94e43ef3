/**
 * A local run file joined while its run goes on: shard files are appended to
 * the file's temporary name in order as soon as they and every shard before
 * them exist, the SHA-256 fed as the bytes pass, so completing the file
 * leaves only the shards not yet appended (usually the last) to copy.
 *
 * The joined prefix and its hash live in the process that appends: another
 * process completing the file starts from shard 0 again (the same bytes, only
 * slower), so no state has to cross processes or survive a crash.
 */
import { createHash, type Hash } from 'node:crypto';
import { promises as fs } from 'node:fs';

/** Bytes read from a shard file at a time. */
const READ_CHUNK = 1 << 20;

/**
 * A file's bytes in chunks read into one buffer, reused: each chunk is a view
 * that is valid until the next is asked for. Gigabytes of fresh 1 MiB buffers
 * drove this thread's garbage collection (measured: a third of its time).
 */
export async function* fileChunks(file: string, buffer = Buffer.allocUnsafeSlow(READ_CHUNK)): AsyncGenerator<Buffer> {
  const handle = await fs.open(file, 'r');
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

export class Assembly {
  private readonly hash: Hash = createHash('sha256');
  private size = 0;
  /** Sizes of the shards appended so far, in order. */
  private readonly appended: number[] = [];
  private readonly buffer = Buffer.allocUnsafeSlow(READ_CHUNK);
  private queue: Promise<void> = Promise.resolve();
  private broken = false;

  /** `part`: the file's temporary name; `shardFile(i)`: where shard i's bytes are once complete. */
  constructor(
    readonly part: string,
    private readonly shardFile: (index: number) => string,
    private readonly mode: number,
  ) {}

  /** Appends, in the background, every shard that is complete and next in line. */
  advance(): void {
    this.queue = this.queue.then(() => this.appendReady()).catch(() => void (this.broken = true));
  }

  private async appendReady(): Promise<void> {
    if (this.broken) return;
    for (;;) {
      const size = await fs.stat(this.shardFile(this.appended.length)).then((s) => s.size, () => null);
      if (size === null) return;
      await this.append(this.chunksOf(this.shardFile(this.appended.length)));
      this.appended.push(size);
    }
  }

  /**
   * Waits for the appends under way; then, if what was appended is what the
   * shards recorded, the index of the first shard still to append, else null
   * (the part is unusable: start again).
   */
  async settle(recordedSizes: number[]): Promise<number | null> {
    await this.queue;
    if (this.broken) return null;
    return this.appended.every((size, i) => size === recordedSizes[i]) ? this.appended.length : null;
  }

  /** A shard file's bytes, read through this assembly's one buffer (appends run one at a time). */
  chunksOf(file: string): AsyncIterable<Buffer> {
    return fileChunks(file, this.buffer);
  }

  /** Appends `bytes` (the next shard's) and hashes them on the way; each chunk is done with before the next is read. */
  async append(bytes: AsyncIterable<Buffer>): Promise<void> {
    // Opened per append, not held: a run removed meanwhile releases its disk space at once.
    const out = await fs.open(this.part, 'a', this.mode);
    try {
      for await (const chunk of bytes) {
        this.hash.update(chunk);
        this.size += chunk.length;
        // A write may take fewer bytes than given (a full disk); the rest follows or fails.
        for (let at = 0; at < chunk.length; ) at += (await out.write(chunk, at)).bytesWritten;
      }
      // Synced here rather than the shard files it came from: the bytes go to the disk once,
      // and the shards are synced by the time the file completes, leaving only the tail to wait for.
      await out.sync();
    } finally {
      await out.close();
    }
  }

  digest(): { size: number; sha256: string } {
    return { size: this.size, sha256: this.hash.digest('hex') };
  }

  /** Drops the part (a run removed, or this process gave the file up). */
  async discard(): Promise<void> {
    this.broken = true;
    await this.queue;
    await fs.rm(this.part, { force: true });
  }
}
