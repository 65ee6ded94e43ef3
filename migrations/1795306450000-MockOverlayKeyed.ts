import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mock overlay read by key and by range, and bounded (issue #23, PRODUCT.md
 * §9): each row keeps the bytes it counts for; indexes serve a page's rows by
 * index and created rows in creation order without reading others; one usage
 * row per blueprint, kept by the writer under a per-project lock, holds what
 * its mocks hold, so checking a bound reads one or a few rows instead of
 * counting the overlay at every write (which made filling quadratic).
 */
export class MockOverlayKeyed1795306450000 implements MigrationInterface {
  name = 'MockOverlayKeyed1795306450000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE mock_overlay_rows ADD COLUMN bytes integer NOT NULL DEFAULT 0`);
    await q.query(`UPDATE mock_overlay_rows SET bytes = coalesce(octet_length("values"::text), 0)`);
    await q.query(`CREATE INDEX mock_overlay_rows_by_index ON mock_overlay_rows (blueprint_id, revision, seed, table_name, base_index) WHERE base_index IS NOT NULL`);
    await q.query(`CREATE INDEX mock_overlay_rows_created ON mock_overlay_rows (blueprint_id, revision, seed, table_name, seq) WHERE base_index IS NULL`);
    await q.query(`
      CREATE TABLE mock_overlay_usage (
        blueprint_id uuid PRIMARY KEY REFERENCES blueprints(id) ON DELETE CASCADE,
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        rows integer NOT NULL DEFAULT 0,
        bytes bigint NOT NULL DEFAULT 0
      )`);
    await q.query(`CREATE INDEX mock_overlay_usage_project ON mock_overlay_usage (project_id)`);
    await q.query(`
      INSERT INTO mock_overlay_usage (blueprint_id, project_id, rows, bytes)
      SELECT o.blueprint_id, b.project_id, count(*), sum(o.bytes)
      FROM mock_overlay_rows o JOIN blueprints b ON b.id = o.blueprint_id
      GROUP BY o.blueprint_id, b.project_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE mock_overlay_usage`);
    await q.query(`DROP INDEX mock_overlay_rows_created`);
    await q.query(`DROP INDEX mock_overlay_rows_by_index`);
    await q.query(`ALTER TABLE mock_overlay_rows DROP COLUMN bytes`);
  }
}
