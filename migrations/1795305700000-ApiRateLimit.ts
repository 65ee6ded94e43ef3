import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Per-key request counters in fixed one-minute windows (PRODUCT.md §9), kept in Postgres like all shared state. */
export class ApiRateLimit1795305700000 implements MigrationInterface {
  name = 'ApiRateLimit1795305700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_rate_windows (
        api_key_id uuid NOT NULL REFERENCES api_keys(id) ON DELETE CASCADE,
        window_start timestamptz NOT NULL,
        requests integer NOT NULL,
        PRIMARY KEY (api_key_id, window_start)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE api_rate_windows`);
  }
}
