import type { CellRng } from '../random/cell-rng';
import type { CellFn, EmitFn, GeneratorDef } from './types';
import { listEmitter, withPlainEmitter } from '../formats/cell-writers';
import { readsRow, rowBoundDate } from './row-bounds';
import { DAY_MS, YEAR_MS, dayTexts, fakerGenerator, formatDate, formatDateTime, opt, parseDateOption, putDateTime, putDay } from './helpers';

// Module bindings, not `Math.*` globals: see random/hash.ts.
const { floor, max } = Math;

/** Date ranges up to this many days (~270 years, 1 MB) keep their days' bytes for the cell writer. */
const MEMO_DAYS = 100_000;

const dateOnlyOption = { dateOnly: opt.bool({ description: 'Emit a date (YYYY-MM-DD) instead of a timestamp' }) };

/** Uniform instant in [from, to], formatted as date or datetime. */
function between(from: number, to: number, dateOnly: boolean): CellFn {
  const span = max(0, to - from);
  if (dateOnly) {
    const firstDay = floor(from / DAY_MS);
    const days = floor(to / DAY_MS) - firstDay + 1;
    // Formatted days are memoized: a century is ~37,000 strings, reused millions of times.
    const formatted: string[] = days <= 400_000 ? new Array(days) : [];
    const dayText = (day: number) =>
      formatted[day] ?? (days <= 400_000 ? (formatted[day] = formatDate((firstDay + day) * DAY_MS)) : formatDate((firstDay + day) * DAY_MS));
    const cell: CellFn = (rng) => dayText(rng.below(days));
    const write: EmitFn = (rng, _row, out) => putDay(out, firstDay + rng.below(days));
    // Four-digit years: writers compute a day's text (the row compiler inline), with no list of every day to make first.
    const year = (day: number) => Number(dayText(day).slice(0, 4));
    if (days > 0 && /^\d{4}-/.test(dayText(0)) && /^\d{4}-/.test(dayText(days - 1)) && year(0) >= 1000 && year(days - 1) <= 9999) {
      let texts: Uint8Array | undefined;
      return withPlainEmitter(cell, write, true, (quote) => ({ kind: 'day', first: firstDay, days, quote, texts: () => (texts ??= dayTexts(firstDay, days)) }));
    }
    if (days > MEMO_DAYS) return withPlainEmitter(cell, write, true);
    // Writers copy the days' text pre-encoded, made on first use (a preview never pays for them):
    // a uniform pick from a list, which the compiled row writers inline.
    let all: string[] | undefined;
    cell.emitter = (format) => listEmitter((all ??= Array.from({ length: days }, (_, day) => dayText(day))))(format);
    return cell;
  }
  const at = (rng: CellRng) => from + floor(rng.float53() * span);
  return withPlainEmitter((rng) => formatDateTime(at(rng)), (rng, _row, out) => putDateTime(out, at(rng)), true);
}

/** Relative-date generators: a window of `years`/`days` before or after refDate. */
function relative(id: string, description: string, unit: 'years' | 'days', defaultAmount: number, direction: -1 | 1): GeneratorDef {
  return {
    id,
    category: 'date',
    description,
    // A thousand years either way stays within four-digit years (and far within what a Date holds).
    options: { [unit]: opt.num({ exclusiveMinimum: 0, maximum: unit === 'years' ? 1000 : 365_000 }), ...dateOnlyOption },
    output: 'datetime',
    outputFor: (o) => (o.dateOnly ? 'date' : 'datetime'),
    plainText: true,
    create: (o, ctx) => {
      const span = (o[unit] ?? defaultAmount) * (unit === 'years' ? YEAR_MS : DAY_MS);
      const [from, to] = direction < 0 ? [ctx.refDate - span, ctx.refDate] : [ctx.refDate, ctx.refDate + span];
      return between(from, to, !!o.dateOnly);
    },
  };
}

