/**
 * The mock overlay in PostgreSQL (issue #23): read by key and by range with
 * filters evaluated in SQL (agreeing with the same filters in JavaScript, as
 * `seedbed mock`'s memory store evaluates them), bounded in rows and bytes
 * per blueprint and per project however many write at once, forgotten on
 * reset and with its blueprint; the migrations go down and up again.
 */
import { MockOverlay1795306300000 } from '../../../migrations/1795306300000-MockOverlay';
import { MockOverlayKeyed1795306450000 } from '../../../migrations/1795306450000-MockOverlayKeyed';
import { createDataSource } from '../../src/db/data-source';
import type { Filter } from '../../src/modules/mock/filter';
import { MemoryOverlayStore, type OverlayBounds, type OverlayStore } from '../../src/modules/mock/overlay';
import { PgOverlayStore } from '../../src/modules/mock/pg-overlay-store';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { sqlOn } from '../support/sql';

let database: TestDatabase;
let db: ReturnType<typeof createDataSource>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = createDataSource({ url: database.url });
  await db.initialize();
});
afterAll(async () => {
  await db?.destroy();
  await database.drop();
});

const sql = <T = any>(query: string, params?: unknown[]) => sqlOn<T>(database.url, query, params);
let made = 0;

async function blueprintOf(projectId?: string) {
  const project = projectId ?? (await sql(`INSERT INTO projects (name, slug) VALUES ('p', $1) RETURNING id`, [`p-overlay-${made++}`]))[0].id;
  const [blueprint] = await sql(`INSERT INTO blueprints (project_id, name, locale, default_seed, current_revision) VALUES ($1, 'b', 'en', 0, 1) RETURNING id`, [project]);
  return { projectId: project as string, blueprintId: blueprint.id as string };
}

const LARGE: OverlayBounds = { rows: 10_000, bytes: 20_000_000, projectRows: 50_000, projectBytes: 100_000_000 };

it('answers keyed and ranged reads with filters evaluated in SQL exactly as the memory store evaluates them', async () => {
  const ids = await blueprintOf();
  const pg = new PgOverlayStore(db, { ...ids, revision: 1, seed: 7 }, LARGE);
  const memory = new MemoryOverlayStore();
  const rows = [
    { key: '1', baseIndex: 0, values: { id: 1, name: 'Rick Sanchez', status: 'Alive', age: 70, tags: ['a'] } },
    { key: '2', baseIndex: 1, values: null },
    { key: '3', baseIndex: 2, values: { id: 3, name: 'Morty', status: 'alive', age: 14, tags: null } },
    { key: '9', baseIndex: 8, values: { id: 9, name: 'Évariste 100%_x', status: 'Dead', age: null, tags: [] } },
    { key: '101', baseIndex: null, values: { id: 101, name: 'summer', status: 'Alive', age: 17, tags: null } },
    { key: '102', baseIndex: null, values: { id: 102, name: 'Beth', status: 'unknown', age: 34.5, tags: null } },
    { key: '103', baseIndex: null, values: null },
  ];
  for (const store of [pg, memory] as OverlayStore[]) for (const r of rows) await store.put({ table: 'people', ...r });
  const filters: Filter[] = [
    { column: 'status', op: 'icontains', value: 'alive' },
    { column: 'status', op: 'eq', value: 'Alive' },
    { column: 'age', op: 'gt', value: 15 },
    { column: 'age', op: 'lte', value: '34.5' },
    { column: 'name', op: 'like', value: '%100\\%\\_x' },
    { column: 'name', op: 'ilike', value: 'r%' },
    { column: 'name', op: 'istartsWith', value: 'MOR' },
    { column: 'age', op: 'isNull', value: true },
    { column: 'id', op: 'in', value: [1, '3', 102] },
    { column: 'id', op: 'nin', value: [1] },
    { any: [{ column: 'age', op: 'lt', value: 15 }, { not: { column: 'status', op: 'ne', value: 'Dead' } }] },
    { all: [{ column: 'status', op: 'icontains', value: 'a' }, { column: 'name', op: 'endsWith', value: 'y' }] },
    { column: 'name', op: 'gt', value: 'M' },
  ];
  for (const filter of filters) {
    const [fromPg, fromMemory] = await Promise.all([pg, memory].map(async (s) => ({ changed: await s.changed('people', { from: 0, to: 5 }, filter), created: await s.createdKeys('people', filter) })));
    expect({ filter, ...fromPg }).toEqual({ filter, ...fromMemory });
  }
  expect(await pg.changed('people', { from: 0, to: 5, outside: true }, { column: 'status', op: 'eq', value: 'Dead' })).toEqual([{ index: 8, keep: true }]);
  expect((await pg.atIndices('people', [0, 1, 5])).map((e) => [e.baseIndex, e.values?.name ?? null]).sort()).toEqual([[0, 'Rick Sanchez'], [1, null]]);
  expect((await pg.ofKeys('people', ['102', 'nope'])).map((e) => e.values!.name)).toEqual(['Beth']);
  expect(await pg.counts()).toEqual(new Map([['people', { changed: 4, created: 2 }]]));
  expect(await pg.counts()).toEqual(await memory.counts());
  // A created row's key is refused while a live row holds it; a deleted one's may be taken again.
  expect(await pg.insert({ table: 'people', key: '101', baseIndex: null, values: { id: 101 } })).toBeNull();
  expect(await pg.insert({ table: 'people', key: '103', baseIndex: null, values: { id: 103 } })).toMatchObject({ key: '103' });
});

