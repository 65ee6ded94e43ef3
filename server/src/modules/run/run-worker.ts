/**
 * A process's share of run work: takes shard jobs from the queue, writes them
 * (files) or loads them (database), reports progress and heartbeats, and
 * assembles finished runs. Every process, API-only ones too, also hands the
 * shards of lost workers back and expires old artifacts.
 */
import { hostname } from 'node:os';
import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { compileBlueprint, EngineError, type Plan } from '../../engine';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { loadIntoPostgres } from '../load/postgres-loader';
import { checkTarget } from '../load/target-guard';
import type { RunFiles } from './file-target';
import type { RunEvents } from './run-events';
import type { FinalizeJob, RunQueue, ShardJob } from './run-queue';
import { TERMINAL, transition } from './run-states';
import type { RunTarget } from './run-target';
import { RunEntity, type RunStatus } from './run.entity';
import { unseal } from './target-secret';

interface ShardRow {
  id: string;
  table_name: string;
  shard_index: number;
  from_row: string;
  to_row: string;
  state: 'PENDING' | 'RUNNING' | 'DONE';
}

/** Progress (and the cancellation check riding on it) goes to the database at most this often per shard. */
const TICK_MS = 250;

export class RunWorker {
  private readonly id = `${hostname()}:${process.pid}`;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly db: DataSource,
    private readonly queue: RunQueue,
    private readonly files: RunFiles,
    private readonly events: RunEvents,
    private readonly config: Config,
    private readonly secretKey: Buffer,
    private readonly log: Logger,
  ) {}

  /** Maintenance runs in every process; shard work only where `takeWork` (not in API-only processes). */
  async start(takeWork: boolean): Promise<void> {
    if (takeWork) {
      await this.queue.work({
        shard: (job) => this.runShard(job),
        finalize: (job) => this.finalize(job),
        exhausted: (job) => this.fail(job.data.runId, null),
      });
    }
    const every = (seconds: number, task: () => Promise<unknown>) =>
      this.timers.push(setInterval(() => void task().catch((err) => this.log.warn({ err }, 'run maintenance failed')), seconds * 1000));
    every(this.config.runs.superviseSeconds, () => this.requeueLostShards());
    every(this.config.runs.retentionSweepSeconds, () => this.expireArtifacts());
  }

  stop(): void {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
  }

  private async loadRun(runId: string): Promise<RunEntity | null> {
    return this.db.getRepository(RunEntity).createQueryBuilder('r').addSelect('r.targetSecret').where('r.id = :runId', { runId }).getOne();
  }

  /** Plans by run: compiling lays out per-parent tables, which costs time in the parent rows. */
  private readonly plans = new Map<string, Plan>();

  private plan(run: RunEntity): Plan {
    let plan = this.plans.get(run.id);
    if (!plan) {
      plan = compileBlueprint(run.document, { seed: run.seed, rowOverrides: run.rowOverrides, maxCellBytes: this.config.limits.cellBytes });
      this.plans.set(run.id, plan);
      if (this.plans.size > 8) this.plans.delete(this.plans.keys().next().value!);
    }
    return plan;
  }

  private async runShard(job: Job<ShardJob>): Promise<void> {
    const { runId, shardId } = job.data;
    const run = await this.loadRun(runId);
    if (!run || TERMINAL.includes(run.status)) return;
    // Only a PENDING shard is taken: a job for a shard another worker holds or finished is a
    // duplicate (supervision re-queues lost shards without waiting for the queue's own retry).
    const [claimed]: (ShardRow & { attempts: number })[] = await this.db.query(
      `UPDATE run_shards SET state = 'RUNNING', attempts = attempts + 1, worker = $2, heartbeat_at = now()
       WHERE id = $1 AND state = 'PENDING' RETURNING *`,
      [shardId, this.id],
    ).then((r) => r[0]);
    if (!claimed) return;
    await this.db.query('UPDATE runs SET attempts = GREATEST(attempts, $2) WHERE id = $1', [runId, claimed.attempts]);
    await transition(this.db, runId, 'RUNNING', { startedNow: true }, ['QUEUED']);
    await this.events.publish(runId);

    // Why work on this shard stopped early: the run was cancelled or failed (its files go), or this
    // worker lost the shard, stalled past the timeout or dropped by the queue (another worker has it).
    let stop: 'cancelled' | 'lost' | undefined;
    const aborted = new AbortController();
    let lastTick = 0;
    const tick = async (rowsDone: number, force = false): Promise<boolean> => {
      if (job.signal.aborted) stop ??= 'lost';
      if (stop) return false;
      if (!force && Date.now() - lastTick < TICK_MS) return true;
      lastTick = Date.now();
      const [row] = await this.db.query(
        `UPDATE run_shards SET rows_done = GREATEST(rows_done, $2), heartbeat_at = now() WHERE id = $1 AND worker = $4 AND state = 'RUNNING'
         RETURNING (SELECT status FROM runs WHERE id = $3) AS status`,
        [shardId, rowsDone, runId, this.id],
      ).then((r) => r[0]);
      await this.events.publish(runId, true);
      if (!row) stop = 'lost';
      else if (row.status !== 'RUNNING' && row.status !== 'QUEUED') stop = 'cancelled';
      if (stop) aborted.abort();
      return !stop;
    };

    try {
      const plan = this.plan(run);
      const from = Number(claimed.from_row);
      const to = Number(claimed.to_row);
      let finished: boolean;
      if (run.target.kind === 'FILES') {
        const shard = { runId, table: claimed.table_name, index: claimed.shard_index, from, to };
        finished = await this.files.writeShard(plan, shard, run.target.formats, run.target.dialect, tick);
      } else {
        const target = await checkTarget(unseal(this.secretKey, run.targetSecret!), { allowPrivate: this.config.allowPrivateTargets });
        await loadIntoPostgres(plan, target, {
          createTables: run.target.createTables,
          truncate: run.target.truncate,
          signal: aborted.signal,
          onProgress: (rows) => void tick(rows).catch(() => {}),
          // A worker that lost the run's one shard must not commit rows its new worker loads again.
          beforeCommit: async () => void (await tick(to, true)),
        });
        finished = await tick(to, true);
      }
      if (!finished) {
        // Cancelled: nothing of the run is kept. Lost: the shard's new worker writes it.
        if (stop === 'cancelled') await this.files.remove(runId);
        return;
      }
      await this.completeShard(runId, shardId);
    } catch (error) {
      if (aborted.signal.aborted) return;
      await this.shardFailed(runId, shardId, claimed.attempts, error);
    }
  }

  /**
   * Marks a shard DONE if this worker still holds it. The shard that
   * completes its run queues the assembly (or, for a database load, ends the
   * run) in the same transaction, so a worker killed at any point leaves
   * either an unfinished shard, which is retried, or a finished run with its
   * next step recorded; never a run that waits forever. A shard that finished
   * just as its run was cancelled or failed is removed again.
   */
  private async completeShard(runId: string, shardId: string): Promise<void> {
    const ended = await this.db.transaction(async (tx) => {
      const [run]: { status: RunStatus; shards_done: number; shards_total: number; target: RunTarget }[] = await tx
        .query(
          `WITH done AS (
             UPDATE run_shards SET state = 'DONE', rows_done = to_row - from_row WHERE id = $1 AND state = 'RUNNING' AND worker = $2
             RETURNING run_id
           )
           UPDATE runs SET shards_done = shards_done + 1 FROM done WHERE runs.id = done.run_id
           RETURNING runs.status, runs.shards_done, runs.shards_total, runs.target`,
          [shardId, this.id],
        )
        .then((r) => r[0]);
      if (!run || run.shards_done < run.shards_total || TERMINAL.includes(run.status)) return false;
      if (run.target.kind === 'FILES') {
        await this.queue.enqueueFinalize(runId, tx);
        return false;
      }
      await transition(tx, runId, 'RUNNING', { startedNow: true }, ['QUEUED']);
      return transition(tx, runId, 'SUCCEEDED', { finishedNow: true, error: null });
    });
    if (ended) await this.events.publish(runId);
    const [run] = await this.db.query('SELECT status FROM runs WHERE id = $1', [runId]);
    if (run?.status === 'CANCELLED' || run?.status === 'FAILED') await this.files.remove(runId);
  }

  /**
   * A shard failed. Errors of the blueprint itself (a unique field exhausted)
   * or a refusal by the target would fail again, and so does anything on the
   * last attempt: those end the run now. Otherwise the queue retries the
   * shard, the run waiting as QUEUED until a worker takes it again.
   */
  private async shardFailed(runId: string, shardId: string, attempts: number, error: unknown): Promise<void> {
    const coded = error instanceof EngineError || error instanceof AppError;
    const message = coded ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
    const hopeless = error instanceof EngineError || (error instanceof AppError && error.code === 'TARGET_REFUSED');
    if (hopeless || attempts >= this.config.limits.runAttempts) return this.fail(runId, message);
    await this.db.query(`UPDATE run_shards SET state = 'PENDING', worker = NULL WHERE id = $1 AND state = 'RUNNING' AND worker = $2`, [shardId, this.id]);
    await this.db.query('UPDATE runs SET error = $2 WHERE id = $1', [runId, message]);
    await this.requeueIfIdle([runId]);
    this.log.warn({ runId, shardId, err: error }, 'shard failed; the queue retries it');
    throw error;
  }

  private async fail(runId: string, message: string | null): Promise<void> {
    const [run] = await this.db.query('SELECT error, attempts FROM runs WHERE id = $1', [runId]);
    const error = message ?? run?.error ?? `gave up after ${run?.attempts ?? this.config.limits.runAttempts} attempts`;
    // Only a RUNNING run can fail; a QUEUED one (its last worker lost) is taken up to be failed.
    await transition(this.db, runId, 'RUNNING', {}, ['QUEUED']);
    if (await transition(this.db, runId, 'FAILED', { error, finishedNow: true })) {
      await this.files.remove(runId);
      await this.events.publish(runId);
    }
  }

  private async finalize(job: Job<FinalizeJob>): Promise<void> {
    const run = await this.loadRun(job.data.runId);
    if (!run || run.target.kind !== 'FILES' || TERMINAL.includes(run.status)) return;
    const target = run.target;
    // One assembler at a time: a job finding another's heartbeat fresh leaves the run to it. Supervision
    // queues a new job once that heartbeat stops, so a lost assembler is replaced within the timeout.
    const [claimed] = await this.db.query(
      `UPDATE runs SET heartbeat_at = now() WHERE id = $1 AND shards_done = shards_total
       AND (heartbeat_at IS NULL OR heartbeat_at < now() - make_interval(secs => $2)) RETURNING id`,
      [run.id, this.config.runs.workerLostSeconds],
    ).then((r) => r[0]);
    if (!claimed) return;
    const touch = () => this.db.query('UPDATE runs SET heartbeat_at = now() WHERE id = $1', [run.id]);
    const heartbeat = setInterval(() => void touch().catch(() => {}), 1000);
    try {
      await this.assembleFiles(run, target);
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async assembleFiles(run: RunEntity, target: Extract<RunTarget, { kind: 'FILES' }>): Promise<void> {
    await transition(this.db, run.id, 'RUNNING', { startedNow: true }, ['QUEUED']);
    const plan = this.plan(run);
    const counts: { table_name: string; shards: number }[] = await this.db.query(
      'SELECT table_name, count(*)::int AS shards FROM run_shards WHERE run_id = $1 GROUP BY table_name',
      [run.id],
    );
    const shardsOf = new Map(counts.map((c) => [c.table_name, c.shards]));
    for (const table of plan.order) {
      for (const format of target.formats) {
        const file = await this.files.assemble(plan, run.id, table, shardsOf.get(table) ?? 1, format, target.dialect, target.gzip);
        await this.db.query(
          `INSERT INTO artifacts (run_id, table_name, format, name, size, sha256) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (run_id, name) DO UPDATE SET size = excluded.size, sha256 = excluded.sha256`,
          [run.id, table, format, file.name, file.size, file.sha256],
        );
      }
    }
    await this.files.dropShards(run.id);
    const moved = await transition(this.db, run.id, 'SUCCEEDED', {
      finishedNow: true, error: null, expiresInDays: this.config.artifactRetentionDays,
    });
    if (!moved) await this.files.remove(run.id); // cancelled while assembling
    await this.events.publish(run.id);
  }

  /**
   * A worker is lost when its run shows no sign of life for the timeout: no
   * shard heartbeat and no assembly heartbeat (a worker killed between two
   * shards holds none RUNNING). Its shards go back to PENDING with a new job
   * each, queued in the same transaction (the queue's own retry of the old
   * job would wait for pg-boss's heartbeat timeout first), and the run to
   * QUEUED, or to FAILED when the lost shard had no attempts left.
   */
  private async requeueLostShards(): Promise<void> {
    const max = this.config.limits.runAttempts;
    const lost = await this.db.transaction(async (tx) => {
      const shards: { id: string; run_id: string; attempts: number }[] = await tx.query(
        `UPDATE run_shards SET state = 'PENDING', worker = NULL
         WHERE state = 'RUNNING' AND heartbeat_at < now() - make_interval(secs => $1) RETURNING id, run_id, attempts`,
        [this.config.runs.workerLostSeconds],
      ).then((r) => r[0]);
      const retry = new Map<string, string[]>();
      for (const s of shards.filter((l) => l.attempts < max)) retry.set(s.run_id, [...(retry.get(s.run_id) ?? []), s.id]);
      for (const [runId, shardIds] of retry) await this.queue.enqueueShards(runId, shardIds, tx);
      return shards;
    });
    for (const { run_id } of lost.filter((l) => l.attempts >= max)) {
      await this.fail(run_id, `its worker was lost on each of ${max} attempts`);
    }
    const silent: { id: string; assemble: boolean }[] = await this.db.query(
      `SELECT id, shards_done = shards_total AND target->>'kind' = 'FILES' AS assemble FROM runs WHERE status = 'RUNNING'
       AND greatest(heartbeat_at, started_at, (SELECT max(heartbeat_at) FROM run_shards WHERE run_id = runs.id)) < now() - make_interval(secs => $1)`,
      [this.config.runs.workerLostSeconds],
    );
    // Every shard done and nobody assembling: its assembler was lost.
    for (const { id } of silent.filter((r) => r.assemble)) await this.queue.enqueueFinalize(id);
    const retry = [...lost.filter((l) => l.attempts < max).map((l) => l.run_id), ...silent.map((r) => r.id)];
    if (retry.length) await this.requeueIfIdle([...new Set(retry)]);
  }

  private async requeueIfIdle(runIds: string[]): Promise<void> {
    const requeued: { id: string }[] = await this.db.query(
      `UPDATE runs SET status = 'QUEUED' WHERE id = ANY($1) AND status = 'RUNNING'
       AND NOT EXISTS (SELECT 1 FROM run_shards s WHERE s.run_id = runs.id AND s.state = 'RUNNING') RETURNING id`,
      [runIds],
    ).then((r) => r[0]);
    for (const { id } of requeued) await this.events.publish(id);
  }

  private async expireArtifacts(): Promise<void> {
    const due: { id: string }[] = await this.db.query(`SELECT id FROM runs WHERE status = 'SUCCEEDED' AND expires_at <= now()`);
    for (const { id } of due) {
      if (await transition(this.db, id, 'EXPIRED')) {
        await this.files.remove(id);
        await this.events.publish(id);
      }
    }
  }
}
