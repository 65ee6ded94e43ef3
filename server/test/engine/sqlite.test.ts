/**
 * SQL output for SQLite loaded into a real SQLite: sql.js is SQLite itself
 * compiled to WebAssembly, so the script meets the same parser and the same
 * constraint checks as the sqlite3 shell would give it.
 */
import initSqlJs, { type Database, type SqlJsStatic } from 'sql.js';
import { compileBlueprint, streamBlueprintSql } from '@seedbed/engine';
import { collect, doc, shop, table, teamsAndPlayers } from './helpers';

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await initSqlJs();
});

function load(script: string): Database {
  const db = new SQL.Database();
  db.exec('PRAGMA foreign_keys = ON');
  db.exec(script);
  return db;
}

const scalar = (db: Database, sql: string) => db.exec(sql)[0]?.values[0][0];
const rows = (db: Database, sql: string) => db.exec(sql)[0]?.values ?? [];

describe('SQL output in SQLite', () => {
  it('loads a 3-level blueprint with its primary, foreign and unique keys enforced', async () => {
    const plan = compileBlueprint(shop(400));
    const db = load(await collect(streamBlueprintSql(plan, 'sqlite', { workers: 2, chunkRows: 300 })));
    try {
      for (const name of plan.order) expect(scalar(db, `SELECT count(*) FROM ${name}`)).toBe(plan.table(name).layout.rows);
      expect(rows(db, 'PRAGMA foreign_key_check')).toEqual([]);
      expect(rows(db, 'PRAGMA foreign_key_list(orders)').map((r) => r[2])).toEqual(['users']);
      expect(rows(db, 'PRAGMA foreign_key_list(order_items)').map((r) => r[2]).sort()).toEqual(['orders', 'users']);
      // The constraints hold: orphans and duplicates are refused.
      expect(() => db.exec(`INSERT INTO orders VALUES ('00000000-0000-4000-8000-000000000000', 999999, 'paid', 1, 'x')`)).toThrow(/FOREIGN KEY/);
      expect(() => db.exec(`INSERT INTO users (id, first_name, last_name, email, signed_up, motto) SELECT 999999, 'a', 'b', email, '2024-01-01', 'm' FROM users LIMIT 1`)).toThrow(/UNIQUE/);
      expect(() => db.exec(`INSERT INTO users (id, first_name, last_name, email, signed_up, motto) SELECT id, 'a', 'b', 'new@example.test', '2024-01-01', 'm' FROM users LIMIT 1`)).toThrow(/UNIQUE|PRIMARY/);
      expect(scalar(db, 'SELECT count(*) FROM users WHERE bio IS NULL')).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });

  it('loads text with quotes, newlines and non-ASCII characters unchanged', async () => {
    const texts = [`it's "quoted"`, 'two\nlines', 'tab\there', 'Zoë – 東京', 'back\\slash'];
    const plan = compileBlueprint(doc([
      table('notes', 50, [
        { name: 'id', generator: 'sequence' },
        { name: 'body', generator: 'list', options: { values: texts } },
      ], 'id'),
    ]));
    const db = load(await collect(streamBlueprintSql(plan, 'sqlite')));
    try {
      const bodies = new Set(rows(db, 'SELECT body FROM notes').map((r) => r[0]));
      expect([...bodies].sort()).toEqual([...texts].sort());
    } finally {
      db.close();
    }
  });

  it('loads a nullable reference cycle and a self reference, with every foreign key', async () => {
    const plan = compileBlueprint(teamsAndPlayers({ name: 'active', generator: 'datatype.boolean' }));
    const db = load(await collect(streamBlueprintSql(plan, 'sqlite')));
    try {
      expect(scalar(db, 'SELECT count(*) FROM players')).toBe(200);
      expect(rows(db, 'PRAGMA foreign_key_check')).toEqual([]);
      // The cycle edge and the self reference are declared too, deferred to COMMIT, and they hold.
      const keys = (t: string) => rows(db, `PRAGMA foreign_key_list(${t})`).map((r) => `${r[3]}->${r[2]}`).sort();
      expect(keys('teams')).toEqual(['captain_id->players']);
      expect(keys('players')).toEqual(['mentor_id->players', 'team_id->teams']);
      expect(() => db.exec(`BEGIN; UPDATE teams SET captain_id = 'nobody' WHERE id = 1; COMMIT;`)).toThrow(/FOREIGN KEY/);
      db.exec('ROLLBACK');
      expect(rows(db, 'SELECT DISTINCT active FROM players ORDER BY 1')).toEqual([[0], [1]]);
    } finally {
      db.close();
    }
  });
});
