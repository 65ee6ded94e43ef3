/**
 * `npm run bench:import-sample`: a 10 MB JSON sample and a 10 MB CSV sample
 * imported by Seedbed's streaming reader, against the obvious baseline (read
 * the whole file, JSON.parse / csv-parse it in one go, then walk the records),
 * each in a process of its own so peak memory is its own. Prints time, peak
 * RSS and the ratios, for 10 and 25 MB, and the longest event-loop stall of
 * each (the server reads uploaded samples on its API thread, in slices).
 */
import { fork } from 'node:child_process';
import { createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import * as path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { importSample } from '../packages/import/src/sample/import-sample';
import { customersCsv, grownTypicodeSample } from '../server/test/import/sample-fixtures';
import { fmt, machineLoad, RssSampler, scratchDir } from './measure';

const TARGET_BYTES = 10 * 1024 * 1024;

/** A typicode-style `db.json` of about `target` bytes, most of it photos. */
function writeJson(target: number): string {
  const json = path.join(scratchDir, `sample-${target}.json`);
  writeFileSync(json, grownTypicodeSample(target));
  return json;
}

function writeCsv(): string {
  let csvText = customersCsv(60_000);
  while (Buffer.byteLength(csvText) < TARGET_BYTES) csvText += customersCsv(60_000).split('\r\n').slice(1).join('\r\n');
  const csv = path.join(scratchDir, 'sample.csv');
  writeFileSync(csv, csvText);
  return csv;
}

interface Measured {
  seconds: number;
  peakMb: number;
  stallMs: number;
  tables: number;
}

async function measureChild(mode: 'stream' | 'whole', file: string): Promise<Measured> {
  const child = fork(__filename, ['--child', mode, file], { execArgv: ['-r', './server/bin/ts-register.js'] });
  return new Promise((resolve, reject) => {
    child.once('message', (m) => resolve(m as Measured));
    child.once('exit', (code) => code && reject(new Error(`${mode} exited ${code}`)));
  });
}

async function child(mode: string, file: string): Promise<void> {
  const kind = file.endsWith('.csv') ? 'CSV_SAMPLE' : 'JSON_SAMPLE';
  // Lag of a 5 ms timer: a synchronous parse blocks it as surely as a slow slice of ours does.
  let stallMs = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    stallMs = Math.max(stallMs, now - last - 5);
    last = now;
  }, 5);
  await new Promise((resolve) => setTimeout(resolve, 20));
  const rss = new RssSampler();
  const started = process.hrtime.bigint();
  let tables = 0;
  if (mode === 'stream') {
    tables = (await importSample(createReadStream(file), kind)).document.tables.length;
  } else {
    // The baseline: the whole sample in memory as one value, walked once.
    const text = readFileSync(file, 'utf8');
    const parsed = kind === 'CSV_SAMPLE' ? parseCsv(text, { columns: true }) : JSON.parse(text);
    const collections = Array.isArray(parsed) ? [parsed] : Object.values(parsed as Record<string, unknown[]>);
    for (const records of collections) for (const r of records as Record<string, unknown>[]) void Object.keys(r).length;
    tables = collections.length;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await new Promise((resolve) => setTimeout(resolve, 20));
  clearInterval(probe);
  process.send!({ seconds, peakMb: rss.stop() / 1048576, stallMs, tables } satisfies Measured);
}

async function main(): Promise<void> {
  const samples = [['JSON', writeJson(TARGET_BYTES)], ['JSON', writeJson(2.5 * TARGET_BYTES)], ['CSV', writeCsv()]] as const;
  console.log(`Importing samples of 10 and 25 MB (${machineLoad()}); the baseline's memory grows with the sample, ours should not`);
  for (const [label, file] of samples) {
    const size = statSync(file).size;
    const whole = await measureChild('whole', file);
    const ours = await measureChild('stream', file);
    console.log(`\n${label} sample, ${fmt(size / 1024)} KiB`);
    console.log(`  baseline, whole file parsed at once: ${whole.seconds.toFixed(2)} s, peak RSS ${fmt(whole.peakMb)} MB, longest stall ${fmt(whole.stallMs)} ms (no inference)`);
    console.log(`  seedbed import, streamed:            ${ours.seconds.toFixed(2)} s, peak RSS ${fmt(ours.peakMb)} MB, longest stall ${fmt(ours.stallMs)} ms, ${ours.tables} tables inferred`);
    console.log(`  ratio: time ${(ours.seconds / whole.seconds).toFixed(2)}×, peak memory ${(ours.peakMb / whole.peakMb).toFixed(2)}× of the baseline's`);
  }
}

if (process.argv[2] === '--child') void child(process.argv[3], process.argv[4]);
else
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
