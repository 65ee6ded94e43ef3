/**
 * The run worker child process `npm start` keeps beside the API (PRODUCT.md
 * §15): runs of files and loads are CPU-heavy for minutes, so they run in
 * their own process at a lower OS priority, where they cannot delay the API's
 * event loop and the kernel gives the API the cores first. The child is
 * `src/worker.ts`, joining the same database, artifact folder and secret key.
 */
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Config } from './config';

export interface RunWorkerProcess {
  /** The current child's pid (undefined while it is being restarted). */
  pid(): number | undefined;
  /** Stops the child (SIGTERM, then SIGKILL after a grace period) and no longer restarts it. */
  stop(): Promise<void>;
}

const WORKER_SCRIPT = path.join(__dirname, 'worker.ts');
const TS_REGISTER = path.resolve(__dirname, '..', 'bin', 'ts-register.js');
const FIRST_RESTART_MS = 1_000;
const MAX_RESTART_MS = 30_000;
/** A child that ran this long was healthy: its next crash restarts it quickly again. */
const HEALTHY_MS = 60_000;
const STOP_GRACE_MS = 15_000;

export function startRunWorkerProcess(config: Config, databaseUrl: string, log: Logger): RunWorkerProcess {
  let child: ChildProcess | undefined;
  let stopping = false;
  let restartDelay = FIRST_RESTART_MS;
  let restartTimer: NodeJS.Timeout | undefined;

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // With the embedded PostgreSQL, the child joins this process's server rather than starting one.
    DATABASE_URL: databaseUrl,
    // Absolute paths: the child must find the same key file and artifact folder whatever its cwd.
    SEEDBED_DATA_DIR: config.dataDir,
    SEEDBED_ARTIFACT_DIR: config.runs.artifactDir,
    SEEDBED_RUN_WORKER: 'true',
  };

  const spawnChild = () => {
    const startedAt = Date.now();
    // The IPC channel fork opens tells the child when this process is gone, so it never outlives the API.
    const current = fork(WORKER_SCRIPT, [], { env, execArgv: ['-r', TS_REGISTER], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child = current;
    if (current.pid !== undefined) lowerPriority(current.pid, config.runs.nice, log);
    current.on('message', (message) => {
      // Threads the child started after the first renice inherit it; this catches any started before it.
      if ((message as { ready?: boolean })?.ready && current.pid !== undefined) reniceThreads(current.pid, config.runs.nice);
    });
    let gone = false;
    const onGone = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
      if (gone) return;
      gone = true;
      if (child === current) child = undefined;
      if (stopping) return;
      if (Date.now() - startedAt > HEALTHY_MS) restartDelay = FIRST_RESTART_MS;
      log.warn({ pid: current.pid, code, signal, err: error, restartInMs: restartDelay }, 'run worker process exited; restarting it');
      restartTimer = setTimeout(spawnChild, restartDelay);
      restartDelay = Math.min(MAX_RESTART_MS, restartDelay * 2);
    };
    current.once('exit', (code, signal) => onGone(code, signal));
    // A child that could not be started at all emits no 'exit'.
    current.once('error', (error) => (current.pid === undefined ? onGone(null, null, error) : log.error({ err: error }, 'run worker process error')));
    log.info({ pid: current.pid, nice: config.runs.nice }, 'run worker process started');
  };

  spawnChild();

  return {
    pid: () => child?.pid,
    stop: async () => {
      stopping = true;
      clearTimeout(restartTimer);
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => current.kill('SIGKILL'), STOP_GRACE_MS);
        current.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        // On SIGTERM the worker lets its current shard finish for up to 5 s (pg-boss's graceful stop); a shard
        // cut short goes to the next worker once its heartbeat is missed.
        current.kill('SIGTERM');
      });
    },
  };
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
 * creator's: any thread of the child created before `setPriority` reached it
 * (V8's helpers start early) would keep the API's priority. Best effort:
 * without /proc there is nothing to fix up.
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
