import type { DataSource } from 'typeorm';
import { rateLimited } from '../../errors';
import { Throttle } from '../api-key/rate-limit';

export interface LoginLimits {
  loginFailures: number;
  loginWindowMinutes: number;
  signUpsPerHour: number;
}

const ACCOUNT = 'login-account';
const ADDRESS = 'login-address';
const SIGN_UP = 'signup-address';

/**
 * Password guessing and account farming are bounded before any password is
 * hashed, so a refused attempt costs one upsert instead of ~100 ms of argon2.
 * Every attempt is counted up front (atomically, so a burst of parallel
 * guesses cannot all pass the check) and a successful one is taken back.
 */
export class LoginThrottle {
  private readonly counters: Throttle;

  constructor(
    db: DataSource,
    private readonly limits: LoginLimits,
  ) {
    this.counters = new Throttle(db);
  }

  /** Counts a log-in attempt for the account and the address; refuses past the limit. */
  async attempt(email: string, address: string | undefined): Promise<void> {
    const window = this.limits.loginWindowMinutes * 60;
    const counted = [this.counters.hit(ACCOUNT, accountKey(email), window)];
    if (address) counted.push(this.counters.hit(ADDRESS, address, window));
    const over = (await Promise.all(counted)).filter((state) => state.hits > this.limits.loginFailures);
    if (over.length) {
      const retryAfter = Math.max(...over.map((state) => state.retryAfter));
      throw rateLimited(`Too many failed log-ins: try again in ${retryAfter} seconds.`, retryAfter);
    }
  }

  /**
   * A right password clears its own account's count, and takes back only this
   * attempt from the address: signing in to one account must not buy more
   * guesses at others from the same address.
   */
  async succeeded(email: string, address: string | undefined): Promise<void> {
    await this.counters.reset(ACCOUNT, accountKey(email));
    if (address) await this.counters.forgive(ADDRESS, address);
  }

  async signUp(address: string | undefined): Promise<void> {
    if (!address) return;
    const state = await this.counters.hit(SIGN_UP, address, 3600);
    if (state.hits > this.limits.signUpsPerHour) {
      throw rateLimited(`Too many sign-ups from this address: try again in ${state.retryAfter} seconds.`, state.retryAfter);
    }
  }
}

// Emails are matched case-insensitively at log-in, so one account is one key however it is typed.
const accountKey = (email: string) => email.trim().toLowerCase();
