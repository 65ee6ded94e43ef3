import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Counters for log-in failures, sign-ups and sessions' expensive operations
 * (PRODUCT.md §9, §15), keyed by any string and kept in Postgres so every
 * server process enforces one budget.
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
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE throttles`);
  }
}
