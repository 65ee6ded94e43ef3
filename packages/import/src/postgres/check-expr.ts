/**
 * PostgreSQL's parse tree (libpg-query's JSON) of a CHECK → the document's
 * CHECK tree. Read node by node from the parser's output (never from the SQL
 * text); anything this does not know makes the whole CHECK unreadable
 * (`undefined`), listed as not enforced rather than half-enforced. SQLite's
 * CHECKs come here too, read by the same parser.
 */
import type { CastType, CheckExpr, CheckFunction } from '@seedbed/engine';
import type { CheckModel } from '../schema-model';
import { rulesOf } from '../check-rules';
import { constValue, lastName, namesOf, type Node } from './ast';

const call = (fn: CheckFunction, ...args: CheckExpr[]): CheckExpr => ({ fn, args });
const not = (e: CheckExpr): CheckExpr => call('not', e);

const OPERATORS: Record<string, CheckFunction> = { '=': '=', '<>': '<>', '!=': '<>', '<': '<', '<=': '<=', '>': '>', '>=': '>=', '+': '+', '-': '-', '*': '*', '/': '/', '%': '%', '||': '||' };
/** Pattern operators: LIKE is `~~`, ILIKE `~~*`; `~` a POSIX regular expression. */
const PATTERNS: Record<string, [CheckFunction, boolean]> = {
  '~': ['regex', false], '~*': ['iregex', false], '!~': ['regex', true], '!~*': ['iregex', true],
  '~~': ['like', false], '!~~': ['like', true], '~~*': ['ilike', false], '!~~*': ['ilike', true],
};
const FUNCTIONS: Record<string, CheckFunction> = {
  length: 'length', char_length: 'length', character_length: 'length', octet_length: 'octet_length', lower: 'lower', upper: 'upper',
  btrim: 'trim', trim: 'trim', ltrim: 'ltrim', rtrim: 'rtrim', abs: 'abs', round: 'round', floor: 'floor', ceil: 'ceil', ceiling: 'ceil',
  now: 'now', transaction_timestamp: 'now', statement_timestamp: 'now', clock_timestamp: 'now', json_valid: 'json_valid', regexp_like: 'regex',
};
const CASTS: Record<string, CastType> = {
  int2: 'integer', int4: 'integer', int8: 'integer', int: 'integer', integer: 'integer', smallint: 'integer', bigint: 'integer',
  numeric: 'numeric', decimal: 'numeric', float4: 'numeric', float8: 'numeric', real: 'numeric', money: 'numeric',
  text: 'text', varchar: 'text', bpchar: 'text', char: 'text', name: 'text', citext: 'text',
  bool: 'boolean', boolean: 'boolean', date: 'date', timestamp: 'timestamp', timestamptz: 'timestamp',
};
/** Seconds per interval unit; months and years as PostgreSQL counts them in a span (30 days, 365.25 days). */
const UNITS: Record<string, number> = {
  second: 1, seconds: 1, sec: 1, secs: 1, s: 1, minute: 60, minutes: 60, min: 60, mins: 60, m: 60, hour: 3600, hours: 3600, h: 3600,
  day: 86_400, days: 86_400, d: 86_400, week: 604_800, weeks: 604_800, w: 604_800, month: 2_592_000, months: 2_592_000, mon: 2_592_000, mons: 2_592_000,
  year: 31_557_600, years: 31_557_600, y: 31_557_600,
};

class Unreadable extends Error {}
const unreadable = (): never => {
  throw new Unreadable();
};

/** A CHECK of the schema model from its parse tree: the tree, the simple rules inference reads, its text and line. */
export function pgCheckModel(node: Node, text: string, options: { name?: string; line?: number; valueName?: string } = {}): CheckModel {
  const expr = pgCheck(node, options.valueName);
  return {
    ...(options.name ? { name: options.name } : {}),
    rules: expr ? rulesOf(expr, text) : [{ kind: 'other', text }],
    text,
    ...(expr ? { expr } : {}),
    ...(options.line ? { line: options.line } : {}),
  };
}

