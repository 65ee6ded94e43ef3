/**
 * Reading PostgreSQL's parse tree (libpg-query's JSON) into the schema
 * model: type names, literals and the simple CHECK shapes imports turn into
 * generator options. Nodes are plain JSON (`{ A_Const: {...} }`), so they are
 * read defensively: anything unexpected is "not simple", never a crash.
 */
import type { CheckRule, CheckValue, ColumnType } from '../schema-model';

export type Node = any;

/** `[{String: {sval: 'public'}}, {String: {sval: 'film'}}]` → `['public', 'film']`. */
export function namesOf(list: Node[] | undefined): string[] {
  return (list ?? []).map((n) => n?.String?.sval).filter((s): s is string => typeof s === 'string');
}

/** The unqualified name: schemas are dropped, a blueprint has one namespace. */
export const lastName = (list: Node[] | undefined): string => namesOf(list).at(-1) ?? '';

/** A literal's value; protobuf leaves zero and false out, so `ival: {}` is 0. */
export function constValue(node: Node): CheckValue | undefined {
  const c = node?.A_Const;
  if (!c || c.isnull) return undefined;
  if (c.ival) return c.ival.ival ?? 0;
  if (c.fval) return Number(c.fval.fval);
  if (c.sval) return c.sval.sval ?? '';
  if (c.boolval) return c.boolval.boolval ?? false;
  return undefined;
}

/** Casts say nothing about the value's shape: `(rating)::text` is `rating`, `'a'::varchar` is `'a'`. */
export function unwrap(node: Node): Node {
  let n = node;
  while (n?.TypeCast) n = n.TypeCast.arg;
  return n;
}

/** `column`, or in a domain's check `VALUE`, renamed to `column`. */
function columnOf(node: Node, valueName?: string): string | undefined {
  const fields = namesOf(unwrap(node)?.ColumnRef?.fields);
  if (fields.length === 0) return undefined;
  const name = fields.at(-1)!;
  return valueName && name.toLowerCase() === 'value' && fields.length === 1 ? valueName : name;
}

const FLIPPED: Record<string, '<' | '<=' | '>' | '>=' | '=' | '<>'> = { '<': '>', '<=': '>=', '>': '<', '>=': '<=', '=': '=', '<>': '<>', '!=': '<>' };
const LENGTH_FUNCTIONS = new Set(['length', 'char_length', 'character_length', 'octet_length']);

function lengthOf(node: Node, valueName?: string): string | undefined {
  const call = unwrap(node)?.FuncCall;
  if (!call || !LENGTH_FUNCTIONS.has(lastName(call.funcname).toLowerCase()) || call.args?.length !== 1) return undefined;
  return columnOf(call.args[0], valueName);
}

function listValues(node: Node): CheckValue[] | undefined {
  const n = unwrap(node);
  const items: Node[] | undefined = n?.List?.items ?? n?.A_ArrayExpr?.elements;
  if (!items) return undefined;
  const values = items.map((i) => constValue(unwrap(i)));
  return values.every((v) => v !== undefined) ? (values as CheckValue[]) : undefined;
}

/**
 * The conjuncts of a CHECK as rules: comparisons with a literal, two columns
 * compared, IN / = ANY (ARRAY[...]), BETWEEN, length(col) bounds, IS NOT NULL.
 * Whatever else is one `other` rule carrying `text`.
 */
export function checkRules(expr: Node, text: string, valueName?: string): CheckRule[] {
  const bool = expr?.BoolExpr;
  if (bool?.boolop === 'AND_EXPR') return (bool.args as Node[]).flatMap((a) => checkRules(a, text, valueName));
  return [checkRule(expr, valueName) ?? { kind: 'other', text }];
}

function checkRule(expr: Node, valueName?: string): CheckRule | undefined {
  if (expr?.NullTest?.nulltesttype === 'IS_NOT_NULL') {
    const column = columnOf(expr.NullTest.arg, valueName);
    return column ? { kind: 'notNull', column } : undefined;
  }
  const a = expr?.A_Expr;
  if (!a) return undefined;
  const op = namesOf(a.name)[0];
  const leftColumn = columnOf(a.lexpr, valueName);
  if (a.kind === 'AEXPR_IN' && op === '=' && leftColumn) {
    const values = listValues(a.rexpr);
    return values ? { kind: 'in', column: leftColumn, values } : undefined;
  }
  if (a.kind === 'AEXPR_OP_ANY' && op === '=' && leftColumn) {
    const values = listValues(a.rexpr);
    return values ? { kind: 'in', column: leftColumn, values } : undefined;
  }
  if (a.kind === 'AEXPR_BETWEEN' && leftColumn) {
    const [min, max] = listValues(a.rexpr) ?? [];
    return min !== undefined && max !== undefined ? { kind: 'between', column: leftColumn, min, max } : undefined;
  }
  if (a.kind !== 'AEXPR_OP' || !(op in FLIPPED)) return undefined;
  const normalized = FLIPPED[FLIPPED[op]];
  const rightColumn = columnOf(a.rexpr, valueName);
  const leftValue = constValue(unwrap(a.lexpr));
  const rightValue = constValue(unwrap(a.rexpr));
  if (leftColumn && rightColumn && normalized !== '=' && normalized !== '<>') {
    return { kind: 'columns', left: leftColumn, op: normalized, right: rightColumn };
  }
  if (leftColumn && rightValue !== undefined) return { kind: 'compare', column: leftColumn, op: normalized, value: rightValue };
  if (rightColumn && leftValue !== undefined) return { kind: 'compare', column: rightColumn, op: FLIPPED[op], value: leftValue };
  const lengthLeft = lengthOf(a.lexpr, valueName);
  if (lengthLeft && typeof rightValue === 'number' && normalized !== '<>') return { kind: 'length', column: lengthLeft, op: normalized, value: rightValue };
  const lengthRight = lengthOf(a.rexpr, valueName);
  const flipped = FLIPPED[op];
  if (lengthRight && typeof leftValue === 'number' && flipped !== '<>') return { kind: 'length', column: lengthRight, op: flipped, value: leftValue };
  return undefined;
}

