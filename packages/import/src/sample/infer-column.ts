/**
 * A generator for one sampled column, described from its values and never
 * copied from them: ranges, precision, formats, null rates and, for columns
 * that are categories (never people's data), the observed labels with their
 * frequencies. Each choice carries a confidence and the reason a person
 * reviewing the import reads.
 */
import { matchName, type NameMatch } from '../infer/name-rules';
import { nameTokens, tableTokens } from '../infer/name-tokens';
import { isPersonalColumn } from '../infer/personal';
import { round, type ColumnStats } from './column-stats';

export interface ColumnChoice {
  generator: string;
  options?: Record<string, unknown>;
  confidence: number;
  reason: string;
  /** What the sample showed, for the report (never values, except category labels). */
  observed: Record<string, unknown>;
}

/** A name-based guess for text whose values say little (names, cities, titles). */
export type NameGuess = (table: string, column: string, siblings: string[]) => NameMatch | undefined;

/** The database importer's name rules, asked about a text column: samples and schemas name things alike. */
export const guessTextByName: NameGuess = (table, column, siblings) =>
  matchName({ words: nameTokens(column), table: tableTokens(table), kind: 'text', siblings: siblings.filter((s) => s !== column).map(nameTokens) });

/** At most this many labels make a category; more are free text. */
const MAX_CATEGORY_LABELS = 20;

function isCategory(column: string, s: ColumnStats): boolean {
  // The column's name decides, not its table's: a customer's `country` or `plan` is a category a sample
  // shows the labels of (the live import is stricter, reading statistics of a whole people table).
  if (s.overflow || isPersonalColumn(column) || s.format()) return false;
  const labels = s.distinct.size;
  return labels <= MAX_CATEGORY_LABELS && s.present >= 5 && labels <= s.present / 2 && s.maxLength <= 40;
}

const iso = (t: number, dateOnly: boolean) => (dateOnly ? new Date(t).toISOString().slice(0, 10) : new Date(t).toISOString().replace('.000Z', 'Z'));

function observedNumbers(s: ColumnStats): Record<string, unknown> {
  return { min: s.min, max: s.max, mean: round(s.mean, 4), stddev: round(s.stddev, 4), decimals: s.decimals };
}

export function chooseGenerator(table: string, column: string, siblings: string[], s: ColumnStats, guessByName: NameGuess): ColumnChoice {
  const { kind, others } = s.dominantKind();
  const mixed = others > 0 ? ` (${Math.round(others * 100)}% of values were of other kinds and are generated as ${kind})` : '';
  const tokens = nameTokens(column);
  if (kind === 'boolean') {
    const trues = (s.distinct.get('true') ?? 0) / Math.max(1, s.present);
    return { generator: 'datatype.boolean', options: { probability: round(trues, 4) }, confidence: 0.95, reason: `true/false values, ${Math.round(trues * 100)}% true${mixed}`, observed: { trueRate: round(trues, 4) } };
  }
  if (kind === 'integer') {
    if (s.unique && s.max - s.min + 1 === s.present) {
      return { generator: 'sequence', options: { start: s.min }, confidence: 0.9, reason: `distinct consecutive whole numbers from ${s.min}${mixed}`, observed: observedNumbers(s) };
    }
    return { generator: 'number.int', options: { min: s.min, max: s.max }, confidence: 0.8, reason: `whole numbers from ${fmt(s.min)} to ${fmt(s.max)}${mixed}`, observed: observedNumbers(s) };
  }
  if (kind === 'float') {
    const digits = Math.min(s.decimals, 10);
    const coordinate = tokens.some((t) => ['lat', 'latitude'].includes(t)) ? 'latitude' : tokens.some((t) => ['lng', 'lon', 'long', 'longitude'].includes(t)) ? 'longitude' : undefined;
    const bound = coordinate === 'latitude' ? 90 : 180;
    if (coordinate && s.min >= -bound && s.max <= bound) {
      return { generator: `location.${coordinate}`, options: { min: s.min, max: s.max, precision: digits }, confidence: 0.9, reason: `${coordinate}s by name, within ${s.min}…${s.max}${mixed}`, observed: observedNumbers(s) };
    }
    const options: Record<string, unknown> = { min: s.min, max: s.max };
    if (digits > 0) options.fractionDigits = digits;
    const money = tokens.some((t) => ['price', 'amount', 'total', 'cost', 'balance', 'salary', 'fee', 'subtotal', 'tax'].includes(t));
    return { generator: 'number.float', options, confidence: 0.8, reason: `${money ? 'amounts' : 'decimal numbers'} from ${fmt(s.min)} to ${fmt(s.max)} with ${digits} decimals${mixed}`, observed: observedNumbers(s) };
  }
  if (kind === 'object' || kind === 'array') {
    return { generator: 'datatype.json', confidence: 0.5, reason: `${kind === 'array' ? 'lists of values' : 'objects whose keys vary from row to row'}, kept as one JSON column${mixed}`, observed: {} };
  }
  return chooseText(table, column, siblings, s, guessByName, mixed);
}

