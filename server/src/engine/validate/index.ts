import type { BlueprintDocument, DocumentIssue } from '../document/types';
import { validateDocument } from '../document/validate';
import { tableOrder } from '../plan/order';
import { validateGeneratorOptions, type ValidateOptions } from './options';
import { engineShapeIssues } from './shape';

/**
 * Every issue of a blueprint document, each with its path: the document
 * structure (document/validate.ts), then generator options. Stops before the
 * generator checks when the shape is too broken to walk.
 */
export function validateBlueprint(doc: unknown, options: ValidateOptions = {}): DocumentIssue[] {
  const structural = structuralIssues(doc);
  if (structural.length) return structural;
  const typed = doc as BlueprintDocument;
  const issues = [...validateGeneratorOptions(typed, options)];
  if (!issues.length) issues.push(...tableOrder(typed).issues);
  return dedupe(issues);
}

function structuralIssues(doc: unknown): DocumentIssue[] {
  const issues = validateDocument(doc);
  // The engine's own guard covers what generation relies on, should the two drift apart.
  return issues.length ? issues : engineShapeIssues(doc);
}

function dedupe(issues: DocumentIssue[]): DocumentIssue[] {
  const seen = new Set<string>();
  return issues.filter((i) => {
    const key = `${i.path}\u0000${i.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export { validateGeneratorOptions, type ValidateOptions };
