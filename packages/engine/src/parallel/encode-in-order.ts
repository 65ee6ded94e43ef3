import type { Plan } from '../plan/types';
import { ByteSink } from '../formats/byte-sink';
import { sinkBytesFor, type ChunkEncoder } from '../stream/chunks';
import type { ChunkRequest, ChunkWorkerPool } from './worker-pool';

export interface EncodeInOrderOptions {
  /** Helper threads; without one, every chunk is encoded in this thread. */
  pool?: ChunkWorkerPool;
  /** Chunks the pool keeps in flight (default 2). */
  poolDepth?: number;
  /** Chunks encoded or in flight from the one due (default 6): bounds memory. */
  window?: number;
  /**
   * How far ahead of the chunk due the pool's chunks are taken (default
   * `poolDepth` when this thread encodes too, else 0): this thread makes the
   * near ones and writes each at once, and finds the pool's done when it
   * gets there, instead of waiting on them and holding its own meanwhile.
   */
  lookahead?: number;
  /**
   * The caller is done with each chunk when it asks for the one after the
   * next (it wrote it out, it kept no reference: it may still be writing the
   * last one while the next is made): its memory is then encoded into again,
   * here or, transferred back, in a pool thread. Never for a consumer that
   * queues chunks (a Readable does).
   */
  reuse?: boolean;
}

/**
 * The chunks of `requests`, encoded by this thread and a pool's threads
 * together and yielded strictly in order: Seedbed's one ordered-parallel
 * mechanism for streams (`streamTable`, and so the rows API, the CLI and the
 * database loader, uses it; run shards do not: each is written whole by the
 * thread that encodes it, see `shard-writer.ts`). The pool keeps a few
 * chunks in flight a little ahead; this thread encodes the nearest
 * unclaimed chunk whenever the one due is not made, instead of waiting,
 * unless `local` is null (a server keeping its event loop free), when it
 * waits. So this thread and its helpers share the work whatever their
 * speeds, and the bytes are those of `ChunkEncoder.encode` for every
 * request, whoever made them. Stopping early (`return`) sends no more
 * chunks; those in flight finish and are dropped.
 */
export function encodeInOrder(plan: Plan, requests: readonly ChunkRequest[], local: ChunkEncoder | null, options: EncodeInOrderOptions = {}): AsyncGenerator<Buffer> {
  const { pool, reuse } = options;
  /** This thread's sinks free for a chunk, and those holding chunks not yet released, by their memory. */
  const sinks: ByteSink[] = [];
  const held = new Map<ArrayBufferLike, ByteSink>();
  /** Memory of the pool's chunks released, for the pool's next requests. */
  const spare: ArrayBuffer[] = [];
  const here = local && ((i: number) => {
    const { table, format, dialect, streamStart, from, to, output, deferRefs } = requests[i];
    const sink = reuse ? (sinks.pop() ?? new ByteSink(sinkBytesFor(from, to))) : undefined;
    const bytes = local.encode(table, format, dialect, streamStart, from, to, output, sink, deferRefs);
    if (sink) held.set(bytes.buffer, sink);
    return bytes;
  });
  const there = pool && ((i: number) => pool.encode(plan, requests[i], spare.pop()));
  const release = (bytes: Buffer) => {
    const sink = held.get(bytes.buffer);
    if (sink) {
      held.delete(bytes.buffer);
      sinks.push(sink);
    } else if (bytes.byteOffset === 0 && bytes.buffer instanceof ArrayBuffer) {
      spare.push(bytes.buffer);
    }
  };
  // Chunks go to the pool once a thread of it is up (started now if need be); until then this
  // thread makes them all, rather than wait ~0.3 s for a thread to load the engine.
  if (here && pool) pool.start();
  const ready = here && pool ? () => pool.readyThreads > 0 : undefined;
  return inOrder(requests.length, here, there, { ...options, release: reuse ? release : undefined, ready });
}

const CLAIMED = 1;
const MADE = 2;

/**
 * The mechanism of `encodeInOrder` for any kind of chunk: `count` chunks made
 * by `here(i)` in this thread or `there(i)` in a pool's, yielded in order.
 * `release(chunk)`: the caller asked for the chunk after the next; `ready()`:
 * whether the pool takes chunks yet (while it has none in flight).
 */
