/**
 * sqlparser-rs's expression tree (its JSON) → the document's CHECK tree.
 * Read from the parser's own nodes, never from the SQL text; anything this
 * does not know makes the whole CHECK unreadable (`undefined`): it is then
 * listed as not enforced rather than half-enforced.
 */
import type { CastType, CheckExpr, CheckFunction } from '@seedbed/engine';
import type { Json } from './types';

const COMPARISONS: Record<string, CheckFunction> = { Eq: '=', NotEq: '<>', Lt: '<', LtEq: '<=', Gt: '>', GtEq: '>=', Spaceship: 'is' };
const ARITHMETIC: Record<string, CheckFunction> = { Plus: '+', Minus: '-', Multiply: '*', Divide: '/', Modulo: '%' };
const REGEX: Record<string, [CheckFunction, boolean]> = { PGRegexMatch: ['regex', false], PGRegexIMatch: ['iregex', false], PGRegexNotMatch: ['regex', true], PGRegexNotIMatch: ['iregex', true] };
const FUNCTIONS: Record<string, CheckFunction> = {
  length: 'octet_length', octet_length: 'octet_length', char_length: 'length', character_length: 'length', lower: 'lower', lcase: 'lower', upper: 'upper', ucase: 'upper',
  trim: 'trim', ltrim: 'ltrim', rtrim: 'rtrim', abs: 'abs', round: 'round', floor: 'floor', ceil: 'ceil', ceiling: 'ceil', coalesce: 'coalesce', ifnull: 'coalesce',
  nullif: 'nullif', greatest: 'greatest', least: 'least', now: 'now', current_timestamp: 'now', sysdate: 'now', curdate: 'current_date', current_date: 'current_date', json_valid: 'json_valid',
};
const CASTS: Record<string, CastType> = {
  Signed: 'integer', SignedInteger: 'integer', Unsigned: 'integer', UnsignedInteger: 'integer', Int: 'integer', Integer: 'integer', BigInt: 'integer',
  Decimal: 'numeric', Numeric: 'numeric', Double: 'numeric', Float: 'numeric', Real: 'numeric',
  Char: 'text', Varchar: 'text', Text: 'text', Nchar: 'text', Date: 'date', Datetime: 'timestamp', Timestamp: 'timestamp', Boolean: 'boolean', Bool: 'boolean',
};

const call = (fn: CheckFunction, ...args: CheckExpr[]): CheckExpr => ({ fn, args });
const not = (e: CheckExpr, negated: boolean): CheckExpr => (negated ? call('not', e) : e);

/** In MySQL `||` is OR (unless PIPES_AS_CONCAT); SQLite and PostgreSQL concatenate. */
export interface ExprDialect {
  pipesConcatenate: boolean;
  /** The column a domain's `VALUE` stands for (not MySQL's). */
  value?: string;
}

export function sqlparserCheck(node: Json, dialect: ExprDialect): CheckExpr | undefined {
  try {
    return read(node, dialect);
  } catch (error) {
    if (error instanceof Unreadable) return undefined;
    throw error;
  }
}

class Unreadable extends Error {}
const unreadable = (): never => {
  throw new Unreadable();
};

function variantOf(node: Json): [string, Json] {
  if (typeof node === 'string') return [node, undefined];
  const [variant] = Object.keys(node ?? {});
  if (!variant) unreadable();
  return [variant, node[variant]];
}

