/**
 * The helper thread of a SQLite load (sqlite-scratch.ts): binds the TSV rows
 * it is sent into a scratch file's table, so the loading thread only has to
 * copy them (INSERT … SELECT) into the user's file. The scratch file is this
 * load's own, never the user's: it has no journal and no fsync, and is
 * deleted after the load whatever happens.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type BetterSqlite3 from 'better-sqlite3';
import { TsvCells } from './tsv-cells';
import type { ScratchJob, ToScratch } from './sqlite-scratch';

const job = workerData as ScratchJob;
const Database = require(job.driver) as typeof BetterSqlite3;
const port = parentPort!;

try {
  const db = new Database(job.file);
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -65536');
  const columns = job.numeric.length;
  // Columns without a type store each value as bound: the copy into the user's table applies that table's affinity, as binding there would.
  db.exec(`CREATE TABLE rows (${job.numeric.map((_, c) => `c${c}`).join(', ')})`);
  db.exec('BEGIN');
  const tuple = `(${new Array<string>(columns).fill('?').join(', ')})`;
  const insertOf = (rows: number) => db.prepare(`INSERT INTO rows VALUES ${new Array<string>(rows).fill(tuple).join(', ')}`);
  const batch = insertOf(job.batchRows);
  const cells = new TsvCells(job.numeric, job.batchRows, true, job.table);
  port.on('message', (message: ToScratch) => {
    try {
      if (message.type === 'rows') {
        for (const { cells: values, rows } of cells.push(Buffer.from(message.bytes.buffer, message.bytes.byteOffset, message.bytes.byteLength))) (rows === job.batchRows ? batch : insertOf(rows)).run(values);
        port.postMessage({ type: 'taken' });
        return;
      }
      for (const { cells: values, rows } of cells.end()) insertOf(rows).run(values);
      db.exec('COMMIT');
      db.close();
      port.postMessage({ type: 'done' });
      port.close();
    } catch (error) {
      failed(error);
    }
  });
} catch (error) {
  failed(error);
}

function failed(error: unknown): void {
  port.postMessage({ type: 'failed', message: (error as Error).message });
  port.close();
}
