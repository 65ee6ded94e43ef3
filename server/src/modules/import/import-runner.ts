/**
 * Runs imports in a worker thread, so parsing a large or hostile schema never
 * stalls the server's event loop (PRODUCT.md §15). One thread, kept warm
 * (PostgreSQL's parser is 1.8 MB of WebAssembly to load), with a time and a
 * memory limit: past them the thread is ended, the imports it held are
 * refused with a clear error, and the next import starts a fresh one.
 */
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError, isErrorCode } from '../../errors';
import type { ImportReply, ImportRequest } from './import-worker';
import type { SourceOptions } from './sources';
import type { ImportResult, ImportSource } from './types';

const WORKER_ENTRY = path.join(__dirname, 'import-worker-entry.js');
/** A 100-table schema takes well under a second; this much is a schema built to stall us. */
const DEFAULT_TIMEOUT_MS = 20_000;
const MEMORY_MB = 512;
/** Error codes a source may answer with; anything else is an internal error. */
const USER_CODES = new Set(['BAD_USER_INPUT', 'PAYLOAD_TOO_LARGE', 'TARGET_REFUSED', 'TARGET_UNREACHABLE', 'FORBIDDEN']);

interface Task {
  resolve(result: ImportResult): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  source: ImportSource;
}

export class ImportRunner {
  private worker: Worker | undefined;
  private readonly tasks = new Map<number, Task>();
  private nextId = 1;

  constructor(private readonly timeoutMs = DEFAULT_TIMEOUT_MS) {}

  run(source: ImportSource, value: string, options: SourceOptions): Promise<ImportResult> {
    const worker = this.thread();
    const id = this.nextId++;
    return new Promise<ImportResult>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new AppError('BAD_USER_INPUT', `The import took longer than ${Math.round(this.timeoutMs / 1000)} s and was stopped; import a smaller part of the schema.`, { path: pathOf(source) })), this.timeoutMs);
      this.tasks.set(id, { resolve, reject, timer, source });
      worker.ref();
      worker.postMessage({ id, source, value, options } satisfies ImportRequest);
    });
  }

  /**
   * Starts the thread and loads the parsers with a one-line schema, so the
   * first user's import does not wait the 2–3 s a cold thread takes.
   */
  warm(): void {
    this.run('POSTGRES_DDL', 'CREATE TABLE warm_up (id integer PRIMARY KEY);', { allowPrivateTargets: false }).catch(() => undefined);
  }

  /** Ends the thread (tests, shutdown). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private thread(): Worker {
    if (this.worker) return this.worker;
    // This environment as it is now, the server's own database address among it (refused-targets.ts), even where process.env is not the process's own (jest).
    const worker = new Worker(WORKER_ENTRY, { env: process.env, resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB } });
    worker.unref();
    worker.on('message', (reply: ImportReply) => this.settle(reply));
    worker.on('error', (error) => {
      const tooLarge = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      this.fail(tooLarge ? new AppError('PAYLOAD_TOO_LARGE', `The import needed more than ${MEMORY_MB} MB and was stopped; import a smaller part of the schema.`) : error);
    });
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
      this.fail(new Error('the import worker thread ended'));
    });
    this.worker = worker;
    return worker;
  }

  private settle(reply: ImportReply): void {
    const task = this.tasks.get(reply.id);
    if (!task) return;
    this.tasks.delete(reply.id);
    clearTimeout(task.timer);
    if (this.tasks.size === 0) this.worker?.unref();
    if ('result' in reply) task.resolve(reply.result as ImportResult);
    else task.reject(toError(reply.error));
  }

  /** Every import the thread holds is refused with `error`, and the thread is ended. */
  private fail(error: Error): void {
    const worker = this.worker;
    this.worker = undefined;
    const tasks = [...this.tasks.values()];
    this.tasks.clear();
    for (const task of tasks) {
      clearTimeout(task.timer);
      task.reject(error instanceof AppError && !error.extensions.path ? new AppError(error.code, error.message, { path: pathOf(task.source) }) : error);
    }
    if (worker) void worker.terminate();
  }
}

function pathOf(source: ImportSource): string {
  return source === 'POSTGRES_URL' ? 'input.url' : 'input.text';
}

function toError(error: { code?: string; message: string; path?: string }): Error {
  if (error.code && isErrorCode(error.code) && USER_CODES.has(error.code)) return new AppError(error.code, error.message, error.path ? { path: error.path } : {});
  return new Error(error.message);
}

let shared: ImportRunner | undefined;

/** The server's one import thread. */
export function sharedImportRunner(): ImportRunner {
  shared ??= new ImportRunner();
  return shared;
}
