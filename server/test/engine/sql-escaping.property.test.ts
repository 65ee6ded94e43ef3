/**
 * SQL output stays data everywhere (issue 24, row 3). Generated values made
 * of hostile pieces — quotes of every kind, backslashes, NUL-free control
 * characters, comment markers, dollar quotes, statement fragments — are
 * loaded by the programs users load scripts with, under each dialect's
 * stricter and looser settings: psql into PostgreSQL with
 * standard_conforming_strings on and off, the mariadb client with `--force`
 * into MariaDB with and without NO_BACKSLASH_ESCAPES, the sqlite3 shell.
 * Each also without the script's own settings line, so the literals
 * themselves are shown not to lean on it. Every value must come back
 * exactly, and no statement but the script's own may run: a canary table
 * stays as it was, and nothing errs (with --force, an error is how an
 * injected statement would get its turn).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { compileBlueprint, streamTable, type Plan } from '../../src/engine';
import { createEmptyDatabase, type TestDatabase } from '../support/database';
import { fc, runsOf } from '../support/fast-check';
import { collect, doc, table } from './helpers';
import { mariaDbMissing, startMariaDb, type MariaDb } from './mariadb-server';

const PIECES = [
  "'", "''", '"', '`', '\\', '\\\\', "\\'", '\\"', ';', '--', '-- x\n', '#', '/*', '*/', '$$', '$q$', 'E\'', 'N\'', 'X\'',
  '\u2018', '\u2019', '\u201c', '\u201d', '\u02bc', '\uff07', '\u2032', '\u00b4',
  '\n', '\r', '\r\n', '\t', '\b', '\f', '\u000b', '\u001a', '\u001b', '\u0001', '\u007f', '\u0085', '\u2028', '\u00a0',
  "'); DROP TABLE victims; --", "\\'); DROP TABLE victims;#", "'; INSERT INTO victims VALUES (666); --", "$$; CREATE TABLE pwned (x int); $$",
  '*/ DROP TABLE victims; /*', '\\N', 'NULL', '%', '_', '\\0', ':var', ':"var"', "\\! echo pwned", '\\g', 'é', '😀', '東京', 'x', ' ',
];
/** One character of anything but NUL and lone surrogates (no database text holds those). */
const anyChar = fc.integer({ min: 1, max: 0x10ffff }).filter((c) => c < 0xd800 || c > 0xdfff).map((c) => String.fromCodePoint(c));
const hostileText = fc
  .array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...PIECES) }, { weight: 1, arbitrary: anyChar }), { minLength: 1, maxLength: 10 })
  .map((parts) => parts.join(''))
  .filter((s) => s.length <= 200);
const batch = fc.uniqueArray(hostileText, { minLength: 10, maxLength: 40 });

/** The values as a table: each text once (a unique list draws them all), and JSON objects made of them. */
function planOf(values: string[]): Plan {
  const objects = values.slice(0, 4).map((v, i) => ({ [v]: v, n: i, list: [v, null, true] }));
  return compileBlueprint(
    doc([
      table('hostile', values.length, [
        { name: 'id', generator: 'sequence' },
        { name: 'v', generator: 'list', options: { values }, unique: true },
        { name: 'j', generator: 'list', options: { values: objects } },
      ], 'id'),
    ]),
  );
}

type Row = [number, string, unknown];

async function expected(plan: Plan): Promise<Row[]> {
  const lines = (await collect(streamTable(plan, 'hostile', 'ndjson'))).split('\n').filter(Boolean);
  return lines.map((line) => JSON.parse(line)).map((row) => [row.id, row.v, row.j]);
}

/** Rows read back, with the JSON column parsed: its spelling is the database's, its value must be ours. */
const parsed = (rows: [unknown, string, string][]): Row[] => rows.map(([id, v, j]) => [Number(id), v, JSON.parse(j)]);

function installed(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
}

const psql = installed('psql');
const sqlite3 = installed('sqlite3');
if (!psql) console.warn('psql is not installed: the PostgreSQL scripts are loaded through the pg driver instead');
if (!sqlite3) console.warn('sqlite3 is not installed: the SQLite scripts are loaded through sql.js only');
if (mariaDbMissing) console.warn(`MariaDB part of the SQL escaping property skipped: ${mariaDbMissing}`);

