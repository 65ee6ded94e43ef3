/**
 * MySQL and SQLite schemas in the shapes real projects have, loaded by
 * Seedbed's own loaders (mysql2, better-sqlite3) into a database made from the
 * ORIGINAL DDL, every key checked as the rows arrive: a load that finishes is
 * the database's verdict, and the keys are checked again afterwards by the
 * database itself (information_schema for MariaDB, `PRAGMA
 * foreign_key_check` for SQLite).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { compileBlueprint } from '@seedbed/engine';
import { freePort } from '../../src/db/embedded-postgres';
import { loadIntoMysql } from '../../../packages/seedbed/src/load/mysql-loader';
import { loadIntoSqlite } from '../../../packages/seedbed/src/load/sqlite-loader';
import { checkTarget } from '../../../packages/import/src/targets/target-guard';
import { checkMariaDbKeys, fixture, importText, mariaDbQuery } from '../import/load-helpers';
import { mariaDbMissing, startMariaDb, type MariaDb } from '../engine/mariadb-server';

const describeMariaDb = mariaDbMissing ? describe.skip : describe;
if (mariaDbMissing) console.warn(`MariaDB loads skipped: ${mariaDbMissing}`);

describeMariaDb('seedbed load into MariaDB', () => {
  let mariadb: MariaDb;
  beforeAll(async () => {
    mariadb = await startMariaDb({ tcpPort: await freePort() });
  }, 90_000);
  afterAll(() => mariadb?.stop());

  // The server starts in beforeAll: looked up when a query runs.
  const sqlIn = (database: string) => (script: string) => mariaDbQuery(mariadb, database)(script);

  it('a mysqldump with a trigger that fills a table, VARCHAR … BINARY, NVARCHAR and a NOT NULL key cycle: zero errors, keys hold', async () => {
    const dump = fixture('mysqldump-triggers.sql');
    expect(mariadb.client('mysql', 'CREATE DATABASE rental CHARACTER SET utf8mb4').status).toBe(0);
    // MariaDB has no utf8mb4_0900_ai_ci (MySQL 8's default collation): the server's own default stands in.
    const made = mariadb.client('rental', dump.replace(/ COLLATE=utf8mb4_0900_ai_ci/g, ''));
    expect(made.stderr).toBe('');
    const { document, skipped } = await importText('MYSQL_DDL', dump);
    expect(document.tables.map((t) => t.name)).toEqual(expect.arrayContaining(['staff', 'store', 'film_text']));
    expect(skipped).toContainEqual(expect.objectContaining({ kind: 'trigger', name: 'ins_film' }));
    const plan = compileBlueprint(document, { seed: 4 });
    const result = await loadIntoMysql(plan, await checkTarget(`mysql://root@127.0.0.1:${mariadb.port}/rental`, { allowPrivate: true }), { createTables: false });
    expect(result.rows).toBeGreaterThan(0);

    const sql = sqlIn('rental');
    for (const name of plan.order.filter((n) => n !== 'film_text')) {
      expect(plan.table(name).layout.rows).toBeGreaterThan(0);
      expect(Number(sql(`SELECT count(*) FROM \`${name}\``))).toBe(plan.table(name).layout.rows);
    }
    // film_text is the trigger's: one row per film, none written twice.
    expect(Number(sql('SELECT count(*) FROM film_text'))).toBe(plan.table('film').layout.rows);
    const keys = checkMariaDbKeys(sql, 'rental');
    expect(keys.broken).toEqual([]);
    expect(keys.foreignKeys).toBe(9);
    expect(Number(sql('SELECT count(*) FROM rental WHERE return_date < rental_date'))).toBe(0);
    expect(Number(sql('SELECT count(*) FROM customer WHERE support_rep_id IS NOT NULL'))).toBeGreaterThan(0);
  }, 120_000);

  it('unique keys under a case-insensitive collation hold as MariaDB compares them; a _bin key and a functional key part are read too', async () => {
    // Two-letter codes: 2,704 spellings but 676 once case is folded, as utf8mb4_general_ci folds it: 200 rows drawn freely would clash.
    const ddl = `CREATE TABLE \`tag\` (
  \`id\` int NOT NULL AUTO_INCREMENT,
  \`code\` varchar(2) NOT NULL,
  \`slug\` varchar(2) COLLATE utf8mb4_bin NOT NULL,
  PRIMARY KEY (\`id\`),
  UNIQUE KEY \`uq_tag_code\` (\`code\`),
  UNIQUE KEY \`uq_tag_slug\` (\`slug\`),
  CONSTRAINT \`tag_code\` CHECK (\`code\` regexp '^[A-Za-z]{2}$'),
  CONSTRAINT \`tag_slug\` CHECK (\`slug\` regexp '^[A-Za-z]{2}$')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;`;
    expect(mariadb.client('mysql', 'CREATE DATABASE tags CHARACTER SET utf8mb4').status).toBe(0);
    expect(mariadb.client('tags', ddl).stderr).toBe('');
    const { document } = await importText('MYSQL_DDL', ddl);
    const tag = document.tables[0];
    expect(tag.uniqueIndexes?.map((u) => u.keys)).toEqual([[{ fn: 'lower', args: [{ col: 'code' }] }]]);
    tag.rows = 200;
    const plan = compileBlueprint(document, { seed: 5 });
    await loadIntoMysql(plan, await checkTarget(`mysql://root@127.0.0.1:${mariadb.port}/tags`, { allowPrivate: true }), { createTables: false });
    const sql = sqlIn('tags');
    expect(Number(sql('SELECT count(DISTINCT lower(code)) FROM tag'))).toBe(200);
    // The _bin key compares as written: folded, its values may repeat (and did not have to be kept apart).
    expect(Number(sql('SELECT count(DISTINCT BINARY slug) FROM tag'))).toBe(200);

    const functional = await importText('MYSQL_DDL', 'CREATE TABLE u (id int PRIMARY KEY, email varchar(120) NOT NULL COLLATE utf8mb4_bin, UNIQUE KEY uq_email ((lower(email))));');
    expect(functional.document.tables[0].uniqueIndexes).toEqual([expect.objectContaining({ name: 'uq_email', keys: [{ fn: 'lower', args: [{ col: 'email' }] }], line: 1 })]);
  }, 120_000);
});

/**
 * A 150-table application schema as `sqlite3 FILE .schema` prints it (the
 * `sql` column of sqlite_schema): tables referencing earlier and later ones,
 * nullable and required keys, a self reference, CHECKs, unique indexes.
 */