it('keeps each blueprint within its rows and bytes, and a project within its own, rewrites in place, and forgets on reset and with the blueprint', async () => {
  const bounds: OverlayBounds = { rows: 3, bytes: 400, projectRows: 4, projectBytes: 100_000 };
  const a = await blueprintOf();
  const b = await blueprintOf(a.projectId);
  const store = new PgOverlayStore(db, { ...a, revision: 1, seed: 7 }, bounds);
  const otherSeed = new PgOverlayStore(db, { ...a, revision: 1, seed: 8 }, bounds);
  const sibling = new PgOverlayStore(db, { ...b, revision: 1, seed: 7 }, bounds);
  await store.put({ table: 'users', key: '1', baseIndex: 0, values: { id: 1, name: 'Ada' } });
  await store.put({ table: 'users', key: '2', baseIndex: null, values: { id: 2 } });
  // Another seed is another mock of the same blueprint: it shares the bound, and the refusal says which mock holds the rows.
  await otherSeed.put({ table: 'users', key: '1', baseIndex: 0, values: { id: 1 } });
  await expect(otherSeed.put({ table: 'users', key: '5', baseIndex: 4, values: { id: 5 } })).rejects.toMatchObject({
    code: 'PAYLOAD_TOO_LARGE',
    message: expect.stringMatching(/^This blueprint's mocks may hold at most 3 changed rows together \(revision 1 seed 7: 2 rows, \d+ bytes; revision 1 seed 8: 1 rows, \d+ bytes\); call resetMock/),
  });
  // Bytes: a row already there may be rewritten within the bound, not past it; shrinking always passes.
  await expect(store.put({ table: 'users', key: '1', baseIndex: 0, values: { id: 1, bio: 'x'.repeat(400) } })).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringContaining('400 bytes') });
  await store.put({ table: 'users', key: '1', baseIndex: 0, values: null });
  // The project's bound counts every blueprint of it.
  await sibling.put({ table: 'users', key: '1', baseIndex: 0, values: { id: 1 } });
  await expect(sibling.put({ table: 'users', key: '2', baseIndex: 1, values: { id: 2 } })).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: expect.stringMatching(/^This project's mocks may hold at most 4 changed rows/) });
  expect(await store.reset()).toBe(2);
  await sibling.put({ table: 'users', key: '2', baseIndex: 1, values: { id: 2 } });
  expect(await sql(`SELECT rows, bytes::int FROM mock_overlay_usage WHERE blueprint_id = $1`, [a.blueprintId])).toEqual([{ rows: 1, bytes: expect.any(Number) }]);
  await sql(`DELETE FROM blueprints WHERE id = $1`, [a.blueprintId]);
  expect(await sql(`SELECT count(*)::int AS n FROM mock_overlay_rows WHERE blueprint_id = $1`, [a.blueprintId])).toEqual([{ n: 0 }]);
  expect(await sql(`SELECT count(*)::int AS n FROM mock_overlay_usage WHERE blueprint_id = $1`, [a.blueprintId])).toEqual([{ n: 0 }]);
});

it('never lets 8 concurrent writers push one blueprint past its bounds', async () => {
  const bounds: OverlayBounds = { rows: 50, bytes: 6_000, projectRows: 1_000, projectBytes: 1_000_000 };
  const ids = await blueprintOf();
  const writers = Array.from({ length: 8 }, (_, w) => new PgOverlayStore(db, { ...ids, revision: 1, seed: w % 3 }, bounds));
  const outcomes = await Promise.all(
    writers.map(async (store, w) => {
      const codes: string[] = [];
      for (let i = 0; i < 20; i++) {
        try {
          await store.put({ table: 't', key: `${w}-${i}`, baseIndex: null, values: { w, i, text: 'y'.repeat(100) } });
          codes.push('ok');
        } catch (error) {
          codes.push((error as { code: string }).code);
        }
      }
      return codes;
    }),
  );
  const [held] = await sql(`SELECT count(*)::int AS rows, sum(bytes)::int AS bytes FROM mock_overlay_rows WHERE blueprint_id = $1`, [ids.blueprintId]);
  const [usage] = await sql(`SELECT rows, bytes::int FROM mock_overlay_usage WHERE blueprint_id = $1`, [ids.blueprintId]);
  expect(held.rows).toBeLessThanOrEqual(bounds.rows);
  expect(held.bytes).toBeLessThanOrEqual(bounds.bytes);
  expect(usage).toEqual(held);
  const accepted = outcomes.flat().filter((c) => c === 'ok').length;
  expect(accepted).toBe(held.rows);
  expect(new Set(outcomes.flat())).toEqual(new Set(['ok', 'PAYLOAD_TOO_LARGE']));
  // Bytes bound first here: 160 writes of ~130 bytes would pass 6,000 bytes well before 50 rows.
  expect(held.bytes).toBeGreaterThan(bounds.bytes - 200);
});

it('migrates down and up again', async () => {
  const runner = db.createQueryRunner();
  await new MockOverlayKeyed1795306450000().down(runner);
  await new MockOverlay1795306300000().down(runner);
  expect(await sql(`SELECT to_regclass('mock_overlay_rows') AS t, to_regclass('mock_overlay_usage') AS u`)).toEqual([{ t: null, u: null }]);
  await new MockOverlay1795306300000().up(runner);
  await sql(`INSERT INTO mock_overlay_rows (blueprint_id, revision, seed, table_name, row_key, base_index, "values") SELECT id, 1, 1, 't', '1', 0, '{"a":"xyz"}' FROM blueprints LIMIT 1`);
  await new MockOverlayKeyed1795306450000().up(runner);
  await runner.release();
  expect(await sql(`SELECT bytes FROM mock_overlay_rows`)).toEqual([{ bytes: 12 }]);
  expect(await sql(`SELECT rows, bytes::int FROM mock_overlay_usage`)).toEqual([{ rows: 1, bytes: 12 }]);
});
