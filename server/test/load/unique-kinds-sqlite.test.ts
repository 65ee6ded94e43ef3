/**
 * SQLite's unique index kinds as `sqlite3 FILE .schema` prints them: a
 * partial index (`… WHERE deleted_at IS NULL`), `COLLATE NOCASE` on an index
 * key and on a UNIQUE column, an index over an expression. Imported, then
 * loaded by Seedbed's SQLite loader into a database made from the same
 * text, where SQLite holds every index as the rows arrive.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { compileBlueprint } from '@seedbed/engine';
import { loadIntoSqlite } from '../../../packages/seedbed/src/load/sqlite-loader';
import { importText } from '../import/load-helpers';

const SCHEMA = `CREATE TABLE users (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  email TEXT NOT NULL,
  nickname TEXT NOT NULL,
  deleted_at TEXT
);
CREATE TABLE sqlite_sequence(name,seq);
CREATE UNIQUE INDEX users_email_live ON users (email) WHERE deleted_at IS NULL;
CREATE UNIQUE INDEX users_nickname_nocase ON users (nickname COLLATE NOCASE);
CREATE TABLE tags (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE
);
CREATE TABLE memberships (
  id INTEGER PRIMARY KEY,
  user_id INTEGER NOT NULL REFERENCES users (id),
  team TEXT NOT NULL,
  ended_at TEXT
);
CREATE UNIQUE INDEX memberships_one_active ON memberships (user_id) WHERE ended_at IS NULL;
CREATE UNIQUE INDEX memberships_team ON memberships (user_id, lower(team));`;

describe('SQLite unique index kinds', () => {
  it('are read from the catalog with their collation, WHERE and expressions', async () => {
    const { document } = await importText('SQLITE_DDL', SCHEMA);
    const table = (name: string) => document.tables.find((t) => t.name === name)!;
    expect(table('users').uniqueIndexes).toHaveLength(2);
    expect(table('users').uniqueIndexes).toEqual(expect.arrayContaining([
      expect.objectContaining({ name: 'users_email_live', keys: [{ col: 'email' }], where: { fn: 'isnull', args: [{ col: 'deleted_at' }] }, line: 8 }),
      expect.objectContaining({ name: 'users_nickname_nocase', keys: [{ fn: 'lower', args: [{ col: 'nickname' }] }], line: 9 }),
    ]));
    expect(table('tags').uniqueIndexes?.[0]).toMatchObject({ keys: [{ fn: 'lower', args: [{ col: 'name' }] }] });
    expect(table('memberships').uniqueIndexes?.map((u) => u.name).sort()).toEqual(['memberships_one_active', 'memberships_team']);
    // A partial index is no longer a key over every row: a user may have ended memberships besides the active one.
    expect(table('memberships').fields.find((f) => f.name === 'user_id')?.unique).toBeUndefined();
  });

  it('load into a database made from the same schema, which holds every index', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-sqlite-uniques-'));
    try {
      const file = path.join(dir, 'app.db');
      const made = new Database(file);
      made.exec(SCHEMA.replace('CREATE TABLE sqlite_sequence(name,seq);', ''));
      made.close();
      const { document } = await importText('SQLITE_DDL', SCHEMA);
      const plan = compileBlueprint(document, { seed: 3 });
      await loadIntoSqlite(plan, file, { createTables: false });
      const db = new Database(file, { readonly: true });
      try {
        const count = (sql: string) => (db.prepare(sql).get() as { n: number }).n;
        for (const name of plan.order) expect(count(`SELECT count(*) AS n FROM "${name}"`)).toBe(plan.table(name).layout.rows);
        expect(db.pragma('foreign_key_check')).toEqual([]);
        // Several memberships per user, at most one active.
        expect(count('SELECT count(*) AS n FROM (SELECT user_id FROM memberships GROUP BY user_id HAVING count(*) > 1)')).toBeGreaterThan(0);
        expect(count('SELECT count(*) AS n FROM (SELECT user_id FROM memberships WHERE ended_at IS NULL GROUP BY user_id HAVING count(*) > 1)')).toBe(0);
      } finally {
        db.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
