/**
 * The one owner of `run_shards`: a run's row ranges, who holds each, how far
 * it got and where its bytes went. Every statement on the table is here.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { RunStatus } from './run.entity';
import type { RunTarget } from './run-target';
import { localWorkerAlive } from './worker-liveness';

export interface ShardRange {
  table: string;
  index: number;
  from: number;
  to: number;
}

export interface ClaimedShard extends ShardRange {
  id: string;
  runId: string;
  attempts: number;
}

/** Runs a user or a project may have started (a worker took one of their shards) and not finished; more wait QUEUED. */
export interface RunningCaps {
  perUser: number;
  perProject: number;
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

/**
 * What each unfinished run's owner and project hold now: shards being made
 * (`held`), runs started (`started`: a worker took a shard of it, whether or
 * not its status says so yet) and, for owners, when a worker last took one of
 * their shards. Workers serve the least served first (claimNext), and a
 * waiting run's place is read in the same terms (queuePositions).
 */
const LOAD = `
  active AS (
    SELECT id, status, project_id, owner_id, created_at, started_at, last_claim_at FROM runs WHERE status IN ('QUEUED', 'RUNNING')
  ),
  held AS (
    SELECT s.run_id, count(*)::int AS n FROM run_shards s JOIN active a ON a.id = s.run_id WHERE s.state = 'RUNNING' GROUP BY s.run_id
  ),
  owners AS (
    SELECT a.owner_id, coalesce(sum(h.n), 0)::int AS held, count(*) FILTER (WHERE a.started_at IS NOT NULL OR h.n > 0)::int AS started,
      max(a.last_claim_at) AS last_claim
    FROM active a LEFT JOIN held h ON h.run_id = a.id GROUP BY a.owner_id
  ),
  projects AS (
    SELECT a.project_id, coalesce(sum(h.n), 0)::int AS held, count(*) FILTER (WHERE a.started_at IS NOT NULL OR h.n > 0)::int AS started
    FROM active a LEFT JOIN held h ON h.run_id = a.id GROUP BY a.project_id
  )`;

/** A worker beats at least every second: one silent this long may be gone (for this machine's, /proc says). */
const MISSED_HEARTBEAT_SECONDS = 2;
/** A worker of this machine that is alive but sent no heartbeat for this many times the timeout is hung. */
const HUNG_FACTOR = 10;

/** Claims are taken one at a time (a transaction-scoped advisory lock), so each sees what the one before took. */
const CLAIM_LOCK = 0x5eed_bed;

/** TypeORM's postgres driver returns [rows, count] for UPDATE … RETURNING. */
const returned = <T>(result: unknown): T[] => (Array.isArray((result as unknown[])[0]) ? (result as T[][])[0] : (result as T[]));

export class ShardsStore {
  constructor(private readonly db: DataSource) {}

  /** A new run's shards, inside the transaction that records the run, taken in the order given. */
  async create(tx: EntityManager, runId: string, shards: ShardRange[]): Promise<void> {
    if (!shards.length) return;
    await tx.query(
      `INSERT INTO run_shards (run_id, table_name, shard_index, from_row, to_row, ordinal)
       SELECT $1, t, i, f, e, o - 1 FROM unnest($2::text[], $3::int[], $4::bigint[], $5::bigint[]) WITH ORDINALITY AS u(t, i, f, e, o)`,
      [runId, shards.map((s) => s.table), shards.map((s) => s.index), shards.map((s) => s.from), shards.map((s) => s.to)],
    );
  }

