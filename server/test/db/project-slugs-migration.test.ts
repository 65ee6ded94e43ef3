/** Slugs are URL-safe and never read as ids, enforced by the database; the migration goes down and up again. */
import { ProjectSlugs1795306200000 } from '../../../migrations/1795306200000-ProjectSlugs';
import { createDataSource } from '../../src/db/data-source';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { sqlOn } from '../support/sql';

let database: TestDatabase;
beforeAll(async () => (database = await createTestDatabase()));
afterAll(() => database.drop());

const sql = <T = any>(query: string, params?: unknown[]) => sqlOn<T>(database.url, query, params);

const UUID = '123e4567-e89b-12d3-a456-426614174000';

it('refuses slugs that are not URL-safe or read as ids, and repairs old ones when applied', async () => {
  await expect(sql(`INSERT INTO projects (name, slug) VALUES ('a', 'Shop Demo')`)).rejects.toThrow(/projects_slug_format/);
  await expect(sql(`INSERT INTO projects (name, slug) VALUES ('a', $1)`, [UUID])).rejects.toThrow(/projects_slug_format/);
  await sql(`INSERT INTO projects (name, slug) VALUES ('a', 'shop-demo')`);

  const db = createDataSource({ url: database.url });
  await db.initialize();
  try {
    const runner = db.createQueryRunner();
    await new ProjectSlugs1795306200000().down(runner);
    await sql(`INSERT INTO projects (name, slug) VALUES ('b', $1), ('c', 'Old_Slug')`, [UUID]);
    await new ProjectSlugs1795306200000().up(runner);
    await runner.release();
  } finally {
    await db.destroy();
  }
  const slugs = (await sql(`SELECT name, slug FROM projects ORDER BY name`)).map((r) => `${r.name}:${r.slug}`);
  expect(slugs[0]).toBe('a:shop-demo');
  expect(slugs[1]).toBe(`b:p-${UUID}`);
  expect(slugs[2]).toMatch(/^c:project-[0-9a-f]{32}$/);
});
