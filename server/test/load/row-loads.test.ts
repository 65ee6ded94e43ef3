/**
 * The MySQL/MariaDB and SQLite loads' fast paths store what the SQL script
 * stores: LOAD DATA LOCAL against joined INSERTs (MariaDB), one prepared
 * INSERT against the script run by SQLite itself; a refusal still names
 * its table, column and rows, and leaves the target as it was.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import Database from 'better-sqlite3';
import { compileBlueprint, streamBlueprintSql, streamTable, type BlueprintDocument } from '@seedbed/engine';
import { AppError } from '@seedbed/engine/errors';
import { freePort } from '../../src/db/embedded-postgres';
import { loadIntoMysql } from '../../../packages/seedbed/src/load/mysql-loader';
import { loadIntoSqlite } from '../../../packages/seedbed/src/load/sqlite-loader';
import { checkTarget } from '../../../packages/import/src/targets/target-guard';
import { mariaDbQuery } from '../import/load-helpers';
import { mariaDbMissing, startMariaDb, type MariaDb } from '../engine/mariadb-server';

/** Awkward text on purpose: tabs, line breaks, backslashes, quotes, `\N` as text, emoji; NULLs beside. */
const AWKWARD = { 'O\'Brien\t"x"': 1, 'a\\b\nc': 1, 'Zoë 🌱': 1, '\\N': 1, plain: 4 };

/** A table LOAD DATA and prepared INSERTs take (texts, numbers, dates, uuids), and one SQLite leaves to INSERTs and LOAD DATA converts as it reads (booleans, datetimes). */
const shop = (rows: number): BlueprintDocument => ({
  seedbed: 1,
  name: 'shop',
  seed: 5,
  tables: [
    {
      name: 'customers',
      rows,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence' },
        { name: 'ref', generator: 'uuid' },
        { name: 'name', generator: 'weighted', options: { values: AWKWARD }, nullRate: 0.1 },
        { name: 'born', generator: 'date.birthdate' },
        { name: 'balance', generator: 'number.float', options: { min: -500, max: 500, precision: 0.01 } },
        { name: 'visits', generator: 'number.int', options: { min: 0, max: 9_000_000_000 } },
      ],
    },
    {
      name: 'orders',
      rows: { perParent: 'customers', distribution: 'uniform', min: 0, max: 3 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence' },
        { name: 'customer_id', generator: 'ref', options: { table: 'customers' } },
        { name: 'paid', generator: 'datatype.boolean', nullRate: 0.1 },
        { name: 'placed_at', generator: 'date.recent', nullRate: 0.1 },
      ],
    },
  ],
});

const describeMariaDb = mariaDbMissing ? describe.skip : describe;
if (mariaDbMissing) console.warn(`MariaDB loads skipped: ${mariaDbMissing}`);

