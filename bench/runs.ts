/**
 * A file run against the engine it runs (issue 14): in one run on one
 * machine, `seedbed generate` and a file run of the same people table to CSV,
 * rows/s of each and their ratio (target ≥ 0.8), and the peak RSS of each
 * process (target < 300 MB); then the same run with the S3 store (s3rver on
 * loopback, in a process of its own), against the local-folder run (target
 * within 1.25×). The run is made by a worker process (`npm run worker`), the
 * API in this process takes none; peak RSS is the kernel's high-water mark.
 *
 *   npm run bench:runs [-- --rows 10000000] [-- --no-s3] [-- --cpu-prof DIR]
 *
 * `--cpu-prof DIR` writes V8 CPU profiles of the CLI and the worker process
 * (every thread) into DIR, to open in Chrome's DevTools.
 */
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { createApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { createDataSource } from '../server/src/db/data-source';
import { ensureDatabase } from '../server/src/db/database';
import { startEmbeddedPostgres } from '../server/src/db/embedded-postgres';
import { createLogger } from '../server/src/logger';
import { peopleBlueprint } from './blueprints';
import { benchClient } from './client';
import { fmt, machineLoad, scratchDir } from './measure';

const SERVER_DIR = path.resolve(__dirname, '..', 'server');
const TS_REGISTER = path.join(SERVER_DIR, 'bin', 'ts-register.js');
const LIMIT_MB = 300;
/** How often the bench asks for a run's state: the moments it reports from polls are this precise. */
const POLL_MS = 250;

function argRows(): number {
  const i = process.argv.indexOf('--rows');
  return i > 0 ? Number(process.argv[i + 1]) : 10_000_000;
}

/** Node flags for the measured processes: CPU profiles when asked for. */
function profileFlags(): string[] {
  const i = process.argv.indexOf('--cpu-prof');
  return i > 0 ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(process.argv[i + 1])] : [];
}

/** Peak resident memory (VmHWM) of a live process, in MB; the kernel keeps the maximum, so a late sample loses nothing. */
function peakMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/** CPU seconds a live process has used (user + system, its threads included): work done, whatever else the machine runs. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function waitForLine(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = pattern.exec(output);
      if (match) {
        child.stdout!.off('data', onData);
        resolve(match[1] ?? match[0]);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk) => process.stderr.write(chunk));
    child.once('exit', (code) => reject(new Error(`child exited (${code}) before it was ready:\n${output.slice(-2000)}`)));
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** `seedbed generate` as a user runs it, timed from spawn to exit; its peak RSS sampled until it exits. */
async function cli(blueprint: string, rows: number) {
  const out = path.join(scratchDir, 'cli');
  const started = Date.now();
  const child = spawn(process.execPath, [...profileFlags(), path.join(SERVER_DIR, 'bin', 'seedbed.js'), 'generate', blueprint, '--out', out], { stdio: 'ignore' });
  let peak = 0;
  let cpu = 0;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, peakMb(child.pid!));
      cpu = cpuSeconds(child.pid!);
    } catch {
      // exited between two samples
    }
  }, 20);
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  clearInterval(sampler);
  if (code !== 0) throw new Error(`seedbed generate exited with ${code}`);
  const seconds = (Date.now() - started) / 1000;
  return { rows, seconds, cpu, peakMb: peak, size: statSync(path.join(out, 'people.csv')).size };
}

