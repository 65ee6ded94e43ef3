/**
 * Runs imports in a pool of worker threads, so parsing a large or hostile
 * schema never stalls the server's event loop (PRODUCT.md §15), and one
 * caller's import never ends another's (§9): each thread runs one import at
 * a time, with its own time and memory limit; past them only that thread is
 * ended, only its import refused, and the exit of a thread so replaced is
 * ignored. A caller (key, project, user) has at most 2 imports in flight,
 * more is RATE_LIMITED; the pool holds more threads than that, so one caller
 * never fills it, and a free thread goes to the caller served longest ago.
 * Threads are kept warm (PostgreSQL's parser is 1.8 MB of WebAssembly to
 * load) and run at a lower OS priority than the API's own thread.
 */
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import { AppError, isErrorCode } from '@seedbed/engine/errors';
import { FairGate } from '../generation/fair-gate';
import type { ImportReply, ImportRequest } from './import-worker';
import type { SampleKind } from '@seedbed/import';
import type { SourceOptions } from '@seedbed/import';
import type { ImportResult, ImportSource } from '@seedbed/import';

const WORKER_ENTRY = path.join(__dirname, 'import-worker-entry.js');
/** A 100-table schema takes well under a second; this much is a schema built to stall us. */
const DEFAULT_TIMEOUT_MS = 20_000;
const MEMORY_MB = 512;
/** PRODUCT.md §9: concurrent imports per caller. */
const IMPORTS_PER_CALLER = 2;
/** Threads kept beyond the first are ended after this long without work, giving their memory back. */
const IDLE_MS = 60_000;
/** Error codes a source may answer with; anything else is an internal error. */
const USER_CODES = new Set(['BAD_USER_INPUT', 'PAYLOAD_TOO_LARGE', 'TARGET_REFUSED', 'TARGET_UNREACHABLE', 'FORBIDDEN']);

export interface ImportRunnerOptions {
  /** Threads at most (default: one more than a caller may use, or one per core if more, up to 8). */
  threads?: number;
  /** Imports one caller may have running or waiting at once (default 2). */
  perCaller?: number;
  /** Time an import may work before it alone is ended (its thread's start-up and a body's network waits not counted). */
  timeoutMs?: number;
  /** OS niceness of the threads. */
  nice?: number;
}

/** Who asks, and whether they are still there. */
export interface ImportCall {
  /** What the caller is counted under (see `subjectsOf`). */
  subjects: string[];
  /** Aborted when the caller goes away: an import still waiting for a thread leaves the line. */
  signal?: AbortSignal;
}

/** A sample sent as a request body: its chunks as they arrive. */
export type SampleBody = AsyncIterable<Uint8Array | string>;

interface Task {
  id: number;
  pathOf: string;
  resolve(result: ImportResult): void;
  reject(error: Error): void;
  /** Time left before the import is stopped; counted only while the thread works. */
  leftMs: number;
  startedAt?: number;
  timer?: NodeJS.Timeout;
  /** A sample's body, read one chunk per `pull`. */
  body?: AsyncIterator<Uint8Array | string>;
}

interface Thread {
  worker: Worker;
  /** The thread has loaded its parsers: an import's clock runs from then on. */
  ready: boolean;
  task?: Task;
  idleTimer?: NodeJS.Timeout;
}

export class ImportRunner {
  private readonly threads: Thread[] = [];
  private readonly gate: FairGate;
  private readonly timeoutMs: number;
  private readonly size: number;
  private nextId = 1;

  constructor(private readonly options: ImportRunnerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    const perCaller = Math.max(1, options.perCaller ?? IMPORTS_PER_CALLER);
    this.size = Math.max(1, options.threads ?? Math.min(8, Math.max(perCaller + 1, availableParallelism())));
    this.gate = new FairGate({
      slots: () => this.size,
      perSubject: perCaller,
      inFlightPerSubject: perCaller,
      refusal: `At most ${perCaller} imports per caller at once: wait for one to finish.`,
    });
  }

  /** Imports `value` (a schema, a sample, a URL) as `source` reads it. */
  run(source: ImportSource, value: string, options: SourceOptions, call: ImportCall): Promise<ImportResult> {
    return this.task(call, source === 'POSTGRES_URL' ? 'input.url' : 'input.text', (id) => ({ type: 'run', id, source, value, options }));
  }

  /** Imports a sample sent as a request body, read chunk by chunk as the thread asks (within `maxBytes`). */
  runSample(kind: SampleKind, body: SampleBody, options: { name?: string; maxBytes: number }, call: ImportCall): Promise<ImportResult> {
    return this.task(call, 'body', (id) => ({ type: 'sample', id, kind, name: options.name, maxBytes: options.maxBytes }), body[Symbol.asyncIterator]());
  }

  /** Imports running and waiting for a thread (metrics, tests). */
  get load(): { running: number; waiting: number } {
    return this.gate.load;
  }