describeMariaDb('MariaDB: LOAD DATA LOCAL and joined INSERTs', () => {
  let mariadb: MariaDb;
  beforeAll(async () => {
    mariadb = await startMariaDb({ tcpPort: await freePort() });
  }, 90_000);
  afterAll(() => mariadb?.stop());
  const target = (db: string) => checkTarget(`mysql://root@127.0.0.1:${mariadb.port}/${db}`, { allowPrivate: true });
  const database = (name: string) => {
    expect(mariadb.client('mysql', `CREATE DATABASE ${name} CHARACTER SET utf8mb4`).status).toBe(0);
    return mariaDbQuery(mariadb, name);
  };

  it('store the same rows, byte for byte, as the INSERTs alone', async () => {
    const plan = compileBlueprint(shop(1_200));
    const [fast, slow] = [database('fast'), database('slow')];
    const progress: number[] = [];
    const loadsDone = () => Number(fast("SHOW GLOBAL STATUS LIKE 'Com_load'").split('\t')[1]);
    const before = loadsDone();
    const a = await loadIntoMysql(plan, await target('fast'), { onProgress: (n) => progress.push(n) });
    // Both tables went through LOAD DATA (orders' booleans and datetimes turned into the literals' values as read).
    expect(loadsDone() - before).toBe(2);
    const b = await loadIntoMysql(plan, await target('slow'), { loadData: false });
    expect(loadsDone() - before).toBe(2);
    expect(a).toEqual(b);
    expect(progress.at(-1)).toBe(a.rows);
    for (const table of ['customers', 'orders']) {
      const dump = (sql: typeof fast) => sql(`SELECT ${plan.table(table).fields.map((f) => `COALESCE(HEX(CAST(${f.name} AS CHAR)), 'NULL')`).join(', ')} FROM ${table} ORDER BY id`);
      expect(dump(fast)).toBe(dump(slow));
    }
    expect(fast("SELECT count(*) FROM customers WHERE name = 'a\\\\b\\nc'")).toBe(slow("SELECT count(*) FROM customers WHERE name = 'a\\\\b\\nc'"));
    expect(Number(fast('SELECT count(*) FROM customers WHERE name IS NULL'))).toBeGreaterThan(0);
    expect(Number(fast("SELECT count(*) FROM customers WHERE name = '\\\\N'"))).toBeGreaterThan(0);
  }, 60_000);

  it('a value LOAD DATA cannot store fails the load with table, column and row, and nothing is kept', async () => {
    const sql = database('narrow');
    sql('CREATE TABLE customers (id INT PRIMARY KEY, ref CHAR(36), name VARCHAR(3), born DATE, balance DECIMAL(8,2), visits BIGINT)');
    const plan = compileBlueprint({ ...shop(50), tables: [shop(50).tables[0]] });
    const error = (await loadIntoMysql(plan, await target('narrow'), { createTables: false }).catch((e) => e)) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('TARGET_REFUSED');
    expect(error.message).toMatch(/table "customers", column "name", row \d+/);
    expect(error.message).toContain('varchar(3)');
    expect(sql('SELECT count(*) FROM customers')).toBe('0');
  }, 60_000);

  it('rows keyed by a uuid, sent in key order, store what the INSERTs store; a refusal names the row the blueprint made', async () => {
    const byRef = (rows: number): BlueprintDocument => ({ ...shop(rows), tables: [{ ...shop(rows).tables[0], primaryKey: 'ref' }] });
    const plan = compileBlueprint(byRef(1_500));
    const [fast, slow] = [database('by_ref_fast'), database('by_ref_slow')];
    await loadIntoMysql(plan, await target('by_ref_fast'));
    await loadIntoMysql(plan, await target('by_ref_slow'), { loadData: false });
    const dump = (sql: typeof fast) => sql(`SELECT ${plan.table('customers').fields.map((f) => `COALESCE(HEX(CAST(${f.name} AS CHAR)), 'NULL')`).join(', ')} FROM customers ORDER BY id`);
    expect(dump(fast)).toBe(dump(slow));

    // Rows go in by ref: the first row the server refuses is the too-long name with the lowest ref, not the first generated.
    const narrow = database('by_ref_narrow');
    narrow('CREATE TABLE customers (id INT, ref CHAR(36) PRIMARY KEY, name VARCHAR(5), born DATE, balance DECIMAL(8,2), visits BIGINT)');
    const small = compileBlueprint(byRef(60));
    const rows = (await text(streamTable(small, 'customers', 'tsv', { header: false, dialect: 'mysql' }))).split('\n').slice(0, -1).map((line) => line.split('\t'));
    // Of the AWKWARD names only O'Brien's is longer than 5 characters.
    const tooLong = rows.map((cells, row) => ({ ref: cells[1], row: row + 1, long: cells[2].startsWith("O'Brien") })).filter((r) => r.long);
    const lowest = tooLong.reduce((a, b) => (b.ref < a.ref ? b : a));
    expect(lowest.row).not.toBe(tooLong[0].row);
    const error = (await loadIntoMysql(small, await target('by_ref_narrow'), { createTables: false }).catch((e) => e)) as AppError;
    expect(error.code).toBe('TARGET_REFUSED');
    expect(error.message).toContain(`table "customers", column "name", row ${lowest.row} failed`);
    expect(narrow('SELECT count(*) FROM customers')).toBe('0');
    // keyOrderBytes 0: rows go as generated, and the first too-long one is the first refused.
    const asMade = (await loadIntoMysql(small, await target('by_ref_narrow'), { createTables: false, keyOrderBytes: 0 }).catch((e) => e)) as AppError;
    expect(asMade.message).toContain(`table "customers", column "name", row ${tooLong[0].row} failed`);
  }, 60_000);

  it('a refused joined INSERT is narrowed to its 500-row batch', async () => {
    const sql = database('dupes');
    // A unique key the blueprint does not know of, and a row already there that row 1,250 repeats.
    sql('CREATE TABLE orders (id INT PRIMARY KEY, customer_id INT, paid BOOLEAN, placed_at DATETIME, UNIQUE KEY once (customer_id))');
    sql("INSERT INTO orders VALUES (99999, 1250, TRUE, '2020-01-01 00:00:00')");
    const plan = compileBlueprint({
      seedbed: 1,
      name: 'dupes',
      tables: [{ name: 'orders', rows: 1_600, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, { name: 'customer_id', generator: 'sequence' }, { name: 'paid', generator: 'datatype.boolean' }, { name: 'placed_at', generator: 'date.recent' }] }],
    });
    const error = (await loadIntoMysql(plan, await target('dupes'), { createTables: false, loadData: false }).catch((e) => e)) as AppError;
    expect(error.code).toBe('TARGET_REFUSED');
    expect(error.message).toMatch(/table "orders", rows 1001–1500 failed: Duplicate entry '1250'/);
    expect(sql('SELECT count(*) FROM orders')).toBe('1');
  }, 60_000);
});

