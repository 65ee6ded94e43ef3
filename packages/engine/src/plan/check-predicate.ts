/**
 * A CHECK tree (document/check-expr.ts) compiled into a predicate over a
 * generated row, with SQL's three-valued logic: `true`, `false`, or `null`
 * (unknown, which a CHECK lets pass). Semantics follow PostgreSQL (a
 * property test holds them against PostgreSQL's own evaluation): comparisons
 * of numbers, text by code point, dates and timestamps by the moment they
 * name; integer division truncates; LIKE and regular expressions match as
 * written (case folds only for ILIKE and `~*`, so MySQL's case-insensitive
 * collations only ever find it stricter).
 */
import { isCall, isColumn, type CastType, type CheckExpr } from '../document/check-expr';
import type { OutputType, Value } from '../generators/types';

/** What a subexpression yields: a value, NULL, or a span of time (an interval). */
type V = Value | Interval;
interface Interval {
  interval: number; // seconds
}
export type Row = readonly Value[];
type Fn = (row: Row) => V;

export interface PredicateScope {
  /** Field index and output type of a column, by name (case-insensitive), or undefined. */
  field(name: string): { index: number; type: OutputType } | undefined;
  /** `now()` / `current_date`: the document's reference date, ms since epoch. */
  refDate: number;
}

export class CheckCompileError extends Error {}

const isInterval = (v: V): v is Interval => typeof v === 'object' && v !== null && 'interval' in v && Object.keys(v).length === 1;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/;
/** Milliseconds since epoch of an ISO date or timestamp (UTC when it names no zone), or undefined. */
function moment(s: string): number | undefined {
  // Most values compared are the engine's own (`2024-05-01`, `2024-05-01T10:00:00Z`), and most strings are not dates at all.
  const c = s.charCodeAt(0);
  if (!(c >= 48 && c <= 57) || s.length < 10 || s.charCodeAt(4) !== 45) return undefined;
  const fast = s.length === 10 || (s.length === 20 && s[19] === 'Z' && s[10] === 'T') ? ownMoment(s) : undefined;
  if (fast !== undefined) return fast;
  if (DATE.test(s)) return Date.parse(`${s}T00:00:00Z`);
  if (!TIMESTAMP.test(s)) return undefined;
  let t = s.replace(' ', 'T');
  if (!/(Z|[+-]\d{2}(:?\d{2})?)$/.test(t)) t += 'Z';
  else t = t.replace(/([+-]\d{2})$/, '$1:00');
  const ms = Date.parse(t);
  return Number.isNaN(ms) ? undefined : ms;
}

/** `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SSZ` read by position, or undefined when a part is not digits. */
function ownMoment(s: string): number | undefined {
  const part = (from: number, to: number) => {
    let n = 0;
    for (let i = from; i < to; i++) {
      const d = s.charCodeAt(i) - 48;
      if (d < 0 || d > 9) return NaN;
      n = n * 10 + d;
    }
    return n;
  };
  if (s[7] !== '-') return undefined;
  const [y, mo, d] = [part(0, 4), part(5, 7), part(8, 10)];
  if (s.length === 10) return Number.isNaN(y + mo + d) || mo < 1 || mo > 12 || d < 1 || d > 31 ? undefined : Date.UTC(y, mo - 1, d);
  if (s[13] !== ':' || s[16] !== ':') return undefined;
  const [h, mi, se] = [part(11, 13), part(14, 16), part(17, 19)];
  if (Number.isNaN(y + mo + d + h + mi + se) || mo < 1 || mo > 12 || d < 1 || d > 31 || h > 23 || mi > 59 || se > 59) return undefined;
  return Date.UTC(y, mo - 1, d, h, mi, se);
}

const isNumericText = (s: string) => s.trim() !== '' && Number.isFinite(Number(s));
const numberOf = (v: V): number | undefined => {
  if (typeof v === 'number') return v;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (typeof v === 'string' && isNumericText(v)) return Number(v);
  return undefined;
};

/** -1, 0, 1, or null when either side is NULL or they cannot be compared. */
function compare(a: V, b: V): number | null {
  if (a === null || b === null || a === undefined || b === undefined) return null;
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  if (typeof a === 'string' && typeof b === 'string') {
    const [ma, mb] = [moment(a), moment(b)];
    if (ma !== undefined && mb !== undefined) return ma < mb ? -1 : ma > mb ? 1 : 0;
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (isInterval(a) && isInterval(b)) return Math.sign(a.interval - b.interval);
  const [na, nb] = [numberOf(a), numberOf(b)];
  if (na !== undefined && nb !== undefined) return na < nb ? -1 : na > nb ? 1 : 0;
  const [sa, sb] = [text(a), text(b)];
  return sa === null || sb === null ? null : sa < sb ? -1 : sa > sb ? 1 : 0;
}

function text(v: V): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (typeof v === 'number') return String(v);
  return JSON.stringify(v);
}

