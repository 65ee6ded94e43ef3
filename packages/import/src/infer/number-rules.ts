/**
 * Numbers by what they count or price: a salary is tens of thousands a
 * year, a rental a few units, a freight charge tens; a discount is a share
 * in [0, 1] when its type holds fractions and a percentage when it holds
 * whole numbers; a 0/1 integer named `active` or `is_*` is a flag; a
 * duration's unit is in its name; an integer `*_at` is an epoch time. The
 * declared type bounds all of it afterwards (column-guess.ts), and CHECKs
 * narrow it (checks.ts).
 */
import type { NameContext, NameMatch } from './name-rules';
import { FLAG_WORDS, RARE_FLAGS } from './categories';

type Rule = (c: NameContext) => NameMatch | undefined;

const has = (c: NameContext, ...words: string[]) => words.every((w) => c.words.includes(w));
const hasAny = (c: NameContext, ...words: string[]) => words.some((w) => c.words.includes(w));
const only = (c: NameContext, word: string) => c.words.length === 1 && c.words[0] === word;
const tableHas = (c: NameContext, ...words: string[]) => words.some((w) => c.table.includes(w));
const whole = (c: NameContext) => c.kind === 'integer';
/** A decimal type that holds no whole part: numeric(2,2) holds 0.00–0.99. */
const fractionOnly = (c: NameContext) => c.kind === 'decimal' && c.precision !== undefined && c.scale !== undefined && c.precision - c.scale <= 0;

function range(c: NameContext, min: number, max: number, reason: string, confidence = 0.8, digits = 2): NameMatch {
  if (whole(c)) return { generator: 'number.int', options: { min: Math.ceil(min), max: Math.floor(max) }, confidence, reason };
  return { generator: 'number.float', options: { min, max, fractionDigits: c.scale ?? digits }, confidence, reason };
}

function money(c: NameContext, min: number, max: number, what: string): NameMatch {
  if (min < 0 && !whole(c)) return { generator: 'number.float', options: { min, max, fractionDigits: c.scale ?? 2 }, confidence: 0.8, reason: what };
  if (whole(c)) return { generator: 'number.int', options: { min: Math.ceil(min), max: Math.floor(max) }, confidence: 0.85, reason: `${what}, in whole units` };
  return { generator: 'commerce.price', options: { min, max, dec: c.scale ?? 2 }, confidence: 0.85, reason: what };
}

/** What a sum of money pays for, from its words and its table: [words, min, max, what]. */
const PRICES: [string[], number, number, string][] = [
  [['salary', 'wage', 'income', 'compensation'], 28_000, 180_000, 'a yearly salary'],
  [['hourly'], 15, 150, 'an hourly rate'],
  [['rental', 'rent'], 0.99, 9.99, 'the price of a rental'],
  [['replacement'], 9.99, 39.99, 'a replacement cost'],
  [['freight', 'shipping', 'shipment', 'postage', 'delivery'], 0, 120, 'a shipping charge'],
  // What a promotion takes off an order is negative; an adjustment goes either way.
  [['promo', 'promotion'], -50, 0, 'a discount, as a negative amount'],
  [['adjustment', 'adjustments'], -50, 50, 'an adjustment'],
  [['tax', 'vat'], 0, 200, 'a tax amount'],
  [['limit', 'credit'], 500, 50_000, 'a credit limit'],
  [['balance'], 0, 25_000, 'a balance'],
  [['commission', 'tip', 'fee'], 0, 100, 'a fee'],
  // Advertising: a click or a thousand impressions costs cents to a few units.
  [['cpc', 'cpm', 'cpa', 'click', 'impression', 'impressions'], 0.05, 5, 'a cost per click or per thousand impressions'],
];

const moneyWords = ['cpc', 'cpm', 'cpa', 'price', 'cost', 'amount', 'total', 'salary', 'wage', 'fee', 'freight', 'tax', 'balance', 'payment', 'paid', 'due', 'revenue', 'income', 'spent', 'rate', 'charge', 'subtotal', 'budget'];