/** The CHECK as the document keeps it; `valueName` is what a domain's `VALUE` stands for. */
export function pgCheck(node: Node, valueName?: string): CheckExpr | undefined {
  try {
    return read(node, valueName);
  } catch (error) {
    if (error instanceof Unreadable) return undefined;
    throw error;
  }
}

function read(node: Node, value: string | undefined): CheckExpr {
  const [kind] = Object.keys(node ?? {});
  const n = node?.[kind];
  switch (kind) {
    case 'ColumnRef': {
      const fields = namesOf(n.fields);
      if (!fields.length) return unreadable();
      const name = fields.at(-1)!;
      return { col: value && fields.length === 1 && name.toLowerCase() === 'value' ? value : name };
    }
    case 'A_Const': {
      if (n.isnull) return { lit: null };
      const v = constValue(node);
      return v === undefined ? unreadable() : { lit: v };
    }
    case 'TypeCast':
      return typeCast(n, value);
    case 'BoolExpr': {
      const args = (n.args as Node[]).map((a) => read(a, value));
      if (n.boolop === 'AND_EXPR') return call('and', ...args.flatMap((a) => ('fn' in a && a.fn === 'and' ? a.args : [a])));
      if (n.boolop === 'OR_EXPR') return call('or', ...args.flatMap((a) => ('fn' in a && a.fn === 'or' ? a.args : [a])));
      return not(args[0]);
    }
    case 'NullTest': {
      const arg = read(n.arg, value);
      return n.nulltesttype === 'IS_NOT_NULL' ? not(call('isnull', arg)) : call('isnull', arg);
    }
    case 'BooleanTest': {
      const arg = read(n.arg, value);
      switch (n.booltesttype) {
        case 'IS_TRUE':
          return call('istrue', arg);
        case 'IS_NOT_TRUE':
          return not(call('istrue', arg));
        case 'IS_FALSE':
          return call('isfalse', arg);
        case 'IS_NOT_FALSE':
          return not(call('isfalse', arg));
        case 'IS_UNKNOWN':
          return call('isnull', arg);
        default:
          return not(call('isnull', arg));
      }
    }
    case 'A_Expr':
      return aExpr(n, value);
    case 'FuncCall':
      return funcCall(n, value);
    case 'CoalesceExpr':
      return call('coalesce', ...(n.args as Node[]).map((a) => read(a, value)));
    case 'MinMaxExpr':
      return call(n.op === 'IS_GREATEST' ? 'greatest' : 'least', ...(n.args as Node[]).map((a) => read(a, value)));
    case 'CaseExpr': {
      const operand = n.arg ? read(n.arg, value) : undefined;
      const args: CheckExpr[] = [];
      for (const w of (n.args as Node[]).map((a) => a.CaseWhen)) {
        const when = read(w.expr, value);
        args.push(operand ? call('=', operand, when) : when, read(w.result, value));
      }
      if (n.defresult) args.push(read(n.defresult, value));
      return { fn: 'case', args };
    }
    case 'SQLValueFunction':
      return String(n.op).includes('DATE') ? call('current_date') : String(n.op).includes('TIME') ? call('now') : unreadable();
    default:
      return unreadable();
  }
}

function typeCast(n: Node, value: string | undefined): CheckExpr {
  const type = lastName(n.typeName?.names).toLowerCase();
  if ((n.typeName?.arrayBounds ?? []).length) return unreadable();
  const arg = read(n.arg, value);
  if (type === 'interval') {
    const text = 'lit' in arg ? arg.lit : undefined;
    const seconds = typeof text === 'string' ? intervalSeconds(text) : undefined;
    return seconds === undefined ? unreadable() : call('interval', { lit: seconds });
  }
  // A literal keeps its value ('2020-01-01'::date is the date '2020-01-01'); a cast to a named type (an enum, a domain) changes nothing.
  const target = CASTS[type];
  if (!target) return arg;
  if ('lit' in arg && (target === 'text' || target === 'date' || target === 'timestamp' || typeof arg.lit === 'number')) return arg;
  return { fn: 'cast', type: target, args: [arg] };
}

