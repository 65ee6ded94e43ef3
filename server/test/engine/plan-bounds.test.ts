import { fc } from '../support/fast-check';
import { ChunkEncoder, ChunkWorkerPool, compileBlueprint, compileBlueprintAsync, streamTable, validateBlueprint, type Plan } from '@seedbed/engine';
import type { BlueprintDocument, PerParentRows } from '../../../packages/engine/src/document/types';
import type { LayoutRequest } from '../../../packages/engine/src/parallel/protocol';
import { checkRowBounds } from '../../../packages/engine/src/plan/bounds';
import { childCountFn, maxChildren, PerParentLayout } from '../../../packages/engine/src/plan/layout';
import { LayoutCache, layoutCache, layoutKey } from '../../../packages/engine/src/plan/layout-cache';
import { CellRng } from '../../../packages/engine/src/random/cell-rng';
import { cellSeed, streamKey } from '../../../packages/engine/src/random/hash';
import { collect, doc, engineRefusal, table } from './helpers';

const BILLION = 1_000_000_000;

/** users → orders (per user) → items (per order). */
function family(users: number, orders: PerParentRows | Omit<PerParentRows, 'perParent'>, items?: Omit<PerParentRows, 'perParent'>): BlueprintDocument {
  return doc([
    table('users', users, [{ name: 'id', generator: 'sequence' }, { name: 'name', generator: 'person.firstName' }], 'id'),
    table('orders', { perParent: 'users', ...orders }, [
      { name: 'id', generator: 'sequence' },
      { name: 'user_id', generator: 'ref', options: { table: 'users' } },
      { name: 'owner', generator: 'formula', options: { expr: "users.name & '#' & user_id" } },
    ], 'id'),
    ...(items ? [table('items', { perParent: 'orders', ...items }, [
      { name: 'order_id', generator: 'ref', options: { table: 'orders' } },
      { name: 'user_id', generator: 'ref', options: { table: 'users' } },
    ])] : []),
  ]);
}


/** A pool that counts what it is asked to lay out. */
function counting(pool: ChunkWorkerPool) {
  const requests: LayoutRequest[] = [];
  return {
    requests,
    threadCount: pool.threadCount,
    layoutTotals(request: LayoutRequest) {
      requests.push(request);
      return pool.layoutTotals(request);
    },
  };
}

let pool: ChunkWorkerPool;
beforeAll(() => {
  pool = new ChunkWorkerPool(2);
});
afterAll(() => pool.close());
beforeEach(() => layoutCache.clear());

