/**
 * The total-row cap of an import. Per-parent counts multiply down a chain
 * (7 levels of "5–15 per parent" under 100 customers is billions of rows),
 * so after every table is sized the importer counts each table's worst case
 * as the plan's row limit does (a fixed count; a parent's worst case × the
 * most children one parent gets) and, while the total is over the budget,
 * halves the per-parent maximum of the table with the most rows (the deepest
 * level of the widest chain), never below its minimum or 1. Lookups and fixed
 * counts are kept. Each adjusted table's report line says what it was and why.
 *
 * Only past the plan's own row limit (a server may set it lower than the
 * budget) do minimums and then fixed counts give way too: a blueprint the
 * import writes always passes validation.
 */
import type { ImportDecision } from '../types';

/** The most rows an imported blueprint makes by default, every table at its worst case: a dev database filled in seconds. */
export const IMPORT_ROW_BUDGET = 1_000_000;

type Rows = number | { perParent: string; min: number; max: number };

export interface BudgetTable {
  name: string;
  rows: Rows;
}

const formatted = (n: number) => Math.round(n).toLocaleString('en-US');
const perParent = (rows: Rows): rows is Exclude<Rows, number> => typeof rows === 'object';

/** Each table's worst-case rows, and its depth below a fixed count (0 for a fixed count). */
function bounds(tables: BudgetTable[]): { rows: number[]; depth: number[]; total: number } {
  const index = new Map(tables.map((t, i) => [t.name.toLowerCase(), i]));
  const rows: number[] = new Array(tables.length).fill(-1);
  const depth: number[] = new Array(tables.length).fill(0);
  const visit = (t: number, path: Set<number>): number => {
    if (rows[t] >= 0) return rows[t];
    const spec = tables[t].rows;
    if (!perParent(spec)) return (rows[t] = spec);
    const parent = index.get(spec.perParent.toLowerCase());
    // A missing parent or a cycle is validation's to name: count the table as a parent of one row.
    if (parent === undefined || path.has(parent)) return (rows[t] = spec.max);
    path.add(t);
    rows[t] = visit(parent, path) * spec.max;
    depth[t] = depth[parent] + 1;
    return rows[t];
  };
  let total = 0;
  for (let t = 0; t < tables.length; t++) total += visit(t, new Set());
  return { rows, depth, total };
}

export interface BudgetOptions {
  /** The total the import aims for (default IMPORT_ROW_BUDGET). */
  budget?: number;
  /** The plan's row limit where the blueprint will be used: the import never writes more. */
  maxRows?: number;
}

/**
 * Caps the tables' worst-case total, in place, and notes each change in
 * `report` (the table's `rows` line). Returns a summary line for the report
 * when anything changed.
 */
export function capTotalRows(tables: BudgetTable[], report: ImportDecision[], options: BudgetOptions = {}): string | undefined {
  const limit = options.maxRows ?? Number.MAX_SAFE_INTEGER;
  const budget = Math.min(options.budget ?? IMPORT_ROW_BUDGET, limit);
  const before = bounds(tables).total;
  if (before <= budget) return undefined;
  const original = new Map(tables.map((t) => [t.name, t.rows]));
  const changed = new Set<number>();

  // 1. Halve per-parent maximums, the table with the most rows first (deeper on a tie), down to each one's minimum.
  // 2. Only past the plan's limit: down to one child per parent, minimums included.
  const phases: [(r: { min: number }) => number, number][] = [[(r) => Math.max(1, r.min), budget], [() => 1, limit]];
  for (const [floorOf, target] of phases) {
    for (;;) {
      const { rows, depth, total } = bounds(tables);
      if (total <= target) break;
      const candidates = tables.map((_, t) => t).filter((t) => {
        const spec = tables[t].rows;
        return perParent(spec) && spec.max > floorOf(spec);
      });
      if (!candidates.length) break;
      // The widest, the deepest among equals; tables as wide (within half) go in the same step, as a 1,000-table schema
      // has hundreds of siblings alike and one at a time would recount the whole graph for each.
      const widest = candidates.reduce((a, b) => (rows[b] > rows[a] || (rows[b] === rows[a] && depth[b] > depth[a]) ? b : a));
      for (const t of candidates) {
        if (t !== widest && (rows[t] * 2 < rows[widest] || depth[t] < depth[widest])) continue;
        const spec = tables[t].rows as Exclude<Rows, number>;
        const max = Math.max(floorOf(spec), Math.floor(spec.max / 2));
        tables[t].rows = { ...spec, min: Math.min(spec.min, max), max };
        changed.add(t);
      }
    }
    if (bounds(tables).total <= limit) break;
  }
  // 3. Still past the plan's limit (fixed counts alone): the largest fixed counts shrink in proportion.
  let { total } = bounds(tables);
  if (total > limit) {
    const scale = limit / total;
    for (let t = 0; t < tables.length; t++) {
      const rows = tables[t].rows;
      if (perParent(rows) || rows <= 1) continue;
      tables[t].rows = Math.max(1, Math.floor(rows * scale));
      changed.add(t);
    }
    // Parents of at least one row keep their children: what rounding left over comes off the largest fixed count.
    for (total = bounds(tables).total; total > limit; total = bounds(tables).total) {
      const largest = tables.reduce((best, t, i) => (!perParent(t.rows) && (best < 0 || (t.rows as number) > (tables[best].rows as number)) ? i : best), -1);
      if (largest < 0 || (tables[largest].rows as number) <= 1) break;
      tables[largest].rows = (tables[largest].rows as number) - 1;
    }
  }

  const after = bounds(tables).total;
  const why = `the schema's per-parent counts multiply to up to ${formatted(before)} rows; an import keeps the whole blueprint within ${formatted(budget)}${budget < (options.budget ?? IMPORT_ROW_BUDGET) ? ' (the plan row limit here)' : ' (SEEDBED_IMPORT_ROWS)'}`;
  const rowsLines = new Map(report.filter((d) => d.generator === 'rows').map((d) => [d.path, d]));
  for (const t of changed) {
    const table = tables[t];
    const was = original.get(table.name)!;
    const line = `capped from ${describe(was)} to ${describe(table.rows)}: ${why}`;
    const earlier = rowsLines.get(`tables[${t}].rows`);
    if (earlier) {
      earlier.reason = `${earlier.reason}; ${line}`;
      earlier.details = { ...earlier.details, rows: table.rows, cappedFrom: was };
    } else {
      report.push({ path: `tables[${t}].rows`, table: table.name, field: '', generator: 'rows', confidence: 0.5, reason: line, details: { rows: table.rows, cappedFrom: was } });
    }
  }
  return `${why}: ${changed.size} ${changed.size === 1 ? 'table was' : 'tables were'} sized down (up to ${formatted(after)} rows now); raise the counts in the editor if you want more`;
}

function describe(rows: Rows): string {
  return perParent(rows) ? `${rows.min}–${rows.max} per ${rows.perParent} row` : `${formatted(rows)} rows`;
}
