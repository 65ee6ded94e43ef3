/**
 * One generation for several formats: each format's bytes from the fan-out
 * (rows made once, written by every encoder) equal a single-format call's,
 * for every format, dialect and output option, in this thread and in the
 * pool's, and whole files written together equal each file streamed alone.
 */
import { PassThrough, type Writable } from 'node:stream';
import {
  blueprintSqlPieces,
  ChunkEncoder,
  ChunkWorkerPool,
  compileBlueprint,
  FanOutEncoder,
  listGenerators,
  streamPieces,
  tablePieces,
  writeFilesOnce,
  type Dialect,
  type FanOutTarget,
  type Format,
  type OutputOptions,
  type Plan,
} from '@seedbed/engine';
import type { FieldDef } from '../../../packages/engine/src/document/types';
import { collect, doc, REQUIRED_OPTIONS, shop, table, teamsAndPlayers } from './helpers';

const FORMATS: Format[] = ['csv', 'tsv', 'json', 'ndjson', 'sql'];
const DIALECTS: Dialect[] = ['postgres', 'mysql', 'sqlite'];
const OUTPUTS: (OutputOptions | undefined)[] = [
  undefined,
  { delimiter: ';', nullMarker: 'NULL', lineEnding: 'lf', header: false },
  { pretty: true, escapeFormulas: true },
];

/** Every generator of the catalog in one table, a third of them nullable. */
function everyGenerator(rows: number) {
  const ids = listGenerators().map((g) => g.id).filter((id) => id !== 'ref');
  const fields: FieldDef[] = ids.map((id, i) => ({ name: `f${i}`, generator: id, ...(REQUIRED_OPTIONS[id] ? { options: REQUIRED_OPTIONS[id] } : {}), ...(i % 3 === 0 ? { nullRate: 0.4 } : {}) }));
  return doc([table('t', rows, fields)], { seed: 7 });
}

/** A single-format call's bytes (one encoder per plan: its generators, cell writers included, are made once). */
const references = new WeakMap<Plan, ChunkEncoder>();
function single(plan: Plan, name: string, dialect: Dialect, from: number, to: number, target: FanOutTarget): Buffer {
  if (!references.has(plan)) references.set(plan, new ChunkEncoder(plan));
  return references.get(plan)!.encode(name, target.format, dialect, 0, from, to, target.output, undefined, target.deferRefs);
}

describe('FanOutEncoder', () => {
  it('writes each format as a single-format call does: every generator, format, dialect and output option', () => {
    const plan = compileBlueprint(everyGenerator(12));
    const fanOut = new FanOutEncoder(plan);
    for (const dialect of DIALECTS) {
      for (const output of OUTPUTS) {
        const targets = FORMATS.map((format) => ({ format, output }));
        for (const [from, to] of [[0, 12], [5, 12]]) {
          const chunks = fanOut.encode('t', dialect, 0, from, to, targets);
          targets.forEach((target, t) => expect([dialect, output, target.format, chunks[t].toString()]).toEqual([dialect, output, target.format, single(plan, 't', dialect, from, to, target).toString()]));
        }
      }
    }
  });

  it('writes ranges longer than a block of rows, from the stream\'s start and past it', () => {
    const plan = compileBlueprint(shop(600));
    const targets = FORMATS.map((format) => ({ format }));
    for (const name of plan.order) {
      const rows = plan.table(name).layout.rows;
      for (const [from, to] of [[0, rows], [13, rows - 40]]) {
        const chunks = new FanOutEncoder(plan).encode(name, 'postgres', 0, from, to, targets);
        targets.forEach((target, t) => expect([name, target.format, chunks[t].equals(single(plan, name, 'postgres', from, to, target))]).toEqual([name, target.format, true]));
      }
    }
  });

  it('writes the references of a cycle NULL only for the targets that ask for it', () => {
    const plan = compileBlueprint(teamsAndPlayers({ name: 'nick', generator: 'person.firstName' }));
    const targets: FanOutTarget[] = [{ format: 'sql', deferRefs: true }, { format: 'csv' }, { format: 'ndjson', deferRefs: true }];
    for (const name of plan.order) {
      const rows = plan.table(name).layout.rows;
      const chunks = new FanOutEncoder(plan).encode(name, 'postgres', 0, 0, rows, targets);
      targets.forEach((target, t) => expect(chunks[t].equals(single(plan, name, 'postgres', 0, rows, target))).toBe(true));
    }
  });

  it('makes the same bytes in a pool thread', async () => {
    const pool = new ChunkWorkerPool(1);
    try {
      const plan = compileBlueprint(shop(200));
      const targets: FanOutTarget[] = [{ format: 'csv' }, { format: 'sql' }, { format: 'json', output: { pretty: true } }];
      const rows = plan.table('orders').layout.rows;
      const there = await pool.encodeFanOut(plan, { table: 'orders', dialect: 'mysql', streamStart: 0, from: 5, to: rows, targets });
      const here = new FanOutEncoder(plan).encode('orders', 'mysql', 0, 5, rows, targets);
      expect(there.map(String)).toEqual(here.map(String));
    } finally {
      await pool.close();
    }
  });
});