  /**
   * Takes the next shard for `worker` (in `tx`), fairly: from the project,
   * then the user, holding the fewest shards now, then the user served least
   * recently, then the oldest run, whose first PENDING shard that is ready
   * (past its retry back-off) it takes. A run not started yet waits while its
   * user or project has `caps` runs started. Null when no shard is ready.
   */
  async claimNext(tx: EntityManager, worker: string, caps: RunningCaps): Promise<ClaimedShard | null> {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [CLAIM_LOCK]);
    const [next]: { id: string }[] = await tx.query(
      `WITH ${LOAD}
       SELECT s.id FROM active a JOIN owners o USING (owner_id) JOIN projects p USING (project_id)
       CROSS JOIN LATERAL (
         SELECT id FROM run_shards WHERE run_id = a.id AND state = 'PENDING' AND ready_at <= now() ORDER BY ordinal LIMIT 1
       ) s
       WHERE a.started_at IS NOT NULL OR EXISTS (SELECT 1 FROM held h WHERE h.run_id = a.id) OR (o.started < $1 AND p.started < $2)
       ORDER BY p.held, o.held, o.last_claim NULLS FIRST, a.created_at, a.id
       LIMIT 1`,
      [caps.perUser, caps.perProject],
    );
    if (!next) return null;
    const [row] = returned<{ id: string; run_id: string; table_name: string; shard_index: number; from_row: string; to_row: string; attempts: number }>(
      await tx.query(
        `UPDATE run_shards SET state = 'RUNNING', attempts = attempts + 1, worker = $2, heartbeat_at = now(), bytes_written = 0
         WHERE id = $1 AND state = 'PENDING' RETURNING id, run_id, table_name, shard_index, from_row, to_row, attempts`,
        [next.id, worker],
      ),
    );
    if (!row) return null;
    return { id: row.id, runId: row.run_id, table: row.table_name, index: row.shard_index, from: Number(row.from_row), to: Number(row.to_row), attempts: row.attempts };
  }

  /** Milliseconds until the next PENDING shard of an unfinished run is past its back-off; null when none waits for one. */
  async nextReadyInMs(): Promise<number | null> {
    const [row] = await this.db.query(
      `SELECT ceil(extract(epoch FROM min(s.ready_at) - now()) * 1000)::int AS ms FROM run_shards s JOIN runs r ON r.id = s.run_id
       WHERE s.state = 'PENDING' AND s.ready_at > now() AND r.status IN ('QUEUED', 'RUNNING')`,
    );
    return row?.ms ?? null;
  }

  /**
   * Each QUEUED run's place among the runs waiting for a worker (1: next),
   * read in the terms workers take shards in: one run per user in turn (a
   * user's second waiting run after every user's first), the least served
   * project and user first, then the oldest.
   */
  async queuePositions(runIds: readonly string[]): Promise<Map<string, number>> {
    const rows: { id: string; place: number }[] = await this.db.query(
      `WITH ${LOAD},
       waiting AS (
         SELECT id, owner_id, project_id, created_at, row_number() OVER (PARTITION BY owner_id ORDER BY created_at, id) AS turn
         FROM active WHERE status = 'QUEUED'
       ),
       placed AS (
         SELECT w.id, row_number() OVER (ORDER BY w.turn, p.held, o.held, o.last_claim NULLS FIRST, w.created_at, w.id)::int AS place
         FROM waiting w JOIN owners o USING (owner_id) JOIN projects p USING (project_id)
       )
       SELECT id, place FROM placed WHERE id = ANY($1)`,
      [runIds],
    );
    return new Map(rows.map((r) => [r.id, r.place]));
  }

  /**
   * Records progress and that `worker` is alive. Answers whether it still
   * holds the shard, and its run's status (the cancellation check rides on it).
   */
  async heartbeat(shardId: string, worker: string, rowsDone: number, bytesWritten: number): Promise<{ held: boolean; runStatus?: RunStatus }> {
    const [row] = returned<{ status: RunStatus }>(
      await this.db.query(
        `UPDATE run_shards SET rows_done = GREATEST(rows_done, $2), bytes_written = GREATEST(bytes_written, $4), heartbeat_at = now()
         WHERE id = $1 AND worker = $3 AND state = 'RUNNING'
         RETURNING (SELECT status FROM runs WHERE id = run_shards.run_id) AS status`,
        [shardId, rowsDone, worker, bytesWritten],
      ),
    );
    return row ? { held: true, runStatus: row.status } : { held: false };
  }

