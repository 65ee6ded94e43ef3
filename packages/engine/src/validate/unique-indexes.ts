/**
 * A table's `uniqueIndexes` and `exclusions`: key parts and `where` clauses
 * are CHECK trees (bounded and checked as checks.ts checks them), names
 * are fields of the table, and an exclusion's ranges come from the range
 * generator, whose bounds the engine can read back.
 */
import { CHECK_LIMITS, type CheckExpr } from '../document/check-expr';
import type { BlueprintDocument, DocumentIssue, TableDef } from '../document/types';
import { CheckCompileError, compileExpression } from '../plan/check-predicate';
import { FieldTypes } from '../plan/field-types';
import { nodeIssue } from './checks';

function exprIssue(expr: unknown, path: string, table: TableDef, t: number, types: () => FieldTypes): DocumentIssue | undefined {
  const issue = nodeIssue(expr, path, 0, { nodes: CHECK_LIMITS.nodes }, table);
  if (issue) return issue;
  try {
    compileExpression(expr as CheckExpr, {
      field: (name) => {
        const index = table.fields.findIndex((f) => f.name.toLowerCase() === name.toLowerCase());
        return index < 0 ? undefined : { index, type: types().typeOf(t, index) };
      },
      refDate: 0,
    });
  } catch (error) {
    if (!(error instanceof CheckCompileError)) throw error;
    return { path, message: error.message };
  }
  return undefined;
}

export function uniqueIndexIssues(doc: BlueprintDocument): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  let fieldTypes: FieldTypes | undefined;
  const types = () => (fieldTypes ??= new FieldTypes(doc));
  doc.tables.forEach((table, t) => {
    const field = (name: unknown) => table.fields.find((f) => typeof name === 'string' && f.name.toLowerCase() === name.toLowerCase());
    (Array.isArray(table.uniqueIndexes) ? table.uniqueIndexes : []).forEach((index, u) => {
      const path = `tables[${t}].uniqueIndexes[${u}]`;
      (Array.isArray(index?.keys) ? index.keys : []).forEach((key, k) => {
        const issue = exprIssue(key, `${path}.keys[${k}]`, table, t, types);
        if (issue) issues.push(issue);
      });
      if (index?.where !== undefined) {
        const issue = exprIssue(index.where, `${path}.where`, table, t, types);
        if (issue) issues.push(issue);
      }
    });
    (Array.isArray(table.exclusions) ? table.exclusions : []).forEach((exclusion, x) => {
      const path = `tables[${t}].exclusions[${x}]`;
      (Array.isArray(exclusion?.equal) ? exclusion.equal : []).forEach((name, e) => {
        if (!field(name)) issues.push({ path: `${path}.equal[${e}]`, message: `names no field of table "${table.name}"` });
      });
      const range = field(exclusion?.overlap);
      if (!range) issues.push({ path: `${path}.overlap`, message: `names no field of table "${table.name}"` });
      else if (range.generator !== 'range') issues.push({ path: `${path}.overlap`, message: `"${range.name}" must use the range generator for its ranges to be kept apart (it uses ${range.generator})` });
      if (exclusion?.where !== undefined) {
        const issue = exprIssue(exclusion.where, `${path}.where`, table, t, types);
        if (issue) issues.push(issue);
      }
    });
  });
  return issues;
}
