/** The mock overlay's table: bounded per blueprint across its revisions and seeds, gone with its blueprint; the migration goes down and up again. */
import { MockOverlay1795306300000 } from '../../../migrations/1795306300000-MockOverlay';
import { createDataSource } from '../../src/db/data-source';
import { PgOverlayStore } from '../../src/modules/mock/pg-overlay-store';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { sqlOn } from '../support/sql';

let database: TestDatabase;
beforeAll(async () => (database = await createTestDatabase()));
afterAll(() => database.drop());

const sql = <T = any>(query: string, params?: unknown[]) => sqlOn<T>(database.url, query, params);

it('keeps at most the bound of rows per blueprint, whatever the seed, rewrites in place, forgets on reset and with the blueprint', async () => {
  const [project] = await sql(`INSERT INTO projects (name, slug) VALUES ('p', 'p-overlay') RETURNING id`);
  const [blueprint] = await sql(`INSERT INTO blueprints (project_id, name, locale, default_seed, current_revision) VALUES ($1, 'b', 'en', 0, 1) RETURNING id`, [project.id]);
  const db = createDataSource({ url: database.url });
  await db.initialize();
  try {
    const store = new PgOverlayStore(db, { blueprintId: blueprint.id, revision: 1, seed: 7 }, 2);
    const other = new PgOverlayStore(db, { blueprintId: blueprint.id, revision: 1, seed: 8 }, 2);
    await store.put({ table: 'users', key: '1', baseIndex: 0, values: { id: 1, name: 'Ada' } });
    await store.put({ table: 'users', key: '2', baseIndex: null, values: { id: 2 } });
    await expect(store.put({ table: 'users', key: '3', baseIndex: null, values: { id: 3 } })).rejects.toMatchObject({ code: 'BAD_USER_INPUT' });
    // Another seed is another mock of the same blueprint: it shares the bound, and the refusal says which mock holds the rows.
    await expect(other.put({ table: 'users', key: '1', baseIndex: 0, values: { id: 1 } })).rejects.toMatchObject({
      code: 'BAD_USER_INPUT',
      message: "This blueprint's mocks hold 2 changed rows together (revision 1 seed 7: 2); call resetMock on one to start over.",
    });
    // A row already there is rewritten, whatever the bound.
    await store.put({ table: 'users', key: '1', baseIndex: 0, values: null });
    const overlay = await store.load();
    expect(overlay.ofBase('users', 0)?.values).toBeNull();
    expect(overlay.created('users').map((e) => e.key)).toEqual(['2']);
    expect(await store.reset()).toBe(2);
    await other.put({ table: 'users', key: '1', baseIndex: 0, values: { id: 1 } });
    expect((await other.load()).ofKey('users', '1')?.values).toEqual({ id: 1 });
    expect((await store.load()).empty).toBe(true);

    await sql(`DELETE FROM blueprints WHERE id = $1`, [blueprint.id]);
    expect(await sql(`SELECT * FROM mock_overlay_rows`)).toEqual([]);

    const runner = db.createQueryRunner();
    await new MockOverlay1795306300000().down(runner);
    expect(await sql(`SELECT to_regclass('mock_overlay_rows') AS t`)).toEqual([{ t: null }]);
    await new MockOverlay1795306300000().up(runner);
    await runner.release();
    expect(await sql(`SELECT mock_origins FROM projects WHERE id = $1`, [project.id])).toEqual([{ mock_origins: [] }]);
  } finally {
    await db.destroy();
  }
});
