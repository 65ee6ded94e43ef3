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

  async hit(apiKeyId: string, now = new Date()): Promise<RateLimitState> {
    const windowStart = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const [{ requests }] = await this.db.query(
      `INSERT INTO api_rate_windows (api_key_id, window_start, requests) VALUES ($1, $2, 1)
       ON CONFLICT (api_key_id, window_start) DO UPDATE SET requests = api_rate_windows.requests + 1
       RETURNING requests`,
      [apiKeyId, windowStart],
    );
    if (++this.calls % 1000 === 0) {
      await this.db.query(`DELETE FROM api_rate_windows WHERE window_start < now() - interval '10 minutes'`);
    }
    const resetSeconds = Math.max(1, Math.ceil((windowStart.getTime() + WINDOW_SECONDS * 1000 - now.getTime()) / 1000));
    return { limit: this.perMinute, remaining: Math.max(0, this.perMinute - requests), resetSeconds, allowed: requests <= this.perMinute };
  }
}
