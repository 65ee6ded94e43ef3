/**
 * A process's share of run work: takes shards in the fair order (shard-taker.ts),
 * writes them (files) or loads them (database), reports progress and
 * heartbeats, and assembles finished runs. Every process, API-only ones too,
 * also hands the shards of lost workers back and expires old artifacts.
 */
import type { Job } from 'pg-boss';
import type { Logger } from 'pino';
import { compileBlueprint, EngineError, type Plan } from '@seedbed/engine';
import type { Config } from '../../config';
import { AppError } from '@seedbed/engine/errors';
import { loadInto } from 'seedbed';
import type { DiskBudget } from './disk-budget';
import type { RunFiles } from './file-target';
import type { RunEvents } from './run-events';
import type { FinalizeJob, RunQueue } from './run-queue';
import { TERMINAL } from './run-states';
import { guardedTarget, type RunTarget } from './run-target';
import type { RunEntity } from './run.entity';
import type { RunsStore } from './runs-store';
import { ShardTaker } from './shard-taker';
import type { ClaimedShard, ShardOutputs, ShardsStore } from './shards-store';
import { unseal } from './target-secret';
import { workerName } from './worker-liveness';

/** Bytes of rows a run into MySQL sorts at a time (LoadOptions.keyOrderBytes; the CLI's default is 64 MB). */
const RUN_KEY_ORDER_BYTES = 16 << 20;

/** Progress (and the cancellation check riding on it) goes to the database at most this often per shard. */
const TICK_MS = 250;
/** A held shard's heartbeat while no chunk is being made. */
const HEARTBEAT_MS = 1_000;
/** How often a shard being written checks the project's quota and the disk's free space. */
const DISK_CHECK_MS = 1_000;

export class RunWorker {
  private readonly id = workerName();
  private timers: NodeJS.Timeout[] = [];
  private taker?: ShardTaker;

  constructor(
    private readonly runs: RunsStore,
    private readonly shards: ShardsStore,
    private readonly queue: RunQueue,
    private readonly files: RunFiles,
    private readonly events: RunEvents,
    private readonly config: Config,
    private readonly secretKey: Buffer,
    private readonly disk: DiskBudget,
    private readonly log: Logger,
  ) {}

  /** Maintenance runs in every process; shard work only where `takeWork` (not in API-only processes). */
  async start(takeWork: boolean): Promise<void> {
    if (takeWork) {
      await this.queue.work({
        finalize: (job) => this.finalize(job),
        exhausted: (job) => this.fail(job.data.runId, null),
      });
      this.taker = new ShardTaker({
        slots: this.config.runs.concurrency,
        claim: () => this.claim(),
        work: (shard, signal) => this.runShard(shard, signal),
        nextReadyInMs: () => this.shards.nextReadyInMs(),
        onReady: (ring) => this.events.onShardsReady(ring),
        pollMs: this.config.runs.superviseSeconds * 1000,
        log: this.log,
      });
      this.taker.start();
    }
    const every = (seconds: number, task: () => Promise<unknown>) =>
      this.timers.push(setInterval(() => void task().catch((err) => this.log.warn({ err }, 'run maintenance failed')), seconds * 1000));
    every(this.config.runs.superviseSeconds, () => this.requeueLostShards());
    every(this.config.runs.retentionSweepSeconds, () => this.expireArtifacts());
  }

  /** Stops taking shards (those in hand finish or go back) and maintenance. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.taker?.stop();
  }

  /**
   * Takes the next shard in the fair order (shards-store.ts `claimNext`). The
   * claim's transaction touches no run row: a claim never waits behind a
   * run's lock while it holds the claim lock every worker takes.
   */
  private claim(): Promise<ClaimedShard | null> {
    const caps = { perUser: this.config.limits.runningRunsPerUser, perProject: this.config.limits.runningRunsPerProject };
    return this.runs.inTransaction((tx) => this.shards.claimNext(tx, this.id, caps));
  }

  /** Plans by run: compiling lays out per-parent tables, which costs time in the parent rows. */
  private readonly plans = new Map<string, Plan>();

  private plan(run: RunEntity): Plan {
    let plan = this.plans.get(run.id);
    if (!plan) {
      // Keyed by the run, which holds its own copy of the revision's document: validated once per process, however often its plan is rebuilt.
      plan = compileBlueprint(run.document, { seed: run.seed, rowOverrides: run.rowOverrides, maxCellBytes: this.config.limits.cellBytes, maxTables: this.config.limits.maxTables, maxFields: this.config.limits.maxFields, validationKey: `run:${run.id}` });
      this.plans.set(run.id, plan);
      if (this.plans.size > 8) this.plans.delete(this.plans.keys().next().value!);
    }
    return plan;
  }

