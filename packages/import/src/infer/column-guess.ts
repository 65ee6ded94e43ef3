/**
 * One column → a generator, with options, a confidence and the reason, from
 * what is known of it: its name's words in its table's context, its kind of
 * value, its declared length and width. Shared by every import source: the
 * database sources know types and constraints, samples know observed kinds.
 */
import type { ValueKind } from '../schema-model';
import { matchName, type NameMatch } from './name-rules';
import { nameTokens, tableTokens } from './name-tokens';
import { getGenerator } from '@seedbed/engine';
import { fitsLength } from './value-lengths';

export interface ColumnFacts {
  table: string;
  name: string;
  kind: ValueKind;
  /** Most characters a value may have (varchar(n), char(n)). */
  maxLength?: number;
  /** char(n): values are blank-padded to n. */
  fixedLength?: boolean;
  /** Integer width in bits, and whether negative values are excluded. */
  bits?: number;
  unsigned?: boolean;
  /** numeric(p, s). */
  precision?: number;
  scale?: number;
  unique?: boolean;
  /** The column alone is its table's primary key. */
  primaryKey?: boolean;
  /** The table's other column names. */
  siblings?: string[];
  /** The schema's tables that have a key of their own (what a polymorphic `*_type` names). */
  tables?: string[];
}

export interface ColumnGuess {
  generator: string;
  options?: Record<string, unknown>;
  /** 0..1. */
  confidence: number;
  reason: string;
}

/** Dates generated when nothing narrower is known: recent years, never the clock. */
export const DATE_FROM = '2020-01-01';
export const DATE_TO = '2025-12-31';

export function guessColumn(given: ColumnFacts): ColumnGuess {
  // numeric(6) / numeric(6,0) holds whole numbers: ids, counts and codes are read as integers.
  const facts: ColumnFacts = given.kind === 'decimal' && !given.scale && given.precision !== undefined ? { ...given, kind: 'integer', bits: given.precision > 9 ? 64 : 32 } : given;
  const words = nameTokens(facts.name);
  let tables: string[][] | undefined;
  const named = matchName({
    words,
    table: tableTokens(facts.table),
    kind: facts.kind,
    maxLength: facts.maxLength,
    unique: facts.unique,
    primaryKey: facts.primaryKey,
    bits: facts.bits,
    precision: facts.precision,
    scale: facts.scale,
    siblings: (facts.siblings ?? []).filter((s) => s !== facts.name).map(nameTokens),
    // Read only by the rules of polymorphic `*_type` columns: made on first read, not for each of a 1,000-table schema's 13,000 columns.
    get tables() {
      return (tables ??= facts.tables?.filter((t) => t !== facts.table).map(tableTokens));
    },
  });
  const guess = idLike(facts, words) ?? (named ? fromName(named, facts) : byKind(facts, words));
  return facts.kind === 'text' && facts.maxLength ? withinLength(guess, facts) : guess;
}

/** `payment_id` in a composite key, or an id no foreign key explains: distinct numbers when they must be, small ones otherwise. */
function idLike(facts: ColumnFacts, words: string[]): ColumnGuess | undefined {
  if (facts.kind !== 'integer') return undefined;
  const last = words.at(-1) ?? '';
  if (facts.unique && ['id', 'number', 'seq', 'sequence', 'position', 'index', 'ordinal'].includes(last)) {
    return { generator: 'sequence', options: { start: 1 }, confidence: 0.8, reason: `a number that must be distinct (from the name "${facts.name}")` };
  }
  if (last !== 'id') return undefined;
  if (facts.unique) return { generator: 'sequence', options: { start: 1 }, confidence: 0.8, reason: `an id that must be distinct (from the name "${facts.name}")` };
  return { generator: 'number.int', options: { min: 1, max: Math.min(1000, integerMax(facts)) }, confidence: 0.5, reason: `an id with no foreign key (from the name "${facts.name}")` };
}

function fromName(match: NameMatch, facts: ColumnFacts): ColumnGuess {
  const guess: ColumnGuess = { generator: match.generator, confidence: match.confidence, reason: `${match.reason} (from the name "${facts.name}")` };
  if (match.options) guess.options = { ...match.options };
  if (facts.kind === 'decimal' && guess.options && typeof guess.options.max === 'number') {
    guess.options = withinDecimal(guess.generator, guess.options, facts);
  }
  if (facts.kind === 'integer' && guess.options && typeof guess.options.max === 'number') {
    guess.options.max = Math.min(guess.options.max, integerMax(facts));
    if (typeof guess.options.min === 'number') guess.options.min = Math.max(guess.options.min, facts.unsigned ? 0 : -integerMax(facts) - 1);
  }
  if (facts.kind === 'float' && guess.generator === 'commerce.price') guess.options = { ...guess.options, dec: 2 };
  return guess;
}

/** Keeps a value within numeric(p, s): at most p - s integer digits, rounded to s decimals. */
function withinDecimal(generator: string, options: Record<string, unknown>, facts: ColumnFacts): Record<string, unknown> {
  const out: Record<string, unknown> = { ...options, max: Math.min(Number(options.max), decimalMax(facts)) };
  if (typeof out.min === 'number' && out.min > (out.max as number)) out.min = 0;
  if (facts.scale === undefined) return out;
  if (generator === 'commerce.price' || generator === 'finance.amount') out.dec = Math.min(facts.scale, 10);
  if (generator === 'number.float') {
    delete out.precision;
    out.fractionDigits = Math.min(facts.scale, 15);
  }
  return out;
}

function decimalMax(facts: ColumnFacts): number {
  if (facts.precision === undefined) return 1_000_000;
  const scale = facts.scale ?? 0;
  return Math.max(0, 10 ** (facts.precision - scale) - 10 ** -scale);
}