const INTEGER_BITS: Record<string, number> = { int2: 16, smallint: 16, smallserial: 16, serial2: 16, int4: 32, int: 32, integer: 32, serial: 32, serial4: 32, int8: 64, bigint: 64, bigserial: 64, serial8: 64 };
const SERIALS = new Set(['smallserial', 'serial2', 'serial', 'serial4', 'bigserial', 'serial8']);
const CANONICAL: Record<string, string> = {
  int2: 'smallint', smallserial: 'smallint', serial2: 'smallint', int4: 'integer', int: 'integer', serial: 'integer', serial4: 'integer',
  int8: 'bigint', bigserial: 'bigint', serial8: 'bigint', float4: 'real', float8: 'double precision', bool: 'boolean',
  varchar: 'character varying', bpchar: 'character', timestamptz: 'timestamp with time zone', timestamp: 'timestamp without time zone',
  timetz: 'time with time zone', time: 'time without time zone', decimal: 'numeric',
};
const KINDS: Record<string, ColumnType['kind']> = {
  numeric: 'decimal', decimal: 'decimal', money: 'decimal', float4: 'float', float8: 'float', real: 'float', bool: 'boolean', boolean: 'boolean',
  text: 'text', varchar: 'text', bpchar: 'text', char: 'text', citext: 'text', name: 'text', uuid: 'uuid', date: 'date',
  timestamp: 'timestamp', timestamptz: 'timestamp', time: 'time', timetz: 'time', interval: 'interval', json: 'json', jsonb: 'json',
  bytea: 'binary', inet: 'inet', cidr: 'cidr', macaddr: 'macaddr', macaddr8: 'macaddr', tsvector: 'tsvector',
};

/** `timestamp(3) with time zone`: a precision goes after the first word of time types, after the name otherwise. */
function withModifiers(base: string, raw: string, mods: number[]): string {
  if (mods.length === 0 || raw === 'interval') return base;
  const zone = base.match(/^(timestamp|time) (with(?:out)? time zone)$/);
  return zone ? `${zone[1]}(${mods[0]}) ${zone[2]}` : `${base}(${mods.join(',')})`;
}

/** A type name as written back: `character varying(45)`, `numeric(5,2)`, `mpaa_rating[]`. */
export function columnType(typeName: Node): ColumnType & { serial?: boolean } {
  const raw = lastName(typeName?.names).toLowerCase();
  const mods = ((typeName?.typmods ?? []) as Node[]).map((m) => constValue(m)).filter((v): v is number => typeof v === 'number');
  const dims = (typeName?.arrayBounds ?? []).length;
  const base = CANONICAL[raw] ?? lastName(typeName?.names);
  const sqlType = withModifiers(base, raw, mods);
  const scalar: ColumnType & { serial?: boolean } = { kind: KINDS[raw] ?? (INTEGER_BITS[raw] ? 'integer' : 'unknown'), sqlType };
  if (INTEGER_BITS[raw]) scalar.bits = INTEGER_BITS[raw];
  if (SERIALS.has(raw)) scalar.serial = true;
  if (scalar.kind === 'text' && raw !== 'text' && mods[0] > 0) scalar.maxLength = mods[0];
  if (raw === 'bpchar') {
    scalar.maxLength = mods[0] > 0 ? mods[0] : 1;
    scalar.fixedLength = true;
  }
  if (scalar.kind === 'decimal') {
    if (raw === 'money') Object.assign(scalar, { precision: 15, scale: 2 });
    else if (mods.length) Object.assign(scalar, { precision: mods[0], scale: mods[1] ?? 0 });
  }
  if (raw === 'timestamptz' || raw === 'timetz') scalar.withTimeZone = true;
  if (!KINDS[raw] && !INTEGER_BITS[raw]) scalar.typeName = lastName(typeName?.names);
  if (dims === 0) return scalar;
  const { serial: _serial, ...element } = scalar;
  return { kind: element.kind, sqlType: `${sqlType}${'[]'.repeat(dims)}`, arrayOf: element };
}

/**
 * `lower(email)`, `upper((code)::text)`: a unique index on a column's folded
 * case; values distinct as written are kept as the column's unique key, and
 * generators made distinct per row (row-tagged) stay distinct folded too.
 */
export function caseFolded(expr: Node): string | undefined {
  const call = expr?.FuncCall;
  const name = lastName(call?.funcname).toLowerCase();
  if ((name !== 'lower' && name !== 'upper') || call.args?.length !== 1) return undefined;
  let arg = call.args[0];
  while (arg?.TypeCast) arg = arg.TypeCast.arg;
  const fields = namesOf(arg?.ColumnRef?.fields);
  return fields.length ? fields.at(-1) : undefined;
}