export async function* inOrder<T>(
  count: number,
  here: ((i: number) => T) | null,
  there: ((i: number) => Promise<T>) | undefined,
  { poolDepth = 2, window = 6, lookahead, release, ready }: Pick<EncodeInOrderOptions, 'poolDepth' | 'window' | 'lookahead'> & { release?: (chunk: T) => void; ready?: () => boolean } = {},
): AsyncGenerator<T> {
  if (!here && !there) throw new Error('encodeInOrder needs this thread or a pool');
  const ahead = here ? Math.max(0, Math.min(lookahead ?? poolDepth, window - 1)) : 0;
  const results: (T | undefined)[] = new Array(count);
  const pending: (Promise<unknown> | undefined)[] = new Array(count);
  const state = new Uint8Array(count);
  /** When the pool took each chunk (ms), and what a chunk of this thread's took, lately (see the backup below). */
  const sentAt = new Float64Array(count);
  let hereMs = Infinity;
  /** Every chunk below it is claimed. */
  let front = 0;
  let inFlight = 0;
  let due = 0;
  const nearest = () => {
    while (front < count && state[front] !== 0) front++;
    return front < Math.min(count, due + window) ? front : -1;
  };
  /** The pool's next chunk: the first unclaimed from `ahead` on, or (near the end) the last one before it. */
  const forPool = () => {
    const limit = Math.min(count, due + window);
    const from = Math.min(due + ahead, limit);
    for (let i = from; i < limit; i++) if (state[i] === 0) return i;
    for (let i = from - 1; i >= front; i--) if (state[i] === 0) return i;
    return -1;
  };
  /** The chunk yielded last: the caller may still be writing it (see `reuse`). */
  let writing: T | undefined;
  while (due < count) {
    while (there && inFlight < poolDepth && (inFlight > 0 || !ready || ready())) {
      const i = forPool();
      if (i < 0) break;
      state[i] = CLAIMED;
      sentAt[i] = performance.now();
      inFlight++;
      const encoded = there(i).then((chunk) => {
        inFlight--;
        // Made here meanwhile (a backup) and maybe yielded already: this copy is not needed, its memory is.
        if (state[i] === MADE || i < due) return release?.(chunk);
        results[i] = chunk;
        state[i] = MADE;
      }, (error) => {
        inFlight--;
        if (state[i] !== MADE && i >= due) throw error; // a backup's failed copy is not needed either
      });
      encoded.catch(() => {}); // a chunk left behind by an early stop must not go unhandled
      pending[i] = encoded;
    }
    if (state[due] === MADE) {
      const chunk = results[due] as T;
      results[due] = undefined;
      pending[due] = undefined;
      due++;
      yield chunk;
      // Asked for the next: the caller is done with the one before this (see `reuse`).
      if (writing !== undefined) release?.(writing);
      writing = chunk;
      continue;
    }
    const mine = here ? nearest() : -1;
    if (mine >= 0) {
      // The chunk due, or (while a helper makes that one) the nearest one nobody has taken.
      state[mine] = CLAIMED;
      const started = performance.now();
      results[mine] = here!(mine);
      const took = performance.now() - started;
      hereMs = hereMs === Infinity ? took : (hereMs + took) / 2;
      state[mine] = MADE;
      // Let the pool's answers in before looking again.
      if (there) await new Promise((resolve) => setImmediate(resolve));
    } else if (here && performance.now() - sentAt[due] > 2 * hereMs) {
      // Nothing left to take, and the chunk due has been with a helper twice as long as this thread takes for
      // one: a helper still warming up (its first chunks), or descheduled on a busy machine. Make it here too,
      // the same bytes, rather than wait; whichever copy comes second is dropped.
      results[due] = here(due);
      state[due] = MADE;
    } else {
      // Being made elsewhere, and nothing left to take: wait for it, or until it is late enough to back up.
      const late = here ? 2 * hereMs - (performance.now() - sentAt[due]) : Infinity;
      await (late < Infinity ? Promise.race([pending[due], new Promise((resolve) => setTimeout(resolve, Math.max(1, late)))]) : pending[due]);
    }
  }
}
