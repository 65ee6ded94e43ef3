import type { DataSource } from 'typeorm';

export interface RateLimitState {
  limit: number;
  remaining: number;
  /** Seconds until the current window ends. */
  resetSeconds: number;
  allowed: boolean;
}

const WINDOW_SECONDS = 60;

/**
 * Fixed one-minute windows per API key, counted in Postgres so every server
 * process shares one budget. One upsert per request; old windows are pruned
 * now and then by the same statement's caller.
 */
export class RateLimiter {
  private calls = 0;

  constructor(
    private readonly db: DataSource,
    private readonly perMinute: number,
  ) {}

  /** `hits`: how much this call spends (an operation with several expensive fields spends one each). */
  async hit(apiKeyId: string, hits = 1, now = new Date()): Promise<RateLimitState> {
    const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const [{ requests }] = await this.db.query(
      `INSERT INTO api_rate_windows (api_key_id, window_start, requests) VALUES ($1, $2, $3)
       ON CONFLICT (api_key_id, window_start) DO UPDATE SET requests = api_rate_windows.requests + EXCLUDED.requests
       RETURNING requests`,
      [apiKeyId, windowStart, hits],
    );
    if (++this.calls % 1000 === 0) {
      await this.db.query(`DELETE FROM api_rate_windows WHERE window_start < now() - interval '10 minutes'`);
    }
    const resetSeconds = Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_SECONDS * 1000 - now.getTime()) / 1000));
    return { limit: this.perMinute, remaining: Math.max(0, this.perMinute - requests), resetSeconds, allowed: requests <= this.perMinute };
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

  /** The current count without spending anything (0 when the window has ended). */
  async peek(scope: string, key: string): Promise<ThrottleState> {
    const [row] = await this.db.query(
      `SELECT hits, ceil(extract(epoch FROM expires_at - now()))::int AS retry_after
       FROM throttles WHERE scope = $1 AND key = $2 AND expires_at > now()`,
      [scope, key],
    );
    return row ? { hits: Number(row.hits), retryAfter: Math.max(1, Number(row.retry_after)) } : { hits: 0, retryAfter: 0 };
  }

  /** Takes hits back (never below zero), e.g. an attempt that turned out to succeed. */
  async forgive(scope: string, key: string, hits = 1): Promise<void> {
    await this.db.query(`UPDATE throttles SET hits = greatest(0, hits - $3) WHERE scope = $1 AND key = $2`, [scope, key, hits]);
  }

  async reset(scope: string, key: string): Promise<void> {
    await this.db.query(`DELETE FROM throttles WHERE scope = $1 AND key = $2`, [scope, key]);
  }
}
