import { planRowsIssues, validateBlueprint, type DocumentIssue } from '../../engine';
import { jsonIssue } from '../../json-input';
import { sdlIssue } from '../mock/sdl-schema';
import type { GraphqlDocumentKey } from '../mock/sdl-mapping';

/**
 * Everything a document must pass before it is saved or generated from
 * (PRODUCT.md §5): first JSON we can walk and store (depth, text, finite
 * numbers), then structure, references, generators and their options, the
 * plan's rows within `planRows` (a plan that could never be used is not
 * saved), and last that an imported GraphQL SDL builds the schema its mock serves.
 */
export function checkDocument(input: unknown, maxCellBytes: number, planRows: number): DocumentIssue[] {
  const unstorable = jsonIssue(input);
  if (unstorable) return [unstorable];
  const shape = validateBlueprint(input, { maxCellBytes });
  // The bound's own words replace the shape's at the same rows (2^53 is not the bound that matters).
  const bound = planRowsIssues(input, planRows, shape.length === 0);
  const bounded = new Set(bound.map((issue) => issue.path));
  const issues = [...shape.filter((issue) => !bounded.has(issue.path)), ...bound];
  const graphql = (input as { graphql?: GraphqlDocumentKey }).graphql;
  if (issues.length || !graphql) return issues;
  const sdl = sdlIssue(graphql);
  return sdl ? [sdl] : [];
}