export const dateGenerators: GeneratorDef[] = [
  {
    id: 'date.between',
    category: 'date',
    description: 'Instant uniformly between `from` and `to` (ISO dates)',
    options: {
      from: opt.date({ description: 'An ISO date, or a lone {field} of the same row (e.g. "{rental_date}")' }),
      to: opt.date({ description: 'An ISO date, or a lone {field} of the same row' }),
      ...dateOnlyOption,
      fromExclusive: opt.bool({ description: 'Never `from` itself (a CHECK such as `ends_at > starts_at`)' }),
      toExclusive: opt.bool({ description: 'Never `to` itself' }),
      withinDays: opt.num({ exclusiveMinimum: 0, maximum: 36_500, description: 'At most this many days after `from` (a return within two weeks of its rental)' }),
    },
    required: ['from', 'to'],
    output: 'datetime',
    outputFor: (o) => (o.dateOnly ? 'date' : 'datetime'),
    plainText: true,
    rowOptions: ['from', 'to'],
    create: (o, ctx) => {
      const fallback = { from: ctx.refDate - YEAR_MS, to: ctx.refDate };
      if (readsRow(o.from, o.to)) return rowBoundDate(o, fallback);
      const unit = o.dateOnly ? DAY_MS : 1000;
      const given = [parseDateOption(o.from, fallback.from), parseDateOption(o.to, fallback.to)];
      const from = given[0] + (o.fromExclusive ? unit : 0);
      const latest = given[1] - (o.toExclusive && o.dateOnly ? unit : 0);
      const to = o.withinDays ? Math.min(latest, from + o.withinDays * DAY_MS) : latest;
      // Validation refuses open ends that leave nothing; a plan compiled without it keeps the closed range.
      return from <= to ? between(from, to, !!o.dateOnly) : between(given[0], given[1], !!o.dateOnly);
    },
    space: (o, ctx) => {
      if (!o.dateOnly) return undefined;
      const first = Math.floor(parseDateOption(o.from, ctx.refDate) / DAY_MS) + (o.fromExclusive ? 1 : 0);
      const span = Math.floor(parseDateOption(o.to, ctx.refDate) / DAY_MS) - (o.toExclusive ? 1 : 0) - first + 1;
      const days = o.withinDays ? Math.min(span, Math.floor(o.withinDays) + 1) : span;
      return days > 0 ? { size: days, at: (i) => formatDate((first + i) * DAY_MS) } : undefined;
    },
  },
  {
    id: 'date.birthdate',
    category: 'date',
    description: 'Birth date of someone aged `min`–`max` years (default 18–80) at refDate',
    options: { min: opt.int({ minimum: 0, maximum: 150 }), max: opt.int({ minimum: 0, maximum: 150 }) },
    output: 'date',
    plainText: true,
    create: (o, ctx) => {
      const youngest = ctx.refDate - (o.min ?? 18) * YEAR_MS;
      const oldest = ctx.refDate - ((o.max ?? 80) + 1) * YEAR_MS + DAY_MS;
      return between(oldest, youngest, true);
    },
  },
  relative('date.past', 'Instant within `years` (default 1) before refDate', 'years', 1, -1),
  relative('date.future', 'Instant within `years` (default 1) after refDate', 'years', 1, 1),
  relative('date.recent', 'Instant within `days` (default 1) before refDate', 'days', 1, -1),
  relative('date.soon', 'Instant within `days` (default 1) after refDate', 'days', 1, 1),
  {
    id: 'date.anytime',
    category: 'date',
    description: 'Instant within about a century around refDate',
    output: 'datetime',
    plainText: true,
    create: (_o, ctx) => between(ctx.refDate - 50 * YEAR_MS, ctx.refDate + 50 * YEAR_MS, false),
  },
  fakerGenerator('date.month', 'Month name', { options: { abbreviated: opt.bool() } }),
  fakerGenerator('date.weekday', 'Weekday name', { options: { abbreviated: opt.bool() } }),
  fakerGenerator('date.timeZone', 'IANA time zone', { plainText: true }),
];
