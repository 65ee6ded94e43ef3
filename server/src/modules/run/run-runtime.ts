import path from 'node:path';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config';
import { ChunkWorkerPool } from '../../engine';
import type { RunRuntime } from '../../services';
import { LocalArtifactStore } from './artifact-store';
import { DiskBudget } from './disk-budget';
import { RunFiles } from './file-target';
import { RunEvents } from './run-events';
import { RunQueue } from './run-queue';
import { RunWorker } from './run-worker';
import { RunsStore } from './runs-store';
import { S3ArtifactStore } from './s3-store';
import { ShardsStore } from './shards-store';
import { loadSecretKey } from './target-secret';

export interface StartedRuns extends RunRuntime {
  stop(): Promise<void>;
}

/** Starts the queue, the event listener and run maintenance, and takes run work unless the process is API-only. */
export async function startRunRuntime(config: Config, db: DataSource, log: Logger): Promise<StartedRuns> {
  const url = (db.options as { url?: string }).url!;
  const queue = new RunQueue(url, config.runs, config.limits.runAttempts, log);
  // Threads of its own, not the rows API's: a run's memory stays bounded by its own settings.
  const pool = config.runs.worker ? new ChunkWorkerPool(config.runs.threads) : undefined;
  // As the CLI does: the threads load the engine while this process connects, not when the first shard waits for them.
  pool?.start();
  const runs = new RunsStore(db);
  const shards = new ShardsStore(db);
  // A shard waits for its upload in this machine's own data folder: workers share nothing but the store.
  const store = config.runs.s3 ? new S3ArtifactStore(config.runs.s3, runs, path.join(config.dataDir, 'spool')) : new LocalArtifactStore(config.runs.artifactDir);
  const files = new RunFiles(store, pool);
  const events = new RunEvents(db, url, log);
  const secretKey = loadSecretKey(config.runs.secretKey, config.dataDir);
  await queue.start();
  await events.start();
  // Read at each check, as the settings stand.
  const disk = new DiskBudget(shards, {
    get projectBytes() {
      return config.limits.projectArtifactBytes;
    },
    get minFreeBytes() {
      return config.runs.minFreeBytes;
    },
  });
  const worker = new RunWorker(runs, shards, queue, files, events, config, secretKey, disk, log);
  await worker.start(config.runs.worker);
  return {
    files,
    disk,
    events,
    secretKey,
    stop: async () => {
      await worker.stop();
      await queue.stop();
      await events.stop();
      await pool?.close();
    },
  };
}
