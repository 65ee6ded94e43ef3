/** The fair-runs migration fills its columns for runs made before it (an API key's run counts against its project), and goes down and up again. */
import { FairRuns1795306470000 } from '../../../migrations/1795306470000-FairRuns';
import { createDataSource } from '../../src/db/data-source';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { sqlOn } from '../support/sql';

let database: TestDatabase;
beforeAll(async () => (database = await createTestDatabase()));
afterAll(() => database.drop());

const sql = <T = any>(query: string, params?: unknown[]) => sqlOn<T>(database.url, query, params);

it("gives older runs an owner (their user, else their project) and their shards an order, and reverts", async () => {
  const db = createDataSource({ url: database.url });
  await db.initialize();
  const runner = db.createQueryRunner();
  try {
    await new FairRuns1795306470000().down(runner);
    const [project] = await sql(`INSERT INTO projects (name, slug) VALUES ('p', 'p-fair') RETURNING id`);
    const [user] = await sql(`INSERT INTO users (email, name, password_hash) VALUES ('fair@example.test', 'F', 'x') RETURNING id`);
    const insertRun = (requestedBy: string | null) =>
      sql(
        `INSERT INTO runs (project_id, requested_by, revision, document, seed, target, status, rows_total, shards_total)
         VALUES ($1, $2, 1, '{}', 1, '{"kind":"FILES","formats":["csv"],"dialect":"postgres","gzip":false}', 'QUEUED', 30, 3) RETURNING id`,
        [project.id, requestedBy],
      ).then(([run]) => run.id as string);
    const byUser = await insertRun(user.id);
    const byKey = await insertRun(null);
    for (const [index, table] of [[1, 'b'], [0, 'b'], [0, 'a']] as const) {
      await sql(`INSERT INTO run_shards (run_id, table_name, shard_index, from_row, to_row) VALUES ($1, $2, $3, 0, 10)`, [byUser, table, index]);
    }

    await new FairRuns1795306470000().up(runner);
    expect(await sql(`SELECT id, owner_id FROM runs ORDER BY owner_id = $1 DESC`, [user.id])).toEqual([
      { id: byUser, owner_id: user.id },
      { id: byKey, owner_id: project.id },
    ]);
    expect(await sql(`SELECT table_name, shard_index, ordinal, bytes_written FROM run_shards ORDER BY ordinal`)).toEqual([
      { table_name: 'a', shard_index: 0, ordinal: 0, bytes_written: '0' },
      { table_name: 'b', shard_index: 0, ordinal: 1, bytes_written: '0' },
      { table_name: 'b', shard_index: 1, ordinal: 2, bytes_written: '0' },
    ]);
    await new FairRuns1795306470000().down(runner);
    await new FairRuns1795306470000().up(runner);
  } finally {
    await runner.release();
    await db.destroy();
  }
});
