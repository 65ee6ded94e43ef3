/**
 * API latency under heavy work (PRODUCT.md §15; target: p99 under load within
 * 5× of idle and under 100 ms). Boots the real server as `npm start` does (an
 * API process and its niced run worker child, on an embedded PostgreSQL in a
 * temporary folder, or DATABASE_URL) and times sequential `{ me { id } }`
 * requests idle, during a 10M-row CSV file run, and during 4 concurrent
 * 1M-row CSV rows API streams read to the end. For the before figure it does
 * the same with the runs inside the API process (the layout before the
 * worker child), and prints both.
 *
 *   npm run bench:api [-- --layout both|child|in-process --file-rows 10000000 --stream-rows 1000000 --streams 4]
 */
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/database';
import { createLogger } from '../server/src/logger';
import { stopOnSignals } from '../server/src/shutdown';
import { peopleBlueprint } from './blueprints';
import { benchClient, portWhenReady } from './client';
import { fmt, machineLoad, scratchDir } from './measure';

const { values: flags } = parseArgs({
  options: {
    layout: { type: 'string', default: 'both' },
    'file-rows': { type: 'string', default: '10000000' },
    'stream-rows': { type: 'string', default: '1000000' },
    streams: { type: 'string', default: '4' },
    'idle-requests': { type: 'string', default: '500' },
    'serve-in-process': { type: 'boolean' },
  },
});
const FILE_ROWS = Number(flags['file-rows']);
const STREAM_ROWS = Number(flags['stream-rows']);
const STREAMS = Number(flags.streams);
const IDLE_REQUESTS = Number(flags['idle-requests']);
const ROOT = path.resolve(__dirname, '..');
const REGISTER = path.join(ROOT, 'server', 'bin', 'ts-register.js');

type Layout = 'child' | 'in-process';
const LAYOUT_NAMES: Record<Layout, string> = { 'in-process': 'runs in the API process (before)', child: 'niced worker child (after)' };

/** The layout before the worker child: the old main.ts, whose own process took run work. */
async function serveInProcess() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const database = await openDatabase(config, log);
  const app = await createApp(config, database.dataSource, log);
  const port = await app.listen(config.port);
  log.info({ port }, 'Seedbed is ready');
  stopOnSignals(log, [app.close, database.close]);
}

interface Server {
  base: string;
  stop(): Promise<void>;
}

async function boot(layout: Layout): Promise<Server> {
  const dataDir = path.join(scratchDir, layout);
  mkdirSync(dataDir);
  const script = layout === 'child' ? [path.join(ROOT, 'server', 'src', 'main.ts')] : [__filename, '--serve-in-process'];
  const child = spawn(process.execPath, ['-r', REGISTER, ...script], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', SEEDBED_DATA_DIR: dataDir, SEEDBED_RUN_WORKER: 'true' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const stopOnExit = () => child.kill('SIGTERM');
  process.on('exit', stopOnExit);
  const port = await portWhenReady(child);
  return {
    base: `http://127.0.0.1:${port}`,
    stop: () => stopProcess(child).then(() => void process.off('exit', stopOnExit)),
  };
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}


type Api = ReturnType<typeof benchClient>;

/** Times one `{ me { id } }` request, in milliseconds. */
async function timeMe(api: Api): Promise<number> {
  const started = process.hrtime.bigint();
  const { me } = await api.gql('{ me { id } }');
  if (!me?.id) throw new Error('me is not signed in');
  return Number(process.hrtime.bigint() - started) / 1e6;
}

/** Sequential requests until `done` resolves (or `count` of them, idle). */
async function sample(api: Api, until: { count: number } | { done: Promise<unknown> }): Promise<number[]> {
  const samples: number[] = [];
  if ('count' in until) {
    while (samples.length < until.count) samples.push(await timeMe(api));
    return samples;
  }
  let finished = false;
  let failure: unknown;
  until.done.then(() => (finished = true), (error) => ((finished = true), (failure = error)));
  while (!finished) samples.push(await timeMe(api));
  if (failure) throw failure;
  return samples;
}

interface Figures {
  p50: number;
  p99: number;
  max: number;
  n: number;
  seconds: number;
  /** Largest event-loop delay /metrics saw in the API process over the phase, ms. */
  loopMax: number;
}

function figures(samples: number[], seconds: number, loopMax: number): Figures {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1], n: sorted.length, seconds, loopMax };
}

/** Reads (and so resets) the API process's event-loop delay: the longest since the previous scrape, in ms. */
async function loopDelayMax(base: string): Promise<number> {
  const text = await (await fetch(`${base}/metrics`)).text();
  const match = /^seedbed_event_loop_delay_seconds\{quantile="1"\} (\S+)/m.exec(text);
  return match ? Number(match[1]) * 1000 : NaN;
}

async function phase(api: Api, base: string, until: { count: number } | { done: Promise<unknown> }): Promise<Figures> {
  await loopDelayMax(base);
  const started = Date.now();
  const samples = await sample(api, until);
  return figures(samples, (Date.now() - started) / 1000, await loopDelayMax(base));
}

