/**
 * The SHA-256 of a file made of shards, fed in order as a process uploads
 * them, so that completing the file need not read the whole object back.
 * Each shard's local copy is handed over once uploaded; a shard that comes
 * before its turn waits on disk. A file whose earlier shards are written
 * elsewhere (another machine) never catches up: past a few waiting shards
 * the hash is given up and the store reads the object back instead.
 */
import { createHash, type Hash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { fileChunks } from './local-assembly';

/** Shards that may wait for their turn on this machine's disk. */
const MAX_WAITING = 4;

export class OrderedHash {
  private readonly hash: Hash = createHash('sha256');
  private readonly buffer = Buffer.allocUnsafeSlow(1 << 20);
  /** Sizes of the shards hashed so far, in order. */
  private readonly hashed: number[] = [];
  private readonly waiting = new Map<number, string>();
  private queue: Promise<void> = Promise.resolve();
  private broken = false;

  /** Takes the local copy of shard `index` (removed once hashed or given up). */
  offer(index: number, file: string): void {
    if (this.broken) return void fs.rm(file, { force: true }).catch(() => {});
    this.waiting.set(index, file);
    if (this.waiting.size > MAX_WAITING && !this.waiting.has(this.hashed.length)) return void this.discard();
    this.queue = this.queue.then(() => this.advance()).catch(() => void (this.broken = true));
  }

  private async advance(): Promise<void> {
    for (let file = this.waiting.get(this.hashed.length); file && !this.broken; file = this.waiting.get(this.hashed.length)) {
      let size = 0;
      for await (const chunk of fileChunks(file, this.buffer)) {
        this.hash.update(chunk);
        size += chunk.length;
      }
      this.waiting.delete(this.hashed.length);
      this.hashed.push(size);
      await fs.rm(file, { force: true });
    }
  }

  /** The file's size and SHA-256 if every shard was hashed here with the sizes recorded, else null. */
  async digest(recordedSizes: number[]): Promise<{ size: number; sha256: string } | null> {
    await this.queue;
    if (this.broken || this.hashed.length !== recordedSizes.length || this.hashed.some((size, i) => size !== recordedSizes[i])) return null;
    return { size: this.hashed.reduce((a, b) => a + b, 0), sha256: this.hash.digest('hex') };
  }

  /** Gives the hash up and removes the shards still waiting. */
  async discard(): Promise<void> {
    this.broken = true;
    await this.queue; // the shard being hashed, if any, is the last
    const files = [...this.waiting.values()];
    this.waiting.clear();
    await Promise.all(files.map((file) => fs.rm(file, { force: true })));
  }
}