  private async runShard(claimed: ClaimedShard, stopping: AbortSignal): Promise<void> {
    const { runId, id: shardId } = claimed;
    // Why work on this shard stopped early: the run was cancelled or failed (its files go), this
    // worker lost the shard (stalled past the timeout: another worker has it), this process is
    // stopping (the shard goes back for another worker to take at once), or the run's files would
    // pass the project's quota or fill the disk (`tooLarge` says which; the run fails).
    let stop: 'cancelled' | 'lost' | 'stopping' | 'too-large' | undefined;
    let tooLarge: string | null = null;
    // A file run's project, and when its disk bounds were last checked; the bytes its files have so far.
    let disk: { projectId: string; checkedAt: number } | undefined;
    let bytesOnDisk = async () => 0;
    const aborted = new AbortController();
    const onStopping = () => {
      stop ??= 'stopping';
      aborted.abort();
    };
    stopping.addEventListener('abort', onStopping);
    if (stopping.aborted) onStopping();
    let lastTick = 0;
    let rowsSoFar = 0;
    const beat = async () => {
      lastTick = Date.now();
      const { held, runStatus } = await this.shards.heartbeat(shardId, this.id, rowsSoFar, await bytesOnDisk());
      await this.events.publish(runId, true);
      if (!held) stop ??= 'lost';
      else if (runStatus !== 'RUNNING' && runStatus !== 'QUEUED') stop ??= 'cancelled';
      else if (disk && lastTick - disk.checkedAt >= DISK_CHECK_MS) {
        disk.checkedAt = lastTick;
        tooLarge = await this.disk.refusal(disk.projectId, 0, this.files.store.diskDir);
        if (tooLarge) stop ??= 'too-large';
      }
      if (stop) aborted.abort();
    };
    let beating: Promise<void> | undefined;
    /**
     * Progress, and whether to go on. The heartbeat's round trips run beside
     * the encoding (a slow database must not stall it); a cancellation or a
     * lost claim is noticed at the next tick. `force` waits for a fresh answer.
     */
    const tick = async (rowsDone: number, force = false): Promise<boolean> => {
      rowsSoFar = Math.max(rowsSoFar, rowsDone);
      if (stop) return false;
      if (force) {
        await beating;
        await beat();
      } else if (!beating && Date.now() - lastTick >= TICK_MS) {
        beating = beat()
          .catch((err) => this.log.warn({ err, runId, shardId }, 'shard heartbeat failed'))
          .finally(() => (beating = undefined));
      }
      return !stop;
    };
    // From the claim on, and between chunks too (a plan being compiled, a shard being synced or uploaded): the worker is alive.
    const alive = setInterval(() => Date.now() - lastTick >= HEARTBEAT_MS && void tick(rowsSoFar, true).catch(() => {}), HEARTBEAT_MS);
    try {
      // The run is under way, and its user's turn is recorded (users are served in turn).
      await this.runs.noteClaim(runId, claimed.attempts);
      await this.runs.transition(runId, 'RUNNING', { startedNow: true }, ['QUEUED']);
      await this.events.publish(runId);
      const run = await this.runs.load(runId);
      if (!run || TERMINAL.includes(run.status)) {
        // Ended between the claim and now: nothing to make.
        await this.shards.release(shardId, this.id, { uncounted: true });
        return;
      }
      const plan = this.plan(run);
      let outputs: ShardOutputs | null = {};
      if (run.target.kind === 'FILES') {
        // Between shards: room for this one, as large as the table's finished shards say it will be.
        const perRow = (await this.shards.bytesPerRow(runId, claimed.table)) ?? 0;
        tooLarge = await this.disk.refusal(run.projectId, Math.ceil(perRow * (claimed.to - claimed.from)), this.files.store.diskDir);
        if (tooLarge) return await this.fail(runId, `PAYLOAD_TOO_LARGE: ${tooLarge}`);
        disk = { projectId: run.projectId, checkedAt: Date.now() };
        const count = (await this.shards.countOf(runId, claimed.table));
        const spec = { runId, table: claimed.table, index: claimed.index, count, from: claimed.from, to: claimed.to };
        outputs = await this.files.writeShard(plan, spec, run.target, tick, (read) => (bytesOnDisk = read));
      } else {
        const target = await guardedTarget(unseal(this.secretKey, run.targetSecret!), this.config.allowPrivateTargets);
        await loadInto(plan, target, {
          createTables: run.target.createTables,
          truncate: run.target.truncate,
          signal: aborted.signal,
          onProgress: (rows) => void tick(rows).catch(() => {}),
          // A worker that lost the run's one shard must not commit rows its new worker loads again.
          beforeCommit: async () => void (await tick(claimed.to, true)),
          // MySQL rows are sorted into key order in runs; a worker shares the server's memory with the others, so its
          // runs are a quarter of the CLI's (~32 MB held while one is sorted, not ~128 MB).
          keyOrderBytes: RUN_KEY_ORDER_BYTES,
        });
        if (!(await tick(claimed.to, true))) outputs = null;
      }
      if (!outputs) {
        // Cancelled: nothing of the run is kept. Lost: the shard's new worker writes it.
        if (stop === 'cancelled') await this.files.remove(runId);
        if (stop === 'stopping') await this.handBack(shardId);
        if (stop === 'too-large') await this.fail(runId, `PAYLOAD_TOO_LARGE: ${tooLarge}`);
        return;
      }
      await this.completeShard(runId, shardId, outputs);
    } catch (error) {
      // A write that failed as its run was cancelled or failed (noticed here or not yet) may still
      // have left bytes in the store (a PUT cut short, or completed server-side as the abort
      // landed): remove the run's files once more.
      const ended = stop === 'cancelled' || TERMINAL.includes((await this.runs.status(runId))!);
      if (ended) await this.files.remove(runId);
      else if (stop === 'stopping') await this.handBack(shardId);
      else if (stop === 'too-large') await this.fail(runId, `PAYLOAD_TOO_LARGE: ${tooLarge}`);
      if (ended || aborted.signal.aborted) return;
      await this.shardFailed(runId, shardId, claimed.attempts, error);
    } finally {
      clearInterval(alive);
      stopping.removeEventListener('abort', onStopping);
    }
  }

