/**
 * Where a process's threads spent their time, from the V8 CPU profiles that
 * `npm run bench:runs -- --cpu-prof DIR` or `npm run bench -- --cpu-prof DIR`
 * write (one file per thread): each thread's samples summed by kind of work,
 * then the functions that took most of it.
 *
 *   node -r ./server/bin/ts-register.js bench/cpu-profile.ts DIR [ROWS]
 *
 * With ROWS (the rows the process wrote), the busy time of all threads
 * together (not idle) and its row work are also given per row: what a row
 * costs in the whole pipeline, against bench/profile-fields.ts's cost of a
 * row in one thread. Profiles sample wall time: on a busy machine a thread's
 * time off the CPU lands on the function it was in, so take these figures
 * on a quiet one (and `npm run bench`'s CPU by thread, from /proc, on any).
 */
import { readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  samples: number[];
  timeDeltas: number[];
}

/** Kinds of work, the first that matches a sample's function and file. */
const KINDS: [string, (fn: string, url: string) => boolean][] = [
  ['idle', (fn) => fn === '(idle)'],
  ['garbage collection', (fn) => fn === '(garbage collector)'],
  ['hashing', (fn, url) => url.includes('crypto/hash')],
  ['writing files', (fn) => ['writeBuffer', 'writeBuffers', 'writev', 'writeSync', 'writeString'].includes(fn)],
  ['reading files', (fn) => fn === 'read' || fn === 'readFileUtf8'],
  // The compiled row writers (formats/row-compiler) have no file: they are made with `new Function`.
  ['writing rows (compiled row writers)', (fn, url) => url === '' && ['writeRows', 'writeCells', 'makeValues'].includes(fn)],
  ['making rows (engine)', (fn, url) => url.includes('/engine/')],
  ['loading code', (fn, url) => fn === 'wrapSafe' || url.includes('loader') || fn.startsWith('compile')],
];

function summarize(file: string) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const ms = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const { functionName, url } = byId.get(id)!;
    const kind = KINDS.find(([, test]) => test(functionName, url))?.[0] ?? 'other (queue, database, event loop)';
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    ms.set(kind, (ms.get(kind) ?? 0) + delta);
    const where = url ? url.split('/').slice(-2).join('/') : kind.startsWith('writing rows') ? '(compiled)' : '(native)';
    const name = `${functionName || '(anonymous)'} ${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
    total += delta;
  });
  return { total, ms, byFunction };
}

const dir = process.argv[2];
if (!dir) throw new Error('usage: cpu-profile.ts DIR [ROWS]');
const rows = Number(process.argv[3] ?? 0);
const ROW_WORK = ['writing rows (compiled row writers)', 'making rows (engine)'];
let busy = 0;
let rowWork = 0;
// CPU.<date>.<time>.<pid>.<thread>.<seq>.cpuprofile: grouped by process, thread 0 first.
const files = readdirSync(dir).filter((f) => f.endsWith('.cpuprofile')).sort();
for (const file of files) {
  const [, , , pid, thread] = file.split('.');
  const { total, ms, byFunction } = summarize(path.join(dir, file));
  busy += total - (ms.get('idle') ?? 0);
  rowWork += ROW_WORK.reduce((n, kind) => n + (ms.get(kind) ?? 0), 0);
  console.log(`process ${pid}, thread ${thread}${thread === '0' ? ' (main)' : ''}: ${(total / 1000).toFixed(2)} s profiled`);
  for (const [kind, value] of [...ms].sort((a, b) => b[1] - a[1])) {
    console.log(`  ${kind.padEnd(38)} ${(value / 1000).toFixed(2).padStart(6)} s  ${((100 * value) / total).toFixed(0).padStart(3)}%`);
  }
  console.log('  functions (self time):');
  for (const [name, value] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 8)) {
    console.log(`    ${name.slice(0, 60).padEnd(60)} ${((100 * value) / total).toFixed(1).padStart(5)}%`);
  }
}
if (rows > 0) {
  const perRow = (ms: number) => `${((ms * 1000) / rows).toFixed(2)} µs`;
  console.log(`all threads, ${rows.toLocaleString('en-US')} rows: busy ${(busy / 1000).toFixed(2)} s (${perRow(busy)} a row), of which row work ${(rowWork / 1000).toFixed(2)} s (${perRow(rowWork)} a row)`);
}
