/**
 * A process's slots for shard work. Each slot takes the next shard the fair
 * order gives it (`claim`: shards-store.ts `claimNext`), works it, and takes
 * another; with nothing ready it waits for the doorbell (a NOTIFY sent when a
 * run starts, a shard is handed back or a lost worker's shards return), for
 * the next shard's back-off to pass, or for the backstop poll, whichever is
 * first. Stopping lets the shards in hand finish for a grace period, then
 * aborts them (their work hands them back).
 */
import type { Logger } from 'pino';
import type { ClaimedShard } from './shards-store';

export interface ShardTakerOptions {
  slots: number;
  /** Takes the next shard, or null when none is ready. */
  claim(): Promise<ClaimedShard | null>;
  /** Works a shard; `signal` aborts when the process stops. */
  work(shard: ClaimedShard, signal: AbortSignal): Promise<void>;
  /** Milliseconds until a shard waiting out its back-off is ready, or null. */
  nextReadyInMs(): Promise<number | null>;
  /** Subscribes to the doorbell; returns the unsubscribe. */
  onReady(ring: () => void): () => void;
  /** The longest wait without a ring: shards may be missed if the doorbell's connection dropped. */
  pollMs: number;
  log: Logger;
}

/** How long shards in hand may finish when the process stops before they are aborted (pg-boss's own grace, for the assembly). */
const STOP_GRACE_MS = 5_000;
/** After a failed claim (the database away), the slot tries again after this long. */
const CLAIM_ERROR_MS = 1_000;

export class ShardTaker {
  private stopping = false;
  private readonly aborted = new AbortController();
  private readonly sleepers = new Set<() => void>();
  /** Rings so far: a slot that found nothing does not sleep through a ring that came while it looked. */
  private rings = 0;
  private slots: Promise<void>[] = [];
  private unsubscribe = () => {};

  constructor(private readonly options: ShardTakerOptions) {}

  start(): void {
    this.unsubscribe = this.options.onReady(() => this.wakeAll());
    this.slots = Array.from({ length: this.options.slots }, () => this.slot());
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe();
    this.wakeAll();
    const done = Promise.all(this.slots);
    const grace = new Promise<void>((resolve) => setTimeout(resolve, STOP_GRACE_MS).unref());
    await Promise.race([done, grace]);
    this.aborted.abort();
    await done;
  }

  private wakeAll(): void {
    this.rings++;
    for (const wake of this.sleepers) wake();
  }

  private async slot(): Promise<void> {
    while (!this.stopping) {
      const rings = this.rings;
      let shard: ClaimedShard | null = null;
      try {
        shard = await this.options.claim();
      } catch (error) {
        this.options.log.warn({ err: error }, 'could not take a shard');
        await this.sleep(CLAIM_ERROR_MS);
        continue;
      }
      if (shard) {
        await this.options.work(shard, this.aborted.signal).catch((error) => this.options.log.error({ err: error, shardId: shard.id }, 'shard work failed'));
        continue;
      }
      const readyIn = await this.options.nextReadyInMs().catch(() => null);
      if (this.rings === rings) await this.sleep(Math.min(this.options.pollMs, readyIn ?? Infinity));
    }
  }

  /** Resolves after `ms`, on a ring of the doorbell, or when stopping. */
  private sleep(ms: number): Promise<void> {
    if (this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, Math.max(0, ms));
      this.sleepers.add(wake);
    });
  }
}
