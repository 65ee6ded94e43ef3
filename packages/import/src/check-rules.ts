/**
 * The simple shapes a CHECK's conjuncts take, read from the document's
 * dialect-neutral CHECK tree (whatever parser read it): comparisons with a
 * literal, two columns compared, IN, BETWEEN, lengths, IS NOT NULL, a regular
 * expression. Inference turns them into generator options, so most rows pass
 * by construction; the whole tree is still checked on every row.
 */
import { conjuncts, type CheckExpr } from '@seedbed/engine';
import type { CheckRule, CheckValue } from './schema-model';

type Op = '<' | '<=' | '>' | '>=' | '=' | '<>';
const FLIPPED: Record<Op, Op> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=', '<>': '<>' };
const COMPARE = new Set<string>(['<', '<=', '>', '>=', '=', '<>']);

/** Casts say nothing of a value's shape here: `(rating)::text` is `rating`, `'a'::varchar` is `'a'`. */
function unwrap(e: CheckExpr): CheckExpr {
  let n = e;
  while ('fn' in n && n.fn === 'cast') n = n.args[0];
  return n;
}

const columnOf = (e: CheckExpr): string | undefined => {
  const n = unwrap(e);
  return 'col' in n ? n.col : undefined;
};
const valueOf = (e: CheckExpr): CheckValue | undefined => {
  const n = unwrap(e);
  return 'lit' in n && n.lit !== null ? n.lit : undefined;
};
const lengthOf = (e: CheckExpr): string | undefined => {
  const n = unwrap(e);
  return 'fn' in n && n.fn === 'length' ? columnOf(n.args[0]) : undefined;
};

export function rulesOf(expr: CheckExpr, text: string): CheckRule[] {
  return conjuncts(expr).map((c) => ruleOf(c) ?? { kind: 'other', text });
}

/** `upper(col)`, `lower(col)`, `trim(col)`: the column, and what the function does to a value. */
const FOLDS: Record<string, (v: string) => string> = { upper: (v) => v.toUpperCase(), lower: (v) => v.toLowerCase(), trim: (v) => v.trim() };
function foldedColumn(e: CheckExpr): { column: string; fold: (v: string) => string } | undefined {
  const n = unwrap(e);
  if (!('fn' in n) || !FOLDS[n.fn]) return undefined;
  const column = columnOf(n.args[0]);
  return column ? { column, fold: FOLDS[n.fn] } : undefined;
}

function ruleOf(e: CheckExpr): CheckRule | undefined {
  if (!('fn' in e)) return undefined;
  const [a, b, c] = e.args;
  // `col IS NULL OR <rule over col>` (AdventureWorks' PersonType): the rule holds every value that is not NULL.
  if (e.fn === 'or' && e.args.length === 2) {
    const [nullSide, other] = 'fn' in a && a.fn === 'isnull' ? [a, b] : 'fn' in b && b.fn === 'isnull' ? [b, a] : [];
    const column = nullSide && 'fn' in nullSide ? columnOf(nullSide.args[0]) : undefined;
    const rule = column && other ? ruleOf(other) : undefined;
    return rule && 'column' in rule && rule.column === column ? rule : undefined;
  }
  // `upper(col) IN ('SC', …)`: the listed values the function leaves as they are (`upper('SC')` is 'SC').
  if (e.fn === 'in' && foldedColumn(a)) {
    const { column, fold } = foldedColumn(a)!;
    const values = e.args.slice(1).map(valueOf);
    if (!values.every((v) => typeof v === 'string')) return undefined;
    const kept = (values as string[]).filter((v) => fold(v) === v);
    return kept.length ? { kind: 'in', column, values: kept } : undefined;
  }
  if (e.fn === 'not' && 'fn' in a && a.fn === 'isnull') {
    const column = columnOf(a.args[0]);
    return column ? { kind: 'notNull', column } : undefined;
  }
  if (e.fn === 'in') {
    const column = columnOf(a);
    const values = e.args.slice(1).map(valueOf);
    return column && values.every((v) => v !== undefined) ? { kind: 'in', column, values: values as CheckValue[] } : undefined;
  }
  if (e.fn === 'between') {
    const column = columnOf(a);
    const [min, max] = [valueOf(b), valueOf(c)];
    return column && min !== undefined && max !== undefined ? { kind: 'between', column, min, max } : undefined;
  }
  if (e.fn === 'regex') {
    const column = columnOf(a);
    const pattern = valueOf(b);
    return column && typeof pattern === 'string' ? { kind: 'regex', column, pattern } : undefined;
  }
  if (!COMPARE.has(e.fn)) return undefined;
  const op = e.fn as Op;
  const [left, right] = [columnOf(a), columnOf(b)];
  const [leftValue, rightValue] = [valueOf(a), valueOf(b)];
  if (left && right && op !== '=' && op !== '<>') return { kind: 'columns', left, op, right };
  if (left && rightValue !== undefined) return { kind: 'compare', column: left, op, value: rightValue };
  if (right && leftValue !== undefined) return { kind: 'compare', column: right, op: FLIPPED[op], value: leftValue };
  const [lengthLeft, lengthRight] = [lengthOf(a), lengthOf(b)];
  if (op === '<>') return undefined;
  if (lengthLeft && typeof rightValue === 'number') return { kind: 'length', column: lengthLeft, op, value: rightValue };
  if (lengthRight && typeof leftValue === 'number') return { kind: 'length', column: lengthRight, op: FLIPPED[op] as Exclude<Op, '<>'>, value: leftValue };
  return undefined;
}
