/**
 * npm run bench [-- --rows N --naive-rows N --big]
 *
 * 1. People table (10 fields) to CSV: Seedbed with all cores vs a naive faker
 *    loop writing the same columns, in this run. 2. A 3-table relational
 *    blueprint. 3. Preview latency of a 30-field blueprint. 4. With --big,
 *    peak memory while writing 10,000,000 rows, in a fresh process.
 */
import { spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { compileBlueprint, previewRows, streamTable, type StreamTableOptions } from '@seedbed/engine';
import { ChunkWorkerPool } from '../packages/engine/src/parallel/worker-pool';
import { peopleBlueprint, shopBlueprint, wideBlueprint } from './blueprints';
import { fmt, machineLoad, scratchDir, timed, toFile } from './measure';

const { values: flags } = parseArgs({
  options: { rows: { type: 'string' }, 'naive-rows': { type: 'string' }, big: { type: 'boolean' }, 'only-big': { type: 'boolean' }, users: { type: 'string' } },
});
const ROWS = Number(flags.rows ?? 1_000_000);
const NAIVE_ROWS = Number(flags['naive-rows'] ?? 200_000);
const USERS = Number(flags.users ?? 200_000);
const WORKERS = availableParallelism();

async function people() {
  console.log(`\n# People table, ${fmt(ROWS)} rows × 10 fields → CSV (${WORKERS} threads; ${machineLoad()})`);
  const stream = (options: StreamTableOptions) => toFile(streamTable(compileBlueprint(peopleBlueprint(ROWS)), 'people', 'csv', options), 'people.csv');
  // Cold, as `seedbed generate`: the first stream of the process, encoded by
  // this thread beside WORKERS − 1 helper threads started for it (while this
  // thread compiles the blueprint).
  const helpers = new ChunkWorkerPool(WORKERS - 1);
  const cold = await timed(() => {
    helpers.start();
    return stream({ helpers });
  });
  await helpers.close();
  // Warm, as the server's rows API and run shards: WORKERS threads of the
  // engine's pool, kept (and JIT-compiled) from an earlier stream.
  await stream({ workers: WORKERS });
  const runs = { cold, warm: await timed(() => stream({ workers: WORKERS })) };
  for (const [name, run] of Object.entries(runs)) {
    console.log(`seedbed ${name.padEnd(4)} ${fmt(ROWS / run.seconds).padStart(11)} rows/s  ${run.seconds.toFixed(2)} s  ${(run.value / 1048576).toFixed(0)} MB  peak RSS ${run.peakMb.toFixed(0)} MB`);
    console.log(`             ${fmt(ROWS / run.cpuSeconds).padStart(11)} rows per CPU-second (${run.cpuSeconds.toFixed(2)} CPU-s, all threads)`);
  }
  // Loaded only now: faker's index of every locale is a large heap whose
  // background garbage collection, loaded up front, slowed the runs above ~10%.
  const { naiveFakerCsv } = require('./naive') as typeof import('./naive');
  const naive = await timed(() => naiveFakerCsv(NAIVE_ROWS, path.join(scratchDir, 'naive.csv')));
  const naiveRate = NAIVE_ROWS / naive.seconds;
  console.log(`naive faker  ${fmt(naiveRate).padStart(11)} rows/s  ${naive.seconds.toFixed(2)} s  (${fmt(NAIVE_ROWS)} rows, one thread)  peak RSS ${naive.peakMb.toFixed(0)} MB`);
  console.log(`             ${fmt(NAIVE_ROWS / naive.cpuSeconds).padStart(11)} rows per CPU-second`);
  const ratio = (run: { seconds: number }) => (ROWS / run.seconds / naiveRate).toFixed(1);
  console.log(`ratio        cold ${ratio(runs.cold)}×, warm ${ratio(runs.warm)}×   (targets: ≥ 1,000,000 rows/s and ≥ 20×)`);
}

async function relational() {
  const plan = compileBlueprint(shopBlueprint(USERS));
  console.log(`\n# Relational: ${plan.order.map((t) => `${t} ${fmt(plan.table(t).layout.rows)}`).join(' → ')} → CSV`);
  let total = 0;
  const run = await timed(async () => {
    for (const table of plan.order) {
      await toFile(streamTable(plan, table, 'csv', { workers: WORKERS }), `${table}.csv`);
      total += plan.table(table).layout.rows;
    }
  });
  console.log(`seedbed     ${fmt(total / run.seconds).padStart(11)} rows/s  ${fmt(total)} rows in ${run.seconds.toFixed(2)} s  peak RSS ${run.peakMb.toFixed(0)} MB`);
}

async function preview() {
  const doc = wideBlueprint();
  const samples: number[] = [];
  for (let i = 0; i < 220; i++) {
    const started = process.hrtime.bigint();
    previewRows(compileBlueprint(doc, { seed: i }), 'wide', (i * 7919) % 1_000_000, 20);
    if (i >= 20) samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  samples.sort((a, b) => a - b);
  const p = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))].toFixed(2);
  console.log(`\n# Preview: 20 rows × 30 fields (compile + rows, ${samples.length} runs)\np50 ${p(0.5)} ms  p95 ${p(0.95)} ms  max ${p(1)} ms   (target: p95 < 30 ms)`);
}

async function big() {
  const rows = 10_000_000;
  console.log(`\n# Memory: ${fmt(rows)} people rows → CSV file`);
  const run = await timed(() => toFile(streamTable(compileBlueprint(peopleBlueprint(rows)), 'people', 'csv', { workers: WORKERS }), 'big.csv'));
  console.log(`seedbed     ${fmt(rows / run.seconds).padStart(11)} rows/s  ${(run.value / 1073741824).toFixed(2)} GB  peak RSS ${run.peakMb.toFixed(0)} MB   (target: < 300 MB)`);
}

async function main() {
  if (flags['only-big']) return big();
  await people();
  await relational();
  await preview();
  // The memory check runs in a process of its own: its peak is then the
  // engine's, not what the sections above left in the heap (the naive loop's faker, for one).
  if (flags.big) spawnSync(process.execPath, [...process.execArgv, __filename, '--only-big'], { stdio: 'inherit' });
  else console.log('\n(run with -- --big for the 10,000,000-row memory check)');
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