function chooseText(table: string, column: string, siblings: string[], s: ColumnStats, guessByName: NameGuess, mixed: string): ColumnChoice {
  const observed: Record<string, unknown> = { minLength: s.minLength, maxLength: s.maxLength, distinct: s.overflow ? `over ${s.distinct.size}` : s.distinct.size };
  const format = s.format();
  if (isCategory(column, s)) {
    const values = Object.fromEntries([...s.distinct].sort((a, b) => b[1] - a[1]));
    const shares = Object.fromEntries(Object.entries(values).map(([label, n]) => [label, round(n / s.present, 4)]));
    return { generator: 'weighted', options: { values }, confidence: 0.85, reason: `a category: ${s.distinct.size} labels over ${s.present} values, weighted as observed${mixed}`, observed: { ...observed, frequencies: shares } };
  }
  if (format === 'date' || format === 'datetime') {
    const dateOnly = format === 'date';
    const options: Record<string, unknown> = { from: iso(s.minTime, dateOnly), to: iso(s.maxTime, dateOnly) };
    if (dateOnly) options.dateOnly = true;
    return { generator: 'date.between', options, confidence: 0.9, reason: `ISO ${dateOnly ? 'dates' : 'timestamps'} from ${options.from} to ${options.to}${mixed}`, observed: { ...observed, from: options.from, to: options.to } };
  }
  const byFormat: Record<string, [string, string]> = {
    uuid: ['uuid', 'UUIDs'],
    email: ['internet.email', 'email addresses'],
    url: ['internet.url', 'URLs'],
    ipv4: ['internet.ipv4', 'IPv4 addresses'],
    ipv6: ['internet.ipv6', 'IPv6 addresses'],
    mac: ['internet.mac', 'MAC addresses'],
    phone: ['phone.number', 'phone numbers'],
    currency: ['commerce.price', 'currency amounts (generated as numbers)'],
  };
  const named = guessByName(table, column, siblings);
  // A confident name beats a loose format: a zip code can look like a phone number.
  const looseFormat = format === 'phone' || format === 'currency';
  if (named && looseFormat && named.confidence >= 0.85) return { ...named, reason: `${named.reason}${mixed}`, observed };
  if (format === 'email') {
    const fromNames = emailNameOptions(s);
    if (fromNames) return { generator: 'internet.email', options: fromNames.options, confidence: 0.9, reason: `email addresses made from ${fromNames.columns} of the same row, as in the sample${mixed}`, observed };
  }
  if (format === 'currency' && s.minAmount <= s.maxAmount) {
    // Described like any decimal column: the range and precision of the amounts, never the amounts.
    const digits = Math.min(s.amountDecimals, 10);
    const range = { min: s.minAmount, max: s.maxAmount };
    const observedAmounts = { ...observed, ...range, decimals: digits };
    if (s.minAmount >= 0) {
      return { generator: 'commerce.price', options: { ...range, dec: digits }, confidence: 0.85, reason: `currency amounts from ${fmt(s.minAmount)} to ${fmt(s.maxAmount)} with ${digits} decimals (generated as numbers)${mixed}`, observed: observedAmounts };
    }
    return { generator: 'number.float', options: { ...range, ...(digits ? { fractionDigits: digits } : {}) }, confidence: 0.8, reason: `currency amounts from ${fmt(s.minAmount)} to ${fmt(s.maxAmount)}, some negative, with ${digits} decimals (generated as numbers)${mixed}`, observed: observedAmounts };
  }
  if (format && byFormat[format]) {
    let [generator, what] = byFormat[format];
    // The name can be more precise than the format: an avatar's URL, a website.
    if (named && format === 'url' && /url|image|avatar/i.test(named.generator)) generator = named.generator;
    return { generator, confidence: 0.9, reason: `values are ${what}${mixed}`, observed };
  }
  // Filler text is sized from the values: a name says "a title", the sample says how many words.
  if (named && !named.generator.startsWith('lorem.')) return { ...named, reason: `${named.reason}${mixed}`, observed };
  const words = s.totalWords / Math.max(1, s.strings);
  if (words >= 12) {
    const sentences = Math.max(1, Math.round(s.totalSentences / Math.max(1, s.strings)));
    return { generator: 'lorem.paragraph', options: { sentenceCount: Math.min(50, sentences) }, confidence: 0.6, reason: `long text, about ${Math.round(words)} words in ${sentences} sentences${mixed}`, observed };
  }
  if (words >= 4) return { generator: 'lorem.sentence', options: { wordCount: Math.min(100, Math.round(words)) }, confidence: 0.6, reason: `short text, about ${Math.round(words)} words${mixed}`, observed };
  if (s.shape && s.distinct.size > MAX_CATEGORY_LABELS) {
    return { generator: 'regex', options: { pattern: patternOf(s.shape) }, confidence: 0.7, reason: `codes of one shape (${s.shape})${mixed}`, observed: { ...observed, shape: s.shape } };
  }
  const count = Math.max(1, Math.min(100, Math.round(words) || 1));
  return { generator: 'lorem.words', options: { count }, confidence: 0.4, reason: `text of ${count} word${count > 1 ? 's' : ''} with nothing more specific to go on${mixed}`, observed };
}

