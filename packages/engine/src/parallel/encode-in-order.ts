import type { Plan } from '../plan/types';
import type { ChunkEncoder } from '../stream/chunks';
import type { ChunkRequest, ChunkWorkerPool } from './worker-pool';

export interface EncodeInOrderOptions {
  /** Helper threads; without one, every chunk is encoded in this thread. */
  pool?: ChunkWorkerPool;
  /** Chunks the pool keeps in flight (default 2). */
  poolDepth?: number;
  /** Chunks encoded or in flight ahead of the one due (default 6): bounds memory. */
  window?: number;
}

/**
 * The chunks of `requests`, encoded by this thread and a pool's threads
 * together and yielded strictly in order: Seedbed's one ordered-parallel
 * mechanism for streams (`streamTable`, and so the rows API, the CLI and the
 * database loader, uses it; run shards do not: each is written whole by the
 * thread that encodes it, see `shard-writer.ts`). The pool keeps a few
 * chunks in flight ahead; whenever the chunk due is not back yet, this
 * thread encodes the next unclaimed one itself instead of waiting,
 * unless `local` is null (a server keeping its event loop free), when it
 * waits. So this thread and its helpers share the work whatever their speeds,
 * and the bytes are those of `ChunkEncoder.encode` for every request,
 * whoever made them. Stopping early (`return`) sends no more chunks; those
 * in flight finish and are dropped.
 */
export function encodeInOrder(plan: Plan, requests: readonly ChunkRequest[], local: ChunkEncoder | null, options: EncodeInOrderOptions = {}): AsyncGenerator<Buffer> {
  const { pool } = options;
  const here = local && ((i: number) => {
    const { table, format, dialect, streamStart, from, to, output, deferRefs } = requests[i];
    return local.encode(table, format, dialect, streamStart, from, to, output, undefined, deferRefs);
  });
  return inOrder(requests.length, here, pool && ((i: number) => pool.encode(plan, requests[i])), options);
}

/**
 * The mechanism of `encodeInOrder` for any kind of chunk: `count` chunks made
 * by `here(i)` in this thread or `there(i)` in a pool's, yielded in order.
 */
export async function* inOrder<T>(
  count: number,
  here: ((i: number) => T) | null,
  there: ((i: number) => Promise<T>) | undefined,
  { poolDepth = 2, window = 6 }: Pick<EncodeInOrderOptions, 'poolDepth' | 'window'> = {},
): AsyncGenerator<T> {
  if (!here && !there) throw new Error('encodeInOrder needs this thread or a pool');
  const results: (T | Promise<T> | undefined)[] = new Array(count);
  const made: boolean[] = new Array(count).fill(false);
  const local = (i: number) => {
    results[i] = here!(i);
    made[i] = true;
  };
  let inFlight = 0;
  let claimed = 0;
  for (let due = 0; due < count; ) {
    while (there && inFlight < poolDepth && claimed < count && claimed - due < window) {
      const i = claimed++;
      inFlight++;
      const encoded = there(i).then((chunk) => {
        inFlight--;
        results[i] = chunk;
        made[i] = true;
        return chunk;
      });
      encoded.catch(() => {}); // a chunk left behind by an early stop must not go unhandled
      results[i] = encoded;
    }
    const next = results[due];
    if (made[due]) {
      results[due] = undefined;
      made[due++] = false;
      yield next as T;
    } else if (next && (!here || claimed >= count || claimed - due >= window)) {
      await next; // nothing left to take (or nobody here to take it): wait for it
    } else {
      // The chunk due is unclaimed (make it), or still being made elsewhere (make a later one meanwhile).
      local(claimed++);
      // Let the pool's answers in before looking again.
      if (there) await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
