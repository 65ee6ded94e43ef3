import { validateBlueprint, type DocumentIssue } from '../../engine';
import { jsonIssue } from '../../json-input';
import { sdlIssue } from '../mock/sdl-schema';
import type { GraphqlDocumentKey } from '../mock/sdl-mapping';

/**
 * Everything a document must pass before it is saved or generated from
 * (PRODUCT.md §5): first JSON we can walk and store (depth, text, finite
 * numbers), then structure, references, generators and their options, and
 * last that an imported GraphQL SDL builds the schema its mock serves.
 */
export function checkDocument(input: unknown, maxCellBytes: number): DocumentIssue[] {
  const unstorable = jsonIssue(input);
  if (unstorable) return [unstorable];
  const issues = validateBlueprint(input, { maxCellBytes });
  const graphql = (input as { graphql?: GraphqlDocumentKey }).graphql;
  if (issues.length || !graphql) return issues;
  const sdl = sdlIssue(graphql);
  return sdl ? [sdl] : [];
}
