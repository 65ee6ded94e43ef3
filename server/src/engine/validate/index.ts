import type { BlueprintDocument, DocumentIssue } from '../document/types';
import { tableOrder } from '../plan/order';
import { validateGeneratorOptions } from './options';
import { engineShapeIssues } from './shape';

/**
 * Every issue of a blueprint document, each with its path: the document
 * structure (the lead's `document/validate.ts` once it lands — import point
 * below), then generator options. Stops before the generator checks when the
 * shape is too broken to walk.
 */
export function validateBlueprint(doc: unknown): DocumentIssue[] {
  const structural = structuralIssues(doc);
  if (structural.length) return structural;
  const typed = doc as BlueprintDocument;
  const issues = [...validateGeneratorOptions(typed)];
  if (!issues.length) issues.push(...tableOrder(typed).issues);
  return dedupe(issues);
}

function structuralIssues(doc: unknown): DocumentIssue[] {
  // STRUCTURAL VALIDATION IMPORT POINT: replace with document/validate.ts's
  // validateDocument(doc) when it exists; engineShapeIssues stays as the guard.
  return engineShapeIssues(doc);
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

export { validateGeneratorOptions };
