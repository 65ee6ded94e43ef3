/**
 * A CHECK constraint as the document keeps it: one small expression tree
 * whatever SQL dialect declared it, so the engine compiles it into a
 * predicate over a row without carrying a SQL parser. Each importer
 * translates its parser's own tree into this one (never text into text).
 *
 *   { col: 'end_date' }                       a column of the row
 *   { lit: 5 } { lit: 'x' } { lit: null }     a literal
 *   { fn: '>=', args: [a, b] }                an operator or function over its arguments
 *   { fn: 'cast', type: 'integer', args: [a] }
 *
 * Semantics are SQL's, three-valued: a CHECK fails only when it is false,
 * never when it is NULL.
 */

export type CheckLiteral = string | number | boolean | null;

/** Types a cast may name: enough to read the casts CHECKs use (`(x)::text`, `CAST(n AS SIGNED)`). */
export const CAST_TYPES = ['integer', 'numeric', 'text', 'boolean', 'date', 'timestamp'] as const;
export type CastType = (typeof CAST_TYPES)[number];

/** Operators and functions, with their argument counts (min, max; -1: any). */
export const CHECK_FUNCTIONS = {
  and: [2, -1],
  or: [2, -1],
  not: [1, 1],
  '=': [2, 2],
  '<>': [2, 2],
  '<': [2, 2],
  '<=': [2, 2],
  '>': [2, 2],
  '>=': [2, 2],
  /** IS NOT DISTINCT FROM: NULL equals NULL, never NULL itself. */
  is: [2, 2],
  '+': [2, 2],
  '-': [2, 2],
  '*': [2, 2],
  '/': [2, 2],
  '%': [2, 2],
  '||': [2, 2],
  neg: [1, 1],
  isnull: [1, 1],
  /** `x IS TRUE` / `x IS FALSE`: never NULL. */
  istrue: [1, 1],
  isfalse: [1, 1],
  /** `args[0] IN (args[1], …)`. */
  in: [2, -1],
  /** `args[0] BETWEEN args[1] AND args[2]`. */
  between: [3, 3],
  /** `args[0] LIKE args[1] [ESCAPE args[2]]`, case-sensitive; `ilike` folds case; `glob` is SQLite's. */
  like: [2, 3],
  ilike: [2, 3],
  glob: [2, 2],
  /** POSIX / MySQL regular expression match (`~`, `REGEXP`); `iregex` folds case (`~*`). */
  regex: [2, 2],
  iregex: [2, 2],
  length: [1, 1],
  octet_length: [1, 1],
  lower: [1, 1],
  upper: [1, 1],
  trim: [1, 1],
  ltrim: [1, 1],
  rtrim: [1, 1],
  abs: [1, 1],
  round: [1, 2],
  floor: [1, 1],
  ceil: [1, 1],
  coalesce: [1, -1],
  nullif: [2, 2],
  greatest: [1, -1],
  least: [1, -1],
  cast: [1, 1],
  /** CASE WHEN c1 THEN r1 … [ELSE e] END as [c1, r1, c2, r2, …, e?]. */
  case: [2, -1],
  /** The moment a row is checked: the document's reference date, never the clock (a database's `now()` is later, so this is stricter). */
  now: [0, 0],
  current_date: [0, 0],
  /** A span of time in seconds (`interval '1 day'`), added to or taken from dates. */
  interval: [1, 1],
  /** `x ~ '^…$'` over a JSON value, `json_valid(x)`: the value parses as JSON. */
  json_valid: [1, 1],
} as const;

export type CheckFunction = keyof typeof CHECK_FUNCTIONS;

export type CheckExpr =
  | { col: string }
  | { lit: CheckLiteral }
  | { fn: CheckFunction; args: CheckExpr[]; type?: CastType };

/** A CHECK kept on a table: the tree, the SQL it was read from and where. */
export interface CheckDef {
  /** The constraint's name, when it has one. */
  name?: string;
  /** The expression as the source wrote it, for messages and the report. */
  text: string;
  /** 1-based line of the source where it was declared. */
  line?: number;
  expr: CheckExpr;
}

/** Limits on one expression: a hostile document cannot make validation or generation recurse or loop without end. */
export const CHECK_LIMITS = { depth: 32, nodes: 2_000, checksPerTable: 200 } as const;

export const isColumn = (e: CheckExpr): e is { col: string } => 'col' in e;
export const isLiteral = (e: CheckExpr): e is { lit: CheckLiteral } => 'lit' in e;
export const isCall = (e: CheckExpr): e is { fn: CheckFunction; args: CheckExpr[]; type?: CastType } => 'fn' in e;

/** The columns an expression reads, in order of first appearance. */
export function columnsOf(expr: CheckExpr, into: string[] = []): string[] {
  if (isColumn(expr)) {
    if (!into.includes(expr.col)) into.push(expr.col);
  } else if (isCall(expr)) {
    for (const a of expr.args) columnsOf(a, into);
  }
  return into;
}

/** `a AND b AND c` → [a, b, c]. */
export function conjuncts(expr: CheckExpr): CheckExpr[] {
  return isCall(expr) && expr.fn === 'and' ? expr.args.flatMap(conjuncts) : [expr];
}
