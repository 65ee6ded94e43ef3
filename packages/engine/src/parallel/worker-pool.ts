import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Dialect } from '../generators/types';
import type { Format } from '../formats';
import type { OutputOptions } from '../formats/output';
import type { Plan } from '../plan/types';
import { EngineError, type EngineErrorCode } from '../errors';
import { resolvedLayouts } from '../plan/layout';
import type { Preview } from '../preview';
import { expectDetachedBuffers } from './detached-buffers';
import { PLANS_PER_WORKER, type FanOutRequest, type FromWorker, type LayoutRequest, type PreviewRequest, type ToWorker } from './protocol';
import type { ShardFilesJob } from './shard-writer';

const WORKER_ENTRY = path.join(__dirname, 'worker-entry.js');
/** A larger young generation: encoding makes short-lived strings by the million, and fewer scavenges measured ~5% faster. */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 32 };
/** Threads with nothing to do this long are ended, giving their memory back. */
const IDLE_MS = 30_000;
/** More threads than this never pay on the machines Seedbed runs on. */
const MAX_THREADS = 16;

export interface ChunkRequest {
  table: string;
  format: Format;
  dialect: Dialect;
  streamStart: number;
  from: number;
  to: number;
  /** The user's output options (delimiter, NULL marker, pretty JSON…); each format's defaults when unset. */
  output?: OutputOptions;
  /** References broken to load a cycle written NULL (see `ChunkEncoder.encode`). */
  deferRefs?: boolean;
}

type TaskResult = Buffer | Buffer[] | Float64Array | number[] | Preview | null;

interface Task {
  resolve(result: TaskResult): void;
  reject(error: Error): void;
  progress?(rows: number): void;
}

interface Thread {
  worker: Worker;
  /** It has loaded the engine (its 'ready' came). */
  ready: boolean;
  /** Chunks sent and not yet answered. */
  inFlight: number;
  /** Plans this thread has compiled, oldest first, mirroring its own cache. */
  plans: number[];
  tasks: Map<number, Task>;
}

/**
 * Worker threads kept warm between streams. Starting a thread (module
 * loading, locale data) and warming its JIT cost ~0.2 s of CPU each; a
 * process that serves many requests or run shards pays that once, not per
 * stream. Each thread compiles a plan the first time it is asked for one of
 * its chunks and keeps the last few, so a chunk's bytes come from the same
 * plan whichever thread makes them. Threads encode chunks for a caller that
 * orders them (`encode`), or write whole run shards to files themselves
 * (`writeShard`), or make previews' rows as values (`preview`). Idle threads are unreferenced (they never keep a process
 * alive) and end after a while.
 */
export class ChunkWorkerPool {
  private readonly threads: Thread[] = [];
  private readonly planIds = new WeakMap<Plan, number>();
  private nextPlanId = 1;
  private nextTaskId = 1;
  private idleTimer: NodeJS.Timeout | undefined;
  /** Callers of `whenReady` waiting for a thread to come up. */
  private readonly readyWaiters: (() => void)[] = [];
  /** Shards waiting for a thread with nothing to do. */
  private readonly freed: { resolve(): void; reject(error: Error): void }[] = [];

  /** Threads the pool runs at most; `reserve` may raise it for a caller that asked for more. */
  private size: number;

  /**
   * `nice`: OS niceness of each thread (Linux sets it per thread), for a
   * process whose own thread must keep priority over its generating ones: a
   * server's event loop over its rows streams.
   */
  constructor(size = availableParallelism(), private readonly options: { nice?: number } = {}) {
    this.size = Math.max(1, Math.min(MAX_THREADS, size));
  }

  /** Makes at least `threads` threads available (capped), for callers that ask for that many. */
  reserve(threads: number): void {
    this.size = Math.max(this.size, Math.min(MAX_THREADS, Math.floor(threads)));
  }

  /** Threads the pool may run. */
  get threadCount(): number {
    return this.size;
  }

  /**
   * Threads that have loaded the engine. Starting one costs ~0.3 s (more on a
   * busy machine): a caller that can make chunks itself gives the pool none
   * until this is above 0, rather than wait for its first chunk that long.
   */
  get readyThreads(): number {
    return this.threads.filter((t) => t.ready).length;
  }

  /** Resolves once a thread is up (starting the threads if need be). */
  whenReady(): Promise<void> {
    this.start();
    if (this.readyThreads > 0) return Promise.resolve();
    return new Promise((resolve) => this.readyWaiters.push(resolve));
  }

