/** The migration that stores documents as sent goes down and up again without losing a document. */
import { DocumentsAsSent1795305900000 } from '../../../migrations/1795305900000-DocumentsAsSent';
import { createDataSource } from '../../src/db/data-source';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { sqlOn } from '../support/sql';

let database: TestDatabase;
beforeAll(async () => (database = await createTestDatabase()));
afterAll(() => database.drop());

const sql = <T = any>(query: string, params?: unknown[]) => sqlOn<T>(database.url, query, params);

const columnTypes = async () =>
  (await sql(`SELECT table_name, data_type FROM information_schema.columns WHERE column_name = 'document' ORDER BY table_name`)).map((r) => `${r.table_name}:${r.data_type}`);

it('keeps the text of a document in json, and converts both ways', async () => {
  expect(await columnTypes()).toEqual(['blueprint_revisions:json', 'runs:json']);
  const [project] = await sql(`INSERT INTO projects (name, slug) VALUES ('p', 'p-migration') RETURNING id`);
  const [blueprint] = await sql(
    `INSERT INTO blueprints (project_id, name, locale, default_seed, current_revision) VALUES ($1, 'b', 'en', 0, 1) RETURNING id`,
    [project.id],
  );
  const text = '{"tables":[],"seedbed":1,"name":"b"}';
  await sql(`INSERT INTO blueprint_revisions (blueprint_id, number, document) VALUES ($1, 1, $2)`, [blueprint.id, text]);
  const read = async () => (await sql(`SELECT document::text AS t FROM blueprint_revisions WHERE blueprint_id = $1`, [blueprint.id]))[0].t;
  expect(await read()).toBe(text);

  const db = createDataSource({ url: database.url });
  await db.initialize();
  try {
    const runner = db.createQueryRunner();
    await new DocumentsAsSent1795305900000().down(runner);
    expect(await columnTypes()).toEqual(['blueprint_revisions:jsonb', 'runs:jsonb']);
    expect(JSON.parse(await read())).toEqual(JSON.parse(text)); // same document, jsonb's key order
    await new DocumentsAsSent1795305900000().up(runner);
    await runner.release();
  } finally {
    await db.destroy();
  }
  expect(await columnTypes()).toEqual(['blueprint_revisions:json', 'runs:json']);
  expect(JSON.parse(await read())).toEqual(JSON.parse(text));
});
