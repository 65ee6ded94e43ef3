import type { CellRng } from '../random/cell-rng';
import type { ByteSink } from '../formats/byte-sink';
import { DAY_STRIDE } from '../formats/cell-writers';
import { compilePatternList, listPick } from '../locale/patterns';
import type { BuildContext, GeneratorDef, JsonSchema, OutputType, ValueSpace } from './types';
import { cellLimitOf, checkCellValue, FieldValueError, formatCount } from '../cell-limits';

// Module bindings, not `Math.*` globals: see random/hash.ts.
const { floor } = Math;

/** Option schema shorthands. */
export const opt = {
  int: (extra: JsonSchema = {}): JsonSchema => ({ type: 'integer', ...extra }),
  num: (extra: JsonSchema = {}): JsonSchema => ({ type: 'number', ...extra }),
  str: (extra: JsonSchema = {}): JsonSchema => ({ type: 'string', ...extra }),
  bool: (extra: JsonSchema = {}): JsonSchema => ({ type: 'boolean', ...extra }),
  oneOf: (values: readonly string[], extra: JsonSchema = {}): JsonSchema => ({ type: 'string', enum: values, ...extra }),
  date: (extra: JsonSchema = {}): JsonSchema => ({
    type: 'string',
    pattern: '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
    ...extra,
  }),
};

const hasPatterns = (list: readonly string[]) => list.some((s) => s.includes('{{'));

/** A generator that picks uniformly from a locale list; its space is the list itself (unless it holds patterns). */
export function listGenerator(id: string, description: string, listPath: string | ((ctx: BuildContext) => readonly string[])): GeneratorDef {
  const listOf = (ctx: BuildContext) => (typeof listPath === 'string' ? ctx.locale.list(listPath) : listPath(ctx));
  return {
    id,
    category: id.split('.')[0],
    description,
    output: 'string',
    create: (_o, ctx) => {
      const list = listOf(ctx);
      if (typeof listPath === 'string' && hasPatterns(list)) return compilePatternList(ctx.locale, listPath);
      return listPick(list);
    },
    space: (_o, ctx) => {
      const list = listOf(ctx);
      if (hasPatterns(list)) return undefined;
      return { size: list.length, at: (i) => list[i] };
    },
    maxBytes: (_o, ctx) => longestEntry(listOf(ctx)),
  };
}

const longestEntries = new WeakMap<readonly string[], number | undefined>();

/** UTF-8 size of a list's longest entry (unknown when entries are patterns); lists are constants, so measured once. */
function longestEntry(list: readonly string[]): number | undefined {
  if (longestEntries.has(list)) return longestEntries.get(list);
  const longest = hasPatterns(list) ? undefined : list.reduce((most, entry) => Math.max(most, Buffer.byteLength(entry)), 0);
  longestEntries.set(list, longest);
  return longest;
}

type FakerModules = Record<string, Record<string, (...args: any[]) => unknown>>;

interface FakerGeneratorSpec {
  output?: OutputType;
  options?: Record<string, JsonSchema>;
  required?: string[];
  /** Turns the method's result into a cell value (e.g. an object's `name`). */
  map?: (value: any) => unknown;
  /** Builds the method's argument from the options; default passes the options through. */
  args?: (options: Record<string, any>, ctx: BuildContext) => unknown[];
  sqlType?: GeneratorDef['sqlType'];
  plainText?: boolean;
}

/** Reads an option that may be a per-row reader (see GeneratorDef.rowOptions). */
export function optionAt(value: unknown, row: import('./types').RowView): unknown {
  return typeof value === 'function' ? value(row) : value;
}

/** The field an option passes through whole (a lone `{field}`), by position; undefined for anything else. */
export function optionField(value: unknown): number | undefined {
  const field = typeof value === 'function' ? (value as { field?: unknown }).field : undefined;
  return typeof field === 'number' ? field : undefined;
}

/**
 * A generator backed by a faker method, run through the locale's cell
 * randomizer: slower than the list-backed hot paths (microseconds, not
 * nanoseconds) but still a pure function of the cell.
 */
