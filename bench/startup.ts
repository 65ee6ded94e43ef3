/**
 * npm run bench:startup [-- --runs N]
 *
 * Start-up of a short command, what CI jobs and test suites pay on every
 * call: wall time of whole processes, each kind run N times interleaved
 * (so a busy moment of the machine hits every kind alike), median and best:
 *
 *   floor      `node -e ''`: what any Node command costs here
 *   built      `seedbed generate small.json --out -` from the built packages
 *              (what an installed `npx seedbed` runs)
 *   eager      the same, loading first what it loaded before start-up was
 *              made lazy: every command's modules, and the blueprint's JSON
 *              Schema compiled by Ajv at run time
 *   dev        the same through bin/seedbed.js in this repository (the
 *              TypeScript sources through the cached swc hook)
 *   seed       `require('seedbed/seed')` and `build(5)` of a seed client,
 *              as a test suite's first use of it
 *
 * Then, for the built CLI, where the milliseconds go: the slowest module
 * loads (inclusive) and the CPU profile's time per package.
 * Builds the packages first (`tsc -b`, incremental).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { peopleBlueprint } from './blueprints';
import { machineLoad, scratchDir } from './measure';

const { values: flags } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(flags.runs ?? 15);
const ROOT = path.join(__dirname, '..');
const DIST = path.join(ROOT, 'packages', 'seedbed', 'dist');

/** A small blueprint: the 10-field people table, 20 rows. */
const blueprint = peopleBlueprint(20);
const file = path.join(scratchDir, 'small.json');
writeFileSync(file, JSON.stringify(blueprint));
const args = ['generate', file, '--out', '-'];

/** A launcher as the installed bin runs it (the repository's bin prefers the sources). */
function launcher(name: string, before = ''): string {
  const target = path.join(scratchDir, `${name}.js`);
  writeFileSync(target, `${before}\nrequire(${JSON.stringify(path.join(DIST, 'cli', 'main.js'))}).main(process.argv.slice(2)).then((c) => { process.exitCode = c; });\n`);
  return target;
}

const eagerBefore = [
  ...['generate', 'diff', 'load', 'import', 'mock', 'codegen'].map((m) => `require(${JSON.stringify(path.join(DIST, 'cli', `${m}.js`))});`),
  `require(${JSON.stringify(path.join(ROOT, 'packages', 'engine', 'dist', 'document', 'shape-check.js'))}).compiledNow();`,
].join('\n');

const seedScript = path.join(scratchDir, 'seed.js');
writeFileSync(seedScript, `const { createClient } = require(${JSON.stringify(path.join(DIST, 'seed-client', 'index.js'))});
const doc = require(${JSON.stringify(file)});
if (createClient(doc, { seed: 1 })[doc.tables[0].name].build(5).length !== 5) process.exit(1);\n`);

const KINDS: { name: string; argv: string[] }[] = [
  { name: 'floor: node -e \'\'', argv: ['-e', ''] },
  { name: 'built: seedbed generate', argv: [launcher('built'), ...args] },
  { name: 'eager (as before): seedbed generate', argv: [launcher('eager', eagerBefore), ...args] },
  { name: 'dev (ts hook): seedbed generate', argv: [path.join(ROOT, 'packages', 'seedbed', 'bin', 'seedbed.js'), ...args] },
  { name: 'seed client: require + build(5)', argv: [seedScript] },
];

