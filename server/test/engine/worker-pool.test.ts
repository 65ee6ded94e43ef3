/** The warm worker-thread pool: threads reused across streams, plans cached per thread, failures contained. */
import { ChunkEncoder, ChunkWorkerPool, compileBlueprint, EngineError } from '../../src/engine';
import { ParallelChunkStream } from '../../src/engine/parallel/parallel-stream';
import { PLANS_PER_WORKER } from '../../src/engine/parallel/protocol';
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
  const plan = compileBlueprint(shop(3000));
  const stream = pooled(plan, 'order_items');
  const victim = (pool as unknown as { threads: { worker: { terminate(): Promise<number> } }[] }).threads[0];
  await victim.worker.terminate();
  await expect(stream).rejects.toThrow(/exited/);
  expect(await pooled(plan, 'users')).toBe(local(plan, 'users'));
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