export function fakerGenerator(id: string, description: string, spec: FakerGeneratorSpec = {}): GeneratorDef {
  const [module, method] = id.split('.');
  const output = spec.output ?? 'string';
  return {
    id,
    category: module,
    description,
    output,
    options: spec.options,
    required: spec.required,
    sqlType: spec.sqlType,
    plainText: spec.plainText,
    create(options, ctx) {
      const target = (ctx.locale.faker as unknown as FakerModules)[module];
      const fn = target[method].bind(target);
      const args = spec.args ? spec.args(options, ctx) : Object.keys(options).length ? [options] : [];
      const map = spec.map ?? ((v: unknown) => v);
      const randomizer = ctx.locale.randomizer;
      const limit = cellLimitOf(ctx);
      checkOptionMaxima(spec.options, options);
      return (rng) => {
        randomizer.rng = rng;
        // Text options read from the row (names, prefixes) flow into the value: it stays one cell at most.
        return checkCellValue(normalize(map(fn(...args)), output), limit);
      };
    },
  };
}

/**
 * Options read from the row (`{field}`) skip the save-time schema check, and
 * the numbers among them size the output (counts, lengths): above their
 * schema's maximum they would make megabytes, so they stop here instead.
 */
export function checkOptionMaxima(schemas: Record<string, JsonSchema> | undefined, options: Record<string, unknown>): void {
  if (!schemas) return;
  for (const name of Object.keys(options)) {
    const schema = schemas[name];
    const maximum = schema?.maximum;
    if (typeof maximum !== 'number' || (schema.type !== 'integer' && schema.type !== 'number')) continue;
    const value = options[name];
    const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
    if (n > maximum) throw new FieldValueError(`is ${formatCount(n)} in this row; at most ${formatCount(maximum)}`, `.options.${name}`);
  }
}

/** Faker returns Dates and bigints in places; cells hold ISO strings and numbers. */
export function normalize(value: unknown, output: OutputType): any {
  if (value instanceof Date) return output === 'date' ? formatDate(value.getTime()) : formatDateTime(value.getTime());
  if (typeof value === 'bigint') return Number(value);
  return value;
}

const DAY_MS = 86_400_000;

