/** The caller budgets' tables (issue 23 row 7) go down and up again, and hold what the counters write. */
import { CallerBudgets1795306460000 } from '../../../migrations/1795306460000-CallerBudgets';
import { createDataSource } from '../../src/db/data-source';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { sqlOn } from '../support/sql';

let database: TestDatabase;
beforeAll(async () => (database = await createTestDatabase()));
afterAll(() => database.drop());

const sql = <T = any>(query: string, params?: unknown[]) => sqlOn<T>(database.url, query, params);
const tables = async () => (await sql(`SELECT tablename FROM pg_tables WHERE tablename IN ('rate_windows', 'rows_streams') ORDER BY 1`)).map((r) => r.tablename);

it('drops both tables going down and makes them again going up', async () => {
  expect(await tables()).toEqual(['rate_windows', 'rows_streams']);
  const db = createDataSource({ url: database.url });
  await db.initialize();
  try {
    const runner = db.createQueryRunner();
    await new CallerBudgets1795306460000().down(runner);
    expect(await tables()).toEqual([]);
    await new CallerBudgets1795306460000().up(runner);
    await runner.release();
  } finally {
    await db.destroy();
  }
  expect(await tables()).toEqual(['rate_windows', 'rows_streams']);
  await sql(`INSERT INTO rows_streams (id, subjects, expires_at) VALUES (gen_random_uuid(), ARRAY['project:p', 'key:k'], now())`);
  expect((await sql(`SELECT count(*)::int AS n FROM rows_streams WHERE subjects && ARRAY['project:p']`))[0].n).toBe(1);
});
