/**
 * Bounds read from the row: `date.between` from `{rental_date}`,
 * `number.int` min `{start}`. This is how two-column CHECKs of an imported
 * schema (`return_date >= rental_date`, `end > start`) hold by construction.
 * With literal bounds the generators keep their own (faster) paths; these are
 * used only when a bound arrives as a reader of the row.
 */
import type { CellRng } from '../random/cell-rng';
import type { CellFn, OutputType, RowView, Value } from './types';
import { DAY_MS, formatDate, formatDateTime, parseDateOption } from './helpers';

// Module bindings, not `Math.*` globals: see random/hash.ts.
const { floor, ceil, max } = Math;

/** Per generator: the options that may read the row, and the field types each may read. */
export const ROW_BOUND_OPTIONS: Record<string, { what: string; options: Record<string, readonly OutputType[]> }> = {
  'number.int': { what: 'number', options: { min: ['integer', 'float'], max: ['integer', 'float'] } },
  'number.float': { what: 'number', options: { min: ['integer', 'float'], max: ['integer', 'float'] } },
  'date.between': { what: 'date', options: { from: ['date', 'datetime'], to: ['date', 'datetime'] } },
};

type Bound = unknown;

/** The first whole step at or above `x` (strictly above when the end is open), and the last at or below. */
const above = (x: number, open: unknown) => (open ? floor(x) + 1 : ceil(x));
const below = (x: number, open: unknown) => (open ? ceil(x) - 1 : floor(x));

/** A bound as the row gives it: a reader (`(row) => value`) or a literal. */
function reader(bound: Bound): (row: RowView) => Value | undefined {
  return typeof bound === 'function' ? (bound as (row: RowView) => Value) : () => bound as Value;
}

export function readsRow(...bounds: Bound[]): boolean {
  return bounds.some((b) => typeof b === 'function');
}

const numberOf = (v: Value | undefined, fallback: number): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : fallback;
};

/**
 * An integer in [min, max] with either bound from the row (NULL: the
 * generator's default). When the row's bound passes the other one, the row's
 * bound wins: the comparison of two columns is what the schema checks.
 */
export function rowBoundInt(o: Record<string, any>, defaults: { min: number; max: number }): CellFn {
  const readMin = reader(o.min);
  const readMax = reader(o.max);
  const step = o.multipleOf ?? 1;
  const minFromRow = typeof o.min === 'function';
  return (rng, row) => {
    let lo = above(numberOf(readMin(row), defaults.min) / step, o.minExclusive);
    let hi = below(numberOf(readMax(row), defaults.max) / step, o.maxExclusive);
    if (hi < lo) minFromRow ? (hi = lo) : (lo = hi);
    return rng.intBetween(lo, hi) * step;
  };
}

/** A decimal in [min, max] (or open at an exclusive end) with either bound from the row. */
export function rowBoundFloat(o: Record<string, any>, step: number | undefined, decimals: number): CellFn {
  const readMin = reader(o.min);
  const readMax = reader(o.max);
  const minFromRow = typeof o.min === 'function';
  const scale = 10 ** decimals;
  return (rng, row) => {
    let min = numberOf(readMin(row), 0);
    let max = numberOf(readMax(row), 1);
    if (max < min) minFromRow ? (max = min) : (min = max);
    if (step === undefined) return openFloat(min + rng.float53() * (max - min), min, max, o);
    let lo = Math.ceil(min / step);
    let hi = Math.floor(max / step);
    // Compared as written (rounded to the step's decimals): 165 × 0.01 is 1.6500000000000001, not above 1.65.
    const at = (i: number) => Math.round(i * step * scale) / scale;
    if (o.minExclusive && at(lo) <= min) lo++;
    if (o.maxExclusive && at(hi) >= max) hi--;
    if (hi < lo) minFromRow ? (hi = lo) : (lo = hi);
    return Math.round(rng.intBetween(lo, hi) * step * scale) / scale;
  };
}

/** A continuous draw that hit an exclusive end moves to the middle: a measure-zero event, kept deterministic. */
export function openFloat(value: number, min: number, max: number, o: Record<string, any>): number {
  if ((o.minExclusive && value <= min) || (o.maxExclusive && value >= max)) return min + (max - min) / 2;
  return value;
}

/**
 * `date.between` with `from` or `to` read from the row, drawn as the literal
 * generator draws (so documents that read the row before give the same
 * bytes). A date-only value bounded below by a timestamp starts the day
 * after (a date is its midnight, which comes before the timestamp); open ends
 * move one second (one day) inwards. Timestamps are whole seconds, as written.
 */
export function rowBoundDate(o: Record<string, any>, fallback: { from: number; to: number }): CellFn {
  const readFrom = reader(o.from);
  const readTo = reader(o.to);
  const fromFromRow = typeof o.from === 'function';
  if (o.dateOnly) {
    return (rng: CellRng, row) => {
      let first = above(parseDateOption(readFrom(row), fallback.from) / DAY_MS, o.fromExclusive);
      let last = below(parseDateOption(readTo(row), fallback.to) / DAY_MS, o.toExclusive);
      if (last < first) fromFromRow ? (last = first) : (first = last);
      if (o.withinDays) last = Math.min(last, first + floor(o.withinDays));
      return formatDate((first + rng.below(last - first + 1)) * DAY_MS);
    };
  }
  return (rng: CellRng, row) => {
    let from = parseDateOption(readFrom(row), fallback.from);
    let to = parseDateOption(readTo(row), fallback.to);
    if (o.fromExclusive) from = (floor(from / 1000) + 1) * 1000;
    if (to < from) fromFromRow ? (to = from) : (from = to);
    if (o.withinDays) to = Math.min(to, from + o.withinDays * DAY_MS);
    return formatDateTime(from + floor(rng.float53() * max(0, to - from)));
  };
}
