/**
 * The run worker child process `npm start` keeps beside the API (PRODUCT.md
 * §15): runs of files and loads are CPU-heavy for minutes, so they run in
 * their own process at a lower OS priority, where they cannot delay the API's
 * event loop and the kernel gives the API the cores first. The child is
 * `src/worker.ts`, joining the same database, artifact folder and secret key.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config';
import { superviseChild, type SupervisedChild } from './supervised-child';

const WORKER_SCRIPT = path.join(__dirname, 'worker.ts');

/** Keeps a run worker child running beside the API, restarted with back-off if it dies. */
export function startRunWorkerProcess(config: Config, databaseUrl: string, log: Logger): SupervisedChild {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // With the embedded PostgreSQL, the child joins this process's server rather than starting one.
    DATABASE_URL: databaseUrl,
    // Absolute paths: the child must find the same key file and artifact folder whatever its cwd.
    SEEDBED_DATA_DIR: config.dataDir,
    SEEDBED_ARTIFACT_DIR: config.runs.artifactDir,
    SEEDBED_RUN_WORKER: 'true',
  };
  return superviseChild({
    name: 'run worker process',
    script: WORKER_SCRIPT,
    env,
    log,
    backoff: { firstDelayMs: 1_000 },
    // Lowered once it is ready, not from its first instruction: starting up (loading the engine, connecting)
    // at the lower priority took a busy machine's other work minutes; the runs it takes after are what must yield.
    // Threads it starts later inherit the priority of the thread that starts them.
    onMessage: (message, child) => {
      if (!(message as { ready?: boolean })?.ready || child.pid === undefined) return;
      lowerPriority(child.pid, config.runs.nice, log);
      reniceThreads(child.pid, config.runs.nice);
    },
  });
}

function lowerPriority(pid: number, nice: number, log: Logger) {
  try {
    os.setPriority(pid, nice);
  } catch (error) {
    log.warn({ err: error, pid, nice }, 'could not lower the run worker priority; runs compete with the API for the CPU');
  }
}

/**
 * On Linux a niceness belongs to one thread, and new threads copy their
 * creator's: the threads the child started before `setPriority` reached its
 * main thread (V8's helpers, the engine's pool) would keep the API's
 * priority. Best effort: without /proc there is nothing to fix up.
 */
function reniceThreads(pid: number, nice: number) {
  let tids: string[];
  try {
    tids = fs.readdirSync(`/proc/${pid}/task`);
  } catch {
    return;
  }
  for (const tid of tids) {
    try {
      if (os.getPriority(Number(tid)) < nice) os.setPriority(Number(tid), nice);
    } catch {
      // The thread ended meanwhile.
    }
  }
}
