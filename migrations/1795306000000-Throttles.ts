import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Counters for API keys' requests, log-in failures, sign-ups and sessions'
 * expensive operations (PRODUCT.md §9, §15), keyed by any string and kept in
 * Postgres so every server process enforces one budget. They replace the
 * API keys' own per-minute table.
 */
export class Throttles1795306000000 implements MigrationInterface {
  name = 'Throttles1795306000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE throttles (
        scope text NOT NULL,
        key text NOT NULL,
        hits integer NOT NULL,
        expires_at timestamptz NOT NULL,
        PRIMARY KEY (scope, key)
      )`);
    await q.query(`CREATE INDEX throttles_expires_at ON throttles (expires_at)`);
    await q.query(`DROP TABLE api_rate_windows`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_rate_windows (
        api_key_id uuid NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
        window_start timestamptz NOT NULL,
        requests integer NOT NULL,
        PRIMARY KEY (api_key_id, window_start)
      )`);
    await q.query(`DROP TABLE throttles`);
  }
}
