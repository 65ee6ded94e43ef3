/**
 * What a query's filter arguments mean, once read (see arguments.ts): a
 * predicate over a row's columns, evaluated two ways that must agree — in
 * JavaScript over generated rows, and as SQL over the overlay's JSONB rows,
 * so an overlay is filtered where it lives and only the rows a request
 * touches are read (issue #23: the overlay is read by key, never whole).
 */
import type { Value } from '@seedbed/engine';

export type FilterOp =
  | 'eq' | 'ne' | 'in' | 'nin' | 'lt' | 'lte' | 'gt' | 'gte'
  | 'contains' | 'icontains' | 'ncontains' | 'nicontains'
  | 'startsWith' | 'istartsWith' | 'endsWith' | 'iendsWith'
  | 'like' | 'ilike' | 'nlike' | 'nilike' | 'isNull';

/** A predicate over columns (by blueprint field name). */
export type Filter = { all: Filter[] } | { any: Filter[] } | { not: Filter } | { column: string; op: FilterOp; value: Value };

export const MATCH_ALL: Filter = { all: [] };

export function isMatchAll(filter: Filter | undefined): boolean {
  return !filter || ('all' in filter && filter.all.every(isMatchAll));
}

export function and(...filters: (Filter | undefined)[]): Filter {
  const parts = filters.filter((f): f is Filter => !isMatchAll(f));
  return parts.length === 1 ? parts[0] : { all: parts };
}

/** The columns a filter reads. */
export function columnsOf(filter: Filter, into = new Set<string>()): Set<string> {
  if ('all' in filter) filter.all.forEach((f) => columnsOf(f, into));
  else if ('any' in filter) filter.any.forEach((f) => columnsOf(f, into));
  else if ('not' in filter) columnsOf(filter.not, into);
  else into.add(filter.column);
  return into;
}

