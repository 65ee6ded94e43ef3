/** Per-field cost of the people table in this thread: where the time goes. */
import { compileBlueprint } from '../server/src/engine';
import { RowGenerator } from '../server/src/engine/plan/row-generator';
import { peopleBlueprint } from './blueprints';

const ROWS = 200_000;
const doc = peopleBlueprint(ROWS);
for (const field of doc.tables[0].fields) {
  const single = { ...doc, tables: [{ ...doc.tables[0], primaryKey: undefined, fields: doc.tables[0].fields.filter((f) => f === field || (field.name === 'email' && ['first_name', 'last_name'].includes(f.name))) }] };
  const gen = new RowGenerator(compileBlueprint(single).tables[0], 7);
  for (let r = 0; r < 20_000; r++) gen.generate(r);
  const t = process.hrtime.bigint();
  for (let r = 0; r < ROWS; r++) gen.generate(r);
  console.log(field.name.padEnd(12), (Number(process.hrtime.bigint() - t) / ROWS).toFixed(0), 'ns/row');
}
