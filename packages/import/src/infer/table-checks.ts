/**
 * A table's CHECKs as the document keeps them: the table's own, its
 * columns', and their domains' (VALUE read as the column), each with its
 * text and line, held on every generated row. The report says how each is
 * held: by construction where its parts became generator options (ranges,
 * lists, date order, patterns), and by re-drawing the fields it reads where
 * a row still breaks it. A CHECK the parser's tree could not be read from,
 * or that reads a column the blueprint does not make, is listed as not
 * enforced. A CHECK no value can satisfy (`x > 5 AND x < 3`) is the schema's
 * mistake: the import is refused with its line.
 */
import { badInput } from '@seedbed/engine/errors';
import { checkColumns, type CheckDef } from '@seedbed/engine';
import type { CheckModel, CheckRule, CheckValue, TableModel } from '../schema-model';
import type { ImportDecision, SkippedItem } from '../types';

/** The table's CHECKs with their source line (a column's or a domain's taking the table's when it has none). */
function checksOf(table: TableModel): CheckModel[] {
  const tableLine = Number(/\d+/.exec(table.where ?? '')?.[0]) || undefined;
  const seen = new Set<string>();
  const all: CheckModel[] = [];
  for (const check of [...table.checks, ...table.columns.flatMap((c) => c.checks)]) {
    const key = `${check.name ?? ''}\u0000${check.text}\u0000${JSON.stringify(check.expr ?? null)}`;
    if (seen.has(key)) continue;
    seen.add(key);
    all.push(check.line || !tableLine ? check : { ...check, line: tableLine });
  }
  return all;
}

const where = (check: CheckModel) => (check.line ? `line ${check.line}: ` : '');

/**
 * Numeric ranges its conjuncts put on one column that no value meets:
 * `x > 5 AND x < 3`, `x BETWEEN 10 AND 1`. Refused with the CHECK's line.
 */
export function refuseImpossibleChecks(table: TableModel, path: string): void {
  for (const check of checksOf(table)) {
    const ranges = new Map<string, [number, number]>();
    for (const rule of check.rules) {
      const range = numericRange(rule);
      if (!range) continue;
      const [column, low, high] = range;
      const [l, h] = ranges.get(column) ?? [-Infinity, Infinity];
      ranges.set(column, [Math.max(l, low), Math.min(h, high)]);
    }
    for (const [column, [low, high]] of ranges) {
      if (low <= high) continue;
      throw badInput(path, `${where(check)}CHECK (${check.text}) on ${table.name}.${column}: no value satisfies it (it asks for ${column} ≥ ${low} and ≤ ${high}); fix the constraint, or leave it out of the schema you import.`);
    }
  }
}

const num = (v: CheckValue): number | undefined => (typeof v === 'number' ? v : undefined);

/** [column, low, high] of a numeric rule, strict bounds nudged by a hair (only emptiness is asked). */
function numericRange(rule: CheckRule): [string, number, number] | undefined {
  const eps = 1e-9;
  if (rule.kind === 'between') {
    const [min, max] = [num(rule.min), num(rule.max)];
    return min === undefined || max === undefined ? undefined : [rule.column, min, max];
  }
  if (rule.kind !== 'compare') return undefined;
  const v = num(rule.value);
  if (v === undefined) return undefined;
  switch (rule.op) {
    case '>':
      return [rule.column, v + eps, Infinity];
    case '>=':
      return [rule.column, v, Infinity];
    case '<':
      return [rule.column, -Infinity, v - eps];
    case '<=':
      return [rule.column, -Infinity, v];
    case '=':
      return [rule.column, v, v];
    default:
      return undefined;
  }
}

/** The table's CHECKs for the document, one report line each; what cannot be kept goes to `skipped`. */
export function documentChecks(table: TableModel, t: number, fieldNames: string[], report: ImportDecision[], skipped: SkippedItem[]): CheckDef[] {
  const kept = new Set(fieldNames.map((n) => n.toLowerCase()));
  const out: CheckDef[] = [];
  for (const check of checksOf(table)) {
    const name = check.name ?? table.name;
    if (!check.expr) {
      skipped.push({ kind: 'check', name, reason: `${where(check)}CHECK (${check.text}) uses SQL Seedbed cannot read as an expression, so it is not enforced; generated rows may break it.` });
      continue;
    }
    const missing = checkColumns(check.expr).filter((c) => !kept.has(c.toLowerCase()));
    if (missing.length) {
      skipped.push({ kind: 'check', name, reason: `${where(check)}CHECK (${check.text}) reads ${missing.join(', ')}, which the blueprint does not generate, so it is not enforced.` });
      continue;
    }
    out.push({ ...(check.name ? { name: check.name } : {}), text: check.text, ...(check.line ? { line: check.line } : {}), expr: check.expr });
    const built = check.rules.filter((r) => r.kind !== 'other' && r.kind !== 'notNull');
    const columns = checkColumns(check.expr);
    const how = built.length
      ? ` by construction (${[...new Set(built.map((r) => ('column' in r ? r.column : r.left)))].join(', ')} made to fit it)${built.length < check.rules.length ? ', the rest' : ''}, and checked on every row`
      : `: checked on every row, re-drawing ${columns.join(', ')} when a row breaks it`;
    report.push({ path: `tables[${t}].checks[${out.length - 1}]`, table: table.name, field: '', generator: 'check', confidence: built.length ? 1 : 0.8, reason: `CHECK (${check.text}) held${how}`, details: { ...(check.line ? { line: check.line } : {}), columns } });
  }
  return out;
}
