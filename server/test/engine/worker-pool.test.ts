/** The warm worker-thread pool: threads reused across streams, plans cached per thread, failures contained. */
import { ChunkEncoder, ChunkWorkerPool, compileBlueprint, encodeInOrder, EngineError } from '@seedbed/engine';
import { ParallelChunkStream } from '../../../packages/engine/src/parallel/parallel-stream';
import { PLANS_PER_WORKER } from '../../../packages/engine/src/parallel/protocol';
import { collect, doc, shop, table } from './helpers';

const pool = new ChunkWorkerPool(2);
afterAll(() => pool.close());

/** Chunks of 50 rows of a table, made by the pool, in order. */
function pooled(plan: ReturnType<typeof compileBlueprint>, name: string, workers = 2) {
  const rows = plan.table(name).layout.rows;
  return collect(new ParallelChunkStream(plan, { table: name, format: 'csv', dialect: 'postgres', start: 0, end: rows, chunkRows: 50, workers, header: '', footer: '' }, pool));
}

function local(plan: ReturnType<typeof compileBlueprint>, name: string) {
  return new ChunkEncoder(plan).encode(name, 'csv', 'postgres', 0, 0, plan.table(name).layout.rows).toString();
}

const threadIds = () => (pool as unknown as { threads: { worker: { threadId: number } }[] }).threads.map((t) => t.worker.threadId).sort();


it('keeps its threads between streams', async () => {
  const plan = compileBlueprint(shop());
  expect(await pooled(plan, 'orders')).toBe(local(plan, 'orders'));
  const first = threadIds();
  expect(first).toHaveLength(2);
  expect(await pooled(plan, 'users')).toBe(local(plan, 'users'));
  expect(threadIds()).toEqual(first);
});

it('gives each plan its own bytes when more plans interleave than a thread keeps', async () => {
  const plans = Array.from({ length: PLANS_PER_WORKER * 2 + 1 }, (_, seed) => compileBlueprint(shop(), { seed }));
  // Interleaved, so threads compile, drop and compile again plans in between.
  const outputs = await Promise.all([...plans, ...plans].map((plan) => pooled(plan, 'orders')));
  outputs.forEach((output, i) => expect(output).toBe(local(plans[i % plans.length], 'orders')));
  expect(new Set(outputs).size).toBe(plans.length);
});

it('passes engine errors on with their code and path', async () => {
  const plan = compileBlueprint(doc([table('t', 400, [{ name: 'letter', generator: 'regex', options: { pattern: '[ab]' }, unique: true }])]));
  const error = await pooled(plan, 't').catch((e) => e);
  expect(error).toBeInstanceOf(EngineError);
  expect(error).toMatchObject({ code: 'UNIQUE_EXHAUSTED', path: 'tables[0].fields[0].unique' });
});

it('fails the chunks of a thread that dies, and starts a new one for the next stream', async () => {
  // Ten million rows: far more than a loaded machine can encode before the thread is gone, so the stream is still running when it dies.
  const plan = compileBlueprint(doc([table('long', 10_000_000, [{ name: 'id', generator: 'sequence' }, { name: 'name', generator: 'person.fullName' }])]));
  const stream = pooled(plan, 'long');
  const victim = (pool as unknown as { threads: { worker: { terminate(): Promise<number> } }[] }).threads[0];
  await victim.worker.terminate();
  await expect(stream).rejects.toThrow(/exited/);
  const next = compileBlueprint(shop());
  expect(await pooled(next, 'users')).toBe(local(next, 'users'));
  expect(pool.liveThreads).toBe(2);
});

it('grows for a caller that asks for more threads, with the same bytes', async () => {
  const plan = compileBlueprint(shop());
  const three = new ChunkWorkerPool(1);
  try {
    const rows = plan.table('orders').layout.rows;
    const job = { table: 'orders', format: 'sql' as const, dialect: 'mysql' as const, start: 0, end: rows, chunkRows: 40, workers: 3, header: '', footer: '' };
    const bytes = await collect(new ParallelChunkStream(plan, job, three));
    expect(three.threadCount).toBe(3);
    expect(bytes).toBe(new ChunkEncoder(plan).encode('orders', 'sql', 'mysql', 0, 0, rows).toString());
  } finally {
    await three.close();
  }
});

it('runs its threads at the niceness asked for, leaving this thread as it was', async () => {
  const fs = await import('node:fs');
  const os = await import('node:os');
  // CI may start jest already niced: ask for more than the process has, and expect the main thread unchanged.
  const before = os.getPriority();
  const asked = Math.min(19, before + 2);
  // Field 19 of /proc/<pid>/task/<tid>/stat is the niceness; the tail after the command name is split on spaces.
  const nicenessOf = (tid: string) => {
    const stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  };
  const niceness = () => fs.readdirSync('/proc/self/task').map(nicenessOf);
  // The main thread's id is the process id (not the first listed: after the ids wrap, a later thread's may be lower).
  const mainThread = () => nicenessOf(String(process.pid));
  const nice = new ChunkWorkerPool(1, { nice: asked });
  try {
    const plan = compileBlueprint(shop());
    const rows = plan.table('users').layout.rows;
    const job = { table: 'users', format: 'csv' as const, dialect: 'postgres' as const, start: 0, end: rows, chunkRows: 40, workers: 1, header: '', footer: '' };
    expect(await collect(new ParallelChunkStream(plan, job, nice))).toBe(local(plan, 'users'));
    expect(niceness()).toContain(asked);
    expect(mainThread()).toBe(before);
  } finally {
    await nice.close();
  }
});

