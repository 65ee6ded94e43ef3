/**
 * npm run bench:formats [-- --rows N --runs R]
 *
 * One generation for several formats: `seedbed generate --format
 * csv,sql,ndjson --out DIR` against three calls, one per format, writing the
 * same files, for the people table (bench/blueprints.ts) and the 3-table
 * shop, with all cores and with one (`--workers 1`). Whole commands (the
 * repository's bin, start-up included, as a CI job runs them), wall and CPU
 * time, best of R runs; the files of both ways are compared byte for byte.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { peopleBlueprint, shopBlueprint } from './blueprints';
import { fmt, machineLoad, scratchDir } from './measure';

const { values: flags } = parseArgs({ options: { rows: { type: 'string' }, runs: { type: 'string' } } });
const ROWS = Number(flags.rows ?? 500_000);
const RUNS = Number(flags.runs ?? 2);
const BIN = path.join(__dirname, '..', 'packages', 'seedbed', 'bin', 'seedbed.js');
const FORMATS = ['csv', 'sql', 'ndjson'];

interface Timing {
  wall: number;
  cpu: number;
}

/** One `seedbed generate` process: wall seconds and CPU seconds of the child (its threads included). */
function run(args: string[]): Timing {
  const started = process.hrtime.bigint();
  const result = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, BIN, 'generate', ...args], { encoding: 'utf8' });
  const wall = Number(process.hrtime.bigint() - started) / 1e9;
  if (result.status !== 0) throw new Error(`seedbed generate ${args.join(' ')} failed: ${result.stderr}`);
  const [user, system] = result.stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
  return { wall, cpu: user + system };
}

const add = (a: Timing, b: Timing): Timing => ({ wall: a.wall + b.wall, cpu: a.cpu + b.cpu });
const best = (runs: Timing[]): Timing => runs.reduce((a, b) => (b.wall < a.wall ? b : a));

function digests(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).sort().map((f) => [f, createHash('sha256').update(readFileSync(path.join(dir, f))).digest('hex')]));
}

function compare(name: string, file: string, workers: string[]) {
  const together: Timing[] = [];
  const apart: Timing[] = [];
  const one = path.join(scratchDir, 'one');
  const three = path.join(scratchDir, 'three');
  for (let i = 0; i < RUNS; i++) {
    for (const dir of [one, three]) rmSync(dir, { recursive: true, force: true });
    together.push(run([file, '--format', FORMATS.join(','), '--out', one, ...workers]));
    apart.push(FORMATS.map((format) => run([file, '--format', format, '--out', three, ...workers])).reduce(add));
    const [a, b] = [digests(one), digests(three)];
    if (JSON.stringify(a) !== JSON.stringify(b)) throw new Error(`${name}: the files of one call differ from those of three calls`);
  }
  const [t, s] = [best(together), best(apart)];
  const label = `${name}, ${workers.length ? 'one thread' : 'all cores'}`;
  process.stdout.write(`${label.padEnd(34)} one call ${t.wall.toFixed(2)} s (CPU ${t.cpu.toFixed(2)} s)   three calls ${s.wall.toFixed(2)} s (CPU ${s.cpu.toFixed(2)} s)   ${(s.wall / t.wall).toFixed(2)}× wall, ${(s.cpu / t.cpu).toFixed(2)}× CPU\n`);
  return { one: t, three: s };
}

function main() {
  mkdirSync(scratchDir, { recursive: true });
  const people = path.join(scratchDir, 'people.json');
  writeFileSync(people, JSON.stringify(peopleBlueprint(ROWS)));
  const shop = path.join(scratchDir, 'shop.json');
  writeFileSync(shop, JSON.stringify(shopBlueprint(Math.max(1, Math.round(ROWS / 8)))));
  process.stdout.write(`CSV + SQL + NDJSON: one call (rows made once) vs three calls; ${fmt(ROWS)} people rows, shop of ${fmt(ROWS / 8)} users; best of ${RUNS} (${machineLoad()})\n\n`);
  compare('people', people, []);
  compare('people', people, ['--workers', '1']);
  compare('shop', shop, []);
  compare('shop', shop, ['--workers', '1']);
  process.stdout.write('\nThe files of one call and of three calls are byte-identical in every run (compared by SHA-256).\n');
}

main();
