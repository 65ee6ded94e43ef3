/**
 * Changes that take access away — a member removed or given another role, a
 * key revoked, a session logged out, a password changed — announced to every
 * server process with Postgres NOTIFY, so each one ends that caller's open
 * operations (subscriptions on any WebSocket connection) at once. The notice
 * is sent in the transaction that makes the change: it is delivered when,
 * and only if, the change commits. Each subscription event is also
 * authorised afresh (http/socket-operations.ts), so a notice lost while the
 * listener reconnects costs at most one event, never a leak.
 */
import { EventEmitter } from 'node:events';
import type { Logger } from 'pino';
import type { DataSource, EntityManager } from 'typeorm';
import { listen, type Listening } from '../../db/listen';

const CHANNEL = 'seedbed_access';

/** Whose access changed: a user (in one project, or everywhere), an API key, or one session. */
export type AccessChange =
  | { userId: string; projectId?: string }
  | { apiKeyId: string }
  | { sessionTokenHash: string };

/** Sends the notice inside `manager`'s transaction (or at once outside one). */
export async function announceAccessChange(manager: EntityManager | DataSource, change: AccessChange): Promise<void> {
  await manager.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify(change)]);
}

/** This process's ear for access changes, from any process. */
export class AccessChanges {
  private readonly local = new EventEmitter();
  private listener?: Listening;

  constructor(
    private readonly url: string,
    private readonly log: Logger,
  ) {
    this.local.setMaxListeners(0);
  }

  async start(): Promise<void> {
    this.listener = await listen({
      url: this.url,
      channels: [CHANNEL],
      onNotice: (_channel, payload) => {
        const change = parseChange(payload);
        if (change) this.local.emit('change', change);
      },
      meanwhile: 'subscriptions are still re-authorised at each event',
      log: this.log,
    });
  }

  async stop(): Promise<void> {
    await this.listener?.stop();
    this.listener = undefined;
  }

  /** Calls `onChange` for every change announced, until the returned function is called. */
  subscribe(onChange: (change: AccessChange) => void): () => void {
    this.local.on('change', onChange);
    return () => this.local.off('change', onChange);
  }
}

function parseChange(payload: string): AccessChange | undefined {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    if (typeof value.apiKeyId === 'string') return { apiKeyId: value.apiKeyId };
    if (typeof value.sessionTokenHash === 'string') return { sessionTokenHash: value.sessionTokenHash };
    if (typeof value.userId === 'string') return { userId: value.userId, ...(typeof value.projectId === 'string' ? { projectId: value.projectId } : {}) };
  } catch {
    // Not ours: ignored.
  }
  return undefined;
}