describe('encodeInOrder', () => {
  const plan = compileBlueprint(shop(3000));
  const requests = Array.from({ length: 40 }, (_, i) => ({
    table: 'orders', format: (['csv', 'ndjson', 'sql'] as const)[i % 3], dialect: 'postgres' as const, streamStart: 0, from: i * 60, to: i * 60 + 60,
  }));
  const expected = requests.map((r) => new ChunkEncoder(plan).encode(r.table, r.format, r.dialect, r.streamStart, r.from, r.to).toString());
  const all = async (chunks: AsyncIterable<Buffer>) => {
    const out: string[] = [];
    for await (const chunk of chunks) out.push(chunk.toString());
    return out;
  };

  it('yields every chunk in order, shared between this thread and the pool, with the same bytes', async () => {
    let pooled = 0;
    const counting = { start: () => pool.start(), readyThreads: 1, encode: (p: typeof plan, r: (typeof requests)[number]) => (pooled++, pool.encode(p, r)) } as unknown as ChunkWorkerPool;
    expect(await all(encodeInOrder(plan, requests, new ChunkEncoder(plan), { pool: counting }))).toEqual(expected);
    expect(pooled).toBeGreaterThan(0);
    expect(pooled).toBeLessThan(requests.length);
  });

  it('reuses the memory of chunks the caller is done with, in the pool and here, with the same bytes', async () => {
    const given: (ArrayBuffer | undefined)[] = [];
    const recycling = { start: () => pool.start(), readyThreads: 1, encode: (p: typeof plan, r: (typeof requests)[number], into?: ArrayBuffer) => (given.push(into), pool.encode(p, r, into)) } as unknown as ChunkWorkerPool;
    // Copied out: a chunk's memory is written again once the next is asked for.
    const copies = async (chunks: AsyncIterable<Buffer>, memory = new Set<ArrayBufferLike>()) => {
      const out: string[] = [];
      for await (const chunk of chunks) {
        out.push(chunk.toString());
        memory.add(chunk.buffer);
      }
      return out;
    };
    // The pool's chunks go out in memory handed back, but for the first ones (up to a window's worth, 6).
    expect(await copies(encodeInOrder(plan, requests, null, { pool: recycling, reuse: true }))).toEqual(expected);
    expect(given).toHaveLength(requests.length);
    expect(given.filter(Boolean).length).toBeGreaterThanOrEqual(requests.length - 6);
    // This thread's come from two sinks: the caller may still be writing one while the next is made.
    const memory = new Set<ArrayBufferLike>();
    expect(await copies(encodeInOrder(plan, requests, new ChunkEncoder(plan), { reuse: true }), memory)).toEqual(expected);
    expect(memory.size).toBe(2);
  });

  it('makes every chunk here until a thread of the pool is up', async () => {
    let pooled = 0;
    const loading = { start: () => {}, readyThreads: 0, encode: () => (pooled++, Promise.reject(new Error('not up yet'))) } as unknown as ChunkWorkerPool;
    expect(await all(encodeInOrder(plan, requests, new ChunkEncoder(plan), { pool: loading }))).toEqual(expected);
    expect(pooled).toBe(0);
  });

  it('makes the chunk due itself when a helper is late with it, and drops the late copy', async () => {
    // A helper that answers nothing until the stream is over: without a backup the stream would wait for ever.
    const late: (() => void)[] = [];
    const stalled = {
      start: () => {},
      readyThreads: 1,
      encode: (p: typeof plan, r: (typeof requests)[number]) => new Promise((resolve) => late.push(() => resolve(pool.encode(p, r)))),
    } as unknown as ChunkWorkerPool;
    expect(await all(encodeInOrder(plan, requests, new ChunkEncoder(plan), { pool: stalled, reuse: true }))).toEqual(expected);
    expect(late.length).toBeGreaterThan(0);
    for (const answer of late) answer();
    await new Promise((resolve) => setTimeout(resolve, 100)); // the late copies come in after the stream ended: dropped, no error
  });

  it('works alone without a pool', async () => {
    expect(await all(encodeInOrder(plan, requests, new ChunkEncoder(plan)))).toEqual(expected);
  });

  it('passes a failure of the pool on, and can be left early', async () => {
    const failing = { start: () => {}, readyThreads: 1, encode: () => Promise.reject(new Error('thread lost')) } as unknown as ChunkWorkerPool;
    await expect(all(encodeInOrder(plan, requests, new ChunkEncoder(plan), { pool: failing }))).rejects.toThrow('thread lost');
    for await (const chunk of encodeInOrder(plan, requests, new ChunkEncoder(plan), { pool })) {
      expect(chunk.toString()).toBe(expected[0]);
      break;
    }
  });
});
