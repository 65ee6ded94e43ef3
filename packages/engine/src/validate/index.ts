import type { BlueprintDocument, DocumentIssue } from '../document/types';
import { validateDocument } from '../document/validate';
import { isWalkable, walkableCopy } from '../document/walk';
import { validateGeneratorOptions, type ValidateOptions } from './options';
import { engineShapeIssues } from './shape';
import { schemaKeyIssues } from './keys';
import { identityIssues } from './identity';
import { declaredTypeIssues } from './type-fit';
import { checkIssues } from './checks';
import { uniqueIndexIssues } from './unique-indexes';

/** Checks that read every table and field as the engine's types say: they run when the whole document can be read that way (one line each). */
const WHOLE_DOCUMENT_CHECKS: ((doc: BlueprintDocument) => DocumentIssue[])[] = [schemaKeyIssues, identityIssues, declaredTypeIssues, checkIssues, uniqueIndexIssues];

/**
 * Every issue of a blueprint document in one pass, each with its path:
 * structure (shape, names, keys, references, cycles: document/validate.ts)
 * and generators with their options, side by side. Nothing waits for
 * another stage to pass: a table or field that cannot be read is skipped
 * (and reported), everything else is checked. Cell sizes add up across
 * fields, so they are measured once every option is valid.
 */
export function validateBlueprint(doc: unknown, options: ValidateOptions = {}): DocumentIssue[] {
  const structural = validateDocument(doc, { maxTables: options.maxTables, maxFields: options.maxFields });
  const walkable = walkableCopy(doc);
  const issues = [...structural, ...validateGeneratorOptions(walkable, { ...options, cellSizes: structural.length === 0 })];
  // Checks of the import keys (composite keys, sqlType, enums, domains) assume the engine's types all through.
  if (isWalkable(doc)) issues.push(...WHOLE_DOCUMENT_CHECKS.flatMap((check) => check(walkable)));
  // The engine's own guard covers what generation relies on, should the document checks and it drift apart.
  if (!issues.length) issues.push(...engineShapeIssues(doc));
  return inDocumentOrder(dedupe(issues));
}

/** Issues as a reader meets their inputs: by table, a table's own keys before its fields, then by field (stable otherwise). */
function inDocumentOrder(issues: DocumentIssue[]): DocumentIssue[] {
  const position = (path: string) => {
    const m = /^tables\[(\d+)\](?:\.fields\[(\d+)\])?/.exec(path);
    return m ? [Number(m[1]), m[2] === undefined ? -1 : Number(m[2])] : [-1, -1];
  };
  return issues
    .map((issue, i) => ({ issue, i, at: position(issue.path) }))
    .sort((a, b) => a.at[0] - b.at[0] || a.at[1] - b.at[1] || a.i - b.i)
    .map((e) => e.issue);
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
