/**
 * sqlite3 and mysqldump schemas → import → generate → load into a database
 * created from the ORIGINAL schema (SQLite itself through sql.js, a real
 * MariaDB), every constraint in place: zero errors, and every foreign key
 * and unique key holds.
 */
import initSqlJs from 'sql.js';
import { fixture, importText, insertScripts } from './load-helpers';
import { mariaDbMissing, startMariaDb, type MariaDb } from '../engine/mariadb-server';

describe('SQLite round trip', () => {
  it('loads data generated from a sqlite3 .schema import into the original schema, foreign keys on', async () => {
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    try {
      const schema = fixture('sqlite3-schema.sql');
      // `.schema` shows SQLite's own sqlite_sequence, which SQLite creates by itself.
      db.exec(schema.replace('CREATE TABLE sqlite_sequence(name,seq);', ''));
      db.exec('PRAGMA foreign_keys = ON');
      const { document, skipped } = await importText('SQLITE_DDL', schema);
      expect(skipped.map((s) => `${s.kind}:${s.name}`)).toEqual(expect.arrayContaining(['view:published_posts', 'trigger:posts_touch', 'virtual table:posts_fts', 'column:posts.word_count']));
      const { scripts } = await insertScripts(document, 'sqlite');
      // Checked at COMMIT rather than per statement: the engine writes 500 rows per INSERT, and a comment may answer one in a later INSERT.
      db.exec('BEGIN; PRAGMA defer_foreign_keys = ON;');
      for (const script of scripts) {
        try {
          db.exec(script.sql);
        } catch (error) {
          throw new Error(`loading ${script.table}: ${(error as Error).message}`);
        }
      }
      db.exec('COMMIT');
      for (const script of scripts) expect(db.exec(`SELECT count(*) FROM "${script.table}"`)[0].values[0][0]).toBe(script.rows);
      expect(db.exec('PRAGMA foreign_key_check')).toEqual([]);
      expect(db.exec("SELECT count(*) FROM posts WHERE status NOT IN ('draft', 'published', 'archived') OR edited_at < published_at")[0].values[0][0]).toBe(0);
      expect(db.exec('SELECT count(*) FROM comments WHERE parent_id IS NOT NULL')[0].values[0][0]).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  }, 60_000);
});

const describeMariaDb = mariaDbMissing ? describe.skip : describe;
if (mariaDbMissing) console.warn(`MariaDB round trip skipped: ${mariaDbMissing}`);

describeMariaDb('MariaDB round trip', () => {
  let mariadb: MariaDb;
  beforeAll(async () => {
    mariadb = await startMariaDb();
  }, 90_000);
  afterAll(() => mariadb?.stop());

  const sql = (script: string) => {
    const run = mariadb.client('shop', script, '--batch', '--skip-column-names');
    if (run.status !== 0) throw new Error(run.stderr);
    return run.stdout.trim();
  };

  it('loads data generated from a mysqldump import into the original schema with zero errors; keys hold', async () => {
    const dump = fixture('mysqldump.sql');
    expect(mariadb.client('mysql', 'CREATE DATABASE shop CHARACTER SET utf8mb4').status).toBe(0);
    sql(dump);
    const { document } = await importText('MYSQL_DDL', dump);
    const { scripts } = await insertScripts(document, 'mysql');
    // InnoDB checks a foreign key row by row, so a row may not point at one later in its own INSERT (a self-reference):
    // keys are checked below, once every row is in. CHECK, UNIQUE and NOT NULL stay enforced throughout.
    const load = ['SET NAMES utf8mb4;', 'SET FOREIGN_KEY_CHECKS = 0;', 'START TRANSACTION;', ...scripts.map((s) => s.sql), 'COMMIT;'].join('\n');
    sql(load);
    for (const script of scripts) expect(Number(sql(`SELECT count(*) FROM \`${script.table}\``))).toBe(script.rows);
    const keys = sql(`SELECT table_name, column_name, referenced_table_name, referenced_column_name FROM information_schema.key_column_usage
      WHERE table_schema = 'shop' AND referenced_table_name IS NOT NULL`).split('\n').map((line) => line.split('\t'));
    expect(keys.length).toBeGreaterThanOrEqual(5);
    for (const [table, column, parent, key] of keys) {
      const orphans = sql(`SELECT count(*) FROM \`${table}\` c LEFT JOIN \`${parent}\` p ON p.\`${key}\` = c.\`${column}\` WHERE c.\`${column}\` IS NOT NULL AND p.\`${key}\` IS NULL`);
      expect(`${table}.${column}: ${orphans}`).toBe(`${table}.${column}: 0`);
    }
    expect(Number(sql('SELECT count(*) FROM orders WHERE shipped_at < ordered_at'))).toBe(0);
    expect(Number(sql('SELECT count(*) FROM customer WHERE referrer_id IS NOT NULL'))).toBeGreaterThan(0);
  }, 120_000);
});
