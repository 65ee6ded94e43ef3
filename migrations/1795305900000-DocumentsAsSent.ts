import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Blueprint documents are kept as the text that was sent (`json`), not parsed
 * into `jsonb`, which reorders object keys: an exported revision or a run's
 * pinned document must read back key for key as the user wrote it. Nothing
 * queries inside these documents, so no jsonb operator or index is lost.
 * Rows stored before this migration keep the order jsonb gave them.
 */
export class DocumentsAsSent1795305900000 implements MigrationInterface {
  name = 'DocumentsAsSent1795305900000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE blueprint_revisions ALTER COLUMN document TYPE json USING document::json`);
    await q.query(`ALTER TABLE runs ALTER COLUMN document TYPE json USING document::json`);
  }

  async down(q: QueryRunner): Promise<void> {
    // jsonb refuses the \u0000 escape that json accepts: such a document makes this fail and roll back, losing nothing.
    await q.query(`ALTER TABLE runs ALTER COLUMN document TYPE jsonb USING document::jsonb`);
    await q.query(`ALTER TABLE blueprint_revisions ALTER COLUMN document TYPE jsonb USING document::jsonb`);
  }
}
