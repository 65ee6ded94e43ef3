/**
 * What a sample says about one column, gathered one value at a time in
 * bounded memory: kinds of values, numeric and date ranges, text lengths,
 * recognised formats and, up to a cap, the distinct values with their counts
 * (category frequencies, keys a reference must point into). The values
 * themselves never reach the blueprint; only category labels may.
 */
import { isIPv6 } from 'node:net';

/** Distinct values kept per column; past it the column is "many distinct" and cannot be a category or a checked key. */
export const DISTINCT_CAP = 100_000;

export type ValueKind = 'integer' | 'float' | 'boolean' | 'string' | 'object' | 'array';

/**
 * Formats recognised in text values, most specific first. A MAC address
 * (`aa:bb:cc:dd:ee:ff`) and a time of day (`12:30:45`) are hex groups
 * between colons too: IPv6 is the address grammar itself (eight groups, or
 * fewer around one `::`), not "some hex and colons".
 */
const FORMATS: Array<[string, { test(text: string): boolean }]> = [
  ['uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i],
  ['datetime', /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/],
  ['date', /^\d{4}-\d{2}-\d{2}$/],
  ['email', /^[^\s@]+@[^\s@]+\.[^\s@]+$/],
  ['url', /^https?:\/\/[^\s]+$/i],
  ['ipv4', /^(25[0-5]|2[0-4]\d|1?\d?\d)(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/],
  ['ipv6', { test: (text) => text.includes(':') && isIPv6(text) }],
  ['mac', /^[0-9a-f]{2}([:-][0-9a-f]{2}){5}$/i],
  ['currency', /^[$€£¥]\s?-?\d{1,3}(,?\d{3})*(\.\d+)?$|^-?\d{1,3}(,?\d{3})*(\.\d+)?\s?(USD|EUR|GBP|[$€£])$/],
  ['phone', /^\+?[\d\s().-]{7,}(\s?(x|ext\.?)\s?\d+)?$/i],
];

export class ColumnStats {
  /** Non-null values seen. */
  present = 0;
  readonly kinds = new Map<ValueKind, number>();
  readonly formats = new Map<string, number>();
  min = Infinity;
  max = -Infinity;
  sum = 0;
  sumSquares = 0;
  numbers = 0;
  /** Most digits after the decimal point, as written (CSV's `12.50` has 2). */
  decimals = 0;
  minLength = Infinity;
  maxLength = 0;
  totalLength = 0;
  totalWords = 0;
  totalSentences = 0;
  strings = 0;
  /** Smallest and largest currency amount (`$1,299.00` → 1299), and the most digits after its point. */
  minAmount = Infinity;
  maxAmount = -Infinity;
  amountDecimals = 0;
  /** Earliest and latest date or timestamp text, as epoch milliseconds. */
  minTime = Infinity;
  maxTime = -Infinity;
  /** Distinct values (as text) and their counts, up to DISTINCT_CAP. */
  readonly distinct = new Map<string, number>();
  overflow = false;
  /** The letters/digits/punctuation shape shared by the text values ("AA-999"), or null once two differ. */
  shape: string | null | undefined = undefined;
  /** Email values whose local part contains another column's value of the same row, by that column. */
  readonly emailContains = new Map<string, number>();

  add(value: unknown, kind: ValueKind, text?: string): void {
    this.present++;
    this.kinds.set(kind, (this.kinds.get(kind) ?? 0) + 1);
    if (kind === 'integer' || kind === 'float') this.addNumber(value as number, text);
    if (kind === 'string') this.addString(value as string);
    if (kind === 'object' || kind === 'array') return;
    // Long text is never a key or a category: not worth remembering.
    if (this.overflow || (kind === 'string' && (value as string).length > 256)) {
      this.overflow = true;
      return;
    }
    const key = kind === 'string' ? (value as string) : String(value);
    const seen = this.distinct.get(key);
    if (seen !== undefined) this.distinct.set(key, seen + 1);
    else if (this.distinct.size < DISTINCT_CAP) this.distinct.set(key, 1);
    else this.overflow = true;
  }

  private addNumber(n: number, text = String(n)): void {
    this.numbers++;
    this.min = Math.min(this.min, n);
    this.max = Math.max(this.max, n);
    this.sum += n;
    this.sumSquares += n * n;
    const dot = text.indexOf('.');
    if (dot >= 0 && !/e/i.test(text)) this.decimals = Math.max(this.decimals, text.length - dot - 1);
  }

  private addString(s: string): void {
    this.strings++;
    this.minLength = Math.min(this.minLength, s.length);
    this.maxLength = Math.max(this.maxLength, s.length);
    this.totalLength += s.length;
    const words = s.trim() ? s.trim().split(/\s+/).length : 0;
    this.totalWords += words;
    this.totalSentences += Math.max(1, (s.match(/[.!?](\s|$)/g) ?? []).length);
    if (s.length <= 200) {
      for (const [format, pattern] of FORMATS) {
        if (pattern.test(s)) {
          this.formats.set(format, (this.formats.get(format) ?? 0) + 1);
          if (format === 'currency') this.addAmount(s);
          if (format === 'date' || format === 'datetime') {
            const t = Date.parse(format === 'date' ? `${s}T00:00:00Z` : s);
            if (Number.isFinite(t)) [this.minTime, this.maxTime] = [Math.min(this.minTime, t), Math.max(this.maxTime, t)];
          }
          break;
        }
      }
    }
    if (this.shape !== null) {
      const shape = s.length <= 40 ? shapeOf(s) : null;
      this.shape = this.shape === undefined || this.shape === shape ? shape : null;
    }
  }

  private addAmount(s: string): void {
    const figures = s.replace(/[^0-9.-]/g, '');
    const amount = Number(figures);
    if (!Number.isFinite(amount)) return;
    this.minAmount = Math.min(this.minAmount, amount);
    this.maxAmount = Math.max(this.maxAmount, amount);
    const dot = figures.indexOf('.');
    if (dot >= 0) this.amountDecimals = Math.max(this.amountDecimals, figures.length - dot - 1);
  }

  /** The kind most values have, and the share of values of other kinds. */
  dominantKind(): { kind: ValueKind | undefined; others: number } {
    let best: ValueKind | undefined;
    let bestCount = 0;
    for (const [kind, count] of this.kinds) if (count > bestCount) [best, bestCount] = [kind, count];
    // Integers among floats are floats written without a fraction.
    if (best === 'float' || best === 'integer') {
      const numbers = (this.kinds.get('float') ?? 0) + (this.kinds.get('integer') ?? 0);
      if ((this.kinds.get('float') ?? 0) > 0) best = 'float';
      bestCount = numbers;
    }
    return { kind: best, others: this.present ? (this.present - bestCount) / this.present : 0 };
  }

  /** The format most text values have, when at least 90% do. */
  format(): string | undefined {
    for (const [format, count] of this.formats) if (this.strings && count / this.strings >= 0.9) return format;
    return undefined;
  }

  get mean(): number {
    return this.numbers ? this.sum / this.numbers : 0;
  }

  get stddev(): number {
    if (this.numbers < 2) return 0;
    return Math.sqrt(Math.max(0, this.sumSquares / this.numbers - this.mean ** 2));
  }

  /** True when every value seen is distinct (and all were counted). */
  get unique(): boolean {
    return !this.overflow && this.present > 0 && this.distinct.size === this.present;
  }
}

/** Letters to `A`/`a`, digits to `9`, everything else kept: "XK-12" → "AA-99". */
function shapeOf(s: string): string {
  return s.replace(/[A-Z]/g, 'A').replace(/[a-z]/g, 'a').replace(/[0-9]/g, '9');
}

/** A CSV cell's text as the value it spells: whole numbers (without leading zeros), decimals, booleans; otherwise text. */
export function typedCell(text: string): { value: unknown; kind: ValueKind } {
  if (/^-?(0|[1-9]\d{0,14})$/.test(text)) return { value: Number(text), kind: 'integer' };
  if (/^-?(0|[1-9]\d{0,14})\.\d{1,12}$/.test(text)) return { value: Number(text), kind: 'float' };
  if (/^(true|false)$/i.test(text)) return { value: text.toLowerCase() === 'true', kind: 'boolean' };
  return { value: text, kind: 'string' };
}

export function kindOf(value: unknown): ValueKind | undefined {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'float';
  if (typeof value === 'boolean') return 'boolean';
  if (typeof value === 'string') return 'string';
  return Array.isArray(value) ? 'array' : 'object';
}

/** `x` to `digits` decimals, for figures a person reads in the report. */
export function round(x: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}