async function main() {
  const rows = argRows();
  const withS3 = !process.argv.includes('--no-s3');
  chmodSync(scratchDir, 0o755);
  const dataDir = path.join(scratchDir, 'data');
  mkdirSync(dataDir);
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'postgres'), ephemeral: true });
  await ensureDatabase(pg.url, 'seedbed');
  const databaseUrl = pg.url.replace(/\/postgres$/, '/seedbed');
  const db = createDataSource({ url: databaseUrl });
  await db.initialize();
  await db.runMigrations();
  // This process serves the API only; the runs go to worker processes, as with `npm start`.
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'warn', SEEDBED_DATA_DIR: dataDir, SEEDBED_RUN_WORKER: 'false' });
  const app = await createApp(config, db, createLogger('warn'));
  const port = await app.listen(0);
  const { gql } = benchClient(`http://127.0.0.1:${port}`);
  await gql(`mutation { signUp(input: { email: "bench@example.test", password: "bench password 1", name: "Bench" }) { user { id } } }`);
  const { createProject } = await gql(`mutation { createProject(input: { name: "bench" }) { id } }`);
  const document = peopleBlueprint(rows);
  const { createBlueprint } = await gql(`mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }`, {
    input: { projectId: createProject.id, document },
  });
  const blueprintFile = path.join(scratchDir, 'people.json');
  writeFileSync(blueprintFile, JSON.stringify(document));

  const worker = async (env: Record<string, string>) => {
    const child = spawn(process.execPath, [...profileFlags(), '-r', TS_REGISTER, path.join(SERVER_DIR, 'src', 'worker.ts')], {
      env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', DATABASE_URL: databaseUrl, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await waitForLine(child, /run worker ready/);
    child.stdout!.resume();
    return child;
  };

  /**
   * A file run to CSV, timed by the server's own clock from the run's createdAt (startRun) to its
   * finishedAt. The run is polled only every 250 ms: each poll is a GraphQL request this process
   * answers on the same two cores, and polling every 20 ms took ~30% of a core from the run
   * (0.72x the CLI's rows/s against 0.88x at 200 ms, same machine, same hour).
   */
  const fileRun = async (env: Record<string, string>) => {
    const child = await worker(env);
    const cpuBefore = cpuSeconds(child.pid!);
    const started = Date.now();
    const { startRun } = await gql(`mutation($input: StartRunInput!) { startRun(input: $input) { id } }`, {
      input: { blueprintId: createBlueprint.id, target: { files: { formats: ['CSV'] } } },
    });
    let size = 0;
    let seconds = 0;
    let finished = 0;
    let shardsDoneAt = 0;
    let firstRowsAt = 0;
    for (;;) {
      const { run } = await gql(`query($id: ID!) { run(id: $id) { status error rowsDone rowsTotal createdAt finishedAt artifacts { size } } }`, { id: startRun.id });
      if (run.status === 'FAILED') throw new Error(run.error);
      if (!firstRowsAt && run.rowsDone > 0) firstRowsAt = Date.now();
      if (!shardsDoneAt && run.rowsDone >= run.rowsTotal) shardsDoneAt = Date.now();
      if (run.status === 'SUCCEEDED') {
        size = run.artifacts[0].size;
        finished = Date.parse(run.finishedAt);
        seconds = (finished - Date.parse(run.createdAt)) / 1000;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    // What is left once every row is made: joining, hashing and syncing the file.
    const tailSeconds = Math.max(0, finished - (shardsDoneAt || finished)) / 1000;
    const peak = peakMb(child.pid!);
    const cpu = cpuSeconds(child.pid!) - cpuBefore;
    await stop(child);
    // Until the first rows are reported: the queue's pick-up, the plan compiled, the first progress tick.
    const startSeconds = ((firstRowsAt || Date.now()) - started) / 1000;
    return { rows, seconds, cpu, peakMb: peak, size, tailSeconds, startSeconds };
  };

  const line = (name: string, r: { rows: number; seconds: number; cpu: number; peakMb: number; size: number }) =>
    console.log(
      `  ${name.padEnd(22)} ${fmt(r.rows).padStart(11)} rows  ${r.seconds.toFixed(1).padStart(6)} s  ${fmt(r.rows / r.seconds).padStart(9)} rows/s` +
        `  ${r.cpu.toFixed(1).padStart(6)} CPU s  ${fmt(r.size / 1048576).padStart(6)} MB  peak RSS ${r.peakMb.toFixed(0)} MB`,
    );
  console.log(`people table to CSV, ${fmt(rows)} rows (${machineLoad()})`);
  const engine = await cli(blueprintFile, rows);
  line('seedbed generate', engine);
  const local = await fileRun({ SEEDBED_DATA_DIR: dataDir });
  line('file run, local folder', local);
  console.log(`  its first rows came ${local.startSeconds.toFixed(2)} s after startRun; after its last shard, it took ${local.tailSeconds.toFixed(2)} s more (the file joined, hashed and synced; both seen by polls ${POLL_MS} ms apart)`);
  const ratio = engine.seconds / local.seconds;
  console.log(`  run / CLI rows/s: ${ratio.toFixed(2)}x (target ≥ 0.80: ${ratio >= 0.8 ? 'met' : 'NOT met'}); CPU per row, run / CLI: ${(local.cpu / engine.cpu).toFixed(2)}x`);
  console.log(`  peak RSS under ${LIMIT_MB} MB per process: ${Math.max(engine.peakMb, local.peakMb) < LIMIT_MB ? 'met' : 'NOT met'}`);

  if (withS3) {
    const s3 = spawn(process.execPath, ['-r', TS_REGISTER, '-e', S3_CHILD], { cwd: SERVER_DIR, stdio: ['ignore', 'pipe', 'pipe'] });
    const storeEnv = JSON.parse(await waitForLine(s3, /^S3 (.*)$/m));
    try {
      const s3rverBefore = cpuSeconds(s3.pid!);
      const viaS3 = await fileRun({ SEEDBED_DATA_DIR: path.join(scratchDir, 'worker-s3'), ...storeEnv });
      const s3rverCpu = cpuSeconds(s3.pid!) - s3rverBefore;
      line('file run, S3 (s3rver)', viaS3);
      console.log(`  after its last shard, the run took ${viaS3.tailSeconds.toFixed(2)} s more (the last parts uploaded, the upload completed)`);
      const slower = viaS3.seconds / local.seconds;
      console.log(`  S3 / local time: ${slower.toFixed(2)}x (target ≤ 1.25: ${slower <= 1.25 ? 'met' : 'NOT met'}); worker CPU, S3 / local: ${(viaS3.cpu / local.cpu).toFixed(2)}x`);
      // s3rver runs on the same cores: what it spends receiving and joining parts is taken from the run.
      console.log(`  s3rver itself used ${s3rverCpu.toFixed(1)} CPU s on this machine's ${availableParallelism()} cores`);
    } finally {
      await stop(s3);
    }
  }

  await app.close();
  await db.destroy();
  await pg.stop();
}

/** s3rver in a process of its own: its hashing and file writes do not share this process's event loop. */
const S3_CHILD = `
  require('./test/runs/support/s3.ts').startS3Server('seedbed-bench').then((s3) => {
    console.log('S3 ' + JSON.stringify(s3.env('runs')));
    process.on('SIGTERM', () => s3.stop().then(() => process.exit(0)));
  });
`;

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