describe('writeFilesOnce', () => {
  /** Targets that collect what is written to them. */
  function sinks(count: number): { targets: Writable[]; texts: Promise<string>[] } {
    const targets = Array.from({ length: count }, () => new PassThrough());
    return { targets, texts: targets.map((t) => collect(t)) };
  }

  it.each([
    ['in this thread', 0],
    ['with a helper thread', 1],
  ])('writes every file as it streams alone, %s', async (_, threads) => {
    const helpers = threads ? new ChunkWorkerPool(threads) : undefined;
    try {
      const plan = compileBlueprint(shop(400));
      for (const dialect of DIALECTS) {
        // Per-table files in three formats, the whole-blueprint SQL script (rows in load order, cycles deferred), and a window of users.
        const files = [
          ...(['csv', 'ndjson', 'tsv'] as Format[]).flatMap((format) => plan.order.map((name) => ({ format, pieces: tablePieces(plan, name, format, { dialect }) }))),
          { format: 'sql' as Format, pieces: blueprintSqlPieces(plan, dialect) },
          { format: 'sql' as Format, pieces: blueprintSqlPieces(plan, dialect, { dataOnly: true }) },
          { format: 'json' as Format, pieces: tablePieces(plan, 'users', 'json', { dialect, offset: 100, count: 333 }) },
        ];
        const { targets, texts } = sinks(files.length);
        await writeFilesOnce(plan, files.map((f, i) => ({ ...f, target: targets[i] })), { dialect, helpers, chunkRows: 200 });
        const written = await Promise.all(texts);
        for (const [i, file] of files.entries()) {
          const alone = await collect(streamPieces(plan, file.pieces, file.format, { dialect }));
          expect([dialect, i, written[i] === alone]).toEqual([dialect, i, true]);
        }
      }
    } finally {
      await helpers?.close();
    }
  });

  it('fails with a target\'s error and ends the other targets', async () => {
    const plan = compileBlueprint(shop(50));
    const { targets, texts } = sinks(2);
    for (const text of texts) text.catch(() => {}); // the ended target's reader stops early
    const broken = new PassThrough({ write: (_chunk, _encoding, done) => done(new Error('disk full')) });
    const files = [
      { format: 'csv' as Format, pieces: tablePieces(plan, 'users', 'csv'), target: targets[0] },
      { format: 'ndjson' as Format, pieces: tablePieces(plan, 'users', 'ndjson'), target: broken },
    ];
    await expect(writeFilesOnce(plan, files)).rejects.toThrow(/disk full/);
    expect(targets[0].destroyed).toBe(true);
  });
});
