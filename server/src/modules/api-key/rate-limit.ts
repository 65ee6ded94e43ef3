import type { DataSource } from 'typeorm';
import type { Actor } from '../../scope';
import type { ApiKeyEntity } from './api-key.entity';

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
  /** Seconds until the current window ends (allowed), or until the rate is back under the limit (refused). */
  resetSeconds: number;
  allowed: boolean;
  /** The subject whose budget is the most spent (`key:…`, `project:…`, `user:…`). */
  subject: string;
}

const API_SCOPE = 'api-requests';

/**
 * API keys' requests per minute (PRODUCT.md §9), counted against the key, its
 * project and the user who made it, each with the same budget, so 25 keys of
 * one project share one; in PostgreSQL, so every server process spends from it.
 */
export class RateLimiter {
  constructor(
    private readonly windows: SlidingWindows,
    private readonly perMinute: number,
  ) {}

  /** `hits`: how much this call spends (an operation with several expensive fields spends one each). */
  async hit(apiKey: ApiKeyEntity, hits = 1): Promise<RateLimitState> {
    const states = await this.windows.hit(API_SCOPE, subjectsOf({ kind: 'apiKey', apiKey }), 60, hits, this.perMinute);
    const worst = states.reduce((a, b) => (b.rate > a.rate ? b : a));
    const limit = this.perMinute;
    return { limit, remaining: Math.max(0, Math.floor(limit - worst.rate)), resetSeconds: worst.retryAfter, allowed: states.every((s) => s.rate <= limit), subject: worst.subject };
  }
}

/** Who spent the budget a refusal names, in words. */
export function budgetOwner(subject: string): string {
  if (subject.startsWith('project:')) return "This project's API keys";
  if (subject.startsWith('user:')) return 'The API keys made by this user';
  return 'This API key';
}

export interface WindowState {
  subject: string;
  /** Hits in the last window, the previous window's weighted by how much of it the last window still covers. */
  rate: number;
  /** Seconds until the current window ends, when within the limit; else until the rate is back under it. */
  retryAfter: number;
}

/**
 * Sliding-window counters in PostgreSQL (`rate_windows`): each subject keeps
 * its current and previous fixed window, and its rate over the last window is
 * the current hits plus the previous ones weighted by their overlap, so a
 * burst at the end of one window still counts at the start of the next.
 *
 * The hits of one scope are sent in batches, one statement in flight per
 * scope in a process: concurrent requests that share a subject (25 keys of
 * one project) would otherwise queue on that subject's row lock, each
 * holding a pooled connection while it waits (measured: another user's
 * request waited 2 s behind 75 of them). Each hit still gets its own rate, as
 * if the hits of its batch had come one after another in order.
 */
export class SlidingWindows {
  private calls = 0;
  private readonly batches = new Map<string, Batch>();

  constructor(private readonly db: DataSource) {}

  hit(scope: string, subjects: string[], windowSeconds: number, hits: number, limit: number): Promise<WindowState[]> {
    const key = `${scope}\u0000${windowSeconds}`;
    let batch = this.batches.get(key);
    if (!batch) this.batches.set(key, (batch = { scope, windowSeconds, waiting: [], flying: false }));
    const queued = batch;
    const result = new Promise<WindowState[]>((resolve, reject) => queued.waiting.push({ subjects, hits, limit, resolve, reject }));
    if (!batch.flying) {
      batch.flying = true;
      setImmediate(() => void this.flush(queued));
    }
    return result;
  }

  /** Sends the hits waited so far as one statement; hits that come meanwhile go in the next. */
  private async flush(batch: Batch): Promise<void> {
    const hits = batch.waiting.splice(0);
    const totals = new Map<string, number>();
    for (const hit of hits) for (const subject of hit.subjects) totals.set(subject, (totals.get(subject) ?? 0) + hit.hits);
    // Sorted: concurrent statements of several processes lock the rows in one order and never deadlock.
    const subjects = [...totals.keys()].sort();
    try {
      const rows: { subject: string; hits: number; previous_hits: number; elapsed: string }[] = await this.db.query(
        `INSERT INTO rate_windows AS w (scope, subject, window_start, hits, previous_hits)
         SELECT $1, s, now(), h, 0 FROM unnest($2::text[], $3::int[]) AS t(s, h)
         ON CONFLICT (scope, subject) DO UPDATE SET
           previous_hits = CASE
             WHEN now() >= w.window_start + 2 * make_interval(secs => $4) THEN 0
             WHEN now() >= w.window_start + make_interval(secs => $4) THEN w.hits
             ELSE w.previous_hits END,
           hits = CASE WHEN now() >= w.window_start + make_interval(secs => $4) THEN EXCLUDED.hits ELSE w.hits + EXCLUDED.hits END,
           window_start = CASE WHEN now() >= w.window_start + make_interval(secs => $4)
             THEN w.window_start + make_interval(secs => $4 * floor(extract(epoch FROM now() - w.window_start) / $4))
             ELSE w.window_start END
         RETURNING subject, hits, previous_hits, extract(epoch FROM now() - window_start) AS elapsed`,
        [batch.scope, subjects, subjects.map((s) => totals.get(s)!), batch.windowSeconds],
      );
      const after = new Map(rows.map((row) => [row.subject, row]));
      // Each hit sees the counts as they stood after it: the batch's later hits taken back.
      const later = new Map(totals);
      for (const hit of hits) {
        hit.resolve(
          hit.subjects.map((subject) => {
            const row = after.get(subject)!;
            later.set(subject, later.get(subject)! - hit.hits);
            const own = Number(row.hits) - later.get(subject)!;
            return windowState(subject, own, Number(row.previous_hits), Number(row.elapsed) / batch.windowSeconds, batch.windowSeconds, hit.limit);
          }),
        );
      }
      if (++this.calls % 1000 === 0) await this.db.query(`DELETE FROM rate_windows WHERE window_start < now() - interval '1 day'`);
    } catch (error) {
      for (const hit of hits) hit.reject(error as Error);
    } finally {
      if (batch.waiting.length) setImmediate(() => void this.flush(batch));
      else batch.flying = false;
    }
  }
}

interface Batch {
  scope: string;
  windowSeconds: number;
  waiting: { subjects: string[]; hits: number; limit: number; resolve(states: WindowState[]): void; reject(error: Error): void }[];
  /** A statement is in flight or about to be: hits wait for the next. */
  flying: boolean;
}

/** `elapsed`: how far into its current window the subject is, from 0 to 1. */
function windowState(subject: string, hits: number, previous: number, elapsed: number, windowSeconds: number, limit: number): WindowState {
  const rate = previous * Math.max(0, 1 - elapsed) + hits;
  let wait: number;
  if (rate <= limit) wait = (1 - elapsed) * windowSeconds;
  else if (hits <= limit) wait = (1 - elapsed - (limit - hits) / previous) * windowSeconds;
  // Over on this window alone: it becomes the previous one, then fades.
  else wait = (1 - elapsed) * windowSeconds + (1 - limit / hits) * windowSeconds;
  return { subject, rate, retryAfter: Math.max(1, Math.ceil(wait)) };
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