/** GNU time gives the child's CPU time: on a shared machine, wall time grows with the load and CPU time far less. */
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/** One process: wall ms, and CPU ms (user + system, its threads included) when GNU time is there. */
function runOnce(argv: string[]): { wall: number; cpu: number } {
  const started = process.hrtime.bigint();
  const result = TIME
    ? spawnSync(TIME, ['-f', '%U %S', process.execPath, ...argv], { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' })
    : spawnSync(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - started) / 1e6;
  if (result.status !== 0) throw new Error(`node ${argv.join(' ')} failed (${result.status}): ${result.stderr}`);
  const cpu = TIME ? result.stderr.trim().split('\n').at(-1)!.split(' ').reduce((a, b) => a + Number(b) * 1000, 0) : NaN;
  return { wall, cpu };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function main() {
  process.stdout.write('building the packages (tsc -b, incremental)…\n');
  execFileSync('npx', ['tsc', '-b', path.join(ROOT, 'packages', 'seedbed')], { cwd: ROOT, stdio: 'inherit' });
  for (const kind of KINDS) runOnce(kind.argv); // warm the page cache and the swc cache
  const times = KINDS.map(() => [] as number[]);
  const cpus = KINDS.map(() => [] as number[]);
  for (let i = 0; i < RUNS; i++) {
    KINDS.forEach((kind, k) => {
      const { wall, cpu } = runOnce(kind.argv);
      times[k].push(wall);
      cpus[k].push(cpu);
    });
  }

  process.stdout.write(`\nstart-up, ${RUNS} runs each, interleaved (${machineLoad()}); a ${blueprint.tables[0].rows}-row table to standard output\n\n`);
  const floor = median(times[0]);
  const ms = (n: number, width: number) => (Number.isNaN(n) ? '–' : `${n.toFixed(0)} ms`).padStart(width);
  process.stdout.write(`${'kind'.padEnd(40)} ${'median'.padStart(8)} ${'best'.padStart(8)} ${'median − floor'.padStart(15)} ${'CPU median'.padStart(11)}\n`);
  KINDS.forEach((kind, k) => {
    const m = median(times[k]);
    process.stdout.write(`${kind.name.padEnd(40)} ${ms(m, 8)} ${ms(Math.min(...times[k]), 8)} ${k ? ms(m - floor, 15) : ''.padStart(15)} ${ms(median(cpus[k]), 11)}\n`);
  });
  const built = median(times[1]);
  const eager = median(times[2]);
  process.stdout.write(`\nbuilt CLI: ${built.toFixed(0)} ms (target < 150 ms), ${(eager / built).toFixed(2)}× faster than eager loading (${eager.toFixed(0)} ms)\n`);
  whereTimeGoes(KINDS[1].argv);
}

/** The built CLI's slowest module loads and its CPU profile by package. */
function whereTimeGoes(argv: string[]) {
  const preload = path.join(scratchDir, 'require-times.js');
  writeFileSync(preload, `const Module = require('node:module');
const load = Module._load; const times = []; let depth = 0;
Module._load = function (request, parent) {
  const t = process.hrtime.bigint(); depth++;
  try { return load.apply(this, arguments); } finally { depth--; times.push([Number(process.hrtime.bigint() - t) / 1e6, depth, request, parent && parent.filename]); }
};
process.on('exit', () => { require('node:fs').writeFileSync(${JSON.stringify(path.join(scratchDir, 'requires.json'))}, JSON.stringify(times)); });\n`);
  runOnce(['-r', preload, ...argv]);
  const requires = JSON.parse(readFileSync(path.join(scratchDir, 'requires.json'), 'utf8')) as [number, number, string, string | null][];
  const short = (p: string | null) => (p ?? '').replace(/.*\/node_modules\//, '').replace(/.*\/packages\//, '');
  process.stdout.write('\nslowest module loads of the built CLI (inclusive of what each loads):\n');
  for (const [ms, depth, request, parent] of requires.filter((r) => r[1] <= 6).sort((a, b) => b[0] - a[0]).slice(1, 16)) {
    process.stdout.write(`  ${`${ms.toFixed(1)} ms`.padStart(9)}  ${'  '.repeat(Math.max(0, depth - 1))}${request}  (from ${short(parent)})\n`);
  }

  const profiles = path.join(scratchDir, 'profiles');
  rmSync(profiles, { recursive: true, force: true });
  mkdirSync(profiles);
  runOnce(['--cpu-prof', '--cpu-prof-dir', profiles, ...argv]);
  for (const name of readdirSync(profiles)) {
    const profile = JSON.parse(readFileSync(path.join(profiles, name), 'utf8')) as { nodes: { id: number; callFrame: { url: string; functionName: string } }[]; samples: number[]; timeDeltas: number[] };
    const urls = new Map(profile.nodes.map((n) => [n.id, n.callFrame.url || `(${n.callFrame.functionName || 'native'})`]));
    const byPackage = new Map<string, number>();
    let total = 0;
    profile.samples.forEach((id, i) => {
      const url = urls.get(id)!;
      const key = url.includes('/node_modules/') ? url.replace(/.*\/node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
        : url.includes('/packages/') ? url.replace(/.*\/packages\/([^/]+)\/dist\/([^/]+).*/, '@seedbed/$1 $2')
        : url.startsWith('node:internal/modules') ? 'node: module loading'
        : url.startsWith('node:') ? 'node: other' : url;
      byPackage.set(key, (byPackage.get(key) ?? 0) + profile.timeDeltas[i] / 1000);
      total += profile.timeDeltas[i] / 1000;
    });
    process.stdout.write(`\nCPU profile of the built CLI's main thread: ${total.toFixed(0)} ms sampled after Node's own start\n`);
    for (const [key, ms] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 14)) process.stdout.write(`  ${`${ms.toFixed(1)} ms`.padStart(9)}  ${key}\n`);
  }
}

main();
