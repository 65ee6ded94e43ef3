/**
 * The seed client runtime behind a generated `seed.ts`:
 *
 *   const seed = createClient(blueprint, { adapter: pgAdapter(client), seed: 7 });
 *   const users = await seed.users(3, { email: (i) => `user${i}@test.dev`, orders: 2 });
 *   seed.users.build(3)          // the rows, no database
 *   seed.users.dryRun(3).sql     // the SQL it would run
 *   await seed.$reset()          // the blueprint's tables emptied, children first
 *
 * Rows are the engine's rows at their addresses (see address.ts in the
 * engine): the same seed and calls in a scope give the same rows whatever
 * other scopes do, in any order and on any number of workers.
 */
import { compileSeedPlan, copyText, insertStatements, quoteIdent, sequenceResetStatements, type BlueprintDocument, type Dialect, type Plan, type TablePlan, type Value } from '../engine';
import { SeedPlanner } from './planner';
import { jestScope } from './scope';
import type { SeedAdapter, SeedClientOptions, SeedExecutor } from './types';

/** Below this many rows of a table in one call, one INSERT beats starting a COPY. */
const COPY_MIN_ROWS = 64;

type Input = Record<string, unknown>;
type AnySeeder = ((rows: number | Input[], each?: Input) => Promise<Record<string, unknown>[]>) & {
  build(rows: number | Input[], each?: Input): Record<string, unknown>[];
  dryRun(rows: number | Input[], each?: Input): { rows: Record<string, unknown>[]; sql: string };
};

export type RuntimeClient = Record<string, AnySeeder> & {
  $reset(): Promise<void>;
  $scope(name: string): RuntimeClient;
  $sql(): string;
};

/** A client for `doc` (what a generated `createSeedClient` calls with its embedded blueprint). */
export function createClient(doc: BlueprintDocument, options: SeedClientOptions = {}): RuntimeClient {
  const planner = new SeedPlanner(compileSeedPlan(doc, { seed: options.seed }));
  const recorded: string[] = [];
  const dialect = options.adapter?.dialect ?? options.dialect ?? 'postgres';
  return bind(planner, options, dialect, recorded, typeof options.scope === 'string' ? () => options.scope as string : options.scope ?? (() => jestScope() ?? ''));
}

function bind(planner: SeedPlanner, options: SeedClientOptions, dialect: Dialect, recorded: string[], scopeOf: () => string): RuntimeClient {
  const { plan } = planner;
  const client: Record<string, unknown> = {};
  for (const table of plan.tables) {
    const plan1 = (rows: number | Input[], each?: Input) => planner.call(table.name, rows, each ?? {}, scopeOf());
    const seeder = async (rows: number | Input[], each?: Input) => {
      const { objects, batch } = plan1(rows, each);
      const scope = scopeOf();
      if (options.dryRun) recorded.push(...statementsOf(plan, batch, dialect, scope));
      else {
        if (!options.adapter) throw new Error('this seed client has no adapter: give createSeedClient({ adapter }) to write rows, or use build() or dryRun()');
        await write(options.adapter, plan, batch, scope);
      }
      return objects;
    };
    client[table.name] = Object.assign(seeder, {
      build: (rows: number | Input[], each?: Input) => plan1(rows, each).objects,
      dryRun: (rows: number | Input[], each?: Input) => {
        const { objects, batch } = plan1(rows, each);
        return { rows: objects, sql: statementsOf(plan, batch, dialect, scopeOf()).map((s) => `${s};\n`).join('') };
      },
    });
  }
  client.$reset = async () => {
    const statements = resetStatements(plan, dialect);
    if (options.dryRun) recorded.push(...statements);
    else if (options.adapter) await options.adapter.run(async (executor) => {
      for (const sql of statements) await executor.execute(sql);
    });
    planner.reset();
  };
  client.$scope = (name: string) => bind(planner, options, dialect, recorded, () => name);
  client.$sql = () => recorded.map((s) => `${s};\n`).join('');
  return client as RuntimeClient;
}

/** Tables with rows in the batch, parents first (the plan's dependency order). */
function ordered(plan: Plan, batch: Map<TablePlan, Value[][]>): [TablePlan, Value[][]][] {
  return plan.order.map((name) => plan.table(name)).filter((t) => batch.has(t)).map((t) => [t, batch.get(t)!]);
}

/**
 * The unnamed scope writes from the start of each table, where the
 * database's own sequences count too: like `seedbed load`, it moves them
 * past its rows. Named scopes write above the sequences' half and leave them
 * (setval is not undone by a rollback, and would hand other tests' lanes to
 * the application's next INSERT).
 */
function statementsOf(plan: Plan, batch: Map<TablePlan, Value[][]>, dialect: Dialect, scope: string): string[] {
  return ordered(plan, batch).flatMap(([table, rows]) => [...insertStatements(plan, table, dialect, rows), ...(scope === '' ? sequenceResetStatements(table, dialect) : [])]);
}

async function write(adapter: SeedAdapter, plan: Plan, batch: Map<TablePlan, Value[][]>, scope: string): Promise<void> {
  await adapter.run(async (executor: SeedExecutor) => {
    for (const [table, rows] of ordered(plan, batch)) {
      if (executor.copy && rows.length >= COPY_MIN_ROWS) {
        await executor.copy(table.name, table.fields.map((f) => f.name), copyText(plan, table, rows));
      } else {
        for (const sql of insertStatements(plan, table, adapter.dialect, rows)) await executor.execute(sql);
      }
      if (scope === '') for (const sql of sequenceResetStatements(table, adapter.dialect)) await executor.execute(sql);
    }
  });
}

/** Empties the blueprint's tables: one TRUNCATE in PostgreSQL; elsewhere DELETE, children first (transactional in MySQL too, where TRUNCATE commits). */
function resetStatements(plan: Plan, dialect: Dialect): string[] {
  const names = plan.order.map((name) => quoteIdent(name, dialect));
  if (dialect === 'postgres') return [`TRUNCATE ${names.join(', ')}`];
  return [...names].reverse().map((name) => `DELETE FROM ${name}`);
}
