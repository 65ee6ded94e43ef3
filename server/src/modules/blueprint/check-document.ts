import { validateBlueprint, type DocumentIssue } from '../../engine';
import { jsonIssue } from '../../json-input';

/**
 * Everything a document must pass before it is saved or generated from
 * (PRODUCT.md §5): first JSON we can walk and store (depth, text, finite
 * numbers), then structure, references, generators and their options.
 */
export function checkDocument(input: unknown, maxCellBytes: number): DocumentIssue[] {
  const unstorable = jsonIssue(input);
  if (unstorable) return [unstorable];
  return validateBlueprint(input, { maxCellBytes });
}
