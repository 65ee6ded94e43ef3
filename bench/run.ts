/**
 * npm run bench [-- --sizes 1000000,16000000 --naive-rows N --cli PATH --cpu-prof DIR]
 *
 * Issue 27's figures, all in one run: `seedbed generate` (the CLI, start-up
 * included) at each size for
 *   1. the people table (10 fields) to CSV through a pipe (`--out - | wc -c`),
 *   2. a 5-table shop (customers → orders → order_items, products → reviews)
 *      to CSV files (`--out DIR`), rows of every table counted,
 * against the pipe's limit (`cat` of the same bytes into the same `wc -c`)
 * and, for people, a naive faker loop writing the same columns. The pipe is
 * a real one (a FIFO, as a shell's `|` makes), not the socket pair Node's
 * `spawn` would give. Each line gives the load average beside it: the
 * machine is shared, and wall-clock rates fall with it; CPU-seconds (every
 * thread of the process) do less. Below each CLI line, the CPU time of its
 * threads: the main thread, the others above 0.2 s (the helper thread making
 * rows first; V8's GC threads when they work hard), and the rest. Peak RSS is the CLI
 * process's, sampled from /proc, and should stay flat as rows grow.
 *
 * `seedbed` is the package as a user installs it: built first (`npm run
 * build:packages`: the one-file bundle and its code cache) and laid out as
 * in node_modules (its `bin/` beside its `dist/`, no sources), so its bin
 * runs the bundle. `repository bin` is the same command run from this
 * checkout's sources, as a contributor runs it.
 *
 * `--cli PATH` measures another checkout's `packages/seedbed/bin/seedbed.js`
 * beside this one (e.g. the commit before a change); `--cpu-prof DIR` writes
 * a V8 CPU profile per thread of the largest people run (summarize with
 * bench/cpu-profile.ts).
 */