/**
 * When most emails contain the row's first or last name, the generated ones
 * are built from the generated names too (`{first_name}`), so a row stays
 * believable: jane.doe@… belongs to Jane Doe.
 */
function emailNameOptions(s: ColumnStats): { options: Record<string, string>; columns: string } | undefined {
  const often = [...s.emailContains].filter(([, n]) => n / Math.max(1, s.strings) >= 0.5).map(([column]) => column);
  const first = often.find((c) => nameTokens(c).some((t) => ['first', 'given', 'fname'].includes(t)));
  const last = often.find((c) => nameTokens(c).some((t) => ['last', 'family', 'surname', 'lname'].includes(t)));
  if (!first && !last) return undefined;
  const options: Record<string, string> = {};
  if (first) options.firstName = `{${first}}`;
  if (last) options.lastName = `{${last}}`;
  return { options, columns: [first, last].filter(Boolean).join(' and ') };
}

/** "AA-99" → "[A-Z]{2}-[0-9]{2}": the shape of the codes, none of their values. */
function patternOf(shape: string): string {
  const classes: Record<string, string> = { A: '[A-Z]', a: '[a-z]', '9': '[0-9]' };
  let out = '';
  for (let i = 0; i < shape.length; ) {
    let j = i;
    while (j < shape.length && shape[j] === shape[i]) j++;
    const cls = classes[shape[i]] ?? shape[i].replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
    out += j - i > 1 ? `${cls}{${j - i}}` : cls;
    i = j;
  }
  return out;
}


const fmt = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 10 });
