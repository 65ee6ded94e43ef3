import { validateBlueprint } from '../../engine';
import type { DocumentIssue } from '../../engine/document/types';

/** Everything a saved document must pass (PRODUCT.md §5): structure, references, generators and their options. */
export function checkDocument(input: unknown, maxCellBytes: number): DocumentIssue[] {
  return validateBlueprint(input, { maxCellBytes });
}