import { execFileSync, spawn } from 'node:child_process';
import { closeSync, cpSync, openSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync, mkdirSync, readdirSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { peopleBlueprint, shop5Blueprint } from './blueprints';
import { fmt, machineLoad, scratchDir, timed } from './measure';

const { values: flags } = parseArgs({
  options: { sizes: { type: 'string' }, 'naive-rows': { type: 'string' }, cli: { type: 'string', multiple: true }, 'cpu-prof': { type: 'string' } },
});
const SIZES = (flags.sizes ?? '1000000,16000000').split(',').map(Number);
const NAIVE_ROWS = Number(flags['naive-rows'] ?? 200_000);
const PACKAGE = path.join(__dirname, '..', 'packages', 'seedbed');
const OURS = path.join(PACKAGE, 'bin', 'seedbed.js');

/** The seedbed package built and laid out as installed: its bin/ and package.json, its dist/ linked. */
function installed(): string {
  execFileSync('npm', ['run', 'build:packages'], { cwd: path.join(__dirname, '..'), stdio: ['ignore', 'ignore', 'inherit'] });
  const root = path.join(scratchDir, 'node_modules', 'seedbed');
  mkdirSync(root, { recursive: true });
  cpSync(path.join(PACKAGE, 'bin'), path.join(root, 'bin'), { recursive: true });
  cpSync(path.join(PACKAGE, 'package.json'), path.join(root, 'package.json'));
  symlinkSync(path.join(PACKAGE, 'dist'), path.join(root, 'dist'));
  return path.join(root, 'bin', 'seedbed.js');
}

const CLIS: [string, string][] = [['seedbed', installed()], ['repository bin', OURS], ...(flags.cli ?? []).map((cli, i): [string, string] => [`other ${i + 1}`, path.resolve(cli)])];

interface Run {
  seconds: number;
  bytes: number;
  /** CPU time of the measured process, every thread (the last /proc sample before it exited). */
  cpuSeconds: number;
  peakMb: number;
  /** CPU seconds of each thread (user + system), the main thread first, then the busiest. */
  threads: { main: boolean; seconds: number }[];
}

const TICKS = 100; // USER_HZ on Linux

/** User + system ticks from a /proc …/stat line. */
function ticksOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** Peak RSS and CPU time of `pid` and of each of its threads, sampled from /proc every 20 ms while it runs (zeros where /proc is missing). */
function sampler(pid: number) {
  let peakKb = 0;
  let ticks = 0;
  const threadTicks = new Map<string, number>();
  const sample = () => {
    try {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      peakKb = Math.max(peakKb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0));
      ticks = ticksOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      for (const tid of readdirSync(`/proc/${pid}/task`)) threadTicks.set(tid, ticksOf(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8')));
    } catch {
      // gone, or no /proc
    }
  };
  const timer = setInterval(sample, 20);
  return () => {
    clearInterval(timer);
    const threads = [...threadTicks]
      .map(([tid, t]) => ({ main: tid === String(pid), seconds: t / TICKS }))
      .sort((a, b) => Number(b.main) - Number(a.main) || b.seconds - a.seconds);
    return { peakMb: peakKb / 1024, cpuSeconds: ticks / TICKS, threads };
  };
}

/**
 * `main 2.31 s; others 2.27 s, 0.31 s; the rest 0.35 s`: every thread is called `node`, so a helper
 * making rows is told from V8's GC and compiler threads only by its time (the busiest after main).
 */
function threadLine(run: Run): string {
  const [main, ...others] = run.threads;
  if (!main) return '';
  const busy = others.filter((t) => t.seconds >= 0.2);
  const rest = others.filter((t) => t.seconds < 0.2).reduce((n, t) => n + t.seconds, 0);
  const listed = busy.length ? `; others ${busy.map((t) => t.seconds.toFixed(2)).join(' s, ')} s` : '';
  return `${''.padEnd(28)} CPU by thread: main ${main.seconds.toFixed(2)} s${listed}; the rest ${rest.toFixed(2)} s`;
}

let pipes = 0;

/**
 * Runs `command` with its stdout into `wc -c` through a FIFO (or into nothing, with `pipe` false); times it and
 * samples the command's process.
 */
function measure(command: string, args: string[], pipe = true): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    let wc: ReturnType<typeof spawn> | undefined;
    let fd: number | 'ignore' = 'ignore';
    if (pipe) {
      const fifo = path.join(scratchDir, `pipe-${pipes++}`);
      execFileSync('mkfifo', [fifo]);
      wc = spawn('wc', ['-c', fifo], { stdio: ['ignore', 'pipe', 'inherit'] });
      fd = openSync(fifo, 'w'); // returns once wc has opened it to read
    }
    const child = spawn(command, args, { stdio: ['ignore', fd, 'pipe'] });
    // The child holds the pipe's write end now: ours closed, wc sees the end when the child exits.
    if (typeof fd === 'number') closeSync(fd);
    const stop = sampler(child.pid!);
    let stderr = '';
    child.stderr!.on('data', (d) => (stderr += d));
    let out = '';
    wc?.stdout!.on('data', (d) => (out += d));
    let left = wc ? 2 : 1;
    let code = 0;
    const done = () => {
      if (--left > 0) return;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (code !== 0) return reject(new Error(`${command} ${args.join(' ')} exited ${code}: ${stderr}`));
      resolve({ seconds, bytes: Number(out.trim().split(/\s+/)[0] || 0), ...stop() });
    };
    child.on('exit', (c) => {
      code = c ?? 1;
      done();
    });
    wc?.on('exit', done);
  });
}

const rate = (rows: number, run: { seconds: number }) => `${fmt(rows / run.seconds).padStart(11)} rows/s`;
const line = (label: string, rows: number, run: Run) =>
  console.log(
    `${label.padEnd(28)} ${rate(rows, run)}  ${run.seconds.toFixed(2).padStart(6)} s  ${fmt(run.bytes / 1048576).padStart(5)} MB  ` +
      `${run.cpuSeconds ? `${fmt(rows / run.cpuSeconds).padStart(10)} rows/CPU-s  ` : ''}peak RSS ${run.peakMb ? run.peakMb.toFixed(0) : '?'} MB  (${machineLoad()})`,
  );

