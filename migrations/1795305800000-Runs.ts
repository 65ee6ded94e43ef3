import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Runs split into row-range shards, and the files (artifacts) they produce. */
export class Runs1795305800000 implements MigrationInterface {
  name = 'Runs1795305800000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        project_id uuid NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
        blueprint_id uuid REFERENCES blueprints(id) ON DELETE SET NULL,
        revision integer NOT NULL,
        document jsonb NOT NULL,
        seed integer NOT NULL,
        row_overrides jsonb NOT NULL DEFAULT '{}',
        target jsonb NOT NULL,
        target_secret text,
        status text NOT NULL CHECK (status IN ('QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'EXPIRED')),
        rows_total bigint NOT NULL,
        shards_total integer NOT NULL,
        shards_done integer NOT NULL DEFAULT 0,
        attempts integer NOT NULL DEFAULT 0,
        error text,
        requested_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        started_at timestamptz(3),
        finished_at timestamptz(3),
        expires_at timestamptz(3),
        -- Touched while a worker assembles the files; shards have their own.
        heartbeat_at timestamptz(3)
      )`);
    await q.query(`CREATE INDEX runs_project_idx ON runs (project_id, created_at)`);
    await q.query(`CREATE INDEX runs_expiry_idx ON runs (expires_at) WHERE status = 'SUCCEEDED'`);

    await q.query(`
      CREATE TABLE run_shards (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        run_id uuid NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        table_name text NOT NULL,
        shard_index integer NOT NULL,
        from_row bigint NOT NULL,
        to_row bigint NOT NULL,
        state text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'RUNNING', 'DONE')),
        rows_done bigint NOT NULL DEFAULT 0,
        attempts integer NOT NULL DEFAULT 0,
        worker text,
        heartbeat_at timestamptz(3),
        UNIQUE (run_id, table_name, shard_index)
      )`);

    await q.query(`
      CREATE TABLE artifacts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        run_id uuid NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
        table_name text NOT NULL,
        format text NOT NULL,
        name text NOT NULL,
        size bigint NOT NULL,
        sha256 text NOT NULL,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        UNIQUE (run_id, name)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE artifacts`);
    await q.query(`DROP TABLE run_shards`);
    await q.query(`DROP TABLE runs`);
  }
}
