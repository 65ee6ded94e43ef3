/**
 * sqlite3 and mysqldump schemas → import → generate → load into a database
 * created from the ORIGINAL schema (SQLite itself through sql.js, a real
 * MariaDB), every constraint in place: zero errors, and every foreign key
 * and unique key holds.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import initSqlJs from 'sql.js';
import { checkMariaDbKeys, fixture, importText, insertScripts, mariaDbQuery, type MariaDbQuery } from './load-helpers';
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

const SQLITE3 = ['/usr/bin/sqlite3', '/usr/local/bin/sqlite3'].find((p) => fs.existsSync(p));
const itWithSqlite3 = SQLITE3 ? it : it.skip;

describe('sqlite3 .schema as the sqlite3 shell prints it', () => {
  itWithSqlite3('imports what `sqlite3 FILE .schema` printed for the fixture, and its data loads', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-sqlite3-'));
    try {
      const file = path.join(dir, 'blog.db');
      // The shell's build may lack fts modules: the virtual table is left out of the database it prints.
      const schema = fixture('sqlite3-schema.sql').replace(/CREATE VIRTUAL TABLE[^;]*;/, '').replace('CREATE TABLE sqlite_sequence(name,seq);', '');
      expect(spawnSync(SQLITE3!, [file], { input: schema, encoding: 'utf8' }).status).toBe(0);
      const printed = spawnSync(SQLITE3!, [file, '.schema'], { encoding: 'utf8' }).stdout;
      expect(printed).toMatch(/CREATE TABLE/);
      const { document } = await importText('SQLITE_DDL', printed);
      const SQL = await initSqlJs();
      const db = new SQL.Database();
      try {
        db.exec(printed.replace(/CREATE TABLE sqlite_sequence\(name,seq\);/, ''));
        db.exec('PRAGMA foreign_keys = ON; BEGIN; PRAGMA defer_foreign_keys = ON;');
        for (const script of (await insertScripts(document, 'sqlite')).scripts) db.exec(script.sql);
        db.exec('COMMIT');
        expect(db.exec('PRAGMA foreign_key_check')).toEqual([]);
        expect(db.exec('SELECT count(*) FROM post_tags')[0].values[0][0]).toBeGreaterThan(0);
      } finally {
        db.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
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

  // The server starts in beforeAll: looked up when a query runs.
  const sqlIn = (database: string) => (script: string) => mariaDbQuery(mariadb, database)(script);
  const sql = sqlIn('shop');

  /** Loaded with FOREIGN_KEY_CHECKS=0: every foreign key and every unique key of the database holds once all rows are in. */
  const expectKeysHold = (query: MariaDbQuery, database: string) => {
    const keys = checkMariaDbKeys(query, database);
    expect(keys.broken).toEqual([]);
    // The fixture's keys (6 foreign keys; 7 primary keys and 4 unique keys) were all found.
    expect(keys.foreignKeys).toBeGreaterThanOrEqual(6);
    expect(keys.uniqueKeys).toBeGreaterThanOrEqual(11);
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
    expectKeysHold(sql, 'shop');
    expect(Number(sql('SELECT count(*) FROM orders WHERE shipped_at < ordered_at'))).toBe(0);
    expect(Number(sql('SELECT count(*) FROM customer WHERE referrer_id IS NOT NULL'))).toBeGreaterThan(0);
  }, 120_000);

  const DUMP = ['/usr/bin/mariadb-dump', '/usr/bin/mysqldump', '/usr/local/bin/mariadb-dump'].find((p) => fs.existsSync(p));
  (DUMP ? it : it.skip)('imports real `mariadb-dump --no-data --routines --triggers` output, and its data loads into a database made from it', async () => {
    const socket = sql('SELECT @@socket');
    const dump = spawnSync(DUMP!, ['--no-defaults', `--socket=${socket}`, '--user=root', '--no-data', '--routines', '--triggers', 'shop'], { encoding: 'utf8' });
    expect(dump.status).toBe(0);
    expect(dump.stdout).toMatch(/\/\*!40101 SET/);
    expect(dump.stdout).toMatch(/DELIMITER ;;/);
    const { document, skipped } = await importText('MYSQL_DDL', dump.stdout);
    expect(document.tables.map((t) => t.name).sort()).toEqual(['category', 'customer', 'order_item', 'orders', 'page_view', 'product', 'product_category']);
    expect(skipped.map((x) => x.kind)).toEqual(expect.arrayContaining(['view', 'trigger', 'function']));
    expect(mariadb.client('mysql', 'CREATE DATABASE shop3 CHARACTER SET utf8mb4').status).toBe(0);
    expect(mariadb.client('shop3', dump.stdout).stderr).toBe('');
    const { scripts } = await insertScripts(document, 'mysql', 3);
    const load = mariadb.client('shop3', ['SET NAMES utf8mb4;', 'SET FOREIGN_KEY_CHECKS = 0;', ...scripts.map((x) => x.sql)].join('\n'));
    expect(load.stderr).toBe('');
    for (const script of scripts) expect(Number(mariadb.client('shop3', `SELECT count(*) FROM \`${script.table}\``, '--batch', '--skip-column-names').stdout.trim())).toBe(script.rows);
    expectKeysHold(sqlIn('shop3'), 'shop3');
  }, 120_000);

  it('imports the schema as MariaDB itself writes it (SHOW CREATE TABLE, what mariadb-dump prints), and its data loads', async () => {
    const tables = sql("SELECT table_name FROM information_schema.tables WHERE table_schema = 'shop' AND table_type = 'BASE TABLE' ORDER BY create_time, table_name").split('\n');
    // `--raw` keeps the statement's line breaks as mariadb-dump writes them.
    const ddl = tables.map((t) => `${mariadb.client('shop', `SHOW CREATE TABLE \`${t}\``, '--batch', '--raw', '--skip-column-names').stdout.split('\t').slice(1).join('\t').trim()};`).join('\n\n');
    expect(ddl).toMatch(/ENGINE=InnoDB/);
    const { document } = await importText('MYSQL_DDL', `SET FOREIGN_KEY_CHECKS=0;\n${ddl}`);
    expect(document.tables.map((t) => t.name).sort()).toEqual([...tables].sort());
    expect(mariadb.client('mysql', 'CREATE DATABASE shop2 CHARACTER SET utf8mb4').status).toBe(0);
    const create = mariadb.client('shop2', `SET FOREIGN_KEY_CHECKS=0;\n${ddl}`);
    expect(create.stderr).toBe('');
    const { scripts } = await insertScripts(document, 'mysql', 2);
    const load = mariadb.client('shop2', ['SET NAMES utf8mb4;', 'SET FOREIGN_KEY_CHECKS = 0;', ...scripts.map((x) => x.sql)].join('\n'));
    expect(load.stderr).toBe('');
    expect(Number(mariadb.client('shop2', 'SELECT count(*) FROM order_item', '--batch', '--skip-column-names').stdout.trim())).toBeGreaterThan(0);
    expectKeysHold(sqlIn('shop2'), 'shop2');
  }, 120_000);
});
