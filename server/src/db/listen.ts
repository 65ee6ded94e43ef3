/**
 * A connection of its own that LISTENs on one Postgres channel: how one
 * process hears what another announced with NOTIFY (run changes, access
 * changes). Pool connections cannot hold a LISTEN.
 */
import { Client } from 'pg';

export interface Listening {
  stop(): Promise<void>;
}

/** Calls `onPayload` with each notice's payload on `channel`; `onError` when the connection is lost (no reconnect: callers keep a fallback). */
export async function listen(url: string, channel: string, onPayload: (payload: string) => void, onError: (error: Error) => void): Promise<Listening> {
  const client = new Client({ connectionString: url, application_name: `seedbed ${channel}` });
  client.on('notification', (message) => message.payload && onPayload(message.payload));
  client.on('error', onError);
  await client.connect();
  await client.query(`LISTEN ${channel}`);
  return { stop: () => client.end().catch(() => {}) };
}