function truth(v: V): boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (['t', 'true', 'y', 'yes', 'on', '1'].includes(t)) return true;
    if (['f', 'false', 'n', 'no', 'off', '0'].includes(t)) return false;
  }
  return null;
}

/** ISO text of a moment, as the engine writes timestamps. */
const iso = (ms: number) => new Date(ms).toISOString().replace(/\.000Z$/, 'Z');

function arithmetic(op: string, a: V, b: V, integral: boolean): V {
  if (a === null || b === null) return null;
  // Dates and intervals: a moment plus or minus a span, or the span between two moments.
  if (isInterval(b) && typeof a === 'string') {
    const m = moment(a);
    if (m === undefined || (op !== '+' && op !== '-')) return null;
    return iso(m + (op === '+' ? 1 : -1) * b.interval * 1000);
  }
  if (isInterval(a) && typeof b === 'string' && op === '+') return arithmetic('+', b, a, integral);
  if (typeof a === 'string' && typeof b === 'string' && op === '-') {
    const [ma, mb] = [moment(a), moment(b)];
    if (ma !== undefined && mb !== undefined) return DATE.test(a) && DATE.test(b) ? Math.round((ma - mb) / 86_400_000) : { interval: (ma - mb) / 1000 };
  }
  // A date plus whole days (PostgreSQL's date + integer).
  if (typeof a === 'string' && DATE.test(a) && typeof b === 'number' && (op === '+' || op === '-')) return iso(moment(a)! + (op === '+' ? b : -b) * 86_400_000).slice(0, 10);
  const [x, y] = [numberOf(a), numberOf(b)];
  if (x === undefined || y === undefined) return null;
  switch (op) {
    case '+':
      return x + y;
    case '-':
      return x - y;
    case '*':
      return x * y;
    case '/':
      if (y === 0) return null;
      return integral ? Math.trunc(x / y) : x / y;
    default:
      if (y === 0) return null;
      return x % y;
  }
}

/** POSIX character classes, which JavaScript spells otherwise. */
const POSIX_CLASSES: Record<string, string> = {
  alpha: 'A-Za-z', digit: '0-9', alnum: 'A-Za-z0-9', upper: 'A-Z', lower: 'a-z', space: '\\s', punct: '!-\\/:-@\\[-`{-~', xdigit: '0-9A-Fa-f', word: '\\w', blank: ' \\t', cntrl: '\\x00-\\x1f\\x7f', print: '\\x20-\\x7e', graph: '\\x21-\\x7e',
};

/** A POSIX/MySQL regular expression as JavaScript reads it; CheckCompileError when JavaScript cannot. */
export function jsRegex(pattern: string, ignoreCase: boolean): RegExp {
  const source = pattern.replace(/\[:(\w+):\]/g, (whole, name: string) => POSIX_CLASSES[name] ?? whole);
  for (const flags of ['u', '']) {
    try {
      return new RegExp(source, `${flags}${ignoreCase ? 'i' : ''}s`);
    } catch {
      // Without `u` some escapes JavaScript refuses under it (`\-` outside a class) are read.
    }
  }
  throw new CheckCompileError(`the regular expression ${JSON.stringify(pattern)} is not one JavaScript can read`);
}

/** LIKE (`%`, `_`, an escape character) or GLOB (`*`, `?`, `[...]`) → an anchored RegExp. */
function likeRegex(pattern: string, escape: string | undefined, ignoreCase: boolean, glob: boolean): RegExp {
  let out = '';
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (!glob && escape !== undefined && c === escape && i + 1 < chars.length) {
      out += chars[++i].replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
    } else if (c === (glob ? '*' : '%')) out += '.*';
    else if (c === (glob ? '?' : '_')) out += '.';
    else if (glob && c === '[') {
      const close = chars.indexOf(']', i + 2);
      if (close < 0) out += '\\[';
      else {
        const body = chars.slice(i + 1, close).join('');
        out += `[${body.startsWith('^') ? `^${body.slice(1)}` : body}]`;
        i = close;
      }
    } else out += c.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, `su${ignoreCase ? 'i' : ''}`);
}

function cast(v: V, type: CastType): V {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'integer': {
      const n = numberOf(v);
      // PostgreSQL rounds numerics half away from zero when casting to an integer.
      return n === undefined ? null : Math.sign(n) * Math.round(Math.abs(n));
    }
    case 'numeric':
      return numberOf(v) ?? null;
    case 'text':
      return text(v);
    case 'boolean':
      return truth(v);
    case 'date': {
      const m = typeof v === 'string' ? moment(v) : undefined;
      return m === undefined ? null : iso(m).slice(0, 10);
    }
    case 'timestamp': {
      const m = typeof v === 'string' ? moment(v) : undefined;
      return m === undefined ? null : iso(m);
    }
  }
}

