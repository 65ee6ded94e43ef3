/**
 * Run changes fanned out across processes with Postgres LISTEN/NOTIFY: a
 * worker in any process announces a run id; every server process relays it
 * to its own `runProgress` subscribers. Progress notices are throttled per
 * run; status changes always go out. A second channel rings the workers'
 * doorbell when shards become ready to take (shard-taker.ts).
 */
import { EventEmitter } from 'node:events';
import { Client } from 'pg';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';

const CHANNEL = 'seedbed_run';
const SHARDS_CHANNEL = 'seedbed_shards';
const PROGRESS_INTERVAL_MS = 250;
/** A listener connection that dropped (PostgreSQL restarted) is opened again after this long. */
const RECONNECT_MS = 1_000;

export class RunEvents {
  private readonly local = new EventEmitter();
  private readonly shards = new EventEmitter();
  private readonly lastSent = new Map<string, number>();
  private listener?: Client;
  private stopped = false;
  private reconnecting?: NodeJS.Timeout;

  constructor(
    private readonly db: DataSource,
    private readonly url: string,
    private readonly log: Logger,
  ) {
    this.local.setMaxListeners(0);
    this.shards.setMaxListeners(0);
  }

  async start(): Promise<void> {
    const client = new Client({ connectionString: this.url });
    client.on('notification', (message) => {
      if (message.channel === SHARDS_CHANNEL) this.shards.emit('ready');
      else if (message.payload) this.local.emit(message.payload);
    });
    client.on('error', (error) => {
      this.log.warn({ err: error }, 'run events listener lost; listening again shortly, subscriptions poll meanwhile');
      this.lost(client);
    });
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      await client.query(`LISTEN ${SHARDS_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) await client.end().catch(() => {});
    else this.listener = client;
  }

  private lost(client: Client): void {
    if (this.listener !== client) return;
    this.listener = undefined;
    void client.end().catch(() => {});
    this.listenAgain();
  }

  private listenAgain(): void {
    if (this.stopped || this.reconnecting) return;
    this.reconnecting = setTimeout(() => {
      this.reconnecting = undefined;
      if (this.stopped) return;
      this.start().then(
        // Notices sent while no one listened are lost: workers look for shards once now.
        () => this.shards.emit('ready'),
        () => this.listenAgain(),
      );
    }, RECONNECT_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.reconnecting);
    await this.listener?.end().catch(() => {});
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