  /**
   * Bytes of run files `projectId` holds: its SUCCEEDED runs' files, and its
   * unfinished runs' shards (finished ones as recorded, those being written
   * as far as their workers last said).
   */
  async projectBytes(projectId: string): Promise<number> {
    const [row] = await this.db.query(
      `SELECT
         coalesce((SELECT sum(a.size) FROM artifacts a JOIN runs r ON r.id = a.run_id WHERE r.project_id = $1 AND r.status = 'SUCCEEDED'), 0)
       + coalesce((SELECT sum(CASE WHEN s.state = 'DONE' THEN (SELECT coalesce(sum((o.value->>'size')::bigint), 0) FROM jsonb_each(s.outputs) o)
                                   WHEN s.state = 'RUNNING' THEN s.bytes_written ELSE 0 END)
                   FROM run_shards s JOIN runs r ON r.id = s.run_id WHERE r.project_id = $1 AND r.status IN ('QUEUED', 'RUNNING')), 0) AS bytes`,
      [projectId],
    );
    return Number(row.bytes);
  }

  /** Bytes per row of a table's finished shards in a run, all its files together; null before one is finished. */
  async bytesPerRow(runId: string, table: string): Promise<number | null> {
    const [row] = await this.db.query(
      `SELECT sum((SELECT coalesce(sum((o.value->>'size')::bigint), 0) FROM jsonb_each(outputs) o)) AS bytes, sum(to_row - from_row) AS rows
       FROM run_shards WHERE run_id = $1 AND table_name = $2 AND state = 'DONE'`,
      [runId, table],
    );
    return Number(row?.rows) > 0 ? Number(row.bytes) / Number(row.rows) : null;
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

  /**
   * Gives a shard `worker` holds back: it failed and is tried again after
   * `delaySeconds`; or, `uncounted`, this worker is stopping and another may
   * take it at once, the attempt not counted against it.
   */
  async release(shardId: string, worker: string, { delaySeconds = 0, uncounted = false } = {}): Promise<void> {
    await this.db.query(
      `UPDATE run_shards SET state = 'PENDING', worker = NULL, ready_at = now() + make_interval(secs => $3), attempts = attempts - $4::int
       WHERE id = $1 AND state = 'RUNNING' AND worker = $2`,
      [shardId, worker, delaySeconds, uncounted ? 1 : 0],
    );
  }

  /**
   * Shards whose worker is lost go back to PENDING (in `tx`); returns them. A
   * worker of this machine is lost once its process is gone (asked as soon as
   * it misses a heartbeat), or, alive, after `HUNG_FACTOR` times
   * `lostSeconds` without one (hung); a worker of another machine after
   * `lostSeconds` without one.
   */
  async requeueLost(tx: EntityManager, lostSeconds: number): Promise<{ id: string; runId: string; attempts: number }[]> {
    const late: { id: string; worker: string; heartbeat_at: Date }[] = await tx.query(
      `SELECT id, worker, heartbeat_at FROM run_shards WHERE state = 'RUNNING' AND heartbeat_at < now() - make_interval(secs => $1)`,
      [Math.min(lostSeconds, MISSED_HEARTBEAT_SECONDS)],
    );
    const alive = late.map((s) => ({ id: s.id, alive: localWorkerAlive(s.worker ?? '', s.heartbeat_at) }));
    const rows = returned<{ id: string; run_id: string; attempts: number }>(
      await tx.query(
        `UPDATE run_shards SET state = 'PENDING', worker = NULL, ready_at = now()
         WHERE state = 'RUNNING' AND (
           id = ANY($2)
           OR (heartbeat_at < now() - make_interval(secs => $1) AND NOT id = ANY($3))
           OR heartbeat_at < now() - make_interval(secs => $1 * $4)
         ) RETURNING id, run_id, attempts`,
        [lostSeconds, alive.filter((s) => s.alive === false).map((s) => s.id), alive.filter((s) => s.alive === true).map((s) => s.id), HUNG_FACTOR],
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
