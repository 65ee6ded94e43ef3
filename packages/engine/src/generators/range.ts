/**
 * PostgreSQL's range types (`int4range`, `int8range`, `numrange`,
 * `daterange`, `tsrange`, `tstzrange`) as the text PostgreSQL itself prints
 * for them: `[1,10)`, `[2024-01-01,2024-01-05)`,
 * `["2024-01-01 10:00:00","2024-01-01 12:00:00")`. Bounds are always
 * inclusive-lower, exclusive-upper (the canonical form of the discrete
 * types), never empty, so the same text loads through COPY, INSERT and CSV
 * and reads back unchanged. Other dialects have no range type: the text is
 * stored as text. An exclusion constraint reads the bounds back with
 * `rangeBounds`.
 */
import type { Dialect, GeneratorDef } from './types';
import { opt, parseDateOption } from './helpers';

export const RANGE_TYPES = ['int4range', 'int8range', 'numrange', 'daterange', 'tsrange', 'tstzrange'] as const;
export type RangeType = (typeof RANGE_TYPES)[number];

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
const INT4 = 2 ** 31;

/** Per type: the tick (what one step of `minLength`/`maxLength` is) and defaults. */
interface Shape {
  /** Milliseconds (dates, timestamps) or units (numbers) per tick. */
  tick: (o: Record<string, any>) => number;
  from: (o: Record<string, any>, refDate: number) => number;
  to: (o: Record<string, any>, refDate: number) => number;
  lengths: [number, number];
  text: (tick: number, o: Record<string, any>) => string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const stamp = (ms: number) => {
  const d = new Date(ms);
  return `${isoDate(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
};
const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

const numbers = (lo: number, hi: number): Shape => ({
  tick: () => 1,
  from: (o) => Math.max(lo, Math.ceil(num(o.from, 1))),
  to: (o) => Math.min(hi, Math.floor(num(o.to, 1000))),
  lengths: [1, 10],
  text: (t) => String(t),
});

const SHAPES: Record<RangeType, Shape> = {
  int4range: numbers(-INT4, INT4 - 1),
  int8range: numbers(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
  numrange: {
    tick: (o) => 10 ** -precisionOf(o),
    from: (o) => Math.ceil(num(o.from, 0) * 10 ** precisionOf(o)),
    to: (o) => Math.floor(num(o.to, 1000) * 10 ** precisionOf(o)),
    lengths: [1, 10],
    text: (t, o) => (t / 10 ** precisionOf(o)).toFixed(precisionOf(o)),
  },
  daterange: {
    tick: () => DAY_MS,
    from: (o, ref) => Math.ceil(parseDateOption(o.from, ref - 365 * DAY_MS) / DAY_MS),
    to: (o, ref) => Math.floor(parseDateOption(o.to, ref + 365 * DAY_MS) / DAY_MS),
    lengths: [1, 14],
    text: (t) => isoDate(t * DAY_MS),
  },
  tsrange: timestamps(''),
  tstzrange: timestamps('+00'),
};

function precisionOf(o: Record<string, any>): number {
  return Number.isInteger(o.precision) ? Math.min(6, Math.max(0, o.precision)) : 2;
}

/** Timestamps on a grid of `step` minutes (default 15): bookings start on the quarter hour. */
function timestamps(zone: string): Shape {
  const step = (o: Record<string, any>) => (Number.isInteger(o.step) && o.step > 0 ? o.step : 15) * MINUTE_MS;
  return {
    tick: step,
    from: (o, ref) => Math.ceil(parseDateOption(o.from, ref - 365 * DAY_MS) / step(o)),
    to: (o, ref) => Math.floor(parseDateOption(o.to, ref + 365 * DAY_MS) / step(o)),
    lengths: [30, 240],
    text: (t, o) => `"${stamp(t * step(o))}${zone}"`,
  };
}

/** The span ranges lie in and their length, in ticks: what a plan sizes an exclusion constraint by. */
export function rangeSpan(o: Record<string, any>, refDate: number): { from: number; to: number; minLength: number; maxLength: number } {
  const type = (RANGE_TYPES as readonly string[]).includes(o.type) ? (o.type as RangeType) : 'int4range';
  const shape = SHAPES[type];
  // Lengths are written in whole units (days, minutes, numbers); a tick may be finer or coarser.
  const unit = type === 'daterange' ? DAY_MS : type === 'tsrange' || type === 'tstzrange' ? MINUTE_MS : 1;
  const perTick = shape.tick(o) / unit;
  const toTicks = (n: number) => Math.max(1, Math.ceil(n / perTick - 1e-9));
  const minLength = toTicks(num(o.minLength, shape.lengths[0]));
  const maxLength = Math.max(minLength, toTicks(num(o.maxLength, Math.max(shape.lengths[1], num(o.minLength, 0)))));
  return { from: shape.from(o, refDate), to: shape.to(o, refDate), minLength, maxLength };
}

const SQL_TYPES = (type: RangeType): Partial<Record<Dialect, string>> => ({ postgres: type.toUpperCase(), mysql: 'VARCHAR(64)', sqlite: 'TEXT' });

export const rangeGenerators: GeneratorDef[] = [
  {
    id: 'range',
    category: 'seedbed',
    description:
      'A PostgreSQL range (`int4range`, `int8range`, `numrange`, `daterange`, `tsrange`, `tstzrange`) inside `from`–`to`, `minLength`–`maxLength` long (numbers; days for dates; minutes for timestamps), as PostgreSQL prints it: `[2024-03-01,2024-03-04)`',
    options: {
      type: opt.oneOf(RANGE_TYPES),
      from: { type: ['number', 'string'], description: 'Where ranges may start: a number, or an ISO date for date and timestamp ranges' },
      to: { type: ['number', 'string'], description: 'Where ranges must end by' },
      minLength: opt.num({ exclusiveMinimum: 0, maximum: 1e12 }),
      maxLength: opt.num({ exclusiveMinimum: 0, maximum: 1e12 }),
      step: opt.int({ minimum: 1, maximum: 1440, description: 'Timestamp ranges: bounds fall on this grid of minutes (default 15)' }),
      precision: opt.int({ minimum: 0, maximum: 6, description: 'numrange: digits after the point (default 2)' }),
    },
    required: ['type'],
    output: 'string',
    sqlTypeFor: (o) => SQL_TYPES((RANGE_TYPES as readonly string[]).includes(o.type) ? o.type : 'int4range'),
    maxChars: () => 60,
    maxBytes: () => 60,
    create: (o, ctx) => {
      const type = (RANGE_TYPES as readonly string[]).includes(o.type) ? (o.type as RangeType) : 'int4range';
      const shape = SHAPES[type];
      const { from, to, minLength, maxLength } = rangeSpan(o, ctx.refDate);
      // A span shorter than the shortest range still makes ranges, from its start.
      const longest = Math.max(minLength, Math.min(maxLength, to - from));
      return (rng) => {
        const length = rng.intBetween(minLength, longest);
        const start = to - length > from ? rng.intBetween(from, to - length) : from;
        return `[${shape.text(start, o)},${shape.text(start + length, o)})`;
      };
    },
  },
];

/**
 * A range's bounds back from its text, as numbers that order as the values
 * do (ms for dates and timestamps), with whether each end is inclusive;
 * undefined for `empty` or text that is no range.
 */
export function rangeBounds(text: string): { lo: number; hi: number; loIn: boolean; hiIn: boolean } | undefined {
  const m = /^\s*([[(])\s*("?)([^",]*)\2\s*,\s*("?)([^",]*)\4\s*([\])])\s*$/.exec(text);
  if (!m) return undefined;
  const value = (s: string, low: boolean) => {
    if (s === '') return low ? -Infinity : Infinity;
    if (/^-?\d+(\.\d+)?$/.test(s)) return Number(s);
    const iso = s.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00');
    const ms = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(s) ? `${s}T00:00:00Z` : /[Zz]|[+-]\d{2}:\d{2}$/.test(iso) ? iso : `${iso}Z`);
    return Number.isNaN(ms) ? undefined : ms;
  };
  const lo = value(m[3], true);
  const hi = value(m[5], false);
  if (lo === undefined || hi === undefined) return undefined;
  return { lo, hi, loIn: m[1] === '[', hiIn: m[6] === ']' };
}
