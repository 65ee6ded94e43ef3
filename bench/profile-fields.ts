/**
 * Per-field cost of the people table to CSV in this thread (cell writers and
 * compiled rows included): where the time goes. Each field's share is the
 * whole row's cost less the row's without it, so shares are differences of
 * noisy figures: read them beside the load average printed first.
 */
import * as os from 'node:os';
import { compileBlueprint } from '@seedbed/engine';
import { ChunkEncoder } from '../packages/engine/src/stream/chunks';
import { peopleBlueprint } from './blueprints';

const ROWS = 400_000;
const CHUNK = 16_384;
const doc = peopleBlueprint(ROWS);

const PASSES = 6;

/**
 * Best of a few passes, CPU ns per row (this process's CPU time, not the
 * wall clock: other processes on a shared machine stretch the latter), of
 * encoding a one-table blueprint to CSV. The first pass also compiles the
 * row writer and warms V8 up: the best is a later one.
 */
function nsPerRow(fields: typeof doc.tables[0]['fields']): number {
  const plan = compileBlueprint({ ...doc, tables: [{ ...doc.tables[0], primaryKey: undefined, fields }] });
  const chunks = new ChunkEncoder(plan);
  let best = Infinity;
  for (let pass = 0; pass < PASSES; pass++) {
    const started = process.cpuUsage();
    for (let from = 0; from < ROWS; from += CHUNK) chunks.encode('people', 'csv', 'postgres', 0, from, Math.min(ROWS, from + CHUNK));
    const spent = process.cpuUsage(started);
    best = Math.min(best, ((spent.user + spent.system) * 1000) / ROWS);
  }
  return best;
}

// Each field's share: the whole row less the row without it (the email's names stay, so it is measured alone).
const all = doc.tables[0].fields;
console.log(`load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')} on ${os.availableParallelism()} cores; CPU ns per row, best of ${PASSES} passes of ${ROWS} rows`);
const whole = nsPerRow(all);
console.log('whole row'.padEnd(12), whole.toFixed(0), 'ns/row');
for (const field of all) {
  const without = all.filter((f) => f !== field);
  const rest = field.name === 'first_name' || field.name === 'last_name' ? without.filter((f) => f.name !== 'email') : without;
  const share = field.name === 'first_name' || field.name === 'last_name' ? whole - nsPerRow(rest) - (whole - nsPerRow(all.filter((f) => f.name !== 'email'))) : whole - nsPerRow(rest);
  console.log(field.name.padEnd(12), share.toFixed(0), 'ns/row');
}
