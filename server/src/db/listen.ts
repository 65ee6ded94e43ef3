/**
 * A connection of its own that LISTENs on Postgres channels: how one process
 * hears what another announced with NOTIFY (run changes, shards ready, access
 * changes). Pool connections cannot hold a LISTEN. A lost connection
 * (PostgreSQL restarted) is opened again every second until it listens;
 * notices sent meanwhile are lost, so callers say what to do on resuming.
 */
import { Client } from 'pg';
import type { Logger } from 'pino';

const RECONNECT_MS = 1_000;

export interface ListenOptions {
  url: string;
  channels: readonly string[];
  onNotice(channel: string, payload: string): void;
  /** After listening again: what to do about the notices missed (poll, look for work). */
  onResumed?(): void;
  /** What the caller keeps doing while no one listens, for the warning. */
  meanwhile: string;
  log: Logger;
}

export interface Listening {
  stop(): Promise<void>;
}

/** Listens on `channels`; the first connection's failure is thrown, later losses are retried. */
export async function listen(options: ListenOptions): Promise<Listening> {
  const listener = new Listener(options);
  await listener.connect();
  return listener;
}

class Listener implements Listening {
  private client?: Client;
  private stopped = false;
  private retry?: NodeJS.Timeout;

  constructor(private readonly options: ListenOptions) {}

  async connect(): Promise<void> {
    const { url, channels, onNotice } = this.options;
    const client = new Client({ connectionString: url, application_name: `seedbed ${channels.join(',')}` });
    client.on('notification', (message) => onNotice(message.channel, message.payload ?? ''));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      for (const channel of channels) await client.query(`LISTEN ${channel}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    if (this.stopped) await client.end().catch(() => {});
    else this.client = client;
  }

  private lost(client: Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.options.log.warn({ err: error, channels: this.options.channels }, `listener lost; listening again shortly, ${this.options.meanwhile}`);
    void client.end().catch(() => {});
    this.listenAgain();
  }

  private listenAgain(): void {
    if (this.stopped || this.retry) return;
    this.retry = setTimeout(() => {
      this.retry = undefined;
      if (this.stopped) return;
      this.connect().then(
        () => this.options.onResumed?.(),
        () => this.listenAgain(),
      );
    }, RECONNECT_MS);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}
