/** Shards written to files by the pool's threads: the bytes of the chunk encoder, a stop, errors, and shards waiting for a free thread. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ChunkEncoder, ChunkWorkerPool, compileBlueprint, EngineError, tableFrame, type Format, type Plan, type ShardFilesJob } from '@seedbed/engine';
import { doc, shop, table } from './helpers';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-shards-'));
const pool = new ChunkWorkerPool(2);
afterAll(async () => {
  await pool.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

let files = 0;
const fileIn = () => path.join(dir, `shard-${files++}`);

/** What a shard's file must hold: the table's header on its first shard, its chunks of the whole stream, the footer on its last. */
function expected(plan: Plan, name: string, format: Format, from: number, to: number): Buffer {
  const rows = plan.table(name).layout.rows;
  const frame = tableFrame(plan, name, format, 'postgres');
  const body = new ChunkEncoder(plan).encode(name, format, 'postgres', 0, from, to);
  return Buffer.concat([Buffer.from(from === 0 ? frame.header : ''), body, Buffer.from(to === rows ? frame.footer : '')]);
}

function job(plan: Plan, name: string, formats: Format[], from: number, to: number, extra: Partial<ShardFilesJob> = {}): ShardFilesJob {
  const rows = plan.table(name).layout.rows;
  return {
    table: name,
    dialect: 'postgres',
    from,
    to,
    chunkRows: 37,
    gzip: false,
    files: formats.map((format) => {
      const frame = tableFrame(plan, name, format, 'postgres');
      return { format, path: fileIn(), header: from === 0 ? frame.header : undefined, footer: to === rows ? frame.footer : undefined };
    }),
    ...extra,
  };
}

it('writes a shard in every format with the chunk encoder\'s bytes, and a file is its shards joined', async () => {
  const plan = compileBlueprint(shop(400));
  const rows = plan.table('orders').layout.rows;
  const cuts = [0, 101, 250, rows];
  const formats: Format[] = ['csv', 'json', 'sql'];
  const jobs = cuts.slice(1).map((to, i) => job(plan, 'orders', formats, cuts[i], to));
  const progress: number[][] = jobs.map(() => []);
  const sizes = await Promise.all(jobs.map((j, i) => pool.writeShard(plan, j, { onProgress: (n) => progress[i].push(n) })));
  for (const [f, format] of formats.entries()) {
    const joined = Buffer.concat(jobs.map((j) => fs.readFileSync(j.files[f].path)));
    expect(joined.equals(expected(plan, 'orders', format, 0, rows))).toBe(true);
    jobs.forEach((j, i) => expect(sizes[i]![f]).toBe(fs.statSync(j.files[f].path).size));
  }
  // Progress after each chunk of 37 rows, ending at the shard's size.
  jobs.forEach((j, i) => {
    expect(progress[i]).toEqual([...progress[i]].sort((a, b) => a - b));
    expect(progress[i].at(-1)).toBe(j.to - j.from);
  });
});

it('writes each shard of a gzip file as one gzip member, the same bytes every time', async () => {
  const plan = compileBlueprint(shop(300));
  const rows = plan.table('users').layout.rows;
  const first = job(plan, 'users', ['csv'], 0, 120, { gzip: true });
  const second = job(plan, 'users', ['csv'], 120, rows, { gzip: true });
  const again = job(plan, 'users', ['csv'], 0, 120, { gzip: true, chunkRows: 50 });
  await Promise.all([first, second, again].map((j) => pool.writeShard(plan, j)));
  const members = Buffer.concat([first, second].map((j) => fs.readFileSync(j.files[0].path)));
  // Several members are one gzip stream to a reader.
  expect(gunzipSync(members).equals(expected(plan, 'users', 'csv', 0, rows))).toBe(true);
  // However the rows are cut into chunks, the member is the same.
  expect(fs.readFileSync(again.files[0].path).equals(fs.readFileSync(first.files[0].path))).toBe(true);
});

it('stops after the chunk being made once its signal aborts, answering null', async () => {
  const plan = compileBlueprint(shop(20_000));
  const rows = plan.table('users').layout.rows;
  const stop = new AbortController();
  const seen: number[] = [];
  const shard = job(plan, 'users', ['csv'], 0, rows, { chunkRows: 100 });
  const sizes = await pool.writeShard(plan, shard, { signal: stop.signal, onProgress: (n) => (seen.push(n), n >= 500 && stop.abort()) });
  expect(sizes).toBeNull();
  expect(Math.max(...seen)).toBeLessThan(rows);
  // A signal aborted before the start writes nothing past the first chunk.
  const early = new AbortController();
  early.abort();
  expect(await pool.writeShard(plan, job(plan, 'users', ['csv'], 0, rows, { chunkRows: 100 }), { signal: early.signal })).toBeNull();
});

it('passes engine errors on with their code and path, leaving the thread for the next shard', async () => {
  const plan = compileBlueprint(doc([table('t', 400, [{ name: 'letter', generator: 'regex', options: { pattern: '[ab]' }, unique: true }])]));
  const error = await pool.writeShard(plan, job(plan, 't', ['csv'], 0, 400)).catch((e) => e);
  expect(error).toBeInstanceOf(EngineError);
  expect(error).toMatchObject({ code: 'UNIQUE_EXHAUSTED', path: 'tables[0].fields[0].unique' });
  const ok = compileBlueprint(shop(50));
  const shard = job(ok, 'users', ['csv'], 0, 50);
  await pool.writeShard(ok, shard);
  expect(fs.readFileSync(shard.files[0].path).equals(expected(ok, 'users', 'csv', 0, 50))).toBe(true);
});

it('fails a shard whose file cannot be written with the error, not a hang', async () => {
  const plan = compileBlueprint(shop(50));
  const shard = job(plan, 'users', ['csv'], 0, 50);
  shard.files[0].path = path.join(dir, 'no-such-folder', 'x.csv');
  await expect(pool.writeShard(plan, shard)).rejects.toThrow(/ENOENT/);
});

it('gives each shard a thread of its own: more shards than threads wait for a free one', async () => {
  const one = new ChunkWorkerPool(1);
  try {
    const plan = compileBlueprint(shop(2_000));
    const rows = plan.table('users').layout.rows;
    const cuts = [0, 500, 1000, 1500, rows];
    const jobs = cuts.slice(1).map((to, i) => job(plan, 'users', ['ndjson'], cuts[i], to));
    await Promise.all(jobs.map((j) => one.writeShard(plan, j)));
    expect(one.liveThreads).toBe(1);
    const joined = Buffer.concat(jobs.map((j) => fs.readFileSync(j.files[0].path)));
    expect(joined.equals(expected(plan, 'users', 'ndjson', 0, rows))).toBe(true);
  } finally {
    await one.close();
  }
});
