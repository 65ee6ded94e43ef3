/**
 * A table's CHECK trees: every node a known shape (`{col}`, `{lit}`,
 * `{fn, args}` with the arguments its function takes), every column a field
 * of the table, and the tree bounded in depth and size before anything walks
 * it, so a hostile document cannot recurse without end. The predicate must
 * also compile (a regular expression JavaScript can read).
 */
import { CAST_TYPES, CHECK_FUNCTIONS, CHECK_LIMITS, type CheckExpr } from '../document/check-expr';
import type { BlueprintDocument, DocumentIssue, TableDef } from '../document/types';
import { isObject } from '../document/walk';
import { CheckCompileError, compilePredicate } from '../plan/check-predicate';
import { FieldTypes } from '../plan/field-types';

const LITERAL_TYPES = new Set(['string', 'number', 'boolean']);

/** The first problem of a node (depth first), with the path under it, or undefined; `budget` counts nodes left. */
export function nodeIssue(node: unknown, path: string, depth: number, budget: { nodes: number }, table: TableDef): DocumentIssue | undefined {
  if (--budget.nodes < 0) return { path, message: `the expression has more than ${CHECK_LIMITS.nodes} nodes` };
  if (depth > CHECK_LIMITS.depth) return { path, message: `the expression is nested more than ${CHECK_LIMITS.depth} deep` };
  if (!isObject(node)) return { path, message: 'must be an object: {col}, {lit} or {fn, args}' };
  const keys = Object.keys(node);
  if ('col' in node) {
    if (keys.length !== 1 || typeof node.col !== 'string') return { path, message: 'a column is {"col": "field name"} and nothing else' };
    const lower = node.col.toLowerCase();
    if (!table.fields.some((f) => typeof f?.name === 'string' && f.name.toLowerCase() === lower)) return { path: `${path}.col`, message: `names no field of table "${table.name}"` };
    return undefined;
  }
  if ('lit' in node) {
    if (keys.length !== 1 || (node.lit !== null && !LITERAL_TYPES.has(typeof node.lit))) return { path, message: 'a literal is {"lit": text, number, true, false or null} and nothing else' };
    if (typeof node.lit === 'number' && !Number.isFinite(node.lit)) return { path: `${path}.lit`, message: 'must be a finite number' };
    return undefined;
  }
  const fn = node.fn;
  if (typeof fn !== 'string' || !Object.hasOwn(CHECK_FUNCTIONS, fn)) return { path: `${path}.fn`, message: `must be one of ${Object.keys(CHECK_FUNCTIONS).join(', ')}` };
  if (keys.some((k) => k !== 'fn' && k !== 'args' && k !== 'type')) return { path, message: 'a call is {"fn", "args", "type"?} and nothing else' };
  if (!Array.isArray(node.args)) return { path: `${path}.args`, message: 'must be a list of expressions' };
  const [min, max] = CHECK_FUNCTIONS[fn as keyof typeof CHECK_FUNCTIONS];
  if (node.args.length < min || (max >= 0 && node.args.length > max)) return { path: `${path}.args`, message: `${fn} takes ${min === max ? min : max < 0 ? `${min} or more` : `${min} to ${max}`} arguments` };
  if (fn === 'cast' && !(CAST_TYPES as readonly unknown[]).includes(node.type)) return { path: `${path}.type`, message: `must be one of ${CAST_TYPES.join(', ')}` };
  if (fn !== 'cast' && node.type !== undefined) return { path: `${path}.type`, message: 'only a cast names a type' };
  for (let i = 0; i < node.args.length; i++) {
    const issue = nodeIssue(node.args[i], `${path}.args[${i}]`, depth + 1, budget, table);
    if (issue) return issue;
  }
  return undefined;
}

export function checkIssues(doc: BlueprintDocument): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  let types: FieldTypes | undefined;
  doc.tables.forEach((table, t) => {
    if (!Array.isArray(table.checks)) return;
    table.checks.forEach((check, k) => {
      const path = `tables[${t}].checks[${k}]`;
      const issue = nodeIssue(check?.expr, `${path}.expr`, 0, { nodes: CHECK_LIMITS.nodes }, table);
      if (issue) return void issues.push(issue);
      types ??= new FieldTypes(doc);
      const fieldTypes = types;
      try {
        compilePredicate(check.expr as CheckExpr, {
          field: (name) => {
            const index = table.fields.findIndex((f) => f.name.toLowerCase() === name.toLowerCase());
            return index < 0 ? undefined : { index, type: fieldTypes.typeOf(t, index) };
          },
          refDate: 0,
        });
      } catch (error) {
        if (!(error instanceof CheckCompileError)) throw error;
        issues.push({ path: `${path}.expr`, message: error.message });
      }
    });
  });
  return issues;
}