describe('row bounds, before any layout', () => {
  it('bounds each distribution by the most children one parent can get', () => {
    expect(maxChildren({ perParent: 'p', min: 2, max: 7 })).toBe(7);
    expect(maxChildren({ perParent: 'p', min: 3 })).toBe(3);
    expect(maxChildren({ perParent: 'p', distribution: 'zipf', min: 1, max: 50 })).toBe(50);
    expect(maxChildren({ perParent: 'p', distribution: 'zipf', min: 1 })).toBe(101);
    expect(maxChildren({ perParent: 'p', distribution: 'zipf', max: 5_000_000 })).toBe(100_000);
    expect(maxChildren({ perParent: 'p', distribution: 'poisson', mean: 4 })).toBe(4 + 20 + 10);
    expect(maxChildren({ perParent: 'p', distribution: 'poisson', mean: 10_000 })).toBe(10_000 + 1000 + 10);
    expect(maxChildren({ perParent: 'p', distribution: 'poisson', mean: 4, max: 6 })).toBe(6);
    expect(maxChildren({ perParent: 'p', distribution: 'poisson', mean: 1, min: 50 })).toBe(50);
  });

  it('adds up parents × children through every level, parents included', () => {
    const plan = family(1000, { min: 0, max: 5 }, { distribution: 'poisson', mean: 4 });
    expect(checkRowBounds(plan, {}, [0, 1, 2])).toEqual([1000, 5000, 5000 * 34]);
    expect(checkRowBounds(plan, { users: 10 }, [0, 1, 2])).toEqual([10, 50, 50 * 34]);
  });

  it('refuses a billion parents with up to five children each, at the child table and without walking them', () => {
    const error = engineRefusal(() => compileBlueprint(family(BILLION, { min: 0, max: 5 }), { maxRows: BILLION }));
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', path: 'tables[1].rows' });
    expect(error.message).toContain('6,000,000,000');
    expect(error.message).toContain('at most 1,000,000,000');
  });

  it('refuses fixed counts and row overrides over the limit at their table', () => {
    expect(engineRefusal(() => compileBlueprint(family(5 * BILLION, { min: 0, max: 5 }), { maxRows: BILLION }))).toMatchObject({ path: 'tables[0].rows' });
    expect(engineRefusal(() => compileBlueprint(family(10, { min: 0, max: 5 }), { maxRows: BILLION, rowOverrides: { users: 2 * BILLION } }))).toMatchObject({ path: 'tables[0].rows' });
    expect(engineRefusal(() => compileBlueprint(family(10, { min: 0, max: 5 }), { maxRows: 50, rowOverrides: { users: 20 } }))).toMatchObject({ path: 'tables[1].rows' });
    expect(compileBlueprint(family(10, { min: 0, max: 5 }), { maxRows: 60 }).table('users').layout.rows).toBe(10);
  });

  it('never lets a total pass 2^53, even with no limit given', () => {
    const error = engineRefusal(() => compileBlueprint(family(10 ** 15, { min: 0, max: 100_000 })));
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', path: 'tables[1].rows' });
    expect(error.message).toContain('9,007,199,254,740,991');
  });

  it.each([
    ['a poisson mean of 1e308', { distribution: 'poisson', mean: 1e308 }, 'tables[1].rows.mean'],
    ['an infinite poisson mean', { distribution: 'poisson', mean: Infinity }, 'tables[1].rows.mean'],
    ['a NaN poisson mean', { distribution: 'poisson', mean: NaN }, 'tables[1].rows.mean'],
    ['a huge zipf exponent', { distribution: 'zipf', exponent: 1e9 }, 'tables[1].rows.exponent'],
    ['a max beyond 2^32', { min: 0, max: 5e9 }, 'tables[1].rows.max'],
    ['a negative min', { min: -1, max: 3 }, 'tables[1].rows.min'],
    ['a fractional max', { min: 0, max: 2.5 }, 'tables[1].rows.max'],
    ['min above max', { min: 4, max: 3 }, 'tables[1].rows'],
  ])('refuses %s with its path', (_, spec, path) => {
    const broken = family(10, spec as Omit<PerParentRows, 'perParent'>);
    expect(validateBlueprint(broken).map((i) => i.path).some((p) => p.startsWith(path))).toBe(true);
    expect(engineRefusal(() => compileBlueprint(broken)).path).toMatch(new RegExp(`^${path.replace(/[[\].]/g, '\\$&')}`));
  });

  it('clamps poisson counts to their bound, which changes no count where a max was already given', () => {
    // main's draw, kept here as the reference.
    const reference = (mean: number, min: number, max: number, key = streamKey(1, 'orders', '#rows')) => {
      const rng = new CellRng();
      const limit = Math.exp(-mean);
      return (p: number) => {
        rng.reset(cellSeed(key, p));
        let k: number;
        if (mean < 30) {
          k = -1;
          for (let prod = 1; prod > limit; k++) prod *= rng.float53() || Number.MIN_VALUE;
        } else {
          const z = Math.sqrt(-2 * Math.log(rng.float53() || Number.MIN_VALUE)) * Math.cos(2 * Math.PI * rng.float53());
          k = Math.round(mean + Math.sqrt(mean) * z);
        }
        return Math.min(max, Math.max(min, k));
      };
    };
    for (const [mean, min, max] of [[3, 0, 5], [0.5, 1, 2], [40, 10, 45], [200, 0, Infinity], [7, 0, Infinity]]) {
      const spec: PerParentRows = { perParent: 'users', distribution: 'poisson', mean, min, ...(max === Infinity ? {} : { max }) };
      const bound = maxChildren(spec);
      const ours = childCountFn(spec, streamKey(1, 'orders', '#rows'));
      const theirs = reference(mean, min, max);
      for (let p = 0; p < 20_000; p++) {
        const count = ours(p);
        expect(count).toBeLessThanOrEqual(bound);
        if (count !== theirs(p)) throw new Error(`parent ${p} of ${JSON.stringify(spec)}: ${count} ≠ ${theirs(p)}`);
      }
    }
  });
});

/** Every table's rows, and the parent of sampled rows of each per-parent table. */
function shapeOf(plan: Plan, samples: number[]) {
  return plan.tables.map((t) => ({
    name: t.name,
    rows: t.layout.rows,
    parents: t.layout.parentOf ? samples.map((s) => Math.floor(s * t.layout.rows)).filter((r) => r < t.layout.rows).map((r) => t.layout.parentOf!(r)) : [],
  }));
}