/** Sums kept in minor units (`amount_cents`, `budget_cents`, `price_in_pence`): what the words price, times 100, as whole numbers. */
const MINOR_UNITS = ['cents', 'cent', 'pence', 'minor'];
const CENTS: Rule = (c) => {
  if (!whole(c) || !hasAny(c, ...MINOR_UNITS)) return undefined;
  const words = c.words.filter((w) => !MINOR_UNITS.includes(w) && w !== 'in' && w !== 'units');
  const major = MONEY({ ...c, words: words.length ? words : ['amount'], kind: 'decimal', scale: 2, precision: 12 });
  if (!major || major.generator !== 'commerce.price') return undefined;
  const { min, max } = major.options as { min: number; max: number };
  return { generator: 'number.int', options: { min: Math.round(min * 100), max: Math.round(max * 100) }, confidence: 0.85, reason: `${major.reason}, in cents` };
};

/** How long a token or cache entry lives, in seconds (`expires_in`, OAuth's field). */
const LIFETIME: Rule = (c) => (whole(c) && ((has(c, 'expires', 'in') && c.words.at(-1) === 'in') || hasAny(c, 'lifetime')) ? range(c, 300, 86_400, 'a lifetime in seconds') : undefined);

/** Digits after the decimal point of a currency (`decimal_places`, ISO 4217's minor units): 2, sometimes 0 or 3. */
const DECIMALS: Rule = (c) => (whole(c) && (has(c, 'decimal', 'places') || has(c, 'minor', 'units') || has(c, 'decimal', 'digits') || only(c, 'decimals') || only(c, 'exponent')) ? { generator: 'weighted', options: { values: [{ value: 2, weight: 85 }, { value: 0, weight: 10 }, { value: 3, weight: 5 }] }, confidence: 0.75, reason: "a currency's decimal places" } : undefined);

/** A sum of money, by what it prices. */
function MONEY(c: NameContext): NameMatch | undefined {
  if (!(hasAny(c, ...moneyWords) || has(c, 'credit', 'limit')) || hasAny(c, 'count', 'quantity', 'number', 'id', 'days', 'heart', 'products', 'items', 'orders', 'users')) return undefined;
  if (has(c, 'rate') && !hasAny(c, 'hourly', 'rental', 'price') && c.kind !== 'decimal') return undefined;
  // What it prices: its own words, its table's, or what the row points at (a payment beside a rental_id).
  // A promotion's own amounts are positive: the sign is the order's (its `promo_total`), so those words count in the column's name only.
  const priced = PRICES.find(([words, min]) => words.some((w) => c.words.includes(w) || (w !== 'tax' && min >= 0 && c.table.includes(w)) || c.siblings.some((s) => s[0] === w && s.at(-1) === 'id')));
  // A whole-number amount or price with nothing priced is kept in cents (Stripe's way): the same sums, times 100.
  const cents = whole(c) && hasAny(c, 'amount', 'total', 'price', 'paid', 'due') && !priced && !tableHas(c, 'salary');
  if (cents) {
    const major = MONEY({ ...c, kind: 'decimal', scale: 2, precision: 12 })!;
    const { min, max } = major.options as { min: number; max: number };
    return { generator: 'number.int', options: { min: Math.max(100, Math.round(min * 100)), max: Math.round(max * 100) }, confidence: 0.7, reason: `${major.reason}, in whole cents` };
  }
  if (priced) return money(c, priced[1], priced[2], priced[3]);
  if (has(c, 'rate')) return money(c, 10, 200, 'a rate');
  if (hasAny(c, 'total', 'subtotal', 'spent', 'due', 'revenue', 'budget')) return money(c, 5, 2_000, 'a total');
  if (hasAny(c, 'amount', 'payment', 'paid', 'charge', 'value')) return money(c, 1, 500, 'an amount of money');
  return money(c, 1, 500, 'a price');
}