/** The civil date of a day number as y·10000 + m·100 + d, without allocating (civil-from-days, H. Hinnant). */
function civilDate(days: number): number {
  const z = days + 719468;
  const era = floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = floor((doe - floor(doe / 1460) + floor(doe / 36524) - floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + floor(yoe / 4) - floor(yoe / 100));
  const mp = floor((5 * doy + 2) / 153);
  const d = doy - floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  const y = yoe + era * 400 + (m <= 2 ? 1 : 0);
  return y * 10000 + m * 100 + d;
}

/** `YYYY-MM-DD` without allocating a Date. */
export function formatDate(ms: number): string {
  const ymd = civilDate(floor(ms / DAY_MS));
  const y = floor(ymd / 10000);
  const m = floor(ymd / 100) - y * 100;
  const d = ymd - floor(ymd / 100) * 100;
  return `${y < 1000 ? String(y).padStart(4, '0') : y}-${m < 10 ? '0' : ''}${m}-${d < 10 ? '0' : ''}${d}`;
}

/** `YYYY-MM-DDTHH:MM:SSZ` (second resolution: what every SQL dialect accepts). */
export function formatDateTime(ms: number): string {
  const secOfDay = floor((ms - floor(ms / DAY_MS) * DAY_MS) / 1000);
  const h = floor(secOfDay / 3600);
  const mi = floor((secOfDay % 3600) / 60);
  const s = secOfDay % 60;
  return `${formatDate(ms)}T${two(h)}:${two(mi)}:${two(s)}Z`;
}

/** Writes `formatDate` of a day number as bytes; false (nothing written) for years outside 1000–9999, or no year at all (NaN). */
function putDate(out: ByteSink, day: number): boolean {
  const ymd = civilDate(day);
  const y = floor(ymd / 10000);
  // Negated: a NaN year (an infinite span) fails every comparison, and formatDate prints it as "NaN".
  if (!(y >= 1000 && y <= 9999)) return false;
  out.putPadded(y, 4);
  out.putByte(45);
  out.putPadded(floor(ymd / 100) - y * 100, 2);
  out.putByte(45);
  out.putPadded(ymd - floor(ymd / 100) * 100, 2);
  return true;
}

/**
 * Days `first` … `first` + days − 1 as YYYY-MM-DD (years 1000–9999), day k
 * at k × DAY_STRIDE (the six bytes after each are padding): the first by
 * formatDate, the others counted on from it a month at a time, three word
 * stores a day (~1 ms for a century, in a cold thread).
 */
export function dayTexts(first: number, days: number): Uint8Array {
  const words = new Uint32Array(days * (DAY_STRIDE / 4));
  const start = formatDate(first * DAY_MS);
  let y = Number(start.slice(0, 4));
  let m = Number(start.slice(5, 7));
  let d = Number(start.slice(8, 10));
  const ascii = (text: string, at: number) => text.charCodeAt(at) | (text.charCodeAt(at + 1) << 8) | (text.charCodeAt(at + 2) << 16) | (text.charCodeAt(at + 3) << 24);
  for (let k = 0; k < days; ) {
    // "YYYY" and "-MM-" as little-endian words, then each day of the month ("DD" in the third word's low bytes).
    const head = `${y}-${m < 10 ? '0' : ''}${m}-`;
    const year = ascii(head, 0);
    const month = ascii(head, 4);
    const last = m === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0) ? 29 : MONTH_DAYS[m - 1];
    for (; d <= last && k < days; d++, k++) {
      const w = k * (DAY_STRIDE / 4);
      words[w] = year;
      words[w + 1] = month;
      words[w + 2] = DAY_DIGITS[d];
    }
    d = 1;
    if (++m > 12) {
      m = 1;
      y++;
    }
  }
  return new Uint8Array(words.buffer);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** "01" … "31" as the low two bytes of a little-endian word. */
const DAY_DIGITS = Uint32Array.from({ length: 32 }, (_, d) => (48 + Math.floor(d / 10)) | ((48 + (d % 10)) << 8));

/** Writes `formatDate(day · DAY_MS)` as bytes. */
export function putDay(out: ByteSink, day: number): void {
  if (!putDate(out, day)) out.putText(formatDate(day * DAY_MS));
}

/** Writes `formatDateTime(ms)` as bytes. */
export function putDateTime(out: ByteSink, ms: number): void {
  const day = floor(ms / DAY_MS);
  if (!putDate(out, day)) return out.putText(formatDateTime(ms));
  const secOfDay = floor((ms - day * DAY_MS) / 1000);
  out.putByte(84);
  out.putPadded(floor(secOfDay / 3600), 2);
  out.putByte(58);
  out.putPadded(floor((secOfDay % 3600) / 60), 2);
  out.putByte(58);
  out.putPadded(secOfDay % 60, 2);
  out.putByte(90);
}

function two(n: number): string {
  return n < 10 ? `0${n}` : String(n);
}

/** Parses an option date (`YYYY-MM-DD` or ISO datetime, UTC when unzoned) to ms. */
export function parseDateOption(value: unknown, fallback: number): number {
  if (typeof value !== 'string' || value === '') return fallback;
  const iso = /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : /[Zz]|[+-]\d{2}:?\d{2}$/.test(value) ? value : `${value}Z`;
  const ms = Date.parse(iso.replace(' ', 'T'));
  return Number.isNaN(ms) ? fallback : ms;
}

export const YEAR_MS = 365.2425 * DAY_MS;
export { DAY_MS };

/** Index space of integers min, min+step, ... ≤ max. */
export function integerSpace(min: number, max: number, step = 1): ValueSpace | undefined {
  if (!(max >= min) || !(step > 0)) return undefined;
  return { size: floor((max - min) / step) + 1, at: (i) => min + i * step };
}

/** `n` random lowercase-hex characters. */
const HEX = '0123456789abcdef';
export function randomHex(rng: CellRng, n: number): string {
  let s = '';
  for (let i = 0; i < n; i += 8) {
    const word = rng.u32();
    for (let j = 0; j < 8 && i + j < n; j++) s += HEX[(word >>> (j * 4)) & 15];
  }
  return s;
}
