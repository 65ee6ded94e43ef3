/**
 * The one owner of a run's row for the workers: loading it, its attempts
 * and last error, the assembler's lease, its files' records and its upload
 * ids. Its status changes only through `transition` (run-states.ts), the
 * machine of PRODUCT.md §4.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { ArtifactEntity } from './artifact.entity';
import { transition, type TransitionSets } from './run-states';
import { RunEntity, type RunStatus } from './run.entity';
import { LAST_SHARD_HEARTBEAT, NO_SHARD_HELD } from './shards-store';

export class RunsStore {
  constructor(private readonly db: DataSource) {}

  /** Moves the run to `to` if the machine allows it from its status (and `from`); true when it moved. */
  transition(id: string, to: RunStatus, sets: TransitionSets = {}, from?: RunStatus[], tx: DataSource | EntityManager = this.db): Promise<boolean> {
    return transition(tx, id, to, sets, from);
  }

  inTransaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** With its sealed target secret, which only workers read. */
  load(id: string): Promise<RunEntity | null> {
    return this.db.getRepository(RunEntity).createQueryBuilder('r').addSelect('r.targetSecret').where('r.id = :id', { id }).getOne();
  }

  async status(id: string): Promise<RunStatus | undefined> {
    const [row] = await this.db.query('SELECT status FROM runs WHERE id = $1', [id]);
    return row?.status;
  }

  /** A worker took one of its shards: the most attempts any took, and when (users are served in turn by it). */
  async noteClaim(id: string, attempts: number): Promise<void> {
    await this.db.query('UPDATE runs SET attempts = GREATEST(attempts, $2), last_claim_at = now() WHERE id = $1', [id, attempts]);
  }

  /** The last error of a shard that will be retried: shown while the run waits. */
  async noteError(id: string, message: string): Promise<void> {
    await this.db.query('UPDATE runs SET error = $2 WHERE id = $1', [id, message]);
  }

  async errorAndAttempts(id: string): Promise<{ error: string | null; attempts: number } | undefined> {
    const [row] = await this.db.query('SELECT error, attempts FROM runs WHERE id = $1', [id]);
    return row;
  }

  /**
   * One assembler at a time: takes the run's assembly unless another's
   * heartbeat is fresher than `lostSeconds`; true when taken.
   */
  async claimAssembly(id: string, lostSeconds: number): Promise<boolean> {
    const rows: unknown[] = await this.db.query(
      `UPDATE runs SET heartbeat_at = now() WHERE id = $1 AND shards_done = shards_total
       AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $2)) RETURNING id`,
      [id, lostSeconds],
    );
    return (Array.isArray(rows[0]) ? rows[0] : rows).length > 0;
  }

  async touchAssembly(id: string): Promise<void> {
    await this.db.query('UPDATE runs SET heartbeat_at = now() WHERE id = $1', [id]);
  }

  /** RUNNING runs with no sign of life (shards or assembly) for `lostSeconds`; `assemble`: every shard done, files to make. */
  silent(lostSeconds: number): Promise<{ id: string; assemble: boolean }[]> {
    return this.db.query(
      `SELECT id, shards_done = shards_total AND target->>'kind' = 'FILES' AS assemble FROM runs WHERE status = 'RUNNING'
       AND greatest(heartbeat_at, started_at, ${LAST_SHARD_HEARTBEAT}) < now() - make_interval(secs => $1)`,
      [lostSeconds],
    );
  }

  /** RUNNING → QUEUED for each run none of whose shards is held any more (its workers were lost); returns those moved. */
  async requeueIfIdle(ids: string[]): Promise<string[]> {
    const moved: string[] = [];
    for (const id of ids) if (await this.transition(id, 'QUEUED', { when: NO_SHARD_HELD }, ['RUNNING'])) moved.push(id);
    return moved;
  }

  expiredIds(): Promise<{ id: string }[]> {
    return this.db.query(`SELECT id FROM runs WHERE status = 'SUCCEEDED' AND expires_at <= now()`);
  }

  async recordArtifact(runId: string, file: { table: string; format: string; name: string; size: number; sha256: string }): Promise<void> {
    await this.db.query(
      `INSERT INTO artifacts (run_id, table_name, format, name, size, sha256) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (run_id, name) DO UPDATE SET size = excluded.size, sha256 = excluded.sha256`,
      [runId, file.table, file.format, file.name, file.size, file.sha256],
    );
  }

  artifact(runId: string, name: string): Promise<ArtifactEntity | null> {
    return this.db.getRepository(ArtifactEntity).findOneBy({ runId, name });
  }

  /** The multipart upload of a file: the first worker's id is kept, a later one gets it back (and drops its own). */
  async upload(runId: string, name: string, uploadId: string): Promise<string> {
    const [row] = await this.db.query(
      `WITH new AS (INSERT INTO run_uploads (run_id, name, upload_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING upload_id)
       SELECT upload_id FROM new UNION ALL SELECT upload_id FROM run_uploads WHERE run_id = $1 AND name = $2 LIMIT 1`,
      [runId, name, uploadId],
    );
    // A concurrent insert committed after this statement's snapshot: read it now.
    return row?.upload_id ?? (await this.uploadOf(runId, name))!;
  }

  uploadsOf(runId: string): Promise<{ name: string; uploadId: string }[]> {
    return this.db.query('SELECT name, upload_id AS "uploadId" FROM run_uploads WHERE run_id = $1', [runId]);
  }

  async uploadOf(runId: string, name: string): Promise<string | undefined> {
    const [row] = await this.db.query('SELECT upload_id FROM run_uploads WHERE run_id = $1 AND name = $2', [runId, name]);
    return row?.upload_id;
  }
}
