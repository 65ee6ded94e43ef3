/** Extra run-worker processes (`npm run worker`) against a test server's database, to kill or to share work. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TestServer } from './server';

const SERVER_DIR = path.resolve(__dirname, '..', '..');

export interface WorkerProcess {
  child: ChildProcess;
  /** Resolves once the worker said it is ready. */
  ready: Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

export function spawnWorker(server: TestServer, env: Record<string, string> = {}): WorkerProcess {
  const child = spawn(process.execPath, ['-r', './bin/ts-register.js', 'src/worker.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      DATABASE_URL: server.databaseUrl,
      SEEDBED_DATA_DIR: server.dataDir,
      SEEDBED_QUEUE_SUPERVISE_SECONDS: '1',
      SEEDBED_WORKER_LOST_SECONDS: '3',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk) => {
      output += chunk;
      if (output.includes('run worker ready')) resolve();
    });
    child.stderr!.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready:\n${output.slice(-3000)}`)));
  });
  ready.catch(() => {});
  return {
    child,
    ready,
    kill: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
