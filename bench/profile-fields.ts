/** Per-field cost of the people table to CSV in this thread (cell writers included): where the time goes. */
import { compileBlueprint } from '@seedbed/engine';
import { ChunkEncoder } from '../packages/engine/src/stream/chunks';
import { peopleBlueprint } from './blueprints';

const ROWS = 400_000;
const CHUNK = 16_384;
const doc = peopleBlueprint(ROWS);

/** Best of a few passes, ns per row, of encoding a one-table blueprint to CSV. */
function nsPerRow(fields: typeof doc.tables[0]['fields']): number {
  const plan = compileBlueprint({ ...doc, tables: [{ ...doc.tables[0], primaryKey: undefined, fields }] });
  const chunks = new ChunkEncoder(plan);
  let best = Infinity;
  for (let pass = 0; pass < 4; pass++) {
    const started = process.hrtime.bigint();
    for (let from = 0; from < ROWS; from += CHUNK) chunks.encode('people', 'csv', 'postgres', 0, from, Math.min(ROWS, from + CHUNK));
    best = Math.min(best, Number(process.hrtime.bigint() - started) / ROWS);
  }
  return best;
}

// Each field's share: the whole row less the row without it (the email's names stay, so it is measured alone).
const all = doc.tables[0].fields;
const whole = nsPerRow(all);
console.log('whole row'.padEnd(12), whole.toFixed(0), 'ns/row');
for (const field of all) {
  const without = all.filter((f) => f !== field);
  const rest = field.name === 'first_name' || field.name === 'last_name' ? without.filter((f) => f.name !== 'email') : without;
  const share = field.name === 'first_name' || field.name === 'last_name' ? whole - nsPerRow(rest) - (whole - nsPerRow(all.filter((f) => f.name !== 'email'))) : whole - nsPerRow(rest);
  console.log(field.name.padEnd(12), share.toFixed(0), 'ns/row');
}
