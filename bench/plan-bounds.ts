/**
 * node -r ./server/bin/ts-register.js bench/plan-bounds.ts [--main] [--heavy]
 *
 * How long a preview's plan holds the calling thread (the API's event loop),
 * for the plans of PRODUCT.md §9/§15's attack cases and a large allowed one.
 * Default: the server's path (compileBlueprintAsync, planRows 1e9, shared
 * pool). --main: main's old path (compileBlueprint in this thread, no limit),
 * which walks every parent row here. --heavy adds 5e9 parents in --main mode
 * (~30 s of stall).
 */
import { parseArgs } from 'node:util';
import { compileBlueprint, compileBlueprintAsync, previewRows, sharedWorkerPool } from '@seedbed/engine';
import type { BlueprintDocument, TableDef } from '../packages/engine/src/document/types';

const { values: flags } = parseArgs({ options: { main: { type: 'boolean' }, heavy: { type: 'boolean' } } });

function shop(users: number, orders: Record<string, unknown>): BlueprintDocument {
  return {
    seedbed: 1,
    name: 'shop',
    seed: 42,
    tables: [
      { name: 'users', rows: users, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }] },
      { name: 'orders', rows: { perParent: 'users', ...orders } as TableDef['rows'], fields: [{ name: 'user_id', generator: 'ref', options: { table: 'users' } }] },
    ],
  };
}

const cases: [string, BlueprintDocument][] = [
  ['1e9 users, 0–5 orders each', shop(1e9, { min: 0, max: 5 })],
  ...(flags.heavy || !flags.main ? [['5e9 users, 0–5 orders each', shop(5e9, { min: 0, max: 5 })] as [string, BlueprintDocument]] : []),
  ['10 users, Poisson mean 1e308', shop(10, { distribution: 'poisson', mean: 1e308 })],
  ['2e8 users, 0–3 orders each (allowed)', shop(2e8, { min: 0, max: 3 })],
  ['2e7 users, 0–5 orders each (allowed)', shop(2e7, { min: 0, max: 5 })],
];

/** Longest gap between 5 ms timer ticks while `work` runs: how long this thread could answer nobody. */
async function stall(work: () => Promise<string>): Promise<{ outcome: string; ms: number; stallMs: number }> {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  let outcome: string;
  try {
    outcome = await work();
  } catch (error) {
    outcome = `refused: ${(error as { path?: string }).path ?? ''} ${(error as Error).message}`.slice(0, 120);
  }
  const ms = performance.now() - started;
  longest = Math.max(longest, performance.now() - last);
  clearInterval(timer);
  return { outcome, ms, stallMs: longest };
}

async function main() {
  const pool = sharedWorkerPool();
  pool.start();
  await new Promise((resolve) => setTimeout(resolve, 1500)); // threads loaded, as a running server's are
  console.log(`mode: ${flags.main ? "main's (compile in this thread, no limit)" : 'server (bounds first, layouts in worker threads)'}`);
  for (const [name, doc] of cases) {
    const result = await stall(async () => {
      const plan = flags.main ? compileBlueprint(doc) : await compileBlueprintAsync(doc, { maxRows: 1e9, pool });
      return `totalRows(orders)=${previewRows(plan, 'orders', 0, 1).totalRows}`;
    });
    console.log(`${name.padEnd(40)} ${result.ms.toFixed(0).padStart(7)} ms, longest stall ${result.stallMs.toFixed(0).padStart(6)} ms  ${result.outcome}`);
  }
  await pool.close();
}

void main();
