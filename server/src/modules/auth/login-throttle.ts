import type { DataSource } from 'typeorm';
import { rateLimited } from '../../errors';
import { Throttle } from '../api-key/rate-limit';

export interface LoginLimits {
  loginFailures: number;
  loginWindowMinutes: number;
  signUpsPerHour: number;
}

const PAIR = 'login-account-address';
const ADDRESS = 'login-address';
const ACCOUNT = 'login-account';
const SIGN_UP = 'signup-address';

/** The first lock-out past the limit; each attempt while locked doubles it, up to the longest. */
const FIRST_LOCK_SECONDS = 60;
const LONGEST_LOCK_SECONDS = 3600;
/** An account guessed at from many addresses answers slower and slower, never refusing: at most this. */
const LONGEST_SLOWDOWN_MS = 4000;

/**
 * Password guessing and account farming are bounded before any password is
 * hashed, so a refused attempt costs one upsert instead of ~100 ms of argon2.
 * Guesses are counted per (account, address) and per address (PRODUCT.md §9):
 * past the limit that pair or that address is refused, for a time that grows
 * with every further attempt. An account is never locked as such — its
 * owner, from an address that has not failed, always gets in — but an
 * account guessed at from many addresses makes every attempt on it wait a
 * little longer. Every attempt is counted up front (atomically, so a burst of
 * parallel guesses cannot all pass the check) and a successful one is taken back.
 */
export class LoginThrottle {
  private readonly counters: Throttle;

  constructor(
    private readonly db: DataSource,
    private readonly limits: LoginLimits,
    /** Waits before answering an account under attack (tests shorten it). */
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.counters = new Throttle(db);
  }

  /** Counts a log-in attempt; refuses an address, or an address on this account, past the limit; slows an account under attack. */
  async attempt(email: string, address: string | undefined): Promise<void> {
    const account = accountKey(email);
    const window = this.limits.loginWindowMinutes * 60;
    const [pair, from, all] = await Promise.all([
      address ? this.count(PAIR, `${account} ${address}`, window) : undefined,
      address ? this.count(ADDRESS, address, window) : undefined,
      this.count(ACCOUNT, account, window),
    ]);
    const over = [pair, from].filter((state) => state && state.hits > this.limits.loginFailures);
    if (over.length) {
      const retryAfter = Math.max(...over.map((state) => state!.retryAfter));
      throw rateLimited(`Too many failed log-ins from this address: try again in ${retryAfter} seconds.`, retryAfter);
    }
    const slowdown = slowdownMs(all.hits, this.limits.loginFailures);
    if (slowdown > 0) await this.sleep(slowdown);
  }

  /**
   * A right password clears its own pair and the account's count (its owner
   * is here), and takes back only this attempt from the address: signing in
   * to one account must not buy more guesses at others from the same address.
   */
  async succeeded(email: string, address: string | undefined): Promise<void> {
    const account = accountKey(email);
    await this.counters.reset(ACCOUNT, account);
    if (!address) return;
    await this.counters.reset(PAIR, `${account} ${address}`);
    await this.counters.forgive(ADDRESS, address);
  }

  async signUp(address: string | undefined): Promise<void> {
    if (!address) return;
    const state = await this.counters.hit(SIGN_UP, address, 3600);
    if (state.hits > this.limits.signUpsPerHour) {
      throw rateLimited(`Too many sign-ups from this address: try again in ${state.retryAfter} seconds.`, state.retryAfter);
    }
  }

  /**
   * One more attempt on `key`, in one statement: within the window the count
   * grows; past the limit each attempt also pushes the window's end to at
   * least now + a lock-out that doubles per attempt (1 min, 2, 4, … 1 h).
   */
  private async count(scope: string, key: string, windowSeconds: number): Promise<{ hits: number; retryAfter: number }> {
    const [row] = await this.db.query(
      `INSERT INTO throttles (scope, key, hits, expires_at) VALUES ($1, $2, 1, now() + make_interval(secs => $3))
       ON CONFLICT (scope, key) DO UPDATE SET
         hits = CASE WHEN throttles.expires_at <= now() THEN 1 ELSE throttles.hits + 1 END,
         expires_at = CASE
           WHEN throttles.expires_at <= now() THEN now() + make_interval(secs => $3)
           WHEN throttles.hits + 1 > $4 THEN greatest(throttles.expires_at, now() + make_interval(secs => least($6, $5 * power(2, least(throttles.hits - $4, 30)))))
           ELSE throttles.expires_at END
       RETURNING hits, ceil(extract(epoch FROM expires_at - now()))::int AS retry_after`,
      [scope, key, windowSeconds, this.limits.loginFailures, FIRST_LOCK_SECONDS, LONGEST_LOCK_SECONDS],
    );
    return { hits: Number(row.hits), retryAfter: Math.max(1, Number(row.retry_after)) };
  }
}

/** None up to the limit, then 250 ms, doubling with each further limit's worth of attempts, up to 4 s. */
export function slowdownMs(hits: number, limit: number): number {
  if (hits <= limit) return 0;
  return Math.min(LONGEST_SLOWDOWN_MS, 250 * 2 ** Math.floor((hits - limit - 1) / Math.max(1, limit)));
}

// Emails are matched case-insensitively at log-in, so one account is one key however it is typed.
const accountKey = (email: string) => email.trim().toLowerCase();
