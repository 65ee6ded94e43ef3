/**
 * Run changes fanned out across processes with Postgres LISTEN/NOTIFY: a
 * worker in any process announces a run id; every server process relays it
 * to its own `runProgress` subscribers. Progress notices are throttled per
 * run; status changes always go out. A second channel rings the workers'
 * doorbell when shards become ready to take (shard-taker.ts).
 */
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { listen, type Listening } from '../../db/listen';

const CHANNEL = 'seedbed_run';
const SHARDS_CHANNEL = 'seedbed_shards';
const PROGRESS_INTERVAL_MS = 250;

export class RunEvents {
  private readonly local = new EventEmitter();
  private readonly shards = new EventEmitter();
  private readonly lastSent = new Map<string, number>();
  private listener?: Listening;

  constructor(
    private readonly db: DataSource,
    private readonly url: string,
    private readonly log: Logger,
  ) {
    this.local.setMaxListeners(0);
    this.shards.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.listener = await listen({
      url: this.url,
      channels: [CHANNEL, SHARDS_CHANNEL],
      onNotice: (channel, payload) => {
        if (channel === SHARDS_CHANNEL) this.shards.emit('ready');
        else if (payload) this.local.emit(payload);
      },
      // Notices sent while no one listened are lost: workers look for shards once now.
      onResumed: () => this.shards.emit('ready'),
      meanwhile: 'subscriptions poll meanwhile',
      log: this.log,
    });
  }

  async stop(): Promise<void> {
    await this.listener?.stop();
    this.listener = undefined;
  }

  /**
   * Announces a change of run `id`. `progressOnly` notices are dropped when one
   * went out less than 250 ms ago; any other notice (a status change) also ends
   * the throttling memory of that run, so the map holds only runs in progress.
   */
  async publish(id: string, progressOnly = false): Promise<void> {
    const now = Date.now();
    if (progressOnly) {
      if (now - (this.lastSent.get(id) ?? 0) < PROGRESS_INTERVAL_MS) return;
      this.lastSent.set(id, now);
    } else {
      this.lastSent.delete(id);
    }
    await this.db.query('SELECT pg_notify($1, $2)', [CHANNEL, id]);
  }

  /** Calls `onChange` for every notice about run `id`, until the returned function is called. */
  subscribe(id: string, onChange: () => void): () => void {
    this.local.on(id, onChange);
    return () => this.local.off(id, onChange);
  }

  /** Tells every worker process that shards may be ready to take; inside `tx` when given, so it goes out on commit. */
  async shardsReady(tx?: EntityManager): Promise<void> {
    await (tx ?? this.db).query('SELECT pg_notify($1, $2)', [SHARDS_CHANNEL, '']);
  }

  /** Calls `onReady` whenever shards may be ready, until the returned function is called. */
  onShardsReady(onReady: () => void): () => void {
    this.shards.on('ready', onReady);
    return () => this.shards.off('ready', onReady);
  }
}