async function fileRun(api: Api, blueprintId: string): Promise<void> {
  const { startRun } = await api.gql(`mutation($input: StartRunInput!) { startRun(input: $input) { id } }`, {
    input: { blueprintId, target: { files: { formats: ['CSV'] } } },
  });
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const { run } = await api.gql(`query($id: ID!) { run(id: $id) { status error } }`, { id: startRun.id });
    if (run.status === 'SUCCEEDED') return;
    if (['FAILED', 'CANCELLED', 'EXPIRED'].includes(run.status)) throw new Error(`file run ${run.status}: ${run.error}`);
  }
}

/** Reads the streams in a thread of their own, so their bytes do not delay the timed requests' event loop. */
function rowsStreams(url: string, cookie: string, count: number): Promise<number[]> {
  const source = `
    const { workerData, parentPort } = require('node:worker_threads');
    const read = async () => {
      const response = await fetch(workerData.url, { headers: { cookie: workerData.cookie } });
      if (response.status !== 200) throw new Error('rows API answered ' + response.status + ': ' + (await response.text()));
      let bytes = 0;
      for await (const chunk of response.body) bytes += chunk.length;
      return bytes;
    };
    Promise.all(Array.from({ length: workerData.count }, read)).then((sizes) => parentPort.postMessage(sizes));`;
  return new Promise((resolve, reject) => {
    const worker = new Worker(source, { eval: true, workerData: { url, cookie, count } });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function measure(layout: Layout) {
  const server = await boot(layout);
  try {
    const api = benchClient(server.base);
    await api.gql(`mutation { signUp(input: { email: "bench-${layout}@example.test", password: "bench password 1", name: "Bench" }) { user { id } } }`);
    const { createProject } = await api.gql(`mutation { createProject(input: { name: "api latency" }) { id } }`);
    const blueprint = async (rows: number) =>
      (await api.gql(`mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }`, {
        input: { projectId: createProject.id, document: peopleBlueprint(rows) },
      })).createBlueprint.id as string;
    const big = await blueprint(FILE_ROWS);
    const small = await blueprint(STREAM_ROWS);

    await sample(api, { count: 100 }); // warm-up: JIT, pools, caches
    const idle = await phase(api, server.base, { count: IDLE_REQUESTS });
    const run = await phase(api, server.base, { done: fileRun(api, big) });
    const rowsUrl = `${server.base}/api/v1/blueprints/${small}/rows.csv?table=people`;
    let sizes: number[] = [];
    const streams = await phase(api, server.base, { done: rowsStreams(rowsUrl, api.cookie(), STREAMS).then((s) => (sizes = s)) });
    if (sizes.some((size) => size < STREAM_ROWS * 50)) throw new Error(`a rows stream ended short: ${sizes.join(', ')} bytes`);
    return { idle, run, streams };
  } finally {
    await server.stop();
  }
}

const ms = (n: number) => n.toFixed(1).padStart(7);

function print(layout: Layout, result: Awaited<ReturnType<typeof measure>>) {
  const { idle } = result;
  console.log(`\n${LAYOUT_NAMES[layout]}`);
  console.log(`  ${'phase'.padEnd(26)} ${'p50 ms'.padStart(7)} ${'p99 ms'.padStart(7)} ${'max ms'.padStart(7)}  p50×idle p99×idle  requests  seconds  loop max ms`);
  const rows: [string, Figures][] = [
    ['idle', idle],
    [`file run ${fmt(FILE_ROWS)} rows CSV`, result.run],
    [`${STREAMS} rows streams × ${fmt(STREAM_ROWS)}`, result.streams],
  ];
  for (const [name, f] of rows) {
    console.log(
      `  ${name.padEnd(26)} ${ms(f.p50)} ${ms(f.p99)} ${ms(f.max)}  ${(f.p50 / idle.p50).toFixed(1).padStart(7)}× ${(f.p99 / idle.p99).toFixed(1).padStart(7)}×` +
        `  ${String(f.n).padStart(8)}  ${f.seconds.toFixed(1).padStart(7)}  ${ms(f.loopMax)}`,
    );
  }
  const met = (f: Figures) => f.p99 <= 5 * idle.p99 && f.p99 < 100;
  console.log(`  target p99 ≤ 5× idle and < 100 ms: file run ${met(result.run) ? 'met' : 'NOT met'}, rows streams ${met(result.streams) ? 'met' : 'NOT met'}`);
}

async function main() {
  if (flags['serve-in-process']) return serveInProcess();
  // As root, the embedded PostgreSQL runs as another user, who must reach the data folders.
  chmodSync(scratchDir, 0o755);
  const layouts: Layout[] = flags.layout === 'both' ? ['in-process', 'child'] : [flags.layout as Layout];
  console.log(`API latency of sequential { me { id } } requests (${machineLoad()})`);
  for (const layout of layouts) print(layout, await measure(layout));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
