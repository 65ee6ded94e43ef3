/**
 * The MariaDB and SQLite halves of `npm run bench:load`: `seedbed load`
 * (generation included) against each database's own bulk path fed the same
 * rows pre-generated (not timed): `LOAD DATA LOCAL INFILE` through the stock
 * `mariadb` client, and `sqlite3`'s `.import`. Each side gets a fresh
 * database and the same CREATE TABLE, and loads in one transaction.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createTable, streamTable, type Plan } from '@seedbed/engine';
import { freePort } from '../server/src/db/embedded-postgres';
import { mariaDbMissing, startMariaDb } from '../server/test/engine/mariadb-server';
import { loadIntoMysql } from '../packages/seedbed/src/load/mysql-loader';
import { loadIntoSqlite } from '../packages/seedbed/src/load/sqlite-loader';
import { checkTarget } from '../packages/import/src/targets/target-guard';
import { timed } from './measure';

export interface Side {
  ours: number;
  theirs: number;
  /** MariaDB: ours with INSERTs only (`loadData: false`). */
  inserts?: number;
}

const SQLITE3 = (process.env.PATH ?? '').split(':').map((d) => path.join(d, 'sqlite3')).find((p) => fs.existsSync(p));

/** Why the SQLite half cannot run here, or undefined. */
export const sqliteMissing = SQLITE3 ? undefined : 'sqlite3 is not installed (apt-get install -y sqlite3)';
export { mariaDbMissing };

async function rowsFile(plan: Plan, table: string, format: 'tsv' | 'csv', file: string, workers: number): Promise<void> {
  await pipeline(streamTable(plan, table, format, { workers, header: false, dialect: format === 'tsv' ? 'mysql' : 'sqlite' }), fs.createWriteStream(file));
}

/** Best of `repeat` rounds each, alternating: ours, then LOAD DATA LOCAL INFILE. */
export async function benchMariaDb(plan: Plan, table: string, dir: string, repeat: number, workers: number, log: (line: string) => void): Promise<Side> {
  // The server's own default buffer pool: the tests' 16 MB makes a 200k-row table's random-key inserts wait on the
  // disk (~20 s on either side), which measures the pool and not the load.
  const mariadb = await startMariaDb({ tcpPort: await freePort(), bufferPoolMb: 128 });
  try {
    const file = path.join(dir, `${table}.mysql.tsv`);
    await rowsFile(plan, table, 'tsv', file, workers);
    const create = createTable(plan, plan.table(table), 'mysql');
    const columns = plan.table(table).fields.map((f) => `\`${f.sqlName ?? f.name}\``).join(', ');
    const count = (db: string) => Number(mariadb.client(db, `SELECT count(*) FROM \`${table}\``, '-N').stdout.trim());
    const best: Side = { ours: Infinity, theirs: Infinity, inserts: Infinity };
    for (let round = 0; round < repeat; round++) {
      const ours = `bench_ours_${round}`;
      const inserts = `bench_inserts_${round}`;
      const theirs = `bench_load_data_${round}`;
      for (const db of [ours, inserts, theirs]) mariadb.client('mysql', `CREATE DATABASE ${db} CHARACTER SET utf8mb4`);
      const target = (db: string) => checkTarget(`mysql://root@127.0.0.1:${mariadb.port}/${db}`, { allowPrivate: true });
      const a = await timed(async () => loadIntoMysql(plan, await target(ours), { workers }));
      const i = await timed(async () => loadIntoMysql(plan, await target(inserts), { workers, loadData: false }));
      const b = await timed(async () => {
        const script = `SET NAMES utf8mb4;\n${create}\nSTART TRANSACTION;\nLOAD DATA LOCAL INFILE '${file}' INTO TABLE \`${table}\` CHARACTER SET utf8mb4 FIELDS TERMINATED BY '\\t' ESCAPED BY '\\\\' LINES TERMINATED BY '\\n' (${columns});\nCOMMIT;\n`;
        const run = mariadb.client(theirs, script, '--local-infile=1');
        if (run.status !== 0) throw new Error(`LOAD DATA failed: ${run.stderr}`);
      });
      for (const db of [ours, inserts, theirs]) if (count(db) !== plan.table(table).layout.rows) throw new Error(`${db}: wrong row count`);
      log(`  round ${round + 1}: seedbed load ${a.seconds.toFixed(2)} s (INSERTs only ${i.seconds.toFixed(2)} s), LOAD DATA LOCAL ${b.seconds.toFixed(2)} s`);
      best.ours = Math.min(best.ours, a.seconds);
      best.inserts = Math.min(best.inserts!, i.seconds);
      best.theirs = Math.min(best.theirs, b.seconds);
      for (const db of [ours, inserts, theirs]) mariadb.client('mysql', `DROP DATABASE ${db}`);
    }
    return best;
  } finally {
    await mariadb.stop();
  }
}

/** Best of `repeat` rounds each, alternating: ours, then `sqlite3 FILE` with `.import --csv` in one transaction. */
export async function benchSqlite(plan: Plan, table: string, dir: string, repeat: number, workers: number, log: (line: string) => void): Promise<Side> {
  const csv = path.join(dir, `${table}.sqlite.csv`);
  await rowsFile(plan, table, 'csv', csv, workers);
  const create = createTable(plan, plan.table(table), 'sqlite', true);
  const best: Side = { ours: Infinity, theirs: Infinity };
  for (let round = 0; round < repeat; round++) {
    const ours = path.join(dir, `ours-${round}.db`);
    const theirs = path.join(dir, `import-${round}.db`);
    const a = await timed(() => loadIntoSqlite(plan, ours, { workers }));
    const b = await timed(async () => {
      const script = `${create}\nBEGIN;\n.import --csv ${csv} ${table}\nCOMMIT;\n`;
      const run = spawnSync(SQLITE3!, ['-bail', theirs], { input: script, encoding: 'utf8' });
      if (run.status !== 0 || run.stderr) throw new Error(`sqlite3 .import failed: ${run.stderr}`);
    });
    for (const db of [ours, theirs]) {
      const n = Number(spawnSync(SQLITE3!, [db, `SELECT count(*) FROM "${table}"`], { encoding: 'utf8' }).stdout.trim());
      if (n !== plan.table(table).layout.rows) throw new Error(`${db}: wrong row count ${n}`);
      fs.rmSync(db, { force: true });
    }
    log(`  round ${round + 1}: seedbed load ${a.seconds.toFixed(2)} s, sqlite3 .import ${b.seconds.toFixed(2)} s`);
    best.ours = Math.min(best.ours, a.seconds);
    best.theirs = Math.min(best.theirs, b.seconds);
  }
  return best;
}
