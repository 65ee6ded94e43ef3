/**
 * Run work dispatched through pg-boss on Seedbed's own PostgreSQL: one job per
 * shard (any worker process may take it), one job to assemble the files.
 * A failed job is retried and, once attempts are used up, moved to a
 * dead-letter queue whose handler marks the run FAILED. Work of a killed
 * worker is queued again by the run supervision (run-worker.ts) as soon as
 * its heartbeat stops, without waiting for pg-boss's own (10 s or more)
 * heartbeat timeout; the duplicate jobs that leaves find nothing to take.
 */
import { PgBoss, type Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import type { RunSettings } from '../../config';

/** pg-boss statements run on a TypeORM transaction's connection. */
function inTransaction(tx: EntityManager) {
  return { executeSql: async (text: string, values?: unknown[]) => ({ rows: (await tx.queryRunner!.query(text, values, true)).records }) };
}

export const QUEUES = { shard: 'run-shard', finalize: 'run-finalize', exhausted: 'run-exhausted' } as const;

export interface ShardJob {
  runId: string;
  shardId: string;
}

export interface FinalizeJob {
  runId: string;
}

export interface RunHandlers {
  shard(job: Job<ShardJob>): Promise<void>;
  finalize(job: Job<FinalizeJob>): Promise<void>;
  exhausted(job: Job<ShardJob | FinalizeJob>): Promise<void>;
}

/** pg-boss's floor for job heartbeats. */
const HEARTBEAT_SECONDS = 10;

export class RunQueue {
  private readonly boss: PgBoss;

  constructor(
    databaseUrl: string,
    private readonly settings: RunSettings,
    private readonly attempts: number,
    log: Logger,
  ) {
    this.boss = new PgBoss({
      connectionString: databaseUrl,
      schema: 'pgboss',
      max: 4,
      // Every process supervises: a job whose worker died is retried even if no other worker is up yet.
      supervise: true,
      superviseIntervalSeconds: settings.superviseSeconds,
      monitorIntervalSeconds: settings.superviseSeconds,
      schedule: false,
      // New jobs wake idle workers at once instead of at their next poll.
      useListenNotify: true,
    });
    this.boss.on('error', (error) => log.error({ err: error }, 'queue error'));
  }

  async start(): Promise<void> {
    await this.boss.start();
    await this.boss.createQueue(QUEUES.exhausted, { retryLimit: 3 });
    const jobs = {
      retryLimit: this.attempts - 1,
      heartbeatSeconds: HEARTBEAT_SECONDS,
      expireInSeconds: 24 * 3600,
      deadLetter: QUEUES.exhausted,
      notify: true,
    };
    await this.boss.createQueue(QUEUES.shard, jobs);
    await this.boss.createQueue(QUEUES.finalize, jobs);
  }

  async work(handlers: RunHandlers): Promise<void> {
    const each = <T>(handle: (job: Job<T>) => Promise<void>) => async (jobs: Job<T>[]) => {
      for (const job of jobs) await handle(job);
    };
    // A worker waits a polling interval after a short fetch; fetching small batches and
    // bursting while they come back full keeps it busy without idling between shards.
    const options = { localConcurrency: this.settings.concurrency, batchSize: 2, burstWhenBatchFull: true, pollingIntervalSeconds: 1 };
    await this.boss.work<ShardJob>(QUEUES.shard, options, each(handlers.shard));
    await this.boss.work<FinalizeJob>(QUEUES.finalize, options, each(handlers.finalize));
    await this.boss.work<ShardJob | FinalizeJob>(QUEUES.exhausted, { pollingIntervalSeconds: 1 }, each(handlers.exhausted));
  }

  /** With `tx`, the jobs are queued inside that transaction: with what it records, or not at all. */
  async enqueueShards(runId: string, shardIds: string[], tx?: EntityManager): Promise<void> {
    await this.boss.insert(QUEUES.shard, shardIds.map((shardId) => ({ data: { runId, shardId } })), tx && { db: inTransaction(tx) });
  }

  /** Queued inside `tx` when given: the transaction that finishes the run's last shard, so both happen or neither. */
  async enqueueFinalize(runId: string, tx?: EntityManager): Promise<void> {
    await this.boss.send(QUEUES.finalize, { runId }, tx ? { db: inTransaction(tx) } : {});
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 5_000 });
  }
}
