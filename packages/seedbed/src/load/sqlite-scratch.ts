/**
 * A second core for a SQLite load. SQLite writes a file from one thread,
 * and binding the people table's rows costs that thread as much as SQLite's
 * own work on them, so a big table is split: the loading thread binds its
 * first rows into the user's file while a helper thread binds the rest into
 * a scratch file of its own (sqlite-scratch-worker.ts); the loading thread
 * then copies those with one INSERT … SELECT, which costs SQLite a fraction
 * of binding them (no parameters, no statement per row).
 *
 * The user's file sees exactly the INSERTs it would otherwise: same rows,
 * same order (so the same rowids), in the same transaction, every
 * constraint and trigger applied as each row arrives. The scratch files are
 * made in a temporary folder, attached read-only in effect (only read), and
 * deleted when the load ends, whatever its outcome.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Plan } from '@seedbed/engine';
import { numericColumns, tsvStream } from './tsv-rows';

/** What the helper thread is given. */
export interface ScratchJob {
  /** better-sqlite3 as the loading thread resolved it. */
  driver: string;
  file: string;
  table: string;
  numeric: boolean[];
  batchRows: number;
}

export type ToScratch = { type: 'rows'; bytes: Uint8Array } | { type: 'end' };
type FromScratch = { type: 'taken' } | { type: 'done' } | { type: 'failed'; message: string };

const ENTRY = path.join(__dirname, 'sqlite-scratch-entry.js');
/** Chunks sent and not yet bound: the generator waits past this, so memory holds a few chunks, not the table. */
const IN_FLIGHT = 4;
/** SQLite attaches at most 10 databases by default: big tables past this many load in the loading thread alone. */
const MAX_ATTACHED = 8;

export interface ScratchFill {
  /** Resolves when the scratch file holds every row sent; rejects with the helper's error. */
  done: Promise<void>;
  file: string;
  /** Ends the helper and the rows' generation (a failed or interrupted load). */
  stop(): Promise<void>;
}

/** The scratch files of one load, in one temporary folder removed by `remove`. */
export class ScratchFiles {
  private dir: string | undefined;
  private made = 0;

  get available(): boolean {
    return this.made < MAX_ATTACHED;
  }

  /**
   * Rows [offset, offset + count) of the table bound into a new scratch file
   * by a helper thread, generated as it takes them; undefined when no helper
   * could start (no temporary folder to write, no thread): the load goes on
   * without one.
   */
  tryFill(plan: Plan, name: string, options: { offset: number; count: number; workers?: number; batchRows: number }): ScratchFill | undefined {
    try {
      return this.fill(plan, name, options);
    } catch {
      return undefined;
    }
  }

  private fill(plan: Plan, name: string, options: { offset: number; count: number; workers?: number; batchRows: number }): ScratchFill {
    this.dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-sqlite-'));
    const file = path.join(this.dir, `rows-${this.made++}.db`);
    const job: ScratchJob = { driver: require.resolve('better-sqlite3'), file, table: name, numeric: numericColumns(plan, name), batchRows: options.batchRows };
    const worker = new Worker(ENTRY, { workerData: job });
    const rows = tsvStream(plan, name, { workers: options.workers, dialect: 'sqlite', offset: options.offset, count: options.count });
    let inFlight = 0;
    const done = new Promise<void>((resolve, reject) => {
      const fail = (error: Error) => {
        rows.destroy();
        reject(error);
      };
      worker.on('message', (message: FromScratch) => {
        if (message.type === 'taken') {
          if (--inFlight < IN_FLIGHT && rows.isPaused()) rows.resume();
        } else if (message.type === 'done') resolve();
        else fail(new Error(`the SQLite helper thread failed: ${message.message}`));
      });
      worker.on('error', fail);
      // After `done` this changes nothing.
      worker.on('exit', (code) => fail(new Error(`the SQLite helper thread ended (code ${code})`)));
      rows.on('data', (chunk: Buffer) => {
        // A copy: the chunk may share its memory with others (Buffer's pool), which a transfer would take from them.
        const bytes = new Uint8Array(chunk.byteLength);
        bytes.set(chunk);
        worker.postMessage({ type: 'rows', bytes } satisfies ToScratch, [bytes.buffer]);
        if (++inFlight >= IN_FLIGHT) rows.pause();
      });
      rows.on('end', () => worker.postMessage({ type: 'end' } satisfies ToScratch));
      rows.on('error', fail);
    });
    // The caller may fail first and never wait on it.
    done.catch(() => {});
    return {
      done,
      file,
      stop: async () => {
        rows.destroy();
        await worker.terminate();
      },
    };
  }

  /** Deletes the folder and every scratch file in it (the connection that attached them must be closed first). */
  remove(): void {
    if (this.dir) fs.rmSync(this.dir, { recursive: true, force: true });
    this.dir = undefined;
  }
}
