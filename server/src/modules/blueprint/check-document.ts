import { planRowsIssues, validateBlueprint, type DocumentIssue } from '@seedbed/engine';
import { jsonIssue } from '@seedbed/engine';
import { sdlIssue } from '@seedbed/mock';
import type { GraphqlDocumentKey } from '@seedbed/mock';

/**
 * Everything a document must pass before it is saved or generated from
 * (PRODUCT.md §5): first JSON we can walk and store (depth, text, finite
 * numbers), then structure, references, generators and their options, the
 * plan's rows within `planRows` (a plan that could never be used is not
 * saved), and last that an imported GraphQL SDL builds the schema its mock serves.
 */
export interface DocumentLimits {
  /** Bytes in one cell (PRODUCT.md §9). */
  cellBytes: number;
  /** Rows in one plan, every table counted. */
  planRows: number;
  /** Tables per blueprint and fields per table. */
  maxTables: number;
  maxFields: number;
}

export function checkDocument(input: unknown, { cellBytes, planRows, maxTables, maxFields }: DocumentLimits): DocumentIssue[] {
  const unstorable = jsonIssue(input);
  if (unstorable) return [unstorable];
  const shape = validateBlueprint(input, { maxCellBytes: cellBytes, maxTables, maxFields });
  // The bound's own words replace the shape's at the same rows (2^53 is not the bound that matters).
  const bound = planRowsIssues(input, planRows, shape.length === 0);
  const bounded = new Set(bound.map((issue) => issue.path));
  const issues = [...shape.filter((issue) => !bounded.has(issue.path)), ...bound];
  const graphql = (input as { graphql?: GraphqlDocumentKey }).graphql;
  if (issues.length || !graphql) return issues;
  const sdl = sdlIssue(graphql);
  return sdl ? [sdl] : [];
}