  /** This process is stopping: another worker takes the shard at once, the attempt not counted against it. */
  private async handBack(shardId: string): Promise<void> {
    await this.shards.release(shardId, this.id, { uncounted: true });
    await this.events.shardsReady();
  }

  /**
   * Marks a shard DONE if this worker still holds it. The shard that
   * completes its run queues the assembly (or, for a database load, ends the
   * run) in the same transaction, so a worker killed at any point leaves
   * either an unfinished shard, which is retried, or a finished run with its
   * next step recorded; never a run that waits forever. A shard that finished
   * just as its run was cancelled or failed is removed again.
   */
  private async completeShard(runId: string, shardId: string, outputs: ShardOutputs): Promise<void> {
    const ended = await this.runs.inTransaction(async (tx) => {
      const run = await this.shards.complete(tx, shardId, this.id, outputs);
      if (!run || run.shards_done < run.shards_total || TERMINAL.includes(run.status)) return false;
      if (run.target.kind === 'FILES') {
        await this.queue.enqueueFinalize(runId, tx);
        return false;
      }
      return this.runs.finish(runId, 'SUCCEEDED', { startedNow: true, finishedNow: true, error: null }, tx);
    });
    if (ended) await this.events.publish(runId);
    const status = await this.runs.status(runId);
    if (status === 'CANCELLED' || status === 'FAILED') await this.files.remove(runId);
  }

  /**
   * A shard failed. Errors of the blueprint itself (a unique field exhausted),
   * a target that refused or cannot be reached (it would again: retrying only
   * delays the answer), and anything on the last attempt end the run now.
   * Otherwise the shard is tried again after a back-off (SEEDBED_RUN_RETRY_SECONDS,
   * doubling per attempt), the run waiting as QUEUED if no other shard of it is
   * being made.
   */
  private async shardFailed(runId: string, shardId: string, attempts: number, error: unknown): Promise<void> {
    const coded = error instanceof EngineError || error instanceof AppError;
    const message = coded ? `${error.code}: ${error.message}` : error instanceof Error ? error.message : String(error);
    const hopeless = error instanceof EngineError || (error instanceof AppError && (error.code === 'TARGET_REFUSED' || error.code === 'TARGET_UNREACHABLE'));
    if (hopeless || attempts >= this.config.limits.runAttempts) return this.fail(runId, message);
    const delaySeconds = this.config.runs.retrySeconds * 2 ** (attempts - 1);
    await this.shards.release(shardId, this.id, { delaySeconds });
    await this.runs.noteError(runId, message);
    await this.requeueIfIdle([runId]);
    // Slots waiting for work learn when the shard is ready again.
    await this.events.shardsReady();
    this.log.warn({ runId, shardId, err: error, retryInSeconds: delaySeconds }, 'shard failed; it is tried again');
  }

