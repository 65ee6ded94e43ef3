import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mock API's writes (PRODUCT.md §13): one overlay row per (blueprint,
 * revision, seed, table, key) holding a row's new values, or NULL for a
 * deleted row; generated rows keep their index so reads find them without
 * generating keys. And the origins a project lets browsers call its mocks
 * from (CORS).
 */
export class MockOverlay1795306300000 implements MigrationInterface {
  name = 'MockOverlay1795306300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE mock_overlay_rows (
        blueprint_id uuid NOT NULL REFERENCES blueprints(id) ON DELETE CASCADE,
        revision integer NOT NULL,
        seed bigint NOT NULL,
        table_name text NOT NULL,
        row_key text NOT NULL,
        base_index bigint,
        "values" jsonb,
        seq bigserial NOT NULL,
        PRIMARY KEY (blueprint_id, revision, seed, table_name, row_key)
      )`);
    await q.query(`ALTER TABLE projects ADD COLUMN mock_origins text[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE projects DROP COLUMN mock_origins`);
    await q.query(`DROP TABLE mock_overlay_rows`);
  }
}
