import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import { compileBlueprint } from '../plan/compile';
import { ChunkEncoder, sinkOver } from '../stream/chunks';
import { FanOutEncoder } from '../stream/fan-out';
import { blockTotals, childCountsOf } from '../plan/layout';
import { expectDetachedBuffers } from './detached-buffers';
import { PLANS_PER_WORKER, type FromWorker, type ToWorker } from './protocol';
import { writeShardFiles } from './shard-writer';
import { PreviewStopped } from '../preview';
import { previewOfDocument } from '../preview-window';

/**
 * Worker side: compile each plan it is sent (keeping the last few), then
 * encode chunks of them on request, or write whole shards to files (the
 * bytes stay in this thread), or make a preview's rows as values. A plan that fails to compile answers each of
 * its chunks with that error. Also counts the child rows of blocks
 * of parents, so that a server never lays out large tables in its own thread.
 */
const port = parentPort!;
expectDetachedBuffers(); // before any row is made: this thread transfers every chunk it makes
if (workerData?.nice) {
  try {
    setPriority(workerData.nice); // this thread only, on Linux
  } catch {
    // Not permitted here: generate at the process's priority.
  }
}
const plans = new Map<number, ChunkEncoder | Error>();
const fanOuts = new WeakMap<ChunkEncoder, FanOutEncoder>();

function reply(message: FromWorker, transfer?: ArrayBuffer[]) {
  port.postMessage(message, transfer);
}

function errorOf(e: unknown): Extract<FromWorker, { type: 'error' }>['error'] {
  const error = e as Error & { code?: string; path?: string; issues?: { path: string; message: string }[] };
  return { message: error.message, code: error.code, path: error.path, issues: error.issues };
}

function encoderOf(planId: number): ChunkEncoder {
  const encoder = plans.get(planId);
  if (!encoder) throw new Error(`chunk worker has no plan ${planId}`);
  if (encoder instanceof Error) throw encoder;
  return encoder;
}

port.on('message', (message: ToWorker) => {
  if (message.type === 'init') {
    try {
      plans.set(message.planId, new ChunkEncoder(compileBlueprint(message.document, message.options)));
    } catch (e) {
      plans.set(message.planId, e as Error);
    }
    // First in, first out, exactly as the pool counts them.
    if (plans.size > PLANS_PER_WORKER) plans.delete(plans.keys().next().value!);
    return;
  }
  if (message.type === 'layout') {
    try {
      const { parentRows, fromBlock, toBlock } = message;
      const totals = blockTotals(childCountsOf(message), parentRows, fromBlock, toBlock);
      reply({ type: 'layout', id: message.id, totals }, [totals.buffer as ArrayBuffer]);
    } catch (e) {
      reply({ type: 'error', id: message.id, error: errorOf(e) });
    }
    return;
  }
  if (message.type === 'shard') {
    const { id, control } = message;
    const shardControl = { stopped: () => Atomics.load(control, 0) === 1, progress: (rows: number) => reply({ type: 'progress', id, rows }) };
    void Promise.resolve()
      .then(() => writeShardFiles(encoderOf(message.planId), message.job, shardControl))
      .then((sizes) => reply({ type: 'shard', id, sizes }), (e) => reply({ type: 'error', id, error: errorOf(e) }));
    return;
  }
  if (message.type === 'fan-out') {
    try {
      const chunks = encoderOf(message.planId);
      let fanOut = fanOuts.get(chunks);
      if (!fanOut) fanOuts.set(chunks, (fanOut = new FanOutEncoder(chunks.plan)));
      const bytes = fanOut.encode(message.table, message.dialect, message.streamStart, message.from, message.to, message.targets);
      reply({ type: 'fan-out', id: message.id, bytes }, bytes.map((b) => b.buffer as ArrayBuffer));
    } catch (e) {
      reply({ type: 'error', id: message.id, error: errorOf(e) });
    }
    return;
  }
  if (message.type === 'preview') {
    const { id, control } = message;
    const stopped = () => Atomics.load(control, 0) === 1;
    void previewOfDocument(message.document, message.compile, message.window, { maxBytes: message.maxBytes, spentBytes: message.spentBytes, stopped }).then(
      (preview) => reply({ type: 'preview', id, preview }),
      (e) => reply(e instanceof PreviewStopped ? { type: 'preview', id, preview: null } : { type: 'error', id, error: errorOf(e) }),
    );
    return;
  }
  try {
    const chunks = encoderOf(message.planId);
    const into = message.into && sinkOver(message.into);
    const bytes = chunks.encode(message.table, message.format, message.dialect, message.streamStart, message.from, message.to, message.output, into, message.deferRefs);
    // The sink's buffer is its own ArrayBuffer (the one given, unless the chunk outgrew it): transferred, not copied.
    reply({ type: 'chunk', id: message.id, bytes }, [bytes.buffer as ArrayBuffer]);
  } catch (e) {
    reply({ type: 'error', id: message.id, error: errorOf(e) });
  }
});

// Loaded: a caller that makes chunks itself meanwhile starts giving this thread some (see `ChunkWorkerPool.readyThreads`).
reply({ type: 'ready' });
