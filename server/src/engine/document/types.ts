/**
 * The blueprint document (PRODUCT.md §10): the one JSON shape a blueprint
 * travels in — exported, imported, stored as a revision, run by the CLI.
 */

export const DOCUMENT_VERSION = 1;

export type Distribution = 'uniform' | 'poisson' | 'zipf';

/** Rows of a child table, drawn per row of its parent table. */
export interface PerParentRows {
  perParent: string;
  min?: number;
  max?: number;
  /** Default `uniform` over [min, max]. */
  distribution?: Distribution;
  /** Poisson: mean (lambda). */
  mean?: number;
  /** Zipf: exponent s (> 0). */
  exponent?: number;
}

export type RowCount = number | PerParentRows;

/**
 * Upper bounds of a per-parent row spec. Counts stay below 2^32 (what one
 * cell's random draw spans); the mean and exponent are capped where larger
 * values only overflow the totals (a mean of 1e308 made the total Infinity).
 */
export const ROW_SPEC_LIMITS = {
  /** Children of one parent row (`min`, `max`). */
  perParent: 1_000_000_000,
  /** Poisson `mean`. */
  mean: 1_000_000_000,
  /** Zipf `exponent`. */
  exponent: 100,
} as const;

export interface FieldDef {
  name: string;
  generator: string;
  options?: Record<string, unknown>;
  /** Share of NULL values, in [0, 1]. */
  nullRate?: number;
  unique?: boolean;
}

export interface TableDef {
  name: string;
  rows: RowCount;
  primaryKey?: string;
  fields: FieldDef[];
}

export interface BlueprintDocument {
  seedbed: typeof DOCUMENT_VERSION;
  name: string;
  description?: string;
  locale?: string;
  seed?: number;
  /** Anchors relative dates; ISO date. Never the clock. */
  refDate?: string;
  tables: TableDef[];
}

/** One problem in a document, located by a path such as `tables[2].fields[0].options.max`. */
export interface DocumentIssue {
  path: string;
  message: string;
}

/** Generator id of a field that references another table's key. */
export const REF_GENERATOR = 'ref';

export function isPerParent(rows: RowCount): rows is PerParentRows {
  return typeof rows === 'object' && rows !== null;
}