function read(node: Json, dialect: ExprDialect): CheckExpr {
  const [variant, v] = variantOf(node);
  switch (variant) {
    case 'Identifier':
      return { col: String(v.value) };
    case 'CompoundIdentifier':
      return { col: String((v as Json[]).at(-1)?.value) };
    case 'Nested':
      return read(v, dialect);
    case 'Value':
      return literal(v?.value ?? v);
    case 'TypedString':
      return literal(v?.value?.value ?? v?.value);
    case 'Prefixed':
      // A charset introducer: MySQL 8 dumps every string of a CHECK as `_utf8mb4'draft'`; it is the same string.
      return /^_\w+$/.test(String(v?.prefix?.value)) ? read(v.value, dialect) : unreadable();
    case 'UnaryOp': {
      const arg = read(v.expr, dialect);
      if (v.op === 'Not') return call('not', arg);
      if (v.op === 'Minus') return 'lit' in arg && typeof arg.lit === 'number' ? { lit: -arg.lit } : call('neg', arg);
      if (v.op === 'Plus') return arg;
      return unreadable();
    }
    case 'BinaryOp':
      return binary(v, dialect);
    case 'IsNull':
      return call('isnull', read(v, dialect));
    case 'IsNotNull':
      return call('not', call('isnull', read(v, dialect)));
    case 'IsTrue':
      return call('istrue', read(v, dialect));
    case 'IsNotTrue':
      return call('not', call('istrue', read(v, dialect)));
    case 'IsFalse':
      return call('isfalse', read(v, dialect));
    case 'IsNotFalse':
      return call('not', call('isfalse', read(v, dialect)));
    case 'IsDistinctFrom':
      return call('not', call('is', read(v[0], dialect), read(v[1], dialect)));
    case 'IsNotDistinctFrom':
      return call('is', read(v[0], dialect), read(v[1], dialect));
    case 'InList':
      return not(call('in', read(v.expr, dialect), ...(v.list as Json[]).map((e) => read(e, dialect))), !!v.negated);
    case 'Between':
      return not(call('between', read(v.expr, dialect), read(v.low, dialect), read(v.high, dialect)), !!v.negated);
    case 'Like':
    case 'ILike': {
      if (v.any) return unreadable();
      const escape = v.escape_char ? [literal(v.escape_char?.value ?? v.escape_char)] : [];
      return not(call(variant === 'ILike' ? 'ilike' : 'like', read(v.expr, dialect), read(v.pattern, dialect), ...escape), !!v.negated);
    }
    case 'RLike':
      return not(call('regex', read(v.expr, dialect), read(v.pattern, dialect)), !!v.negated);
    case 'Function':
      return func(v, dialect);
    case 'Trim':
      if (v.trim_what || v.trim_characters) return unreadable();
      return call(v.trim_where === 'Leading' ? 'ltrim' : v.trim_where === 'Trailing' ? 'rtrim' : 'trim', read(v.expr, dialect));
    case 'Cast': {
      const [type] = variantOf(v.data_type);
      const target = CASTS[type];
      return target ? { fn: 'cast', type: target, args: [read(v.expr, dialect)] } : unreadable();
    }
    case 'Case': {
      const args: CheckExpr[] = [];
      const operand = v.operand ? read(v.operand, dialect) : undefined;
      for (const { condition, result } of v.conditions as Json[]) {
        const when = read(condition, dialect);
        args.push(operand ? call('=', operand, when) : when, read(result, dialect));
      }
      if (v.else_result) args.push(read(v.else_result, dialect));
      return { fn: 'case', args };
    }
    default:
      return unreadable();
  }
}

function binary(v: Json, dialect: ExprDialect): CheckExpr {
  const op = String(v.op);
  const left = read(v.left, dialect);
  const right = read(v.right, dialect);
  if (COMPARISONS[op]) return call(COMPARISONS[op], left, right);
  if (ARITHMETIC[op]) return call(ARITHMETIC[op], left, right);
  if (op === 'And' || op === 'Or') {
    // `a AND b AND c` as one node, as the document keeps it.
    const fn = op === 'And' ? 'and' : 'or';
    const flat = (e: CheckExpr) => ('fn' in e && e.fn === fn ? e.args : [e]);
    return call(fn, ...flat(left), ...flat(right));
  }
  if (op === 'StringConcat') return dialect.pipesConcatenate ? call('||', left, right) : call('or', left, right);
  if (op === 'MyIntegerDivide') return { fn: 'cast', type: 'integer', args: [call('floor', call('/', left, right))] };
  if (REGEX[op]) return not(call(REGEX[op][0], left, right), REGEX[op][1]);
  return unreadable();
}

function func(v: Json, dialect: ExprDialect): CheckExpr {
  const name = String((v.name as Json[]).at(-1)?.Identifier?.value ?? '').toLowerCase();
  const args = ((v.args?.List?.args ?? []) as Json[]).map((a) => {
    const e = a?.Unnamed?.Expr;
    return e === undefined ? unreadable() : read(e, dialect);
  });
  if (name === 'regexp_like' && (args.length === 2 || args.length === 3)) return call('regex', args[0], args[1]);
  if (name === 'concat') return args.reduce((a, b) => call('||', a, b));
  const fn = FUNCTIONS[name];
  if (!fn) return unreadable();
  return call(fn, ...args);
}

function literal(value: Json): CheckExpr {
  if (value === 'Null') return { lit: null };
  const [variant, v] = variantOf(value);
  switch (variant) {
    case 'Number': {
      const n = Number(Array.isArray(v) ? v[0] : v);
      return Number.isFinite(n) ? { lit: n } : unreadable();
    }
    case 'SingleQuotedString':
    case 'DoubleQuotedString':
    case 'NationalStringLiteral':
    case 'EscapedStringLiteral':
      return { lit: String(v) };
    case 'Boolean':
      return { lit: Boolean(v) };
    default:
      return unreadable();
  }
}
