import { validateDocument } from '../../engine/document/validate';
import type { DocumentIssue } from '../../engine/document/types';

/** Everything a saved document must pass (PRODUCT.md §5). */
export function checkDocument(input: unknown): DocumentIssue[] {
  return validateDocument(input);
}
