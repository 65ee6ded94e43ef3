import { isPerParent, type BlueprintDocument, type DocumentIssue } from '../document/types';
import { badInput, EngineError } from '../errors';
import { maxChildren } from './layout';
import { tableOrder } from './order';

/** Row indexes are doubles: past 2^53 they stop being exact, whatever the caller allows. */
const SAFE_ROWS = Number.MAX_SAFE_INTEGER;

const formatted = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 0 });

/**
 * The most rows each table can have (fixed counts, overrides, parents' bounds
 * × the most children one parent can get), in O(tables) and before any
 * count is drawn. Throws BAD_USER_INPUT at `tables[i].rows` of the table
 * whose rows take the plan's total over `maxRows` (and never allows more than
 * 2^53 - 1): laying such a plan out would walk billions of parent rows only
 * to refuse it afterwards.
 *
 * `order` lists table indexes parents first (compile's dependency order).
 */
export function checkRowBounds(doc: BlueprintDocument, rowOverrides: Record<string, number>, order: readonly number[], maxRows?: number): number[] {
  const limit = Math.min(maxRows ?? SAFE_ROWS, SAFE_ROWS);
  const index = new Map(doc.tables.map((t, i) => [t.name.toLowerCase(), i]));
  const bounds: number[] = new Array(doc.tables.length).fill(0);
  let total = 0;
  for (const t of order) {
    const def = doc.tables[t];
    const rows = def.rows;
    if (isPerParent(rows)) {
      const parent = index.get(rows.perParent.toLowerCase())!;
      bounds[t] = bounds[parent] * maxChildren(rows);
    } else {
      bounds[t] = rowOverrides[def.name] ?? rows;
    }
    total += bounds[t];
    if (!(total <= limit)) {
      const own = bounds[t] === total ? '' : ` (${def.name}: up to ${formatted(bounds[t])})`;
      throw badInput(`tables[${t}].rows`, `the plan would make up to ${formatted(total)} rows${own}; at most ${formatted(limit)} are allowed`);
    }
  }
  return bounds;
}

/**
 * The plan bound as issues of a document being saved (PRODUCT.md §9): a
 * blueprint whose plan could never be used is refused when it is saved, at
 * the table that takes it over, with the bound's own number. A fixed count
 * over the bound is named even in a document with other problems (and in
 * place of the shape's "must be at most 2^53 - 1", which is not the bound
 * that matters); the total with per-parent tables is checked once the
 * document is otherwise `valid`, as it needs the tables' order.
 */
export function planRowsIssues(doc: unknown, maxRows: number, valid: boolean): DocumentIssue[] {
  const tables = (doc as { tables?: unknown } | null)?.tables;
  if (!Array.isArray(tables)) return [];
  const over = tables.flatMap((table, t) => {
    const rows = (table as { rows?: unknown } | null)?.rows;
    return typeof rows === 'number' && Number.isFinite(rows) && rows > maxRows
      ? [{ path: `tables[${t}].rows`, message: `must be at most ${formatted(maxRows)}: the most rows one plan may make, every table counted` }]
      : [];
  });
  if (over.length || !valid) return over;
  try {
    checkRowBounds(doc as BlueprintDocument, {}, tableOrder(doc as BlueprintDocument).order, maxRows);
    return [];
  } catch (error) {
    if (error instanceof EngineError && error.path) return [{ path: error.path, message: error.message.replace(/^tables\[\d+\]\.rows: /, '') }];
    throw error;
  }
}
