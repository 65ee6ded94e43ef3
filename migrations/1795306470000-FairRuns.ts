import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Runs shared fairly (PRODUCT.md §15): each run records whom it counts
 * against (its user, or the API key's creator) and when a worker last took
 * one of its shards, so workers serve users and projects in turn; shards
 * keep their order in the run, the time before which a failed one is not
 * retried (back-off), and the bytes a worker has written of them so far
 * (the project's artifact quota counts them while they are written).
 */
export class FairRuns1795306470000 implements MigrationInterface {
  name = 'FairRuns1795306470000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE runs ADD COLUMN owner_id uuid`);
    // Runs from before: their user, else the project (a key's creator was not recorded).
    await q.query(`UPDATE runs SET owner_id = coalesce(requested_by, project_id)`);
    await q.query(`ALTER TABLE runs ALTER COLUMN owner_id SET NOT NULL`);
    await q.query(`ALTER TABLE runs ADD COLUMN last_claim_at timestamptz(3)`);
    await q.query(`CREATE INDEX runs_active_idx ON runs (owner_id, project_id) WHERE status IN ('QUEUED', 'RUNNING')`);

    await q.query(`ALTER TABLE run_shards ADD COLUMN ordinal integer`);
    await q.query(`
      UPDATE run_shards s SET ordinal = o.n - 1
      FROM (SELECT id, row_number() OVER (PARTITION BY run_id ORDER BY table_name, shard_index) AS n FROM run_shards) o
      WHERE o.id = s.id`);
    await q.query(`ALTER TABLE run_shards ALTER COLUMN ordinal SET NOT NULL`);
    await q.query(`ALTER TABLE run_shards ADD COLUMN ready_at timestamptz(3) NOT NULL DEFAULT now()`);
    await q.query(`ALTER TABLE run_shards ADD COLUMN bytes_written bigint NOT NULL DEFAULT 0`);
    await q.query(`CREATE INDEX run_shards_pending_idx ON run_shards (run_id, ordinal) WHERE state = 'PENDING'`);
    await q.query(`CREATE INDEX run_shards_running_idx ON run_shards (run_id) WHERE state = 'RUNNING'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX run_shards_running_idx`);
    await q.query(`DROP INDEX run_shards_pending_idx`);
    await q.query(`ALTER TABLE run_shards DROP COLUMN bytes_written, DROP COLUMN ready_at, DROP COLUMN ordinal`);
    await q.query(`DROP INDEX runs_active_idx`);
    await q.query(`ALTER TABLE runs DROP COLUMN last_claim_at, DROP COLUMN owner_id`);
  }
}
