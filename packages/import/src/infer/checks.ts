/**
 * Simple one-column CHECKs turned into generator options, so generated rows
 * pass them: `IN (...)` → weighted over those values, ranges and BETWEEN →
 * min/max (or from/to for dates), length bounds → a length. What cannot be
 * expressed is returned to be listed as skipped.
 */
import type { CheckRule, CheckValue, ValueKind } from '../schema-model';
import RandExp from 'randexp';
import { checkRegex } from '@seedbed/engine';
import type { ColumnGuess } from './column-guess';
import { fitsLength, reachesLength } from './value-lengths';

type ColumnRule = Exclude<CheckRule, { kind: 'columns' } | { kind: 'other' }>;

const NUMERIC_GENERATORS = new Set(['number.int', 'number.float', 'commerce.price', 'finance.amount']);

export interface RuledGuess {
  guess: ColumnGuess;
  /** Rules it could not turn into options. */
  unhandled: ColumnRule[];
  notNull: boolean;
}

export function applyColumnRules(guess: ColumnGuess, kind: ValueKind, rules: ColumnRule[], scale?: number, maxLength?: number): RuledGuess {
  let current = guess;
  const unhandled: ColumnRule[] = [];
  let notNull = false;
  const numeric = kind === 'integer' || kind === 'decimal' || kind === 'float';
  const step = kind === 'integer' ? 1 : 10 ** -(scale ?? 2);
  let low = -Infinity;
  let high = Infinity;
  let lengthMin = 0;
  let lengthMax = Infinity;
  const reasons: string[] = [];

  for (const rule of rules) {
    if (rule.kind === 'notNull') {
      notNull = true;
    } else if (rule.kind === 'in') {
      current = { generator: 'weighted', options: { values: rule.values.map((value) => ({ value, weight: 1 })) }, confidence: 0.95, reason: `one of the values its CHECK allows (${rule.values.slice(0, 5).join(', ')}${rule.values.length > 5 ? ', …' : ''})` };
    } else if (rule.kind === 'compare' && rule.op === '=') {
      current = { generator: 'constant', options: { value: rule.value }, confidence: 0.95, reason: 'the one value its CHECK allows' };
    } else if (rule.kind === 'compare' && rule.op === '<>') {
      if (current.generator === 'weighted') current = withoutValue(current, rule.value);
    } else if ((rule.kind === 'compare' || rule.kind === 'between') && numeric) {
      const [lo, hi] = rangeOf(rule, step);
      low = Math.max(low, lo);
      high = Math.min(high, hi);
      reasons.push('range');
    } else if ((rule.kind === 'compare' || rule.kind === 'between') && (kind === 'date' || kind === 'timestamp')) {
      current = dateRange(current, rule, kind);
    } else if (rule.kind === 'regex') {
      const built = kind === 'text' && current.generator !== 'weighted' && current.generator !== 'constant' ? patternGuess(rule.pattern, maxLength) : undefined;
      if (built) current = built;
      else unhandled.push(rule);
    } else if (rule.kind === 'length') {
      if (rule.op === '>' || rule.op === '>=' || rule.op === '=') lengthMin = Math.max(lengthMin, rule.value + (rule.op === '>' ? 1 : 0));
      if (rule.op === '<' || rule.op === '<=' || rule.op === '=') lengthMax = Math.min(lengthMax, rule.value - (rule.op === '<' ? 1 : 0));
    } else {
      unhandled.push(rule);
    }
  }
  if (reasons.length && current.generator !== 'weighted' && current.generator !== 'constant') current = withRange(current, kind, low, high, scale);
  if (lengthMin > 1 || lengthMax < Infinity) current = withLength(current, lengthMin, lengthMax);
  return { guess: current, unhandled, notNull };
}

/** Samples a pattern must pass to be generated from: all of them match it (and fit the column). */
const PATTERN_SAMPLES = 24;

/**
 * `username ~ '^[a-z0-9_]{3,30}$'` → the regex generator over the pattern,
 * when it is anchored at both ends (else it only says what values contain)
 * and what randexp makes from it does match it and fit the column: a
 * pattern JavaScript reads otherwise is left to the CHECK's re-draws.
 */
function patternGuess(pattern: string, maxLength?: number): ColumnGuess | undefined {
  if (!pattern.startsWith('^') || !pattern.endsWith('$') || pattern.endsWith('\\$')) return undefined;
  let re: RegExp;
  try {
    re = checkRegex(pattern, false);
  } catch {
    return undefined;
  }
  try {
    const gen = new RandExp(re);
    gen.max = 8;
    for (let i = 0; i < PATTERN_SAMPLES; i++) {
      const value = gen.gen();
      if (!re.test(value) || (maxLength !== undefined && [...value].length > maxLength)) return undefined;
    }
  } catch {
    return undefined;
  }
  return { generator: 'regex', options: { pattern, maxRepetition: 8 }, confidence: 0.9, reason: `text its CHECK's pattern ${pattern} allows` };
}

