/**
 * `npm run bench:import-sample`: a 10 MB JSON sample and a 10 MB CSV sample
 * imported by Seedbed's streaming reader, against the obvious baseline (read
 * the whole file, JSON.parse / csv-parse it in one go, then walk the records),
 * each in a process of its own so peak memory is its own. Prints time, peak
 * RSS and the ratios. Also the longest event-loop stall during our import:
 * the server reads samples on its API thread in slices.
 */
import { fork } from 'node:child_process';
import { createReadStream, readFileSync, statSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import * as path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import { importSample } from '../server/src/modules/import/sample/import-sample';
import { customersCsv, typicodeSample } from '../server/test/import/sample-fixtures';
import { fmt, machineLoad, RssSampler, scratchDir } from './measure';

const TARGET_BYTES = 10 * 1024 * 1024;

function writeSamples(): { json: string; csv: string } {
  const base = typicodeSample();
  const photos: unknown[] = [];
  let bytes = 0;
  for (let i = 0; bytes < TARGET_BYTES; i++) {
    const photo = { ...base.photos[i % base.photos.length], id: i + 1, albumId: (i % 100) + 1 };
    bytes += JSON.stringify(photo).length + 1;
    photos.push(photo);
  }
  const json = path.join(scratchDir, 'sample.json');
  writeFileSync(json, JSON.stringify({ users: base.users, albums: base.albums, photos }));
  let csvText = customersCsv(60_000);
  while (Buffer.byteLength(csvText) < TARGET_BYTES) csvText += customersCsv(60_000).split('\r\n').slice(1).join('\r\n');
  const csv = path.join(scratchDir, 'sample.csv');
  writeFileSync(csv, csvText);
  return { json, csv };
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
  const loop = monitorEventLoopDelay({ resolution: 5 });
  const rss = new RssSampler();
  loop.enable();
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
  loop.disable();
  process.send!({ seconds, peakMb: rss.stop() / 1048576, stallMs: loop.max / 1e6, tables } satisfies Measured);
}

async function main(): Promise<void> {
  const { json, csv } = writeSamples();
  console.log(`Importing 10 MB samples (${machineLoad()})`);
  for (const [label, file] of [['JSON', json], ['CSV', csv]] as const) {
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