function appSchema(tables: number): string {
  const statements: string[] = [];
  for (let i = 0; i < tables; i++) {
    const name = `t${String(i).padStart(3, '0')}_${['account', 'order', 'invoice', 'ticket', 'event', 'note'][i % 6]}`;
    const columns = ['  id INTEGER PRIMARY KEY AUTOINCREMENT', '  code VARCHAR(20) NOT NULL', "  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed', 'void'))", '  amount NUMERIC(10,2) CHECK (amount >= 0)', '  created_at DATETIME NOT NULL', '  updated_at DATETIME'];
    const keys: string[] = [];
    // Ten roots (accounts, users…) that the other tables hang from, as in most applications.
    if (i >= 10) {
      const parent = i % 10;
      columns.push(`  parent_id INTEGER NOT NULL`);
      keys.push(`  FOREIGN KEY (parent_id) REFERENCES t${String(parent).padStart(3, '0')}_${['account', 'order', 'invoice', 'ticket', 'event', 'note'][parent % 6]}(id) ON DELETE CASCADE`);
    }
    if (i % 5 === 0 && i + 7 < tables) {
      // A nullable key to a table declared later: it must be loaded first.
      const later = i + 7;
      columns.push('  related_id INTEGER');
      keys.push(`  FOREIGN KEY (related_id) REFERENCES "t${String(later).padStart(3, '0')}_${['account', 'order', 'invoice', 'ticket', 'event', 'note'][later % 6]}" (id)`);
    }
    if (i % 7 === 0) {
      columns.push('  replaces_id INTEGER');
      keys.push(`  FOREIGN KEY (replaces_id) REFERENCES ${name}(id)`);
    }
    columns.push('  CHECK (updated_at IS NULL OR updated_at >= created_at)');
    statements.push(`CREATE TABLE IF NOT EXISTS "${name}" (\n${[...columns, ...keys].join(',\n')}\n);`);
    statements.push(`CREATE UNIQUE INDEX "${name}_code" ON "${name}" (code);`);
  }
  return statements.join('\n');
}

describe('seedbed load into SQLite', () => {
  it('a 150-table .schema: imported whole, loaded with foreign keys on, every table filled and every key found by foreign_key_check', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-sqlite-app-'));
    try {
      const file = path.join(dir, 'app.db');
      const made = new Database(file);
      made.exec(appSchema(150));
      // What `.schema` prints: each object's CREATE statement as stored, sqlite_sequence included.
      const printed = (made.prepare("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY rowid").all() as { sql: string }[]).map((r) => `${r.sql};`).join('\n');
      made.close();
      expect(printed).toContain('sqlite_sequence');

      const { document } = await importText('SQLITE_DDL', printed);
      expect(document.tables).toHaveLength(150);
      // A light load: 10 rows per root table, the others sized from them as imported.
      for (const table of document.tables) if (typeof table.rows === 'number') table.rows = 10;
      const plan = compileBlueprint(document, { seed: 2 });
      await loadIntoSqlite(plan, file, { createTables: false });

      const db = new Database(file, { readonly: true });
      try {
        expect(db.pragma('foreign_key_check')).toEqual([]);
        for (const name of plan.order) {
          expect(plan.table(name).layout.rows).toBeGreaterThan(0);
          expect((db.prepare(`SELECT count(*) AS n FROM "${name}"`).get() as { n: number }).n).toBe(plan.table(name).layout.rows);
        }
        expect((db.prepare('SELECT count(*) AS n FROM "t000_account" WHERE related_id IS NOT NULL').get() as { n: number }).n).toBeGreaterThan(0);
        expect((db.prepare("SELECT count(*) AS n FROM \"t013_order\" WHERE status NOT IN ('open', 'closed', 'void') OR updated_at < created_at").get() as { n: number }).n).toBe(0);
      } finally {
        db.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
