import type { OutputType, Value } from '../generators/types';
import { DAY_MS, formatDate, formatDateTime } from '../generators/helpers';
import { cellTooLarge, textBytes } from '../cell-limits';

/** Return type: a fixed type, or `arg0`/`arg1` for "same as that argument". */
type Returns = OutputType | 'arg0' | 'arg1';

export interface FormulaFunction {
  minArgs: number;
  maxArgs: number;
  returns: Returns;
  /** Argument types the function needs (`number`, `text`, `date`, `any`) per position; the last repeats. */
  args: ('number' | 'text' | 'date' | 'any')[];
  fn: (...args: Value[]) => Value;
  /** `fn` for a cell limit, for functions whose text can outgrow their arguments: they measure before they build. */
  limited?: (maxBytes: number) => (...args: Value[]) => Value;
}

const text = (v: Value): string => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
const num = (v: Value): number => (typeof v === 'number' ? v : v == null || v === '' ? NaN : Number(v));
const isDateOnly = (v: Value) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);

function toMs(v: Value): number {
  if (typeof v === 'number') return v;
  if (typeof v !== 'string') return NaN;
  return Date.parse(isDateOnly(v) ? `${v}T00:00:00Z` : v);
}

/** Date arithmetic keeps the input's shape: a date stays a date, a timestamp a timestamp. */
function shift(v: Value, ms: number): Value {
  const t = toMs(v);
  if (Number.isNaN(t)) return null;
  return isDateOnly(v) ? formatDate(t + ms) : formatDateTime(t + ms);
}

function addMonths(v: Value, months: Value): Value {
  const t = toMs(v);
  if (Number.isNaN(t)) return null;
  const d = new Date(t);
  d.setUTCMonth(d.getUTCMonth() + Math.trunc(num(months)));
  return isDateOnly(v) ? formatDate(d.getTime()) : formatDateTime(d.getTime());
}

const datePart = (pick: (d: Date) => number) => (v: Value) => {
  const t = toMs(v);
  return Number.isNaN(t) ? null : pick(new Date(t));
};

const finite = (x: number): Value => (Number.isFinite(x) ? x : null);

/** `parts.join(glue)`, refused before it is built when its UTF-16 length (a lower bound of its bytes) passes `max`. */
function joinWithin(parts: string[], glue: string, max: number): string {
  let length = glue.length * (parts.length - 1);
  for (const p of parts) length += p.length;
  if (length > max) {
    let bytes = textBytes(glue) * (parts.length - 1);
    for (const p of parts) bytes += textBytes(p);
    throw cellTooLarge(bytes, max);
  }
  return parts.join(glue);
}

/**
 * The whole function vocabulary of formulas. A Map (not an object) so that
 * names like `constructor` or `__proto__` can never resolve to anything.
 */
export const FORMULA_FUNCTIONS = new Map<string, FormulaFunction>([
  ['upper', { minArgs: 1, maxArgs: 1, returns: 'string', args: ['any'], fn: (s) => text(s).toUpperCase() }],
  ['lower', { minArgs: 1, maxArgs: 1, returns: 'string', args: ['any'], fn: (s) => text(s).toLowerCase() }],
  ['trim', { minArgs: 1, maxArgs: 1, returns: 'string', args: ['any'], fn: (s) => text(s).trim() }],
  ['concat', { minArgs: 1, maxArgs: 100, returns: 'string', args: ['any'], fn: (...xs) => xs.map(text).join(''), limited: (max) => (...xs) => joinWithin(xs.map(text), '', max) }],
  ['len', { minArgs: 1, maxArgs: 1, returns: 'integer', args: ['any'], fn: (s) => text(s).length }],
  ['substr', {
    minArgs: 2, maxArgs: 3, returns: 'string', args: ['any', 'number', 'number'],
    fn: (s, start, length) => text(s).substr(num(start), length == null ? undefined : num(length)),
  }],
  ['replace', {
    minArgs: 3, maxArgs: 3, returns: 'string', args: ['any', 'any', 'any'],
    fn: (s, a, b) => text(s).split(text(a)).join(text(b)),
    limited: (max) => (s, a, b) => joinWithin(text(s).split(text(a)), text(b), max),
  }],
  ['text', { minArgs: 1, maxArgs: 1, returns: 'string', args: ['any'], fn: text }],
  ['number', { minArgs: 1, maxArgs: 1, returns: 'float', args: ['any'], fn: (v) => finite(num(v)) }],
  ['if', { minArgs: 3, maxArgs: 3, returns: 'arg1', args: ['any'], fn: (c, a, b) => (c ? a : b) }],
  ['coalesce', { minArgs: 1, maxArgs: 100, returns: 'arg0', args: ['any'], fn: (...xs) => xs.find((x) => x != null && x !== '') ?? null }],
  ['round', {
    minArgs: 1, maxArgs: 2, returns: 'arg0', args: ['number', 'number'],
    fn: (x, digits) => {
      const scale = 10 ** (digits == null ? 0 : num(digits));
      return finite(Math.round(num(x) * scale) / scale);
    },
  }],
  ['floor', { minArgs: 1, maxArgs: 1, returns: 'integer', args: ['number'], fn: (x) => finite(Math.floor(num(x))) }],
  ['ceil', { minArgs: 1, maxArgs: 1, returns: 'integer', args: ['number'], fn: (x) => finite(Math.ceil(num(x))) }],
  ['abs', { minArgs: 1, maxArgs: 1, returns: 'arg0', args: ['number'], fn: (x) => finite(Math.abs(num(x))) }],
  ['min', { minArgs: 1, maxArgs: 100, returns: 'arg0', args: ['number'], fn: (...xs) => finite(Math.min(...xs.map(num))) }],
  ['max', { minArgs: 1, maxArgs: 100, returns: 'arg0', args: ['number'], fn: (...xs) => finite(Math.max(...xs.map(num))) }],
  ['addDays', { minArgs: 2, maxArgs: 2, returns: 'arg0', args: ['date', 'number'], fn: (d, n) => shift(d, num(n) * DAY_MS) }],
  ['addHours', { minArgs: 2, maxArgs: 2, returns: 'datetime', args: ['date', 'number'], fn: (d, n) => shift(d, num(n) * 3_600_000) }],
  ['addMonths', { minArgs: 2, maxArgs: 2, returns: 'arg0', args: ['date', 'number'], fn: addMonths }],
  ['addYears', { minArgs: 2, maxArgs: 2, returns: 'arg0', args: ['date', 'number'], fn: (d, n) => addMonths(d, num(n) * 12) }],
  ['daysBetween', {
    minArgs: 2, maxArgs: 2, returns: 'integer', args: ['date', 'date'],
    fn: (a, b) => finite(Math.floor((toMs(b) - toMs(a)) / DAY_MS)),
  }],
  ['year', { minArgs: 1, maxArgs: 1, returns: 'integer', args: ['date'], fn: datePart((d) => d.getUTCFullYear()) }],
  ['month', { minArgs: 1, maxArgs: 1, returns: 'integer', args: ['date'], fn: datePart((d) => d.getUTCMonth() + 1) }],
  ['day', { minArgs: 1, maxArgs: 1, returns: 'integer', args: ['date'], fn: datePart((d) => d.getUTCDate()) }],
  ['date', {
    minArgs: 3, maxArgs: 3, returns: 'date', args: ['number'],
    fn: (y, m, d) => formatDate(Date.UTC(num(y), num(m) - 1, num(d))),
  }],
]);

export { text as formulaText, num as formulaNumber };
