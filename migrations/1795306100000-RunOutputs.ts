import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Where each shard's bytes went, per file (size, and for an S3 store whether
 * they are a part of the file's multipart upload and its ETag), and the
 * multipart upload of each file: any worker on any machine adds its shards to
 * the same upload, and the assembler completes it without moving bytes.
 */
export class RunOutputs1795306100000 implements MigrationInterface {
  name = 'RunOutputs1795306100000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE run_shards ADD COLUMN outputs jsonb`);
    await q.query(`
      CREATE TABLE run_uploads (
        run_id uuid NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        name text NOT NULL,
        upload_id text NOT NULL,
        PRIMARY KEY (run_id, name)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE run_uploads`);
    await q.query(`ALTER TABLE run_shards DROP COLUMN outputs`);
  }
}
