import type { DataSource } from 'typeorm';
import type { Actor } from '../../scope';

/**
 * Whom an actor's work is counted against, the caller first: an API key
 * counts against its project and the user who made it as well as itself, a
 * session against its user, so that making keys or logging in again adds
 * nothing to what one user or one project may do at once or per minute.
 */
export function subjectsOf(actor: Actor): string[] {
  if (actor.kind === 'user') return [`user:${actor.user.id}`];
  if (actor.kind === 'apiKey') {
    const { apiKey } = actor;
    return [`project:${apiKey.projectId}`, ...(apiKey.createdById ? [`user:${apiKey.createdById}`] : []), `key:${apiKey.id}`];
  }
  return [];
}

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the current window ends. */
  resetSeconds: number;
  allowed: boolean;
}

const API_KEY_SCOPE = 'api-key';

/**
 * An API key's requests per minute (PRODUCT.md §9), counted by the shared
 * `Throttle`, so every server process spends from one budget.
 */
export class RateLimiter {
  constructor(
    private readonly counters: Throttle,
    private readonly perMinute: number,
  ) {}

  /** `hits`: how much this call spends (an operation with several expensive fields spends one each). */
  async hit(apiKeyId: string, hits = 1): Promise<RateLimitState> {
    const state = await this.counters.hit(API_KEY_SCOPE, apiKeyId, 60, hits);
    const limit = this.perMinute;
    return { limit, remaining: Math.max(0, limit - state.hits), resetSeconds: state.retryAfter, allowed: state.hits <= limit };
  }
}

export interface ThrottleState {
  /** Hits in the current window, this one included. */
  hits: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfter: number;
}

/**
 * Counters for anything keyed by a string (a session, an account, a client
 * address), in Postgres so every server process shares them. A key's window
 * opens with its first hit and lasts `windowSeconds`, so a burst is judged
 * from its own start rather than from a clock boundary it happens to cross.
 * One atomic upsert per hit: concurrent attempts cannot all slip under the limit.
 */
export class Throttle {
  private calls = 0;

  constructor(private readonly db: DataSource) {}

  async hit(scope: string, key: string, windowSeconds: number, hits = 1): Promise<ThrottleState> {
    const [row] = await this.db.query(
      `INSERT INTO throttles (scope, key, hits, expires_at) VALUES ($1, $2, $3, now() + make_interval(secs => $4))
       ON CONFLICT (scope, key) DO UPDATE SET
         hits = CASE WHEN throttles.expires_at <= now() THEN EXCLUDED.hits ELSE throttles.hits + EXCLUDED.hits END,
         expires_at = CASE WHEN throttles.expires_at <= now() THEN EXCLUDED.expires_at ELSE throttles.expires_at END
       RETURNING hits, ceil(extract(epoch FROM expires_at - now()))::int AS retry_after`,
      [scope, key, hits, windowSeconds],
    );
    if (++this.calls % 1000 === 0) await this.db.query(`DELETE FROM throttles WHERE expires_at < now()`);
    return { hits: Number(row.hits), retryAfter: Math.max(1, Number(row.retry_after)) };
  }

  /** Takes hits back (never below zero), e.g. an attempt that turned out to succeed. */
  async forgive(scope: string, key: string, hits = 1): Promise<void> {
    await this.db.query(`UPDATE throttles SET hits = greatest(0, hits - $3) WHERE scope = $1 AND key = $2`, [scope, key, hits]);
  }

  async reset(scope: string, key: string): Promise<void> {
    await this.db.query(`DELETE FROM throttles WHERE scope = $1 AND key = $2`, [scope, key]);
  }
}