/** `1 day`, `2 hours 30 minutes`, `1 year` → seconds; undefined for what this does not read. */
function intervalSeconds(text: string): number | undefined {
  const parts = text.trim().toLowerCase().split(/\s+/);
  if (parts.length % 2 !== 0) return undefined;
  let total = 0;
  for (let i = 0; i < parts.length; i += 2) {
    const [n, unit] = [Number(parts[i]), UNITS[parts[i + 1]]];
    if (!Number.isFinite(n) || unit === undefined) return undefined;
    total += n * unit;
  }
  return total;
}

function aExpr(n: Node, value: string | undefined): CheckExpr {
  const op = namesOf(n.name).at(-1) ?? '';
  const left = () => read(n.lexpr, value);
  const list = (): CheckExpr[] => {
    // `= ANY ((ARRAY['a'::varchar, ...])::text[])`: the casts around the array say nothing of its items.
    let r = n.rexpr;
    while (r?.TypeCast) r = r.TypeCast.arg;
    const items: Node[] | undefined = r?.List?.items ?? r?.A_ArrayExpr?.elements ?? (Array.isArray(r) ? r : undefined);
    return items ? items.map((i) => read(i, value)) : unreadable();
  };
  switch (n.kind) {
    case 'AEXPR_OP': {
      if (!n.lexpr) {
        if (op === '-') return call('neg', read(n.rexpr, value));
        if (op === '+') return read(n.rexpr, value);
        return unreadable();
      }
      if (OPERATORS[op]) return call(OPERATORS[op], left(), read(n.rexpr, value));
      if (PATTERNS[op]) return pattern(PATTERNS[op], left(), n.rexpr, value);
      return unreadable();
    }
    case 'AEXPR_LIKE':
    case 'AEXPR_ILIKE':
      return PATTERNS[op] ? pattern(PATTERNS[op], left(), n.rexpr, value) : unreadable();
    case 'AEXPR_OP_ANY':
      if (op === '=') return call('in', left(), ...list());
      return unreadable();
    case 'AEXPR_OP_ALL':
      if (op === '<>') return not(call('in', left(), ...list()));
      return unreadable();
    case 'AEXPR_IN': {
      const inList = call('in', left(), ...list());
      return op === '<>' ? not(inList) : inList;
    }
    case 'AEXPR_BETWEEN':
    case 'AEXPR_NOT_BETWEEN': {
      const [low, high] = list();
      const between = call('between', left(), low, high);
      return n.kind === 'AEXPR_NOT_BETWEEN' ? not(between) : between;
    }
    case 'AEXPR_DISTINCT':
      return not(call('is', left(), read(n.rexpr, value)));
    case 'AEXPR_NOT_DISTINCT':
      return call('is', left(), read(n.rexpr, value));
    case 'AEXPR_NULLIF':
      return call('nullif', left(), read(n.rexpr, value));
    default:
      return unreadable();
  }
}

/** `x LIKE p [ESCAPE e]` arrives as `x ~~ like_escape(p, e)`. */
function pattern([fn, negated]: [CheckFunction, boolean], subject: CheckExpr, right: Node, value: string | undefined): CheckExpr {
  const escape = right?.FuncCall && lastName(right.FuncCall.funcname).toLowerCase() === 'like_escape' ? right.FuncCall.args : undefined;
  const args = escape ? [subject, read(escape[0], value), read(escape[1], value)] : [subject, read(right, value)];
  const e = call(fn, ...args);
  return negated ? not(e) : e;
}

function funcCall(n: Node, value: string | undefined): CheckExpr {
  if (n.agg_star || n.agg_distinct || n.over || n.agg_order?.length) return unreadable();
  const name = lastName(n.funcname).toLowerCase();
  const args = ((n.args ?? []) as Node[]).map((a) => read(a, value));
  if (name === 'concat') return args.length ? args.reduce((a, b) => call('||', a, b)) : { lit: '' };
  if (name === 'char_length' || name === 'length' || name === 'octet_length' || name === 'lower' || name === 'upper') {
    if (args.length !== 1) return unreadable();
  }
  const fn = FUNCTIONS[name];
  if (!fn) return unreadable();
  if (fn === 'regex' && args.length !== 2) return unreadable();
  return call(fn, ...args);
}
