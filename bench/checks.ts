/**
 * npm run bench:checks [-- --rows 200000 --runs 3]
 *
 * What holding CHECK constraints costs (issue 20: within 2× of the same
 * table without them). One table of an ERP shape is imported twice from DDL,
 * once with its CHECKs (date order, ranges, IN lists, a regex, a length, a
 * conditional between a status and a timestamp) and once with them removed,
 * and the same number of rows of each is generated as CSV, in this thread.
 * Prints rows/s of both, CPU seconds and the ratio, best of `runs`.
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { compileBlueprint, streamTable } from '@seedbed/engine';
import { importSourceOf } from '../packages/import/src/sources';
import { fmt, machineLoad, timed } from './measure';

const { values: flags } = parseArgs({ options: { rows: { type: 'string', default: '200000' }, runs: { type: 'string', default: '3' } } });
const ROWS = Number(flags.rows);
const RUNS = Number(flags.runs);

const COLUMNS = [
  'id integer PRIMARY KEY',
  'code character varying(9) NOT NULL',
  'username text NOT NULL',
  'quantity integer NOT NULL',
  'unit_price numeric(10,2) NOT NULL',
  "status text NOT NULL DEFAULT 'open'",
  'body text NOT NULL',
  'start_date date NOT NULL',
  'end_date date',
  'cancelled_at timestamp without time zone',
  'created_at timestamp without time zone NOT NULL',
  'done_at timestamp without time zone',
];
const CHECKS = [
  "CHECK (code ~ '^[A-Z]{3}-[0-9]{4}$')",
  "CHECK (username ~ '^[a-z0-9_]{3,30}$')",
  'CHECK (quantity BETWEEN 1 AND 500)',
  'CHECK (unit_price >= 0 AND unit_price < 10000)',
  "CHECK (status IN ('open', 'shipped', 'cancelled'))",
  'CHECK (char_length(body) BETWEEN 1 AND 2000)',
  'CHECK (end_date IS NULL OR end_date >= start_date)',
  "CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL))",
  'CHECK (done_at IS NULL OR done_at >= created_at)',
];

const ddl = (checks: string[]) => `CREATE TABLE public.orders (\n  ${[...COLUMNS, ...checks].join(',\n  ')}\n);`;

async function generate(withChecks: boolean): Promise<{ seconds: number; cpuSeconds: number }> {
  const { document } = await importSourceOf('POSTGRES_DDL')!.run(ddl(withChecks ? CHECKS : []), { allowPrivateTargets: false });
  document.tables[0].rows = ROWS;
  const plan = compileBlueprint(document, { seed: 1 });
  let best = { seconds: Infinity, cpuSeconds: Infinity };
  for (let run = 0; run < RUNS; run++) {
    const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
    const { seconds, cpuSeconds } = await timed(() => pipeline(streamTable(plan, 'orders', 'csv', { workers: 1 }), sink));
    if (seconds < best.seconds) best = { seconds, cpuSeconds };
  }
  return best;
}

async function main() {
  console.log(`# CHECK cost: ${fmt(ROWS)} rows of one table, CSV, one thread, best of ${RUNS} (${machineLoad()})`);
  const without = await generate(false);
  const withChecks = await generate(true);
  for (const [name, r] of [['without CHECKs', without], [`with ${CHECKS.length} CHECKs`, withChecks]] as const) {
    console.log(`${name.padEnd(18)} ${r.seconds.toFixed(2)} s (${r.cpuSeconds.toFixed(2)} CPU s), ${fmt(ROWS / r.seconds)} rows/s`);
  }
  console.log(`ratio (with / without): ${(withChecks.seconds / without.seconds).toFixed(2)}× (target: within 2×)`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
