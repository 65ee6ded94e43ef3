/**
 * A child process kept running: `npm start` keeps the API process and the run
 * worker process this way (main.ts). When the child exits it is started again
 * after a back-off that doubles from `firstDelayMs` up to `maxDelayMs`, and
 * falls back to the first delay once a child has stayed up for `healthyMs`.
 * Each restart is logged with why the child went: its exit code or signal and
 * the last lines it wrote to stderr (V8's "Reached heap limit", an uncaught
 * exception's stack).
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { Logger } from 'pino';

export interface SupervisedChild {
  /** The current child's pid (undefined while it is being restarted). */
  pid(): number | undefined;
  /** Stops the child (SIGTERM, then SIGKILL after the grace period) and no longer restarts it. */
  stop(): Promise<void>;
}

export interface Backoff {
  firstDelayMs: number;
  maxDelayMs: number;
  /** A child that ran this long was healthy: its next crash is restarted after the first delay again. */
  healthyMs: number;
}

export interface SuperviseOptions {
  /** How the logs name it, e.g. "API process". */
  name: string;
  /** A TypeScript entry point, run with the repository's require hook. */
  script: string;
  env: NodeJS.ProcessEnv;
  log: Logger;
  backoff?: Partial<Backoff>;
  /** Each new child, as soon as it has a pid (to renice it, say). */
  onSpawn?(child: ChildProcess): void;
  /** A message the child sent over its IPC channel; `{ ready: true }` is the convention. */
  onMessage?(message: unknown, child: ChildProcess): void;
  /**
   * The child exited before it ever said `{ ready: true }` (a port in use, a
   * failed migration): nothing a restart would fix. Without this, it is
   * restarted like any other exit.
   */
  onNeverReady?(why: ExitReason): void;
  stopGraceMs?: number;
}

export interface ExitReason {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** The end of what it wrote to stderr. */
  stderr: string;
}

const TS_REGISTER = path.resolve(__dirname, '..', 'bin', 'ts-register.js');
export const DEFAULT_BACKOFF: Backoff = { firstDelayMs: 500, maxDelayMs: 30_000, healthyMs: 60_000 };
/** Bytes of a child's stderr kept to say why it exited. */
const STDERR_TAIL = 2_000;

export function superviseChild(options: SuperviseOptions): SupervisedChild {
  const { name, log } = options;
  const backoff = { ...DEFAULT_BACKOFF, ...options.backoff };
  let child: ChildProcess | undefined;
  let stopping = false;
  let everReady = false;
  let restartDelay = backoff.firstDelayMs;
  let restartTimer: NodeJS.Timeout | undefined;

  const spawnChild = () => {
    const startedAt = Date.now();
    // The IPC channel fork opens also tells the child when this process is gone (its 'disconnect'),
    // so no child outlives its supervisor. stderr passes through here, its end kept for the log.
    const current = fork(options.script, [], { env: options.env, execArgv: ['-r', TS_REGISTER], stdio: ['ignore', 'inherit', 'pipe', 'ipc'] });
    child = current;
    let stderr = '';
    current.stderr!.on('data', (chunk: Buffer) => {
      process.stderr.write(chunk);
      stderr = (stderr + chunk.toString('utf8')).slice(-STDERR_TAIL);
    });
    if (current.pid !== undefined) options.onSpawn?.(current);
    current.on('message', (message) => {
      if ((message as { ready?: boolean })?.ready) everReady = true;
      options.onMessage?.(message, current);
    });
    let gone = false;
    const onGone = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
      if (gone) return;
      gone = true;
      if (child === current) child = undefined;
      if (stopping) return;
      const why: ExitReason = { code, signal, stderr: stderr.trim() };
      if (!everReady && options.onNeverReady) return options.onNeverReady(why);
      if (Date.now() - startedAt > backoff.healthyMs) restartDelay = backoff.firstDelayMs;
      log.error({ pid: current.pid, code, signal, stderr: why.stderr || undefined, err: error, restartInMs: restartDelay }, `${name} exited; restarting it`);
      restartTimer = setTimeout(spawnChild, restartDelay);
      restartDelay = Math.min(backoff.maxDelayMs, restartDelay * 2);
    };
    current.once('exit', (code, signal) => onGone(code, signal));
    // A child that could not be started at all emits no 'exit'.
    current.once('error', (error) => (current.pid === undefined ? onGone(null, null, error) : log.error({ err: error }, `${name} error`)));
    log.info({ pid: current.pid }, `${name} started`);
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
        const kill = setTimeout(() => current.kill('SIGKILL'), options.stopGraceMs ?? 15_000);
        current.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        // A child that got the terminal's Ctrl-C too is already stopping: a second signal changes nothing.
        current.kill('SIGTERM');
      });
    },
  };
}
