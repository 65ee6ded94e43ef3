/**
 * The assembly of a run's files, dispatched through pg-boss on Seedbed's own
 * PostgreSQL: one job per run once its last shard is done. A failed job is
 * retried and, once attempts are used up, moved to a dead-letter queue whose
 * handler marks the run FAILED. Shards are not jobs: workers take them from
 * `run_shards` in a fair order (shards-store.ts `claimNext`, shard-taker.ts),
 * which a FIFO queue cannot give.
 */
import { PgBoss, type Job } from 'pg-boss';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import type { RunSettings } from '../../config';

/** pg-boss statements run on a TypeORM transaction's connection. */
function inTransaction(tx: EntityManager) {
  return { executeSql: async (text: string, values?: unknown[]) => ({ rows: (await tx.queryRunner!.query(text, values, true)).records }) };
}

export const QUEUES = { finalize: 'run-finalize', exhausted: 'run-exhausted' } as const;

export interface FinalizeJob {
  runId: string;
}

export interface RunHandlers {
  finalize(job: Job<FinalizeJob>): Promise<void>;
  exhausted(job: Job<FinalizeJob>): Promise<void>;
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
    await this.boss.createQueue(QUEUES.finalize, jobs);
  }

  async work(handlers: RunHandlers): Promise<void> {
    const each = <T>(handle: (job: Job<T>) => Promise<void>) => async (jobs: Job<T>[]) => {
      for (const job of jobs) await handle(job);
    };
    // New jobs wake a worker through NOTIFY; a retried one sends none, so the backstop poll is
    // the supervision interval rather than pg-boss's 30 s (a failed assembly is tried again soon).
    const options = { localConcurrency: this.settings.concurrency, pollingIntervalSeconds: 1, notifyPollingIntervalSeconds: this.settings.superviseSeconds };
    await this.boss.work<FinalizeJob>(QUEUES.finalize, options, each(handlers.finalize));
    await this.boss.work<FinalizeJob>(QUEUES.exhausted, { pollingIntervalSeconds: 1 }, each(handlers.exhausted));
  }

  /** Queued inside `tx` when given: the transaction that finishes the run's last shard, so both happen or neither. */
  async enqueueFinalize(runId: string, tx?: EntityManager): Promise<void> {
    await this.boss.send(QUEUES.finalize, { runId }, tx ? { db: inTransaction(tx) } : {});
  }

  async stop(): Promise<void> {
    await this.boss.stop({ graceful: true, timeout: 5_000 });
  }
}