  private async fail(runId: string, message: string | null): Promise<void> {
    const run = await this.runs.errorAndAttempts(runId);
    const error = message ?? run?.error ?? `gave up after ${run?.attempts ?? this.config.limits.runAttempts} attempts`;
    // A QUEUED run (its last worker lost) fails through RUNNING, in the same statement.
    if (await this.runs.finish(runId, 'FAILED', { error, finishedNow: true })) {
      await this.files.remove(runId);
      await this.events.publish(runId);
    }
  }

  private async finalize(job: Job<FinalizeJob>): Promise<void> {
    const run = await this.runs.load(job.data.runId);
    if (!run || run.target.kind !== 'FILES' || TERMINAL.includes(run.status)) return;
    const target = run.target;
    // One assembler at a time: a job finding another's heartbeat fresh leaves the run to it. Supervision
    // queues a new job once that heartbeat stops, so a lost assembler is replaced within the timeout.
    if (!(await this.runs.claimAssembly(run.id, this.config.runs.workerLostSeconds))) return;
    const heartbeat = setInterval(() => void this.runs.touchAssembly(run.id).catch(() => {}), 1000);
    try {
      await this.assembleFiles(run, target);
    } catch (error) {
      // A failed assembly is retried by the queue; a run cancelled meanwhile has nothing left to assemble.
      if (TERMINAL.includes((await this.runs.status(run.id))!)) return;
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
  }

  private async assembleFiles(run: RunEntity, target: Extract<RunTarget, { kind: 'FILES' }>): Promise<void> {
    await this.runs.transition(run.id, 'RUNNING', { startedNow: true }, ['QUEUED']);
    const plan = this.plan(run);
    for (const table of plan.order) {
      const shards = await this.shards.ofTable(run.id, table);
      const done = shards.map((s) => ({ from: s.from, to: s.to, outputs: s.outputs ?? {} }));
      for (const format of target.formats) {
        const file = await this.files.assemble(plan, run.id, table, format, target, done);
        await this.runs.recordArtifact(run.id, { table, format, ...file });
      }
    }
    await this.files.dropShards(run.id);
    const moved = await this.runs.transition(run.id, 'SUCCEEDED', { finishedNow: true, error: null, expiresInDays: this.config.artifactRetentionDays });
    if (!moved) await this.files.remove(run.id); // cancelled while assembling
    await this.events.publish(run.id);
  }

  /**
   * A worker is lost when its run shows no sign of life for the timeout: no
   * shard heartbeat and no assembly heartbeat (a worker killed between two
   * shards holds none RUNNING). Its shards go back to PENDING, the workers'
   * doorbell rung in the same transaction, and the run to QUEUED, or to
   * FAILED when the lost shard had no attempts left.
   */
  private async requeueLostShards(): Promise<void> {
    const max = this.config.limits.runAttempts;
    const lost = await this.runs.inTransaction(async (tx) => {
      const shards = await this.shards.requeueLost(tx, this.config.runs.workerLostSeconds);
      if (shards.some((l) => l.attempts < max)) await this.events.shardsReady(tx);
      return shards;
    });
    for (const { runId } of lost.filter((l) => l.attempts >= max)) {
      await this.fail(runId, `its worker was lost on each of ${max} attempts`);
    }
    const silent = await this.runs.silent(this.config.runs.workerLostSeconds);
    // Every shard done and nobody assembling: its assembler was lost.
    for (const { id } of silent.filter((r) => r.assemble)) await this.queue.enqueueFinalize(id);
    const retry = [...lost.filter((l) => l.attempts < max).map((l) => l.runId), ...silent.map((r) => r.id)];
    if (retry.length) await this.requeueIfIdle([...new Set(retry)]);
  }

  private async requeueIfIdle(runIds: string[]): Promise<void> {
    for (const id of await this.runs.requeueIfIdle(runIds)) await this.events.publish(id);
  }

  private async expireArtifacts(): Promise<void> {
    for (const { id } of await this.runs.expiredIds()) {
      if (await this.runs.transition(id, 'EXPIRED')) {
        await this.files.remove(id);
        await this.events.publish(id);
      }
    }
  }
}