const FLAG_INT: Rule = (c) => {
  const flag = ['is', 'has', 'can'].includes(c.words[0]) || c.words.at(-1) === 'flag' || (c.words.length === 1 && FLAG_WORDS.includes(c.words[0]));
  if (!flag || !whole(c)) return undefined;
  const rare = c.words.some((w) => RARE_FLAGS.includes(w));
  return { generator: 'weighted', options: { values: rare ? { 0: 90, 1: 10 } : { 1: 80, 0: 20 } }, confidence: 0.85, reason: `a 0/1 flag, ${rare ? 'rarely' : 'mostly'} set` };
};

/** `total_view_time`, `typing_time`, `response_time`: how long something took, not when. */
const spanOfTime = (c: NameContext) => has(c, 'time') && (hasAny(c, 'total', 'elapsed', 'spent', 'view', 'wait', 'response', 'load', 'run', 'play', 'watch', 'cpu', 'idle', 'active') || c.words.some((w) => w.length > 5 && w.endsWith('ing')));

/** An integer holding a moment: seconds since 1970 in 32 bits, milliseconds in 64. */
const EPOCH: Rule = (c) => {
  if (!whole(c)) return undefined;
  const moment = hasAny(c, 'created', 'updated', 'deleted', 'timestamp', 'expires', 'expiry', 'expiration', 'deadline', 'time', 'date') || has(c, 'last', 'activity') || (c.words.length > 1 && ['at', 'on'].includes(c.words.at(-1)!)) || has(c, 'started') || has(c, 'ended');
  if (!moment || hasAny(c, 'zone', 'minutes', 'seconds', 'hours', 'milliseconds', 'count', 'spent', 'reading', 'response') || spanOfTime(c)) return undefined;
  const ms = (c.bits ?? 32) > 32;
  const [from, to] = [1_577_836_800, 1_798_761_599];
  return { generator: 'number.int', options: ms ? { min: from * 1000, max: to * 1000 } : { min: from, max: to }, confidence: 0.75, reason: `a moment as ${ms ? 'milliseconds' : 'seconds'} since 1970 (2020–2026)` };
};

const DURATIONS: Rule = (c) => {
  if (!hasAny(c, 'duration', 'minutes', 'seconds', 'hours', 'days', 'milliseconds', 'length', 'runtime', 'time')) return undefined;
  if (!whole(c) && c.kind !== 'decimal' && c.kind !== 'float') return undefined;
  if (has(c, 'milliseconds')) return range(c, 30_000, 600_000, 'a duration in milliseconds');
  if (hasAny(c, 'seconds')) return range(c, 60, 7_200, 'a duration in seconds');
  if (hasAny(c, 'hours')) return range(c, 0, 100, 'a number of hours');
  if (hasAny(c, 'days')) return range(c, 0, 60, 'a number of days');
  if (hasAny(c, 'rental', 'loan', 'lease', 'trial', 'term')) return range(c, 1, 14, 'a duration in days');
  if (hasAny(c, 'minutes') || hasAny(c, 'reading', 'runtime')) return range(c, 1, 60, 'a duration in minutes');
  if (hasAny(c, 'length', 'runtime') && (tableHas(c, 'film', 'movie', 'episode', 'show', 'video') || has(c, 'length'))) return range(c, 45, 180, 'a running time in minutes');
  if (has(c, 'duration')) return range(c, 1, 120, 'a duration in minutes');
  if (spanOfTime(c)) return (c.bits ?? 32) > 32 ? range(c, 1_000, 600_000, 'a span of time in milliseconds') : range(c, 1, 3_600, 'a span of time in seconds');
  return undefined;
};