describe('layouts counted off the calling thread', () => {
  const spec = fc.oneof(
    fc.record({ min: fc.integer({ min: 0, max: 3 }), max: fc.integer({ min: 3, max: 9 }) }),
    fc.record({ distribution: fc.constant('poisson' as const), mean: fc.double({ min: 0.1, max: 60, noNaN: true }) }),
    fc.record({ distribution: fc.constant('zipf' as const), exponent: fc.double({ min: 0.5, max: 3, noNaN: true }), max: fc.integer({ min: 1, max: 40 }) }),
  );

  it('gives the same totals and parents as the layout walked in place, for any spec', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 30_000 }), spec, fc.integer({ min: 0, max: 1000 }), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 20 }),
        async (users, orders, seed, samples) => {
          const document = family(users, orders, { min: 0, max: 2 });
          const workers = counting(pool);
          const offThread = await compileBlueprintAsync(document, { seed, pool: workers, inlineParents: 0 });
          layoutCache.clear();
          const walked = compileBlueprint(document, { seed });
          expect(shapeOf(offThread, samples)).toEqual(shapeOf(walked, samples));
          // Every layout with parents at all was counted by the pool (none is inline here).
          const counted = [['orders', 'users'], ['items', 'orders']].filter(([, parent]) => walked.table(parent).layout.rows > 0).map(([name]) => name);
          expect([...new Set(workers.requests.map((r) => r.table))]).toEqual(counted);
        }),
      { numRuns: 25 },
    );
  });

  it('lays out nothing in the calling thread: the plan arrives resolved, and the next one comes from the cache', async () => {
    const document = family(300_000, { distribution: 'poisson', mean: 3 }, { min: 1, max: 3 });
    const workers = counting(pool);
    const plan = await compileBlueprintAsync(document, { pool: workers, maxRows: BILLION });
    for (const name of ['orders', 'items']) expect((plan.table(name).layout as PerParentLayout).resolved).toBe(true);
    expect(new Set(workers.requests.map((r) => r.table))).toEqual(new Set(['orders', 'items']));
    // ~300 blocks of users in one task; items (parents ≈ 900k) in a few, spread over both threads.
    expect(workers.requests.filter((r) => r.table === 'items').length).toBeGreaterThanOrEqual(1);

    const again = counting(pool);
    const second = await compileBlueprintAsync(document, { pool: again, maxRows: BILLION });
    expect(again.requests).toEqual([]);
    expect(second.table('items').layout.rows).toBe(plan.table('items').layout.rows);
  });

  it('makes the same CSV bytes as the plan compiled in place, here and in worker threads rebuilding it', async () => {
    const document = family(70_000, { min: 0, max: 3 }, { distribution: 'zipf', exponent: 1.2, max: 6 });
    const offThread = await compileBlueprintAsync(document, { seed: 5, pool, inlineParents: 1000 });
    layoutCache.clear();
    const walked = compileBlueprint(document, { seed: 5 });
    for (const name of ['orders', 'items']) {
      const rows = walked.table(name).layout.rows;
      expect(offThread.table(name).layout.rows).toBe(rows);
      const from = Math.max(0, rows - 3000);
      const mine = new ChunkEncoder(offThread).encode(name, 'csv', 'postgres', 0, from, rows);
      expect(mine.equals(new ChunkEncoder(walked).encode(name, 'csv', 'postgres', 0, from, rows))).toBe(true);
      // Pool threads get the layouts with the plan and must make the same bytes from them.
      const pooled = await collect(streamTable(offThread, name, 'csv', { offset: from, workers: 2, chunkRows: 500 }));
      expect(pooled).toBe(await collect(streamTable(walked, name, 'csv', { offset: from })));
    }
  });

  it('refuses on bounds before asking the pool for anything', async () => {
    const workers = counting(pool);
    await expect(compileBlueprintAsync(family(BILLION, { min: 0, max: 5 }), { pool: workers, maxRows: BILLION })).rejects.toMatchObject({ code: 'BAD_USER_INPUT', path: 'tables[1].rows' });
    expect(workers.requests).toEqual([]);
  });
});

describe('the layout cache', () => {
  it('keeps the most recently used layouts within its byte cap', () => {
    const cache = new LayoutCache(3 * 800);
    const layout = () => new Float64Array(100); // 800 bytes
    cache.set('a', layout());
    cache.set('b', layout());
    cache.set('c', layout());
    cache.get('a');
    cache.set('d', layout());
    expect(['a', 'b', 'c', 'd'].filter((k) => cache.get(k))).toEqual(['a', 'c', 'd']);
    cache.set('huge', new Float64Array(1000));
    expect(cache.get('huge')).toBeUndefined();
  });

  it('keys on everything the counts depend on', () => {
    const spec: PerParentRows = { perParent: 'users', min: 0, max: 5 };
    const key = layoutKey(1, 'orders', spec, 1000);
    expect(layoutKey(1, 'orders', { ...spec, perParent: 'USERS' }, 1000)).toBe(key);
    for (const other of [
      layoutKey(2, 'orders', spec, 1000),
      layoutKey(1, 'Orders', spec, 1000),
      layoutKey(1, 'orders', { ...spec, max: 6 }, 1000),
      layoutKey(1, 'orders', { ...spec, distribution: 'zipf' }, 1000),
      layoutKey(1, 'orders', spec, 1001),
    ]) expect(other).not.toBe(key);
  });
});