  /** Threads running now (idle ones included, until they time out). */
  get liveThreads(): number {
    return this.threads.length;
  }

  /**
   * Starts every thread now instead of at the first chunk, so that their
   * start-up (the engine's modules, the locale) overlaps the caller's own.
   */
  start(): void {
    while (this.threads.length < this.size) this.spawn();
  }

  /**
   * Encodes one chunk on the least busy thread; the bytes equal
   * `ChunkEncoder.encode` of the same request. `into`: the memory of an
   * earlier chunk the caller is done with, transferred to the thread (and
   * unusable here from now on), which encodes into it: a stream of chunks
   * then allocates (and faults in) no fresh memory per chunk.
   */
  encode(plan: Plan, request: ChunkRequest, into?: ArrayBuffer): Promise<Buffer> {
    clearTimeout(this.idleTimer);
    const thread = this.pick();
    const planId = this.planOn(thread, plan);
    const id = this.nextTaskId++;
    return this.send(thread, { type: 'chunk', id, planId, ...request, into }, undefined, into && [into]) as Promise<Buffer>;
  }

  /** Encodes rows once in several formats on the least busy thread; the bytes equal `FanOutEncoder.encode` of the same request. */
  encodeFanOut(plan: Plan, request: FanOutRequest): Promise<Buffer[]> {
    clearTimeout(this.idleTimer);
    const thread = this.pick();
    const planId = this.planOn(thread, plan);
    return this.send(thread, { type: 'fan-out', id: this.nextTaskId++, planId, ...request }) as Promise<Buffer[]>;
  }

  /**
   * Writes a shard's files on the least busy thread (see shard-writer.ts):
   * the file sizes, or null once `signal` stopped it (after the chunk being
   * made; its files are the caller's to remove). `onProgress` hears the rows
   * written so far after each chunk.
   */
  async writeShard(plan: Plan, job: ShardFilesJob, { signal, onProgress }: { signal?: AbortSignal; onProgress?: (rows: number) => void } = {}): Promise<number[] | null> {
    // A shard takes a thread of its own: queued here, not behind another shard on a thread that may
    // still be busy when another one is free.
    while (!this.threads.some((t) => t.inFlight === 0) && this.threads.length >= this.size) {
      await new Promise<void>((resolve, reject) => this.freed.push({ resolve, reject }));
    }
    clearTimeout(this.idleTimer);
    const thread = this.pick();
    const planId = this.planOn(thread, plan);
    const id = this.nextTaskId++;
    // Shared memory, not a message: the thread is busy writing and reads no messages until the shard ends.
    const control = new Int32Array(new SharedArrayBuffer(4));
    const stop = () => Atomics.store(control, 0, 1);
    if (signal?.aborted) stop();
    signal?.addEventListener('abort', stop, { once: true });
    const done = this.send(thread, { type: 'shard', id, planId, job, control }, onProgress) as Promise<number[] | null>;
    return done.finally(() => signal?.removeEventListener('abort', stop));
  }

  /**
   * A preview of a document, answered whole on the least busy thread
   * (`previewOfDocument`: compile, checks, rows), so a server's event loop
   * neither compiles the document nor makes its rows: bytes are checked
   * after each row as it is made. Null once `signal` stopped it (between rows).
   */
  preview(request: PreviewRequest, { signal }: { signal?: AbortSignal } = {}): Promise<Preview | null> {
    if (signal?.aborted) return Promise.resolve(null);
    clearTimeout(this.idleTimer);
    const thread = this.pick();
    const id = this.nextTaskId++;
    const control = new Int32Array(new SharedArrayBuffer(4));
    const stop = () => Atomics.store(control, 0, 1);
    signal?.addEventListener('abort', stop, { once: true });
    const done = this.send(thread, { type: 'preview', id, control, ...request }) as Promise<Preview | null>;
    return done.finally(() => signal?.removeEventListener('abort', stop));
  }

  /** The thread's id of `plan`, sending the plan first if the thread does not hold it. */
  private planOn(thread: Thread, plan: Plan): number {
    const planId = this.planIdOf(plan);
    if (!thread.plans.includes(planId)) {
      // Layouts travel with the plan (8 bytes per 1024 parents): the thread never walks the parents again.
      const options = { seed: plan.seed, rowOverrides: plan.rowOverrides, maxCellBytes: plan.maxCellBytes, prevalidated: true, layouts: resolvedLayouts(plan.tables) };
      const init: ToWorker = { type: 'init', planId, document: plan.document, options };
      thread.worker.postMessage(init);
      thread.plans.push(planId);
      if (thread.plans.length > PLANS_PER_WORKER) thread.plans.shift();
    }
    return planId;
  }