describe('hostile values loaded by real clients come back exactly, running nothing else', () => {
  let strict: TestDatabase;
  let loose: TestDatabase;
  let maria: MariaDb | undefined;
  let SQL: SqlJsStatic;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-sql-escaping-'));

  beforeAll(async () => {
    [strict, loose, SQL] = await Promise.all([createEmptyDatabase(), createEmptyDatabase(), initSqlJs()]);
    // The looser, older setting: backslashes in '' strings are escapes.
    const admin = new Client({ connectionString: loose.url });
    await admin.connect();
    await admin.query(`ALTER DATABASE ${loose.name} SET standard_conforming_strings = off`);
    await admin.end();
    if (!mariaDbMissing) maria = await startMariaDb();
  }, 120_000);
  afterAll(async () => {
    await Promise.all([strict?.drop(), loose?.drop(), maria?.stop()]);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  async function postgres(database: TestDatabase, script: string): Promise<{ rows: Row[]; victims: unknown[]; tables: string[]; stderr: string }> {
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      await client.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public; CREATE TABLE victims (id int); INSERT INTO victims VALUES (1)');
      let stderr = '';
      if (psql) {
        // No ON_ERROR_STOP: psql goes on past an error, as --force does, so an injected statement would run.
        const env: NodeJS.ProcessEnv = { ...process.env, LC_ALL: 'C' };
        delete env.PGCLIENTENCODING;
        stderr = spawnSync('psql', ['-X', '-q', '-d', database.url], { input: script, encoding: 'utf8', env }).stderr;
      } else {
        await client.query(script);
      }
      const rows = (await client.query({ text: 'SELECT id, v, j::text FROM hostile ORDER BY id', rowMode: 'array' })).rows as [number, string, string][];
      const victims = (await client.query('SELECT id FROM victims')).rows.map((r) => r.id);
      const tables = (await client.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).rows.map((r) => r.tablename);
      return { rows: parsed(rows), victims, tables, stderr };
    } finally {
      await client.end();
    }
  }

  function mariadb(mode: string, script: string): { rows: Row[]; victims: string; tables: string; stderr: string } {
    const db = maria!;
    const reset = db.client('mysql', `SET GLOBAL sql_mode = '${mode}'; DROP DATABASE IF EXISTS h; CREATE DATABASE h; CREATE TABLE h.victims (id int); INSERT INTO h.victims VALUES (1);`);
    expect(reset.stderr).toBe('');
    const { stderr } = db.client('h', script, '--force');
    // Hex of the stored text: no client escaping stands between the bytes and the test. One line per answer, tagged.
    const read = db.client(
      'h',
      `SELECT 'row', id, HEX(v), HEX(CAST(j AS CHAR CHARACTER SET utf8mb4)) FROM hostile ORDER BY id;
       SELECT 'victims', GROUP_CONCAT(id) FROM victims;
       SELECT 'tables', GROUP_CONCAT(table_name ORDER BY table_name) FROM information_schema.tables WHERE table_schema = 'h';`,
      '--batch', '--skip-column-names',
    );
    const lines = read.stdout.split('\n').filter(Boolean).map((line) => line.split('\t'));
    const hex = (h: string) => Buffer.from(h, 'hex').toString('utf8');
    const rows = lines.filter(([tag]) => tag === 'row').map(([, id, v, j]) => [id, hex(v), hex(j)] as [string, string, string]);
    const answer = (tag: string) => lines.find(([t]) => t === tag)?.[1] ?? '';
    return { rows: parsed(rows), victims: answer('victims'), tables: answer('tables'), stderr };
  }

  function sqlite(script: string): { rows: Row[]; victims: unknown[]; tables: string[]; stderr: string } {
    let stderr = '';
    let db: import('sql.js').Database;
    const canary = 'CREATE TABLE victims (id int); INSERT INTO victims VALUES (1);\n';
    if (sqlite3) {
      const file = path.join(dir, 'h.sqlite');
      fs.rmSync(file, { force: true });
      // No -bail: the shell goes on past an error, as --force does.
      stderr = spawnSync('sqlite3', [file], { input: canary + script, encoding: 'utf8' }).stderr;
      db = new SQL.Database(fs.readFileSync(file));
    } else {
      db = new SQL.Database();
      db.exec(canary + script);
    }
    try {
      const rows = (db.exec('SELECT id, v, j FROM hostile ORDER BY id')[0]?.values ?? []) as [number, string, string][];
      const victims = db.exec('SELECT id FROM victims')[0]?.values.flat() ?? [];
      const tables = (db.exec(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY 1`)[0]?.values.flat() ?? []) as string[];
      return { rows: parsed(rows), victims, tables, stderr };
    } finally {
      db.close();
    }
  }

  it('in PostgreSQL, MariaDB and SQLite, under their strict and loose settings', async () => {
    await fc.assert(
      fc.asyncProperty(batch, async (values) => {
        const plan = planOf(values);
        const want = await expected(plan);
        expect(want.map((row) => row[1]).sort()).toEqual([...values].sort());

        const pg = await collect(streamTable(plan, 'hostile', 'sql', { dialect: 'postgres' }));
        const pgBare = pg.replace('SET standard_conforming_strings = on;\n', '');
        expect(pgBare).not.toBe(pg);
        for (const [database, script] of [[strict, pg], [loose, pg], [strict, pgBare], [loose, pgBare]] as const) {
          const got = await postgres(database, script);
          expect(got.stderr).toBe('');
          expect(got.rows).toEqual(want);
          expect(got.victims).toEqual([1]);
          expect(got.tables).toEqual(['hostile', 'victims']);
        }

        if (maria) {
          const my = await collect(streamTable(plan, 'hostile', 'sql', { dialect: 'mysql' }));
          const myBare = my.replace(/^SET SESSION sql_mode = .*\n/m, '');
          expect(myBare).not.toBe(my);
          // Backslashes as escapes (with modes that change what quotes and || mean), and as plain text.
          for (const mode of ['ANSI_QUOTES,PIPES_AS_CONCAT', 'NO_BACKSLASH_ESCAPES,STRICT_ALL_TABLES']) {
            for (const script of [my, myBare]) {
              const got = mariadb(mode, script);
              expect(got.stderr).toBe('');
              expect(got.rows).toEqual(want);
              expect(got.victims).toBe('1');
              expect(got.tables).toBe('hostile,victims');
            }
          }
        }

        const lite = sqlite(await collect(streamTable(plan, 'hostile', 'sql', { dialect: 'sqlite' })));
        expect(lite.stderr).toBe('');
        expect(lite.rows).toEqual(want);
        expect(lite.victims).toEqual([1]);
        expect(lite.tables).toEqual(['hostile', 'victims']);
      }),
      // Each run loads up to 40 values eleven ways with real clients, seconds a run: CI replays five fixed runs.
      { numRuns: process.env.CI && !process.env.FAST_CHECK_SEED ? 5 : runsOf(12) },
    );
  }, 300_000);
});