/** Whether a subexpression's values are whole numbers by type (an integer column or literal, or arithmetic of them): `/` truncates then. */
function integral(e: CheckExpr, scope: PredicateScope): boolean {
  if (isColumn(e)) return scope.field(e.col)?.type === 'integer';
  if ('lit' in e) return typeof e.lit === 'number' && Number.isInteger(e.lit);
  if (e.fn === 'cast') return e.type === 'integer';
  if (e.fn === 'length' || e.fn === 'octet_length') return true;
  if (['+', '-', '*', '/', '%', 'neg', 'abs', 'coalesce', 'greatest', 'least', 'nullif'].includes(e.fn)) return e.args.every((a) => integral(a, scope));
  // CASE's type is its results' (every other argument, and the ELSE).
  if (e.fn === 'case') return e.args.every((a, i) => (i % 2 === 0 && i !== e.args.length - 1) || integral(a, scope));
  return false;
}

const and3 = (values: (boolean | null)[]) => (values.includes(false) ? false : values.includes(null) ? null : true);
const or3 = (values: (boolean | null)[]) => (values.includes(true) ? true : values.includes(null) ? null : false);

/** Compiles `expr`; CheckCompileError names what cannot be compiled (an unknown column, a regex JavaScript cannot read). */
export function compilePredicate(expr: CheckExpr, scope: PredicateScope): (row: Row) => boolean | null {
  const f = compile(expr, scope);
  return (row) => truth(f(row));
}

/** Compiles `expr` into its value over a row (a unique index's key part): NULL as null, a span of time as `{interval}`. */
export function compileExpression(expr: CheckExpr, scope: PredicateScope): (row: Row) => unknown {
  return compile(expr, scope);
}