function num(value: CheckValue): number {
  return typeof value === 'number' ? value : Number(value);
}

function rangeOf(rule: Extract<ColumnRule, { kind: 'compare' | 'between' }>, step: number): [number, number] {
  if (rule.kind === 'between') return [num(rule.min), num(rule.max)];
  const v = num(rule.value);
  switch (rule.op) {
    case '>': return [v + step, Infinity];
    case '>=': return [v, Infinity];
    case '<': return [-Infinity, v - step];
    case '<=': return [-Infinity, v];
    default: return [-Infinity, Infinity];
  }
}

/** The guess's own range narrowed by the check's; when they do not meet, the check's range alone. */
function withRange(guess: ColumnGuess, kind: ValueKind, low: number, high: number, scale?: number): ColumnGuess {
  // A whole-number column keeps only a whole-number generator (a smallint `depth` is never 4.8).
  const keeps = NUMERIC_GENERATORS.has(guess.generator) && (guess.generator.startsWith('number.') || low >= 0) && (kind !== 'integer' || guess.generator === 'number.int');
  const base = keeps ? guess : { generator: kind === 'integer' ? 'number.int' : 'number.float', options: kind === 'integer' ? {} : { fractionDigits: scale ?? 2 }, confidence: 0.8, reason: 'a number' };
  const ownMin = typeof base.options?.min === 'number' ? base.options.min : undefined;
  const ownMax = typeof base.options?.max === 'number' ? base.options.max : undefined;
  let min = Math.max(low, ownMin ?? low);
  let max = Math.min(high, ownMax ?? high);
  if (!(min <= max)) [min, max] = [low, high];
  if (!Number.isFinite(min)) min = Number.isFinite(max) ? max - 1000 : 0;
  if (!Number.isFinite(max)) max = min + (ownMax !== undefined && ownMin !== undefined ? ownMax - ownMin : 1000);
  if (kind === 'integer') [min, max] = [Math.ceil(min), Math.floor(max)];
  return {
    ...base,
    options: { ...base.options, min, max },
    confidence: Math.max(base.confidence, 0.8),
    reason: `${base.reason}, within its CHECK (${min} to ${max})`,
  };
}

function withoutValue(guess: ColumnGuess, value: CheckValue): ColumnGuess {
  const values = (guess.options?.values as { value: CheckValue; weight: number }[] | undefined)?.filter((v) => v.value !== value);
  return values?.length ? { ...guess, options: { values } } : guess;
}

function dateRange(guess: ColumnGuess, rule: Extract<ColumnRule, { kind: 'compare' | 'between' }>, kind: ValueKind): ColumnGuess {
  const options = guess.generator === 'date.between' ? { ...guess.options } : { from: '2020-01-01', to: '2025-12-31', ...(kind === 'date' ? { dateOnly: true } : {}) };
  if (rule.kind === 'between') Object.assign(options, { from: isoDate(rule.min), to: isoDate(rule.max) });
  else if (rule.op === '>' || rule.op === '>=') options.from = laterOf(String(options.from), isoDate(rule.value));
  else if (rule.op === '<' || rule.op === '<=') options.to = earlierOf(String(options.to), isoDate(rule.value));
  if (String(options.from) > String(options.to)) options.to = String(options.from);
  return { generator: 'date.between', options, confidence: 0.85, reason: `a date within its CHECK (${options.from} to ${options.to})` };
}

/** `2022-01-01 00:00:00+00` → `2022-01-01T00:00:00Z`: the offset is dropped, a bound a few hours off stays inside a range of years. */
function isoDate(value: CheckValue): string {
  const text = String(value);
  const date = text.slice(0, 10);
  const time = /^\d{2}:\d{2}(:\d{2})?/.exec(text.slice(11))?.[0];
  return time ? `${date}T${time.length === 5 ? `${time}:00` : time}Z` : date;
}

const laterOf = (a: string, b: string) => (a > b ? a : b);
const earlierOf = (a: string, b: string) => (a < b ? a : b);

function withLength(guess: ColumnGuess, min: number, max: number): ColumnGuess {
  const longEnough = min <= 1 || reachesLength(guess.generator, guess.options, min);
  const shortEnough = !Number.isFinite(max) || fitsLength(guess.generator, guess.options, max + 1);
  if (longEnough && shortEnough) return guess;
  const length = Math.max(min, Math.min(max, typeof guess.options?.length === 'number' ? guess.options.length : 8));
  const generator = guess.generator.startsWith('string.') && guess.options?.length !== undefined ? guess.generator : 'string.alpha';
  return { generator, options: { ...(generator === guess.generator ? guess.options : { casing: 'lower' }), length }, confidence: 0.6, reason: `${guess.reason}; ${length} characters to meet its length CHECK` };
}