  /** Child rows of each block of parents in the request's range (see `blockTotals`), counted on the least busy thread. */
  layoutTotals(request: LayoutRequest): Promise<Float64Array> {
    clearTimeout(this.idleTimer);
    const thread = this.pick();
    return this.send(thread, { type: 'layout', id: this.nextTaskId++, ...request }) as Promise<Float64Array>;
  }

  private send(thread: Thread, message: Extract<ToWorker, { id: number }>, progress?: (rows: number) => void, transfer?: ArrayBuffer[]): Promise<TaskResult> {
    if (thread.inFlight++ === 0) thread.worker.ref();
    thread.worker.postMessage(message, transfer);
    return new Promise((resolve, reject) => thread.tasks.set(message.id, { resolve, reject, progress }));
  }

  /** Ends every thread; pending chunks and shards fail. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    for (const waiting of this.freed.splice(0)) waiting.reject(new Error('the worker pool was closed'));
    const threads = this.threads.splice(0);
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  private planIdOf(plan: Plan): number {
    let id = this.planIds.get(plan);
    if (id === undefined) {
      id = this.nextPlanId++;
      this.planIds.set(plan, id);
    }
    return id;
  }

  private pick(): Thread {
    let best: Thread | undefined;
    for (const thread of this.threads) if (!best || thread.inFlight < best.inFlight) best = thread;
    if (best && (best.inFlight === 0 || this.threads.length >= this.size)) return best;
    return this.spawn();
  }

  private spawn(): Thread {
    expectDetachedBuffers(); // this thread will receive and send chunk memory
    const worker = new Worker(WORKER_ENTRY, { resourceLimits: WORKER_LIMITS, workerData: { nice: this.options.nice ?? 0 } });
    const thread: Thread = { worker, ready: false, inFlight: 0, plans: [], tasks: new Map() };
    worker.unref();
    worker.on('message', (message: FromWorker) => this.onMessage(thread, message));
    worker.on('error', (error) => this.lose(thread, error));
    worker.on('exit', (code) => this.lose(thread, new Error(`chunk worker exited with code ${code}`)));
    this.threads.push(thread);
    return thread;
  }

  private onMessage(thread: Thread, message: FromWorker) {
    if (message.type === 'ready') {
      thread.ready = true;
      for (const resolve of this.readyWaiters.splice(0)) resolve();
      return;
    }
    const task = thread.tasks.get(message.id);
    if (!task) return;
    if (message.type === 'progress') return task.progress?.(message.rows);
    thread.tasks.delete(message.id);
    if (--thread.inFlight === 0) {
      this.freed.shift()?.resolve();
      thread.worker.unref();
      if (this.threads.every((t) => t.inFlight === 0)) this.idleTimer = setTimeout(() => void this.close(), IDLE_MS).unref();
    }
    if (message.type === 'chunk') return task.resolve(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength));
    if (message.type === 'fan-out') return task.resolve(message.bytes.map((b) => Buffer.from(b.buffer, b.byteOffset, b.byteLength)));
    if (message.type === 'layout') return task.resolve(message.totals);
    if (message.type === 'shard') return task.resolve(message.sizes);
    if (message.type === 'preview') return task.resolve(message.preview);
    const { code, message: text, path: at, issues } = message.error;
    task.reject(code === 'BAD_USER_INPUT' || code === 'UNIQUE_EXHAUSTED' ? new EngineError(code as EngineErrorCode, text, at, issues) : new Error(text));
  }

  /** A thread that crashed or ended: its chunks fail, and the next request starts a fresh one. */
  private lose(thread: Thread, error: Error) {
    const at = this.threads.indexOf(thread);
    if (at >= 0) this.threads.splice(at, 1);
    for (const task of thread.tasks.values()) task.reject(error);
    thread.tasks.clear();
    thread.inFlight = 0;
    this.freed.shift()?.resolve(); // its place is free for a new thread
  }
}

let shared: ChunkWorkerPool | undefined;

/** The process's pool, made on first use with one thread per core; the first caller's options hold. */
export function sharedWorkerPool(options: { nice?: number } = {}): ChunkWorkerPool {
  shared ??= new ChunkWorkerPool(availableParallelism(), options);
  return shared;
}
