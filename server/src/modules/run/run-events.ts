/**
 * Run changes fanned out across processes with Postgres LISTEN/NOTIFY: a
 * worker in any process announces a run id; every server process relays it
 * to its own `runProgress` subscribers. Progress notices are throttled per
 * run; status changes always go out.
 */
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { listen, type Listening } from '../../db/listen';

const CHANNEL = 'seedbed_run';
const PROGRESS_INTERVAL_MS = 250;

export class RunEvents {
  private readonly local = new EventEmitter();
  private readonly lastSent = new Map<string, number>();
  private listener?: Listening;

  constructor(
    private readonly db: DataSource,
    private readonly url: string,
    private readonly log: Logger,
  ) {
    this.local.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.listener = await listen(
      this.url,
      CHANNEL,
      (id) => this.local.emit(id),
      (error) => this.log.warn({ err: error }, 'run events listener lost; subscriptions fall back to polling'),
    );
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
}
