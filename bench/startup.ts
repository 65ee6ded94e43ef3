/**
 * npm run bench:startup [-- --runs N]
 *
 * Start-up of a short command, what CI jobs and test suites pay on every
 * call: wall time of whole processes, each kind run N times interleaved
 * (so a busy moment of the machine hits every kind alike), median and best:
 *
 *   floor      `node -e ''`: what any Node command costs here
 *   built      `seedbed generate small.json --out -` as an installed package
 *              runs it: bin/seedbed.js with dist/ and no src/, so the CLI's
 *              one-file bundle and, on Node 20, V8's cached code of it
 *   unbundled  the same from dist/cli/main.js, module by module (what the
 *              built CLI ran before the bundle, and what it runs without one)
 *   eager      the same, loading first what it loaded before start-up was
 *              made lazy: every command's modules, and the blueprint's JSON
 *              Schema compiled by Ajv at run time
 *   dev        the same through bin/seedbed.js in this repository (the
 *              TypeScript sources through the cached swc hook)
 *   seed       `require('seedbed/seed')` and `build(5)` of a seed client,
 *              as a test suite's first use of it
 *
 * Then where the built CLI's milliseconds go: its main thread's CPU profile
 * by package and engine folder (the bundle's lines mapped back to the
 * modules they came from).
 * Builds the packages first (`npm run build:packages`: tsc -b, incremental, and the bundle).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { peopleBlueprint } from './blueprints';
import { machineLoad, scratchDir } from './measure';

const { values: flags } = parseArgs({ options: { runs: { type: 'string' } } });
const RUNS = Number(flags.runs ?? 15);
const ROOT = path.join(__dirname, '..');
const DIST = path.join(ROOT, 'packages', 'seedbed', 'dist');
const BUNDLE = path.join(DIST, 'bundle', 'seedbed.js');

/** A small blueprint: the 10-field people table, 20 rows. */
const blueprint = peopleBlueprint(20);
const file = path.join(scratchDir, 'small.json');
writeFileSync(file, JSON.stringify(blueprint));
const args = ['generate', file, '--out', '-'];

/** A launcher of dist/cli/main.js, module by module. */
function launcher(name: string, before = ''): string {
  const target = path.join(scratchDir, `${name}.js`);
  writeFileSync(target, `${before}\nrequire(${JSON.stringify(path.join(DIST, 'cli', 'main.js'))}).main(process.argv.slice(2)).then((c) => { process.exitCode = c; });\n`);
  return target;
}

/** The package as installed: its bin/ beside a link to dist/, and no src/ (so the bin runs the built code). */
function installedBin(): string {
  const installed = path.join(scratchDir, 'installed');
  const bin = path.join(ROOT, 'packages', 'seedbed', 'bin');
  mkdirSync(path.join(installed, 'bin'), { recursive: true });
  for (const name of readdirSync(bin)) copyFileSync(path.join(bin, name), path.join(installed, 'bin', name));
  symlinkSync(DIST, path.join(installed, 'dist'), 'dir');
  return path.join(installed, 'bin', 'seedbed.js');
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
  { name: 'built: seedbed generate', argv: [installedBin(), ...args] },
  { name: 'unbundled: dist/cli, module by module', argv: [launcher('unbundled'), ...args] },
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
  process.stdout.write('building the packages (tsc -b, incremental, and the bundle)…\n');
  execFileSync('npm', ['run', '--silent', 'build:packages'], { cwd: ROOT, stdio: 'inherit' });
  if (!existsSync(`${BUNDLE}.cache`)) process.stdout.write('(no code cache beside the bundle: the built CLI compiles it)\n');
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
  const unbundled = median(times[2]);
  const eager = median(times[3]);
  process.stdout.write(`\nbuilt CLI: ${built.toFixed(0)} ms (target < 150 ms), CPU ${median(cpus[1]).toFixed(0)} ms; ${(unbundled / built).toFixed(2)}× faster than module by module (${unbundled.toFixed(0)} ms), ${(eager / built).toFixed(2)}× than eager loading (${eager.toFixed(0)} ms)\n`);
  whereTimeGoes(KINDS[1].argv);
}

/** The module each line of the bundle came from: rolldown heads each with a `// path` comment. */
function bundleRegions(): (line: number) => string {
  const starts: [number, string][] = [];
  readFileSync(BUNDLE, 'utf8').split('\n').forEach((text, line) => {
    const m = /^\/\/ ((?:packages|node_modules)\/\S+)$/.exec(text);
    if (m) starts.push([line, m[1]]);
  });
  return (line) => {
    let lo = 0;
    let hi = starts.length - 1;
    if (!starts.length || line < starts[0][0]) return '(bundle runtime)';
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid][0] <= line) lo = mid;
      else hi = mid - 1;
    }
    return starts[lo][1];
  };
}

/** A package, or an engine/CLI folder, of a script URL (a bundle line mapped to its module first). */
function packageOf(url: string, line: number, regionOf: (line: number) => string): string {
  const source = url.endsWith('/bundle/seedbed.js') ? regionOf(line) : url;
  if (source.includes('node_modules/')) return source.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1');
  if (source.includes('packages/')) return source.replace(/.*packages\/([^/]+)\/(?:dist|src)\/([^/]+).*/, '@seedbed/$1 $2').replace(/\.js$/, '');
  if (source.endsWith('bundle-loader.js')) return 'bin: loading the bundle';
  if (source === 'node:vm') return 'node: the bundle compiled (vm.Script, from the code cache)';
  if (source.startsWith('node:internal/modules')) return 'node: module loading';
  if (source.startsWith('node:')) return 'node: other';
  return source;
}

/** The built CLI's main thread, from its CPU profile, by package and folder. */
function whereTimeGoes(argv: string[]) {
  const profiles = path.join(scratchDir, 'profiles');
  rmSync(profiles, { recursive: true, force: true });
  mkdirSync(profiles);
  runOnce(['--cpu-prof', '--cpu-prof-dir', profiles, ...argv]);
  const regionOf = bundleRegions();
  for (const name of readdirSync(profiles)) {
    const profile = JSON.parse(readFileSync(path.join(profiles, name), 'utf8')) as { nodes: { id: number; callFrame: { url: string; functionName: string; lineNumber: number } }[]; samples: number[]; timeDeltas: number[] };
    const keys = new Map(profile.nodes.map((n) => [n.id, n.callFrame.url ? packageOf(n.callFrame.url, n.callFrame.lineNumber, regionOf) : `(${n.callFrame.functionName || 'native'})`]));
    const byPackage = new Map<string, number>();
    let total = 0;
    profile.samples.forEach((id, i) => {
      const key = keys.get(id)!;
      byPackage.set(key, (byPackage.get(key) ?? 0) + profile.timeDeltas[i] / 1000);
      total += profile.timeDeltas[i] / 1000;
    });
    process.stdout.write(`\nCPU profile of the built CLI's main thread (self time): ${total.toFixed(0)} ms sampled after Node's own start\n`);
    for (const [key, ms] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 16)) process.stdout.write(`  ${`${ms.toFixed(1)} ms`.padStart(9)}  ${key}\n`);
  }
}

main();