describe('SQLite: prepared INSERTs', () => {
  let dir: string;
  beforeAll(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-sqlite-rows-'))));
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('store the values and storage classes the SQL script stores', async () => {
    const plan = compileBlueprint(shop(1_500));
    const ours = path.join(dir, 'ours.db');
    const script = path.join(dir, 'script.db');
    await loadIntoSqlite(plan, ours);
    const made = new Database(script);
    made.exec(await text(streamBlueprintSql(plan, 'sqlite')));
    made.close();
    const dump = (file: string, table: string) => {
      const db = new Database(file, { readonly: true });
      try {
        const columns = plan.table(table).fields.map((f) => `quote(${f.name}), typeof(${f.name})`).join(', ');
        return db.prepare(`SELECT ${columns} FROM ${table} ORDER BY id`).raw().all();
      } finally {
        db.close();
      }
    };
    for (const table of ['customers', 'orders']) {
      const rows = dump(ours, table);
      expect(rows.length).toBe(plan.table(table).layout.rows);
      expect(rows).toEqual(dump(script, table));
    }
  });

  it('a refused row is named exactly, and the file is as it was', async () => {
    const file = path.join(dir, 'checked.db');
    const db = new Database(file);
    db.exec('CREATE TABLE customers (id INTEGER PRIMARY KEY, ref TEXT, name TEXT, born TEXT, balance REAL, visits INTEGER CHECK (visits < 8000000000))');
    db.close();
    const plan = compileBlueprint({ ...shop(400), tables: [shop(400).tables[0]] });
    const error = (await loadIntoSqlite(plan, file, { createTables: false }).catch((e) => e)) as AppError;
    expect(error.code).toBe('TARGET_REFUSED');
    const [, from, to] = /table "customers", rows (\d+)–(\d+) failed: CHECK constraint failed/.exec(error.message) ?? [];
    expect(from).toBeDefined();
    expect(from).toBe(to);
    const after = new Database(file, { readonly: true });
    expect(after.prepare('SELECT count(*) AS n FROM customers').get()).toEqual({ n: 0 });
    after.close();
  });

  it('a row refused in the middle of a multi-row INSERT is named by its own row number', async () => {
    const file = path.join(dir, 'middle.db');
    const db = new Database(file);
    // Ids are a sequence: row 45 is the 13th of the second 32-row statement.
    db.exec('CREATE TABLE customers (id INTEGER PRIMARY KEY CHECK (id <> 45), ref TEXT, name TEXT, born TEXT, balance REAL, visits INTEGER)');
    db.exec('INSERT INTO customers (id) VALUES (1000)');
    db.close();
    const plan = compileBlueprint({ ...shop(100), tables: [shop(100).tables[0]] });
    const error = (await loadIntoSqlite(plan, file, { createTables: false }).catch((e) => e)) as AppError;
    expect(error.code).toBe('TARGET_REFUSED');
    expect(error.message).toMatch(/table "customers", rows 45–45 failed: CHECK constraint failed/);
    const after = new Database(file, { readonly: true });
    expect(after.prepare('SELECT id FROM customers').all()).toEqual([{ id: 1000 }]);
    after.close();
  });

  describe('a big table, its last rows bound by a helper thread', () => {
    const big = (rows: number): BlueprintDocument => ({ ...shop(rows), tables: [shop(rows).tables[0]] });
    const scratchDirs = () => fs.readdirSync(os.tmpdir()).filter((f) => f.startsWith('seedbed-sqlite-')).length;

    it('stores the rows, storage classes and rowids the SQL script stores, and leaves no scratch file', async () => {
      // Keyed by a uuid: the rowid is SQLite's own, given in the order rows arrive.
      const plan = compileBlueprint({ ...big(50_000), tables: [{ ...big(50_000).tables[0], primaryKey: 'ref' }] });
      const ours = path.join(dir, 'big-ours.db');
      const script = path.join(dir, 'big-script.db');
      const before = scratchDirs();
      await loadIntoSqlite(plan, ours, { workers: 2 });
      expect(scratchDirs()).toBe(before);
      const made = new Database(script);
      made.exec(await text(streamBlueprintSql(plan, 'sqlite')));
      made.close();
      const dump = (file: string) => {
        const db = new Database(file, { readonly: true });
        try {
          const columns = plan.table('customers').fields.map((f) => `quote(${f.name}), typeof(${f.name})`).join(', ');
          return db.prepare(`SELECT _rowid_, ${columns} FROM customers ORDER BY _rowid_`).raw().all();
        } finally {
          db.close();
        }
      };
      const rows = dump(ours);
      expect(rows.length).toBe(50_000);
      expect(rows).toEqual(dump(script));
    }, 60_000);

    it("names a row refused in the helper's part, and leaves the file as it was", async () => {
      const file = path.join(dir, 'big-checked.db');
      const db = new Database(file);
      db.exec('CREATE TABLE customers (id INTEGER PRIMARY KEY CHECK (id <> 45555), ref TEXT, name TEXT, born TEXT, balance REAL, visits INTEGER)');
      db.close();
      const before = fs.readFileSync(file);
      const error = (await loadIntoSqlite(compileBlueprint(big(50_000)), file, { createTables: false }).catch((e) => e)) as AppError;
      expect(error.code).toBe('TARGET_REFUSED');
      expect(error.message).toMatch(/table "customers", rows 45555–45555 failed: CHECK constraint failed/);
      expect(fs.readFileSync(file).equals(before)).toBe(true);
    }, 60_000);

    it('without a temporary folder to write in, the loading thread binds every row itself', async () => {
      const file = path.join(dir, 'big-no-tmp.db');
      const notADir = path.join(dir, 'not-a-folder');
      fs.writeFileSync(notADir, '');
      const saved = process.env.TMPDIR;
      process.env.TMPDIR = notADir;
      try {
        expect((await loadIntoSqlite(compileBlueprint(big(50_000)), file)).rows).toBe(50_000);
      } finally {
        process.env.TMPDIR = saved;
      }
      const db = new Database(file, { readonly: true });
      expect(db.prepare('SELECT count(*) AS n, max(id) AS last FROM customers').get()).toEqual({ n: 50_000, last: 50_000 });
      db.close();
    }, 60_000);

    it('an interrupt while the helper works stops it, removes its scratch file and the file the load created', async () => {
      const file = path.join(dir, 'big-aborted.db');
      const before = scratchDirs();
      const controller = new AbortController();
      const error = await loadIntoSqlite(compileBlueprint(big(50_000)), file, { signal: controller.signal, onProgress: () => controller.abort(new Error('stopped')) }).catch((e) => e);
      expect((error as Error).message).toBe('stopped');
      expect(fs.existsSync(file)).toBe(false);
      expect(scratchDirs()).toBe(before);
    }, 60_000);
  });

  it('an aborted load leaves an existing file as it was and removes a file it created', async () => {
    const plan = compileBlueprint(shop(3_000));
    const kept = path.join(dir, 'kept.db');
    const db = new Database(kept);
    db.exec('CREATE TABLE other (x INTEGER); INSERT INTO other VALUES (7)');
    db.close();
    const before = fs.readFileSync(kept);
    for (const file of [kept, path.join(dir, 'new.db')]) {
      const controller = new AbortController();
      // Aborted once the first rows are in, midway through the first table.
      const error = await loadIntoSqlite(plan, file, { signal: controller.signal, onProgress: (rows) => rows > 0 && controller.abort(new Error('stopped')) }).catch((e) => e);
      expect((error as Error).message).toBe('stopped');
    }
    expect(fs.readFileSync(kept).equals(before)).toBe(true);
    expect(fs.existsSync(path.join(dir, 'new.db'))).toBe(false);
  });
});