  /**
   * Starts a thread (if none is running) at server start, so the first
   * user's import does not wait for one: a thread warms itself before it is
   * ready (import-worker.ts), which takes seconds on a loaded machine.
   * Resolves when that thread is ready.
   */
  warm(): Promise<void> {
    const thread = this.threads[0] ?? this.startThread();
    if (thread.ready) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        thread.worker.off('message', onMessage);
        thread.worker.off('exit', done);
        resolve();
      };
      const onMessage = (reply: ImportReply) => void ('ready' in reply && done());
      thread.worker.on('message', onMessage);
      thread.worker.on('exit', done);
    });
  }

  /** Ends every thread (tests, shutdown); their imports fail. */
  async close(): Promise<void> {
    const threads = this.threads.splice(0);
    await Promise.all(threads.map((thread) => this.end(thread, new Error('the import pool was closed'))));
  }

  private async task(call: ImportCall, pathOf: string, request: (id: number) => Extract<ImportRequest, { type: 'run' | 'sample' }>, body?: AsyncIterator<Uint8Array | string>): Promise<ImportResult> {
    const release = await this.gate.enter(call.subjects, call.signal);
    try {
      return await new Promise<ImportResult>((resolve, reject) => {
        const id = this.nextId++;
        const task: Task = { id, pathOf, resolve, reject, leftMs: this.timeoutMs, body };
        const thread = this.idleThread();
        thread.task = task;
        thread.worker.ref();
        if (thread.ready) this.clock(thread, true);
        thread.worker.postMessage(request(id));
      });
    } finally {
      release();
    }
  }

  /** A thread with nothing to do, started if none is (the gate admits no more imports than threads). */
  private idleThread(): Thread {
    const idle = this.threads.find((t) => !t.task);
    if (idle) {
      clearTimeout(idle.idleTimer);
      return idle;
    }
    return this.startThread();
  }

  private startThread(): Thread {
    // This environment as it is now, the server's own database address among it (refused-targets.ts), even where process.env is not the process's own (jest).
    const worker = new Worker(WORKER_ENTRY, { env: process.env, resourceLimits: { maxOldGenerationSizeMb: MEMORY_MB }, workerData: { nice: this.options.nice ?? 0 } });
    const thread: Thread = { worker, ready: false };
    worker.unref();
    worker.on('message', (reply: ImportReply) => this.onReply(thread, reply));
    worker.on('error', (error) => {
      const tooLarge = (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY';
      void this.end(thread, tooLarge ? new AppError('PAYLOAD_TOO_LARGE', `The import needed more than ${MEMORY_MB} MB and was stopped; import a smaller part of the schema.`) : error);
    });
    // A thread this pool ended itself is no longer among its threads: its exit says nothing new.
    worker.on('exit', () => {
      if (this.threads.includes(thread)) void this.end(thread, new Error('the import worker thread ended'));
    });
    this.threads.push(thread);
    return thread;
  }

  /** Starts or stops the task's clock: it runs while the thread works, not while it waits for a body's next chunk. */
  private clock(thread: Thread, running: boolean): void {
    const task = thread.task!;
    if (!running) {
      clearTimeout(task.timer);
      if (task.startedAt !== undefined) task.leftMs -= Date.now() - task.startedAt;
      task.startedAt = undefined;
      return;
    }
    task.startedAt = Date.now();
    task.timer = setTimeout(() => {
      const seconds = Math.round(this.timeoutMs / 1000);
      void this.end(thread, new AppError('BAD_USER_INPUT', `The import took longer than ${seconds} s and was stopped; import a smaller part of the schema.`));
    }, Math.max(0, task.leftMs));
  }

  private onReply(thread: Thread, reply: ImportReply): void {
    if ('ready' in reply) {
      thread.ready = true;
      if (thread.task) this.clock(thread, true);
      return;
    }
    const task = thread.task;
    if (!task || task.id !== reply.id) return;
    if ('pull' in reply) return void this.feed(thread, task);
    this.finish(thread);
    if ('result' in reply) task.resolve(reply.result as ImportResult);
    else task.reject(toError(reply.error, task.pathOf));
  }

  /** Sends the next chunk of a sample's body, the clock stopped while the network is waited for. */
  private async feed(thread: Thread, task: Task): Promise<void> {
    this.clock(thread, false);
    let message: ImportRequest;
    try {
      const next = await task.body!.next();
      message = { type: 'chunk', id: task.id, chunk: next.done ? null : typeof next.value === 'string' ? Buffer.from(next.value) : next.value };
    } catch (error) {
      message = { type: 'abort', id: task.id, message: `The body could not be read: ${(error as Error).message}` };
    }
    if (thread.task !== task) return; // ended meanwhile
    if (thread.ready) this.clock(thread, true);
    thread.worker.postMessage(message);
  }

  /** The thread's task is over: it takes the next one, or idles (ended after a while unless it is the last). */
  private finish(thread: Thread): void {
    clearTimeout(thread.task?.timer);
    thread.task = undefined;
    thread.worker.unref();
    clearTimeout(thread.idleTimer);
    thread.idleTimer = setTimeout(() => {
      if (!thread.task && this.threads.length > 1) void this.end(thread);
    }, IDLE_MS).unref();
  }

  /** Ends one thread; its import (if any) is refused with `error`. Other threads and their imports go on. */
  private async end(thread: Thread, error?: Error): Promise<void> {
    const at = this.threads.indexOf(thread);
    if (at >= 0) this.threads.splice(at, 1);
    const task = thread.task;
    clearTimeout(task?.timer);
    clearTimeout(thread.idleTimer);
    thread.task = undefined;
    if (task) {
      void task.body?.return?.();
      const failure = error ?? new Error('the import worker thread ended');
      task.reject(failure instanceof AppError && !failure.extensions.path ? new AppError(failure.code, failure.message, { path: task.pathOf }) : failure);
    }
    await thread.worker.terminate();
  }
}

function toError(error: { code?: string; message: string; path?: string }, pathOf: string): Error {
  if (error.code && isErrorCode(error.code) && USER_CODES.has(error.code)) {
    // A sample's body is not a GraphQL input: its problems are in the body.
    const at = error.path === 'input.text' && pathOf === 'body' ? 'body' : error.path;
    return new AppError(error.code, error.message, at ? { path: at } : {});
  }
  return new Error(error.message);
}

let shared: ImportRunner | undefined;

/** The server's import pool, made on first use; the first caller's options hold. */
export function sharedImportRunner(options: ImportRunnerOptions = {}): ImportRunner {
  shared ??= new ImportRunner(options);
  return shared;
}
