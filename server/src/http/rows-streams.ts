/**
 * Holds each caller to a few rows API streams at once, and charges each
 * stream to its budget, before the rows route starts generating. A caller is
 * every subject it counts under (an API key, its project and the user who
 * made it; a session's user), so making keys or logging in again adds no
 * streams. Counted in PostgreSQL (`rows_streams`), so every server process
 * sees every stream: each open stream is a row with a lease its process
 * renews while it lives; a process that dies leaves rows that expire.
 */
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import type { DataSource } from 'typeorm';
import { rateLimited } from '../errors';
import { subjectsOf } from '../modules/api-key/rate-limit';
import { actorOf } from './authenticate';
import type { OperationBudget } from './operation-budget';

export const ROWS_PATH = '/api/v1/blueprints/:id/rows.:format';

/** A stream's row outlives its process by at most this; the process renews it a few times as often. */
const LEASE_SECONDS = 60;

export class RowsStreams {
  private readonly held = new Set<string>();
  private renewal: NodeJS.Timeout | undefined;
  private opened = 0;

  constructor(
    private readonly db: DataSource,
    private readonly perCaller: number,
    private readonly leaseSeconds = LEASE_SECONDS,
  ) {}

  /**
   * Opens a stream for a caller counted under `subjects`, or refuses it with
   * RATE_LIMITED when one of them has `perCaller` open in any process. The
   * check and the insert are one transaction holding an advisory lock per
   * subject, so concurrent opens (here or in another process) never both
   * pass. Resolves to the function that closes it.
   */
  async open(subjects: string[]): Promise<() => Promise<void>> {
    const id = randomUUID();
    const sorted = [...subjects].sort();
    await this.db.transaction(async (manager) => {
      // Sorted, so two opens locking the same subjects never wait on each other in a cycle.
      await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended(s, 0)) FROM unnest($1::text[]) AS s`, [sorted]);
      const counts: { n: number }[] = await manager.query(
        `SELECT count(*)::int AS n FROM rows_streams, unnest(subjects) AS s WHERE s = ANY($1) AND expires_at > now() GROUP BY s ORDER BY n DESC LIMIT 1`,
        [sorted],
      );
      if ((counts[0]?.n ?? 0) >= this.perCaller) throw rateLimited(`At most ${this.perCaller} rows streams at once: wait for one to finish.`, 1);
      await manager.query(`INSERT INTO rows_streams (id, subjects, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`, [id, sorted, this.leaseSeconds]);
    });
    this.held.add(id);
    this.renewing();
    if (++this.opened % 1000 === 0) await this.db.query(`DELETE FROM rows_streams WHERE expires_at < now()`);
    let closed = false;
    return async () => {
      if (closed) return;
      closed = true;
      this.held.delete(id);
      this.renewing();
      // A failure here (the database away) leaves a row that expires with its lease.
      await this.db.query(`DELETE FROM rows_streams WHERE id = $1`, [id]).catch(() => undefined);
    };
  }

  /** Streams open in every process (tests, metrics). */
  async count(): Promise<number> {
    const [row] = await this.db.query(`SELECT count(*)::int AS n FROM rows_streams WHERE expires_at > now()`);
    return row.n;
  }

  /** Stops renewing (shutdown): the rows of streams still open expire. */
  stop(): void {
    clearInterval(this.renewal);
    this.renewal = undefined;
  }

  /** Renews this process's leases while it holds any. */
  private renewing(): void {
    if (this.held.size && !this.renewal) {
      this.renewal = setInterval(() => {
        this.db.query(`UPDATE rows_streams SET expires_at = now() + make_interval(secs => $2) WHERE id = ANY($1)`, [[...this.held], this.leaseSeconds]).catch(() => undefined);
      }, (this.leaseSeconds * 1000) / 3).unref();
    } else if (!this.held.size) this.stop();
  }
}

export function limitRowsStreams(streams: RowsStreams, budget: OperationBudget): RequestHandler {
  return async (_req, res, next) => {
    const actor = actorOf(res);
    const subjects = subjectsOf(actor);
    // Anonymous callers are refused by the route itself.
    if (!subjects.length) return next();
    const close = await streams.open(subjects);
    // A client gone while the slot was taken: give it back now, nobody will read the answer.
    if (res.closed) return void (await close());
    // 'close' comes once the response is finished, has failed, or its client went away.
    res.once('close', () => void close());
    // A refusal is thrown to the app's error handler; the slot is freed when that response closes.
    await budget.charge(actor, 1, 1);
    next();
  };
}
