/**
 * Every SQL dialect read back by the program its users load it with —
 * psql into PostgreSQL, the sqlite3 shell, the mariadb client into a real
 * MariaDB — gives the NDJSON output of the same seed, cell for cell: the
 * traps are text the clients rewrite (CR before LF), text a column cannot
 * hold (longer than 255, emoji in latin1), and keys a collation merges.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { streamBlueprintSql, streamTable } from '@seedbed/engine';
import { createEmptyDatabase } from '../support/database';
import { collect } from './helpers';
import { mariaDbMissing, startMariaDb, type MariaDb } from './mariadb-server';
import { canonical, expectSameRows, JSONS, LONG, ndjsonObjects, ORDER, plan, TRICKY } from './round-trip';

let SQL: SqlJsStatic;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-sql-consumers-'));
beforeAll(async () => {
  SQL = await initSqlJs();
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function cLocale(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LC_ALL: 'C' };
  delete env.PGCLIENTENCODING;
  return env;
}

function installed(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`]).status === 0;
}

describe('the blueprint under test', () => {
  it('makes every tricky value: NULLs, empty strings, CR LF, emoji, long and JSON text', async () => {
    const people = await ndjsonObjects('people');
    expect(new Set(people.map((r) => r.text))).toEqual(new Set([...TRICKY, null]));
    expect(new Set(people.map((r) => r.long))).toEqual(new Set(LONG));
    const shapes = new Set(people.map((r) => canonical('json', r.shape)));
    expect(shapes).toEqual(new Set([...JSONS.map((j) => canonical('json', j)), null]));
    const handles = people.map((r) => String(r.handle).toLowerCase());
    // Not vacuous: some handles differ only by case.
    expect(new Set(handles).size).toBeLessThan(handles.length);
    expect(people.some((r) => r.bio === null) && people.some((r) => r.active === null)).toBe(true);
  });
});

describe('PostgreSQL', () => {
  it(`loads the script${installed('psql') ? ' with psql' : ' (psql is not installed: through the pg driver)'} into the rows of NDJSON`, async () => {
    const database = await createEmptyDatabase();
    const script = await collect(streamBlueprintSql(plan, 'postgres'));
    try {
      if (installed('psql')) {
        // A C locale: the script's own SET client_encoding must make its emoji arrive intact.
        const psql = spawnSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', database.url], { input: script, encoding: 'utf8', env: cLocale() });
        expect(psql.stderr).toBe('');
        expect(psql.status).toBe(0);
      } else {
        console.warn('psql is not installed: the PostgreSQL script is loaded through the pg driver instead');
      }
      const client = new Client({ connectionString: database.url });
      await client.connect();
      try {
        if (!installed('psql')) await client.query(script);
        for (const name of plan.order) {
          // Qualified ORDER BY: the bare name would sort by the text output column.
          const columns = plan.table(name).fields.map((f) => `"${f.name}"::text`).join(', ');
          const result = await client.query({ text: `SELECT ${columns} FROM "${name}" ORDER BY "${name}"."${ORDER[name]}"`, rowMode: 'array' });
          await expectSameRows(name, result.rows);
        }
      } finally {
        await client.end();
      }
    } finally {
      await database.drop();
    }
  });
});

describe('SQLite', () => {
  function readAll(db: import('sql.js').Database, name: string): unknown[][] {
    const columns = plan.table(name).fields.map((f) => `"${f.name}"`).join(', ');
    return db.exec(`SELECT ${columns} FROM "${name}" ORDER BY "${ORDER[name]}"`)[0]?.values ?? [];
  }

  const shell = installed('sqlite3');
  (shell ? it : it.skip)('loads the script with the sqlite3 shell into the rows of NDJSON', async () => {
    const file = path.join(dir, 'shell.sqlite');
    const script = await collect(streamBlueprintSql(plan, 'sqlite'));
    const run = spawnSync('sqlite3', ['-bail', '-cmd', 'PRAGMA foreign_keys = ON', file], { input: script, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const db = new SQL.Database(fs.readFileSync(file));
    try {
      for (const name of plan.order) await expectSameRows(name, readAll(db, name));
    } finally {
      db.close();
    }
  });
  if (!shell) console.warn('sqlite3 is not installed: the SQLite script is only loaded through sql.js');

  it('loads the script with SQLite itself (sql.js) into the rows of NDJSON', async () => {
    const db = new SQL.Database();
    try {
      db.exec('PRAGMA foreign_keys = ON');
      db.exec(await collect(streamBlueprintSql(plan, 'sqlite')));
      for (const name of plan.order) await expectSameRows(name, readAll(db, name));
    } finally {
      db.close();
    }
  });
});

if (mariaDbMissing) console.warn(`MariaDB tests skipped: ${mariaDbMissing}`);

(mariaDbMissing ? describe.skip : describe)('MariaDB, loaded with the stock mariadb client', () => {
  let maria: MariaDb;
  beforeAll(async () => {
    maria = await startMariaDb();
  }, 120_000);
  afterAll(async () => {
    await maria?.stop();
  }, 60_000);

  /** Each cell as hex of its text, so that no client escaping stands between the stored bytes and the test. */
  function readAll(db: string, name: string): (string | null)[][] {
    const cells = plan.table(name).fields.map((f) => `IF(\`${f.name}\` IS NULL, '-', HEX(CAST(\`${f.name}\` AS CHAR CHARACTER SET utf8mb4)))`);
    const query = `SELECT CONCAT_WS(',', ${cells.join(', ')}) FROM \`${name}\` ORDER BY \`${ORDER[name]}\``;
    const run = maria.client(db, query, '--batch', '--skip-column-names', '--raw');
    expect(run.stderr).toBe('');
    return run.stdout.split('\n').filter(Boolean).map((line) => line.split(',').map((hex) => (hex === '-' ? null : Buffer.from(hex, 'hex').toString('utf8'))));
  }

  function load(db: string, script: string) {
    expect(maria.client('mysql', `CREATE DATABASE ${db}`).status).toBe(0);
    const run = maria.client(db, script);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  }

  it('loads the whole script into the rows of NDJSON, keys and all', async () => {
    load('whole', await collect(streamBlueprintSql(plan, 'mysql')));
    for (const name of plan.order) await expectSameRows(name, readAll('whole', name));
    const keys = maria.client('whole', "SELECT CONSTRAINT_NAME, CONSTRAINT_TYPE FROM information_schema.TABLE_CONSTRAINTS WHERE TABLE_SCHEMA = 'whole' AND TABLE_NAME = 'notes' ORDER BY 2, 1", '--batch', '--skip-column-names');
    expect(keys.stdout.match(/FOREIGN KEY/g)).toHaveLength(2);
  });

  it('loads one table downloaded alone', async () => {
    load('alone', await collect(streamTable(plan, 'people', 'sql', { dialect: 'mysql', chunkRows: 7 })));
    await expectSameRows('people', readAll('alone', 'people'));
  });

  it('sizes string columns from what the fields can make', () => {
    const columns = maria.client('whole', "SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'whole' AND TABLE_NAME = 'people'", '--batch', '--skip-column-names');
    const types = Object.fromEntries(columns.stdout.split('\n').filter(Boolean).map((line) => line.split('\t')));
    expect(types).toMatchObject({ handle: 'varchar(2)', text: 'varchar(255)', long: 'text', random_long: 'text', bio: 'text', email: 'varchar(768)', meta: 'longtext' });
  });
});