function integerMax(facts: ColumnFacts): number {
  const bits = facts.bits ?? 32;
  return Math.min(Number.MAX_SAFE_INTEGER, 2 ** (facts.unsigned ? bits : bits - 1) - 1);
}

function byKind(facts: ColumnFacts, words: string[]): ColumnGuess {
  const has = (w: string) => words.includes(w);
  const type = (generator: string, reason: string, confidence: number, options?: Record<string, unknown>): ColumnGuess => ({
    generator,
    confidence,
    reason,
    ...(options ? { options } : {}),
  });
  switch (facts.kind) {
    // Nothing in the name: small numbers, as most columns hold (a count, an amount), not the type's whole range.
    case 'integer': {
      const max = Math.min(integerMax(facts), 1_000);
      return type('number.int', `an integer column (${facts.bits ?? 32}-bit${facts.unsigned ? ', unsigned' : ''}): small whole numbers`, 0.4, { min: facts.unsigned ? 0 : 1, max });
    }
    case 'decimal': {
      const scale = facts.scale ?? 2;
      const max = Math.min(decimalMax(facts), 1_000);
      return type('number.float', `a numeric(${facts.precision ?? ''}${facts.scale !== undefined ? `,${facts.scale}` : ''}) column`, 0.4, { min: 0, max, fractionDigits: scale });
    }
    case 'float':
      return type('number.float', 'a floating-point column', 0.4, { min: 0, max: 100, fractionDigits: 2 });
    case 'boolean': {
      const rarely = words.some((w) => ['deleted', 'archived', 'disabled', 'banned', 'blocked', 'locked', 'hidden'].includes(w));
      const mostly = words.some((w) => ['active', 'enabled', 'visible', 'verified', 'published', 'confirmed'].includes(w));
      if (rarely || mostly) return type('datatype.boolean', `a flag that is ${rarely ? 'rarely' : 'mostly'} set (from the name "${facts.name}")`, 0.7, { probability: rarely ? 0.05 : 0.9 });
      return type('datatype.boolean', 'a boolean column', 0.6);
    }
    case 'uuid':
      return type('uuid', 'a uuid column', 0.9);
    case 'date':
      if (has('birth')) return type('date.birthdate', `a birth date (from the name "${facts.name}")`, 0.95);
      return type('date.between', 'a date column', 0.5, { from: DATE_FROM, to: DATE_TO, dateOnly: true });
    case 'timestamp':
      if (has('birth')) return type('date.birthdate', `a birth date (from the name "${facts.name}")`, 0.9);
      if (has('created')) return type('date.between', `when the row was created (from the name "${facts.name}")`, 0.85, { from: DATE_FROM, to: '2025-06-30' });
      return type('date.between', 'a timestamp column', 0.5, { from: DATE_FROM, to: DATE_TO });
    case 'time':
      return type('date.time', 'a time-of-day column', 0.8);
    case 'interval':
      return type('date.interval', 'an interval column: up to 30 days', 0.7, { min: 60, max: 30 * 86_400 });
    case 'json':
      return type('json', 'a JSON column: a small object', 0.6, { keys: 3 });
    case 'binary':
      return type('bytes', 'a binary column', 0.6, { min: 4, max: Math.max(4, Math.min(facts.maxLength ?? 32, 32)) });
    case 'inet':
    case 'cidr':
      return type('internet.ipv4', `an ${facts.kind} column`, 0.8);
    case 'macaddr':
      return type('internet.mac', 'a macaddr column', 0.9);
    case 'tsvector':
      return type('lorem.words', 'a tsvector column: words, which PostgreSQL reads as lexemes', 0.4, { count: 5 });
    case 'text':
      return textByLength(facts);
    default:
      return type('lorem.word', 'a column of an unknown type', 0.1);
  }
}

function textByLength(facts: ColumnFacts): ColumnGuess {
  const n = facts.maxLength;
  if (n !== undefined && n <= 3) {
    return { generator: 'string.alpha', options: { length: n, casing: 'upper' }, confidence: 0.4, reason: `a short code (${facts.fixedLength ? 'char' : 'varchar'}(${n}))` };
  }
  if (facts.unique) return { generator: 'string.alphanumeric', options: { length: Math.min(n ?? 12, 12) }, confidence: 0.4, reason: 'a unique text column' };
  if (n !== undefined && n <= 12) return { generator: 'string.alphanumeric', options: { length: Math.min(n, 8) }, confidence: 0.3, reason: `a short text column (${n} characters)` };
  if (n !== undefined && n <= 60) return { generator: 'lorem.words', options: { count: 2 }, confidence: 0.3, reason: 'a text column' };
  return { generator: 'lorem.sentence', confidence: 0.3, reason: 'a text column' };
}

/** A value longer than varchar(n) fails the load: a text generator then takes the limit (`maxLength`) and keeps its meaning. */
function withinLength(guess: ColumnGuess, facts: ColumnFacts): ColumnGuess {
  const n = facts.maxLength!;
  const lengthOption = guess.options?.length;
  if (typeof lengthOption === 'number') return { ...guess, options: { ...guess.options, length: Math.min(lengthOption, n) } };
  if (guess.generator === 'weighted' || fitsLength(guess.generator, guess.options, n, facts.unique)) return guess;
  if (getGenerator(guess.generator)?.options?.maxLength) {
    return { ...guess, options: { ...guess.options, maxLength: n }, reason: `${guess.reason}, at most ${n} characters` };
  }
  const length = Math.max(1, Math.min(n, 8));
  return {
    generator: 'string.alphanumeric',
    options: { length },
    confidence: Math.min(guess.confidence, 0.3),
    reason: `${guess.reason}, but ${guess.generator} can be longer than ${n} characters: a code instead`,
  };
}