const RULES: Rule[] = [
  (c) => (has(c, 'latitude') ? { generator: 'location.latitude', confidence: 0.95, reason: 'a latitude' } : undefined),
  (c) => (has(c, 'longitude') ? { generator: 'location.longitude', confidence: 0.95, reason: 'a longitude' } : undefined),
  FLAG_INT,
  LIFETIME,
  DECIMALS,
  EPOCH,
  // Shares: a discount or rate is a fraction when its type holds fractions, a percentage when named so or whole.
  (c) => {
    const percent = hasAny(c, 'percent');
    const share = ['discount', 'commission', 'ratio', 'share', 'probability', 'conversion'].includes(c.words.at(-1)!) || (hasAny(c, 'discount', 'commission') && !hasAny(c, 'amount', 'price', 'code', 'count', 'total'));
    if (!percent && !share) return undefined;
    if (fractionOnly(c) || (!percent && !whole(c))) return range(c, 0, hasAny(c, 'discount') ? 0.3 : 0.4, 'a share between 0 and 1');
    return range(c, hasAny(c, 'off', 'discount') ? 5 : 0, hasAny(c, 'commission') ? 30 : 50, 'a percentage');
  },
  // A line's position in its document (orderLineNumber, line_no): small, not a count.
  // A tax or interest rate kept as a fraction (Spree's `tax_rates.amount numeric(8,5)`): a few digits after the point, barely any before.
  (c) => (c.kind === 'decimal' && (tableHas(c, 'rate') || has(c, 'rate')) && (c.scale ?? 0) >= 3 && (c.precision ?? 99) - (c.scale ?? 0) <= 3 ? range(c, 0, 0.3, 'a rate as a fraction') : undefined),
  (c) => (has(c, 'line') && hasAny(c, 'number', 'no', 'num', 'position') && whole(c) ? range(c, 1, 10, 'a line number within its document') : undefined),
  (c) => (hasAny(c, 'rating', 'stars', 'score') && !hasAny(c, 'count') ? (hasAny(c, 'score') ? range(c, 0, 100, 'a score') : range(c, 1, 5, 'a rating from 1 to 5', 0.8, 1)) : undefined),
  CENTS,
  MONEY,
  DURATIONS,
  (c) => (hasAny(c, 'age') && !hasAny(c, 'page', 'usage') ? range(c, 18, 90, "a person's age") : undefined),
  (c) => (has(c, 'birth') && hasAny(c, 'year') ? range(c, 1940, 2008, 'a year of birth') : undefined),
  (c) => (has(c, 'month') ? range(c, 1, 12, 'a month') : undefined),
  (c) => (has(c, 'year') && (hasAny(c, 'exp', 'expiry', 'expiration', 'expires') || tableHas(c, 'card')) ? range(c, 2025, 2032, 'an expiry year') : undefined),
  (c) => (hasAny(c, 'year') ? range(c, 1980, 2025, 'a year') : undefined),
  (c) => ((has(c, 'heart') || hasAny(c, 'bpm', 'pulse')) && hasAny(c, 'max', 'maximum', 'peak') ? range(c, 150, 200, 'a maximum heart rate') : undefined),
  (c) => (has(c, 'heart') || hasAny(c, 'bpm', 'pulse') ? range(c, 55, 190, 'a heart rate in beats per minute') : undefined),
  (c) => (hasAny(c, 'calories', 'kcal') ? range(c, 50, 1_500, 'calories burned') : undefined),
  (c) => (has(c, 'height') && hasAny(c, 'cm') ? range(c, 150, 200, 'a height in centimetres') : undefined),
  (c) => (has(c, 'weight') && hasAny(c, 'kg') && tableHas(c, 'user', 'person', 'patient', 'member', 'athlete') ? range(c, 45, 120, 'a body weight in kilograms') : undefined),
  (c) => (has(c, 'weight') && hasAny(c, 'grams', 'g') ? range(c, 50, 5_000, 'a weight in grams') : undefined),
  (c) => (hasAny(c, 'weight') ? range(c, 0.1, 50, 'a weight', 0.6) : undefined),
  (c) => (hasAny(c, 'height', 'width', 'depth', 'length') && !whole(c) ? range(c, 1, 100, 'a measurement', 0.6) : undefined),
  (c) => (hasAny(c, 'distance', 'meters') ? range(c, 500, 42_000, 'a distance in metres') : undefined),
  (c) => (hasAny(c, 'elevation', 'altitude') ? range(c, 0, 1_500, 'an elevation in metres') : undefined),
  (c) => (hasAny(c, 'speed', 'mps', 'velocity') ? range(c, 0.5, 12, 'a speed in metres per second') : undefined),
  (c) => (hasAny(c, 'bytes', 'size') && whole(c) ? range(c, 200_000, 20_000_000, 'a size in bytes') : undefined),
  (c) => (hasAny(c, 'quantity', 'qty', 'seats', 'licenses', 'units') && !hasAny(c, 'stock', 'order', 'hand') ? range(c, 1, 20, 'a quantity') : undefined),
  (c) => (hasAny(c, 'stock', 'inventory', 'hand') || (has(c, 'units') && hasAny(c, 'order')) ? range(c, 0, 500, 'units in stock') : undefined),
  (c) => (hasAny(c, 'reorder', 'safety', 'threshold') ? range(c, 5, 100, 'a stock level') : undefined),
  (c) => (hasAny(c, 'minimum', 'min') && hasAny(c, 'order', 'quantity') ? range(c, 1, 50, 'a minimum order') : undefined),
  (c) => (hasAny(c, 'attempts', 'retries', 'failures', 'failed') ? range(c, 0, 10, 'a number of attempts') : undefined),
  (c) => (hasAny(c, 'repeats', 'refills', 'renewals') ? range(c, 0, 12, 'a number of repeats') : undefined),
  (c) => (hasAny(c, 'views', 'visits', 'impressions', 'downloads', 'plays', 'clicks') ? range(c, 0, 50_000, 'a count of views') : undefined),
  (c) => (hasAny(c, 'karma') ? range(c, 0, 100, 'a karma score') : undefined),
  (c) => (hasAny(c, 'points', 'votes', 'likes', 'helpful') ? range(c, 0, 1_000, 'a count of points or votes') : undefined),
  (c) => (hasAny(c, 'revision', 'version') ? range(c, 1, 20, 'a revision number') : undefined),
  (c) => (hasAny(c, 'count', 'total', 'number') && hasAny(c, 'item', 'items', 'line', 'lines', 'product', 'products') && !hasAny(c, 'id', 'phone') ? range(c, 0, 20, 'a count of items') : undefined),
  (c) => (hasAny(c, 'count', 'total', 'number') && !hasAny(c, 'id', 'phone') ? range(c, 0, 200, 'a count') : undefined),
  // `position` reads as a job in text (synonyms); a number named so is a place in a list.
  (c) => (only(c, 'job') && whole(c) ? range(c, 1, 100, 'a position in a list') : undefined),
  (c) => ((hasAny(c, 'numcode') || has(c, 'numeric', 'code')) && tableHas(c, 'country') ? range(c, 4, 894, "the country's ISO 3166 numeric code") : undefined),
  (c) => (only(c, 'priority') || has(c, 'priority', 'level') ? range(c, 0, 9, 'a priority level') : undefined),
  (c) => (hasAny(c, 'order', 'position', 'sort', 'rank', 'priority', 'sequence', 'line', 'index') ? range(c, 1, 100, 'a position in a list') : undefined),
  (c) => (hasAny(c, 'level', 'tier', 'group') ? range(c, 1, 10, 'a level') : undefined),
  (c) => (has(c, 'port') ? { generator: 'internet.port', confidence: 0.8, reason: 'a network port' } : undefined),
  (c) => (has(c, 'zip') ? range(c, 10_000, 99_999, 'a postal code as a number', 0.7) : undefined),
  (c) => (hasAny(c, 'promotion', 'status', 'type', 'kind', 'frequency') && whole(c) ? range(c, 1, 4, 'a small code number', 0.6) : undefined),
];

export function matchNumber(c: NameContext): NameMatch | undefined {
  for (const rule of RULES) {
    const match = rule(c);
    if (match) return match;
  }
  return undefined;
}