/** A value as text for equality: `1` and `"1"` are the same key (GraphQL IDs arrive as text). */
export function keyText(value: Value): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * LIKE: `%` any run, `_` one character, `\` takes the next literally. Matched
 * by the two-pointer wildcard walk (at most one backtrack point), linear in
 * practice and never exponential: a regular expression built from a pattern
 * such as `%a%a%a%a%b` backtracks catastrophically on a long row.
 */
export function likeMatch(text: string, pattern: string, insensitive: boolean): boolean {
  const t = [...(insensitive ? text.toLowerCase() : text)];
  const p: { any?: true; one?: true; char?: string }[] = [];
  const source = [...(insensitive ? pattern.toLowerCase() : pattern)];
  for (let i = 0; i < source.length; i++) {
    if (source[i] === '\\' && i + 1 < source.length) p.push({ char: source[++i] });
    else if (source[i] === '%') p.push({ any: true });
    else if (source[i] === '_') p.push({ one: true });
    else p.push({ char: source[i] });
  }
  let ti = 0;
  let pi = 0;
  let star = -1;
  let mark = 0;
  while (ti < t.length) {
    const token = p[pi];
    if (token && !token.any && (token.one || token.char === t[ti])) {
      ti++;
      pi++;
    } else if (token?.any) {
      star = pi++;
      mark = ti;
    } else if (star >= 0) {
      pi = star + 1;
      ti = ++mark;
    } else {
      return false;
    }
  }
  while (p[pi]?.any) pi++;
  return pi === p.length;
}

const isNullish = (v: Value | undefined) => v === null || v === undefined;

/** Numbers by value, text by code units; anything else never orders (so `lt` on it is false). */
function ordered(a: Value, b: Value): number | undefined {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'string' && typeof b === 'number' && /^-?\d+(\.\d+)?$/.test(a)) return Number(a) - b;
  if (typeof a === 'number' && typeof b === 'string' && /^-?\d+(\.\d+)?$/.test(b)) return a - Number(b);
  return undefined;
}

function text(v: Value): string | undefined {
  return typeof v === 'string' ? v : undefined;
}

/** Whether one column value satisfies one comparison. */
export function compare(value: Value | undefined, op: FilterOp, wanted: Value): boolean {
  switch (op) {
    case 'isNull':
      return isNullish(value) === (wanted !== false);
    case 'eq':
      return !isNullish(value) && !isNullish(wanted) && keyText(value!) === keyText(wanted);
    case 'ne':
      return !isNullish(value) && !isNullish(wanted) && keyText(value!) !== keyText(wanted);
    case 'in':
      return !isNullish(value) && Array.isArray(wanted) && wanted.some((w) => !isNullish(w) && keyText(w) === keyText(value!));
    case 'nin':
      return !isNullish(value) && Array.isArray(wanted) && !wanted.some((w) => !isNullish(w) && keyText(w) === keyText(value!));
    case 'lt':
    case 'lte':
    case 'gt':
    case 'gte': {
      if (isNullish(value) || isNullish(wanted)) return false;
      const order = ordered(value!, wanted);
      if (order === undefined) return false;
      return op === 'lt' ? order < 0 : op === 'lte' ? order <= 0 : op === 'gt' ? order > 0 : order >= 0;
    }
    default: {
      const have = text(value ?? null);
      const want = text(wanted);
      if (have === undefined || want === undefined) return false;
      const lower = op.startsWith('i') || op.startsWith('ni');
      const a = lower ? have.toLowerCase() : have;
      const b = lower ? want.toLowerCase() : want;
      switch (op) {
        case 'contains':
        case 'icontains':
          return a.includes(b);
        case 'ncontains':
        case 'nicontains':
          return !a.includes(b);
        case 'startsWith':
        case 'istartsWith':
          return a.startsWith(b);
        case 'endsWith':
        case 'iendsWith':
          return a.endsWith(b);
        case 'like':
        case 'ilike':
          return likeMatch(have, want, op === 'ilike');
        case 'nlike':
        case 'nilike':
          return !likeMatch(have, want, op === 'nilike');
      }
      return false;
    }
  }
}

/** The filter as a function of a row's values, reading columns through `read`. */
export function predicate(filter: Filter, read: (column: string) => (values: Value[]) => Value): (values: Value[]) => boolean {
  if ('all' in filter) {
    const parts = filter.all.map((f) => predicate(f, read));
    return (values) => parts.every((p) => p(values));
  }
  if ('any' in filter) {
    const parts = filter.any.map((f) => predicate(f, read));
    return (values) => parts.some((p) => p(values));
  }
  if ('not' in filter) {
    const inner = predicate(filter.not, read);
    return (values) => !inner(values);
  }
  const get = read(filter.column);
  const test = leafTest(filter);
  return (values) => test(get(values));
}

/** One comparison as a test of a value. */
function leafTest({ op, value }: Extract<Filter, { column: string }>): (v: Value | undefined) => boolean {
  if ((op === 'in' || op === 'nin') && Array.isArray(value)) {
    // A list of a hundred thousand values compared per row would be a stall: a set, once.
    const wanted = new Set(value.filter((v) => v !== null && v !== undefined).map((v) => keyText(v)));
    return (v) => v !== null && v !== undefined && wanted.has(keyText(v)) === (op === 'in');
  }
  return fastCompare(op, value);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A LIKE pattern that is only a literal with `%` at either end: the plain string test it amounts to. */
function simpleLike(pattern: string): { text: string; start: boolean; end: boolean } | undefined {
  const match = /^(%?)([^%_\\]*)(%?)$/.exec(pattern);
  return match ? { text: match[2], start: !match[1], end: !match[3] } : undefined;
}

/**
 * `compare` for one operator and value, specialised once per filter for the
 * operators filters scan with most (equality, ranges, case-insensitive
 * contains and LIKE), so a scan of a column compares without re-deciding
 * per row; anything else falls back to `compare`.
 */
function fastCompare(op: FilterOp, wanted: Value): (v: Value | undefined) => boolean {
  if (op === 'eq' && typeof wanted === 'string') return (v) => v === wanted || (v !== null && v !== undefined && typeof v !== 'string' && keyText(v) === wanted);
  if (op === 'eq' && typeof wanted === 'number') return (v) => v === wanted || (typeof v === 'string' && v === keyText(wanted));
  if ((op === 'gt' || op === 'gte' || op === 'lt' || op === 'lte') && typeof wanted === 'number') {
    const fallback = (v: Value | undefined) => compare(v, op, wanted);
    if (op === 'gt') return (v) => (typeof v === 'number' ? v > wanted : fallback(v));
    if (op === 'gte') return (v) => (typeof v === 'number' ? v >= wanted : fallback(v));
    if (op === 'lt') return (v) => (typeof v === 'number' ? v < wanted : fallback(v));
    return (v) => (typeof v === 'number' ? v <= wanted : fallback(v));
  }
  if (typeof wanted === 'string' && /^[\x20-\x7e]*$/.test(wanted)) {
    // ASCII needles: a case-insensitive expression tests without lowering every row's text.
    const like = op === 'ilike' || op === 'nilike' ? simpleLike(wanted) : undefined;
    const contains = op === 'icontains' || op === 'nicontains' ? { text: wanted, start: false, end: false } : like;
    if (contains) {
      const re = new RegExp(`${contains.start ? '^' : ''}${escapeRegExp(contains.text)}${contains.end ? '$' : ''}`, 'i');
      const negate = op === 'nicontains' || op === 'nilike';
      return (v) => typeof v === 'string' && re.test(v) !== negate;
    }
  }
  return (v) => compare(v, op, wanted);
}

/**
 * The filter as a function of a row index, reading each column from an
 * array of generated values (`offset`: the row index of its first value):
 * what a scan calls once per row, so it goes straight to the values.
 */
export function predicateAt(filter: Filter, column: (name: string) => { values: Value[]; offset: number }): (row: number) => boolean {
  if ('all' in filter) {
    const parts = filter.all.map((f) => predicateAt(f, column));
    if (parts.length === 1) return parts[0];
    return (row) => parts.every((p) => p(row));
  }
  if ('any' in filter) {
    const parts = filter.any.map((f) => predicateAt(f, column));
    return (row) => parts.some((p) => p(row));
  }
  if ('not' in filter) {
    const inner = predicateAt(filter.not, column);
    return (row) => !inner(row);
  }
  const { values, offset } = column(filter.column);
  const test = leafTest(filter);
  return offset === 0 ? (row) => test(values[row]) : (row) => test(values[row - offset]);
}

/**
 * Rows in [from, to) whose values pass the filter, written into `out` from
 * position `count`; answers the new count. A filter of one comparison (the
 * common case) runs as one loop over its column, without a call per row for
 * the row's index.
 */
export function scanRows(filter: Filter, column: (name: string) => { values: Value[]; offset: number }, from: number, to: number, out: Int32Array, count: number): number {
  let n = count;
  if ('column' in filter) {
    const { values, offset } = column(filter.column);
    const test = leafTest(filter);
    for (let row = from; row < to; row++) if (test(values[row - offset])) out[n++] = row;
    return n;
  }
  const test = predicateAt(filter, column);
  for (let row = from; row < to; row++) if (test(row)) out[n++] = row;
  return n;
}

/** The filter over a row held by name (an overlay row). */
export function matchesRow(filter: Filter, row: Record<string, Value>): boolean {
  return predicate(filter, (column) => () => row[column])([]);
}

type Leaf = Extract<Filter, { column: string }>;

/** An equality to a non-null value the whole filter requires (the filter itself, or one of its `all` parts). */
export function equalityIn(filter: Filter): { column: string; value: Value; leaf: Leaf } | undefined {
  const parts = 'all' in filter ? filter.all : [filter];
  for (const part of parts) {
    if ('column' in part && part.op === 'eq' && part.value !== null && part.value !== undefined && typeof part.value !== 'object') return { column: part.column, value: part.value, leaf: part };
  }
  return undefined;
}
