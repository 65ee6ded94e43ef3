import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Budgets per caller that every server process shares (issue 23 row 7):
 *
 * - `rate_windows`: sliding-window counters. A subject (an API key, its
 *   project, its user; a user's sessions) keeps the hits of its current and
 *   previous window, and the rate is estimated as the previous window's hits
 *   weighted by how much of it still overlaps the last minute, plus the
 *   current ones; so a burst at a window's end is not forgiven at its start.
 * - `rows_streams`: one row per open rows API stream, with the subjects it is
 *   counted under and a lease its process renews while the stream lives.
 *   A table rather than session advisory locks: a lock would pin one pooled
 *   connection per open stream for its whole life, and four streams per
 *   caller would soon take every connection; a row costs nothing while it
 *   waits, and the lease frees the slots of a process that died. Opening is
 *   checked and recorded in one transaction holding transaction-scoped
 *   advisory locks on the subjects, so two processes never both pass the
 *   count.
 */
export class CallerBudgets1795306460000 implements MigrationInterface {
  name = 'CallerBudgets1795306460000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rate_windows (
        scope text NOT NULL,
        subject text NOT NULL,
        window_start timestamptz NOT NULL,
        hits integer NOT NULL,
        previous_hits integer NOT NULL DEFAULT 0,
        PRIMARY KEY (scope, subject)
      )`);
    await q.query(`CREATE INDEX rate_windows_window_start ON rate_windows (window_start)`);
    await q.query(`
      CREATE TABLE rows_streams (
        id uuid PRIMARY KEY,
        subjects text[] NOT NULL,
        expires_at timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX rows_streams_subjects ON rows_streams USING gin (subjects)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE rows_streams`);
    await q.query(`DROP TABLE rate_windows`);
  }
}