function docFile(name: string, doc: unknown): string {
  const file = path.join(scratchDir, name);
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

const dirBytes = (dir: string) => readdirSync(dir).reduce((n, f) => n + statSync(path.join(dir, f)).size, 0);

async function people(): Promise<Map<string, number>> {
  console.log(`\n# People table, 10 fields → CSV through a pipe (\`seedbed generate --out - | wc -c\`, start-up included)`);
  // The pipe's limit: the same bytes, from a file in the page cache, through the same pipe (16× a 1M-row file for 16M rows).
  const unit = Math.min(...SIZES);
  const sample = path.join(scratchDir, 'people-unit.csv');
  await measure('sh', ['-c', `node ${JSON.stringify(CLIS[0][1])} generate ${JSON.stringify(docFile('people-unit.json', peopleBlueprint(unit)))} --format csv --out - > ${JSON.stringify(sample)}`], false);
  const atUnit = new Map<string, number>();
  for (const rows of SIZES) {
    const doc = docFile(`people-${rows}.json`, peopleBlueprint(rows));
    for (const [label, cli] of CLIS) {
      const profiling = flags['cpu-prof'] && label === 'seedbed' && rows === Math.max(...SIZES) ? [`--cpu-prof`, `--cpu-prof-dir=${path.resolve(flags['cpu-prof'])}`] : [];
      const run = await measure(process.execPath, [...profiling, cli, 'generate', doc, '--format', 'csv', '--out', '-']);
      line(`${label} ${fmt(rows)}`, rows, run);
      console.log(threadLine(run));
      if (rows === unit) atUnit.set(label, rows / run.seconds);
    }
    const copies = Math.max(1, Math.round(rows / unit));
    const cat = await measure('sh', ['-c', `cat ${Array(copies).fill(JSON.stringify(sample)).join(' ')}`]);
    line(`cat ${fmt(copies * unit)}`, copies * unit, cat);
  }
  rmSync(sample);
  return atUnit;
}

async function shop() {
  console.log(`\n# Shop, 5 tables (customers → orders → order_items, products → reviews) → CSV files (\`--out DIR\`), rows of all tables`);
  for (const rows of SIZES) {
    // About 16.75 rows of the whole shop per customer (see shop5Blueprint).
    const doc = shop5Blueprint(Math.round(rows / 16.75));
    const file = docFile(`shop-${rows}.json`, doc);
    for (const [label, cli] of CLIS) {
      const out = path.join(scratchDir, `shop-${rows}`);
      mkdirSync(out, { recursive: true });
      const run = await measure(process.execPath, [cli, 'generate', file, '--format', 'csv', '--out', out], false);
      const total = await countRows(out);
      line(`${label} ${fmt(total)}`, total, { ...run, bytes: dirBytes(out) });
      console.log(threadLine(run));
      if (label === CLIS.at(-1)![0]) {
        const cat = await measure('sh', ['-c', `cat ${JSON.stringify(out)}/*.csv`]);
        line(`cat ${fmt(total)}`, total, cat);
      }
      rmSync(out, { recursive: true, force: true });
    }
  }
}

/** Data lines of every CSV in `dir` (each file has a header line; no value of the shop holds a line break). */
async function countRows(dir: string): Promise<number> {
  let rows = 0;
  for (const f of readdirSync(dir)) {
    const run = await new Promise<number>((resolve) => {
      const wc = spawn('wc', ['-l', path.join(dir, f)]);
      let out = '';
      wc.stdout.on('data', (d) => (out += d));
      wc.on('exit', () => resolve(Number(out.trim().split(' ')[0]) - 1));
    });
    rows += run;
  }
  return rows;
}

async function naive(atUnit: Map<string, number>) {
  // Loaded only now: faker's index of every locale is a large heap that would slow what runs after it.
  const { naiveFakerCsv } = require('./naive') as typeof import('./naive');
  const run = await timed(() => naiveFakerCsv(NAIVE_ROWS, path.join(scratchDir, 'naive.csv')));
  const naiveRate = NAIVE_ROWS / run.seconds;
  console.log(`\n# Naive faker loop (bench/naive.ts), the same 10 columns, ${fmt(NAIVE_ROWS)} rows in this process`);
  console.log(`naive faker            ${rate(NAIVE_ROWS, run)}  ${run.seconds.toFixed(2).padStart(6)} s  ${fmt(NAIVE_ROWS / run.cpuSeconds).padStart(10)} rows/CPU-s  peak RSS ${run.peakMb.toFixed(0)} MB  (${machineLoad()})`);
  for (const [label, rowsPerSecond] of atUnit) {
    console.log(`${label}: ${(rowsPerSecond / naiveRate).toFixed(1)}× the naive loop at ${fmt(Math.min(...SIZES))} rows   (target ≥ 40×; ≥ 2,500,000 rows/s at 16M)`);
  }
}

async function main() {
  console.log(`seedbed bench on ${machineLoad()}`);
  const atUnit = await people();
  await shop();
  await naive(atUnit);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