function compile(e: CheckExpr, scope: PredicateScope): Fn {
  if (isColumn(e)) {
    const field = scope.field(e.col);
    if (!field) throw new CheckCompileError(`it reads "${e.col}", which is no field of this table`);
    const i = field.index;
    return (row) => (row[i] === undefined ? null : row[i]);
  }
  if (!isCall(e)) {
    const lit = e.lit;
    return () => lit;
  }
  const args = e.args.map((a) => compile(a, scope));
  const [a, b, c] = args;
  switch (e.fn) {
    case 'and':
      return (row) => and3(args.map((g) => truth(g(row))));
    case 'or':
      return (row) => or3(args.map((g) => truth(g(row))));
    case 'not':
      return (row) => {
        const t = truth(a(row));
        return t === null ? null : !t;
      };
    case '=':
    case '<>':
    case '<':
    case '<=':
    case '>':
    case '>=': {
      const test = { '=': (n: number) => n === 0, '<>': (n: number) => n !== 0, '<': (n: number) => n < 0, '<=': (n: number) => n <= 0, '>': (n: number) => n > 0, '>=': (n: number) => n >= 0 }[e.fn];
      return (row) => {
        const n = compare(a(row), b(row));
        return n === null ? null : test(n);
      };
    }
    case 'is':
      return (row) => {
        const [x, y] = [a(row), b(row)];
        if (x === null || y === null) return x === y;
        return compare(x, y) === 0;
      };
    case '+':
    case '-':
    case '*':
    case '/':
    case '%': {
      const whole = integral(e, scope);
      const op = e.fn;
      return (row) => arithmetic(op, a(row), b(row), whole);
    }
    case 'neg':
      return (row) => {
        const v = a(row);
        if (isInterval(v)) return { interval: -v.interval };
        const n = numberOf(v);
        return n === undefined ? null : -n;
      };
    case '||':
      return (row) => {
        const [x, y] = [text(a(row)), text(b(row))];
        return x === null || y === null ? null : x + y;
      };
    case 'isnull':
      return (row) => a(row) === null;
    case 'istrue':
      return (row) => truth(a(row)) === true;
    case 'isfalse':
      return (row) => truth(a(row)) === false;
    case 'in': {
      const list = args.slice(1);
      return (row) => {
        const x = a(row);
        return or3(list.map((g) => {
          const n = compare(x, g(row));
          return n === null ? null : n === 0;
        }));
      };
    }
    case 'between':
      return (row) => {
        const x = a(row);
        const [low, high] = [compare(x, b(row)), compare(x, c(row))];
        return and3([low === null ? null : low >= 0, high === null ? null : high <= 0]);
      };
    case 'like':
    case 'ilike':
    case 'glob':
      return patternTest(e, args, (pattern, escape) => likeRegex(pattern, escape, e.fn === 'ilike', e.fn === 'glob'));
    case 'regex':
    case 'iregex':
      return patternTest(e, args, (pattern) => jsRegex(pattern, e.fn === 'iregex'), true);
    case 'length':
      return (row) => {
        const t = text(a(row));
        return t === null ? null : [...t].length;
      };
    case 'octet_length':
      return (row) => {
        const t = text(a(row));
        return t === null ? null : new TextEncoder().encode(t).length;
      };
    case 'lower':
    case 'upper':
      return (row) => {
        const t = text(a(row));
        return t === null ? null : e.fn === 'lower' ? t.toLowerCase() : t.toUpperCase();
      };
    case 'trim':
    case 'ltrim':
    case 'rtrim': {
      const trim = e.fn === 'trim' ? (t: string) => t.replace(/^ +| +$/g, '') : e.fn === 'ltrim' ? (t: string) => t.replace(/^ +/, '') : (t: string) => t.replace(/ +$/, '');
      return (row) => {
        const t = text(a(row));
        return t === null ? null : trim(t);
      };
    }
    case 'abs':
    case 'floor':
    case 'ceil': {
      const op = Math[e.fn];
      return (row) => {
        const n = numberOf(a(row));
        return n === undefined ? null : op(n);
      };
    }
    case 'round':
      return (row) => {
        const n = numberOf(a(row));
        const digits = b ? numberOf(b(row)) : 0;
        if (n === undefined || digits === undefined) return null;
        const scale = 10 ** digits;
        return (Math.sign(n) * Math.round(Math.abs(n) * scale)) / scale;
      };
    case 'coalesce':
      return (row) => {
        for (const g of args) {
          const v = g(row);
          if (v !== null) return v;
        }
        return null;
      };
    case 'nullif':
      return (row) => {
        const x = a(row);
        return compare(x, b(row)) === 0 ? null : x;
      };
    case 'greatest':
    case 'least': {
      const sign = e.fn === 'greatest' ? 1 : -1;
      return (row) => {
        let best: V = null;
        for (const g of args) {
          const v = g(row);
          if (v !== null && (best === null || (compare(v, best) ?? 0) * sign > 0)) best = v;
        }
        return best;
      };
    }
    case 'cast': {
      const type = e.type ?? 'text';
      return (row) => cast(a(row), type);
    }
    case 'case':
      return (row) => {
        for (let i = 0; i + 1 < args.length; i += 2) if (truth(args[i](row)) === true) return args[i + 1](row);
        return args.length % 2 === 1 ? args[args.length - 1](row) : null;
      };
    case 'now': {
      const now = iso(scope.refDate);
      return () => now;
    }
    case 'current_date': {
      const today = iso(scope.refDate).slice(0, 10);
      return () => today;
    }
    case 'interval':
      return (row) => {
        const n = numberOf(a(row));
        return n === undefined ? null : { interval: n };
      };
    case 'json_valid':
      return (row) => {
        const v = a(row);
        if (v === null) return null;
        if (typeof v !== 'string') return true;
        try {
          JSON.parse(v);
          return true;
        } catch {
          return false;
        }
      };
  }
}

/** A match against a pattern: compiled once when the pattern is a literal, else per row (cached by text). */
function patternTest(e: Extract<CheckExpr, { fn: string }>, args: Fn[], make: (pattern: string, escape?: string) => RegExp, search = false): Fn {
  const [subject, patternArg, escapeArg] = args;
  const literal = (x: CheckExpr | undefined) => (x && 'lit' in x ? x.lit : undefined);
  const fixedPattern = literal(e.args[1]);
  const fixedEscape = e.args[2] ? literal(e.args[2]) : '\\';
  const matches = (re: RegExp, t: string) => (search ? re.test(t) : re.test(t));
  if (typeof fixedPattern === 'string' && (fixedEscape === undefined || typeof fixedEscape === 'string')) {
    const re = make(fixedPattern, fixedEscape as string | undefined);
    return (row) => {
      const t = text(subject(row));
      return t === null ? null : matches(re, t);
    };
  }
  const cache = new Map<string, RegExp>();
  return (row) => {
    const [t, p] = [text(subject(row)), text(patternArg(row))];
    const esc = escapeArg ? text(escapeArg(row)) : '\\';
    if (t === null || p === null || esc === null) return null;
    let re = cache.get(`${esc}\u0000${p}`);
    if (!re) {
      try {
        re = make(p, esc);
      } catch {
        return null;
      }
      if (cache.size < 64) cache.set(`${esc}\u0000${p}`, re);
    }
    return matches(re, t);
  };
}
