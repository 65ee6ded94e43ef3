/**
 * The plan a seed client makes rows from. A client does not write whole
 * tables: it asks for single rows by index, wherever its addressing puts
 * them (see the README's "Seed client: determinism"). So every table is laid
 * out as a fixed-size table as large as its keys allow (its capacity), and
 * any index below that is a row with every constraint the engine keeps:
 * distinct indexes give distinct keys, unique values and composite tuples.
 * References are the client's to wire (to rows it made or was given), never
 * drawn here, since the row a draw would name may not exist in the database.
 */
import { validateBlueprint } from '../validate';
import { compileBlueprint } from '../plan/compile';
import { EngineError } from '../errors';
import { isPerParent, type BlueprintDocument, type PerParentRows } from '../document/types';
import type { Plan, TablePlan } from '../plan/types';

/** Rows a table may address at most: 2^40, so that every table of a 1,000-table blueprint stays below 2^53 in all. */
export const MAX_SEED_CAPACITY = 2 ** 40;

export interface SeedPlan {
  plan: Plan;
  /** Rows each table can address (by table name): indexes below it are rows. */
  capacity: Record<string, number>;
  /** The document's per-parent row specs by table name (the plan's tables are all fixed-size). */
  perParent: Record<string, PerParentRows | undefined>;
}

/** Largest value of a declared integer column type (`integer`, `int4`, `serial`, `smallint`…); undefined: 64-bit or not an integer. */
function integerMax(sqlType: string | undefined): number | undefined {
  const type = (sqlType ?? '').trim().toLowerCase();
  if (/^(tinyint|int1)\b/.test(type)) return 127;
  if (/^(smallint|int2|smallserial|serial2)\b/.test(type)) return 32_767;
  if (/^mediumint\b/.test(type)) return 8_388_607;
  if (/^(int|integer|int4|serial|serial4)\b/.test(type)) return 2_147_483_647;
  return undefined;
}

/** Rows a table's sequences can number within their declared column types. */
function sequenceCapacity(doc: BlueprintDocument, t: number): number {
  let capacity = MAX_SEED_CAPACITY;
  for (const field of doc.tables[t].fields) {
    if (field.generator !== 'sequence') continue;
    const max = integerMax(field.sqlType);
    if (max === undefined) continue;
    const start = Number(field.options?.start ?? 1);
    const step = Number(field.options?.step ?? 1);
    const room = step > 0 ? Math.floor((max - start) / step) + 1 : Math.floor((start + max + 1) / -step) + 1;
    capacity = Math.min(capacity, Math.max(1, room));
  }
  return capacity;
}

/** `tables[3].rows`, `tables[3].fields[1].unique`, `tables[3].primaryKey`…: the table a too-large size was refused at. */
const SIZE_PATH = /^tables\[(\d+)\]\.(rows|unique|primaryKey|fields\[\d+\]\.unique)/;

/**
 * Validates the document as written (issues at its own paths), then compiles
 * it with every table at its capacity: its sequences' declared integer
 * range, halved while the engine says a key has fewer values than rows (a
 * unique field over a list, a composite key over small spaces, a one-to-one
 * reference to a smaller table).
 */
export function compileSeedPlan(doc: BlueprintDocument, options: { seed?: number; maxCellBytes?: number } = {}): SeedPlan {
  const issues = validateBlueprint(doc, { maxCellBytes: options.maxCellBytes });
  if (issues.length) throw new EngineError('BAD_USER_INPUT', `${issues[0].path}: ${issues[0].message}`, issues[0].path, issues);
  const sizes = doc.tables.map((_, t) => sequenceCapacity(doc, t));
  /** Per table, the smallest size seen refused. */
  const refused = new Map<number, number>();
  const attempt = (): Plan | number => {
    const virtual: BlueprintDocument = { ...doc, tables: doc.tables.map((table, t) => ({ ...table, rows: sizes[t] })) };
    try {
      return compileBlueprint(virtual, { seed: options.seed, prevalidated: true, maxCellBytes: options.maxCellBytes });
    } catch (error) {
      const at = error instanceof EngineError ? SIZE_PATH.exec(error.path ?? '') : null;
      const t = at ? Number(at[1]) : -1;
      if (t < 0 || sizes[t] <= 1) throw error;
      return t;
    }
  };
  let plan = attempt();
  while (typeof plan === 'number') {
    refused.set(plan, sizes[plan]);
    sizes[plan] = Math.floor(sizes[plan] / 2);
    plan = attempt();
  }
  // Halving overshoots by up to half: search up to the size refused, so a unique list of 5 values gives 5 rows.
  for (const [t, high] of refused) {
    let low = sizes[t];
    let fail = high;
    while (fail - low > 1) {
      const mid = low + Math.floor((fail - low) / 2);
      sizes[t] = mid;
      const tried = attempt();
      if (typeof tried === 'number') fail = mid;
      else low = mid;
    }
    sizes[t] = low;
  }
  const final = attempt();
  if (typeof final === 'number') throw new Error(`no size fits table ${doc.tables[final].name}`);
  return {
    plan: final,
    capacity: Object.fromEntries(final.tables.map((table, t) => [table.name, sizes[t]])),
    perParent: Object.fromEntries(doc.tables.map((table, t) => [final.tables[t].name, isPerParent(table.rows) ? table.rows : undefined])),
  };
}

/** The tables of a plan that reference `table`, with the referencing fields. */
export function referencesTo(plan: Plan, table: TablePlan): { table: TablePlan; field: number }[] {
  return plan.tables.flatMap((child) => child.fields.filter((f) => f.ref?.table === table).map((f) => ({ table: child, field: f.index })));
}
