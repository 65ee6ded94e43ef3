/**
 * The one owner of `run_shards`: a run's row ranges, who holds each, how far
 * it got and where its bytes went. Every statement on the table is here.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { RunStatus } from './run.entity';
import type { RunTarget } from './run-target';

export interface ShardRange {
  table: string;
  index: number;
  from: number;
  to: number;
}

export interface ClaimedShard extends ShardRange {
  id: string;
  attempts: number;
}

/** Where one file's bytes of one shard went (see ArtifactStore.writeShard). */
export interface ShardOutput {
  size: number;
  /** S3: uploaded as part `index + 1` of the file's multipart upload, with this ETag; otherwise an object of its own. */
  etag?: string;
}

/** Outputs by file name. */
export type ShardOutputs = Record<string, ShardOutput>;

/** A condition on a `runs` row (for `transition`'s `when`): none of its shards is held by a worker. */
export const NO_SHARD_HELD = `NOT EXISTS (SELECT 1 FROM run_shards s WHERE s.run_id = runs.id AND s.state = 'RUNNING')`;

/** The latest sign of life of a `runs` row's shard workers (SQL over `runs`). */
export const LAST_SHARD_HEARTBEAT = `(SELECT max(heartbeat_at) FROM run_shards WHERE run_id = runs.id)`;

/** TypeORM's postgres driver returns [rows, count] for UPDATE … RETURNING. */
const returned = <T>(result: unknown): T[] => (Array.isArray((result as unknown[])[0]) ? (result as T[][])[0] : (result as T[]));

export class ShardsStore {
  constructor(private readonly db: DataSource) {}

  /** A new run's shards, inside the transaction that records the run; their ids in queue order. */
  async create(tx: EntityManager, runId: string, shards: ShardRange[]): Promise<string[]> {
    if (!shards.length) return [];
    const rows: { id: string }[] = await tx.query(
      `INSERT INTO run_shards (run_id, table_name, shard_index, from_row, to_row)
       SELECT $1, * FROM unnest($2::text[], $3::int[], $4::bigint[], $5::bigint[]) RETURNING id`,
      [runId, shards.map((s) => s.table), shards.map((s) => s.index), shards.map((s) => s.from), shards.map((s) => s.to)],
    );
    return rows.map((r) => r.id);
  }

  /** Takes a PENDING shard for `worker`; null when another holds or finished it (a duplicate job). */
  async claim(shardId: string, worker: string): Promise<ClaimedShard | null> {
    const [row] = returned<{ id: string; table_name: string; shard_index: number; from_row: string; to_row: string; attempts: number }>(
      await this.db.query(
        `UPDATE run_shards SET state = 'RUNNING', attempts = attempts + 1, worker = $2, heartbeat_at = now()
         WHERE id = $1 AND state = 'PENDING' RETURNING id, table_name, shard_index, from_row, to_row, attempts`,
        [shardId, worker],
      ),
    );
    if (!row) return null;
    return { id: row.id, table: row.table_name, index: row.shard_index, from: Number(row.from_row), to: Number(row.to_row), attempts: row.attempts };
  }

  /**
   * Records progress and that `worker` is alive. Answers whether it still
   * holds the shard, and its run's status (the cancellation check rides on it).
   */
  async heartbeat(shardId: string, worker: string, rowsDone: number): Promise<{ held: boolean; runStatus?: RunStatus }> {
    const [row] = returned<{ status: RunStatus }>(
      await this.db.query(
        `UPDATE run_shards SET rows_done = GREATEST(rows_done, $2), heartbeat_at = now() WHERE id = $1 AND worker = $3 AND state = 'RUNNING'
         RETURNING (SELECT status FROM runs WHERE id = run_shards.run_id) AS status`,
        [shardId, rowsDone, worker],
      ),
    );
    return row ? { held: true, runStatus: row.status } : { held: false };
  }

  /**
   * Marks the shard DONE with its outputs if `worker` still holds it, and
   * counts it on its run, in `tx`; returns the run's counters after, or null
   * when the shard was no longer held.
   */
  async complete(tx: EntityManager, shardId: string, worker: string, outputs: ShardOutputs) {
    const [run] = returned<{ status: RunStatus; shards_done: number; shards_total: number; target: RunTarget }>(
      await tx.query(
        `WITH done AS (
           UPDATE run_shards SET state = 'DONE', rows_done = to_row - from_row, outputs = $3
           WHERE id = $1 AND state = 'RUNNING' AND worker = $2 RETURNING run_id
         )
         UPDATE runs SET shards_done = shards_done + 1 FROM done WHERE runs.id = done.run_id
         RETURNING runs.status, runs.shards_done, runs.shards_total, runs.target`,
        [shardId, worker, JSON.stringify(outputs)],
      ),
    );
    return run ?? null;
  }

  /** Gives a shard `worker` holds back to the queue (it failed and will be retried). */
  async release(shardId: string, worker: string): Promise<void> {
    await this.db.query(`UPDATE run_shards SET state = 'PENDING', worker = NULL WHERE id = $1 AND state = 'RUNNING' AND worker = $2`, [shardId, worker]);
  }

  /** Shards whose worker sent no heartbeat for `lostSeconds` go back to PENDING (in `tx`); returns them. */
  async requeueLost(tx: EntityManager, lostSeconds: number): Promise<{ id: string; runId: string; attempts: number }[]> {
    const rows = returned<{ id: string; run_id: string; attempts: number }>(
      await tx.query(
        `UPDATE run_shards SET state = 'PENDING', worker = NULL
         WHERE state = 'RUNNING' AND heartbeat_at < now() - make_interval(secs => $1) RETURNING id, run_id, attempts`,
        [lostSeconds],
      ),
    );
    return rows.map((r) => ({ id: r.id, runId: r.run_id, attempts: r.attempts }));
  }

  /** Rows made so far by each run: every shard's high-water mark, so it never goes backwards. */
  async rowsDone(runIds: readonly string[]): Promise<Map<string, number>> {
    const rows: { run_id: string; done: string }[] = await this.db.query(
      'SELECT run_id, sum(rows_done) AS done FROM run_shards WHERE run_id = ANY($1) GROUP BY run_id',
      [runIds],
    );
    return new Map(rows.map((r) => [r.run_id, Number(r.done)]));
  }

  /** How many shards a table of a run has. */
  async countOf(runId: string, table: string): Promise<number> {
    const [row] = await this.db.query('SELECT count(*)::int AS n FROM run_shards WHERE run_id = $1 AND table_name = $2', [runId, table]);
    return row.n;
  }

  /** The shards of one table of a run, in order, with their outputs (null until DONE). */
  async ofTable(runId: string, table: string): Promise<(ShardRange & { outputs: ShardOutputs | null })[]> {
    const rows: { table_name: string; shard_index: number; from_row: string; to_row: string; outputs: ShardOutputs | null }[] = await this.db.query(
      `SELECT table_name, shard_index, from_row, to_row, outputs FROM run_shards WHERE run_id = $1 AND table_name = $2 ORDER BY shard_index`,
      [runId, table],
    );
    return rows.map((r) => ({ table: r.table_name, index: r.shard_index, from: Number(r.from_row), to: Number(r.to_row), outputs: r.outputs }));
  }
}
