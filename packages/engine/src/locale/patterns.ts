import type { CellRng } from '../random/cell-rng';
import type { EmitFn, EmitterFactory } from '../generators/types';
import { choiceEmitter, commasOf, drawDigits, listEmitter, listStep, MAX_DIGITS, NOT_RAW, programEmitter, Step, type Commas } from '../formats/cell-writers';
import type { LocaleData } from './locales';

/**
 * A string generator over locale data, with what the encoders may know of it:
 * - `plain`: values are never empty and hold no CSV/TSV metacharacter;
 * - `program`, `commas`: the same text as a program of raw-byte steps (see
 *   Step, Commas), which patterns compose from their pieces' programs;
 * - `emitter`: its cell writers.
 * Programs are made on first use, by the cell writers: their steps hold whole
 * lists encoded (every first name), which a plan that writes from values
 * (a short table, a preview, a seed client) never needs.
 */
export type StringFn = ((rng: CellRng) => string) & { plain?: boolean; program?: () => Step[]; commas?: Commas; emitter?: EmitterFactory };

/** `make`, called once, when first asked. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}

/** Text that needs no CSV/TSV quoting or escaping. */
export const UNSAFE_TEXT = /[",\r\n\t\\]/;

export function isPlainList(list: readonly string[]): boolean {
  return list.length > 0 && list.every((s) => s !== '' && !UNSAFE_TEXT.test(s));
}

function markPlain(fn: StringFn, plain: boolean): StringFn {
  fn.plain = plain;
  return fn;
}

/** Gives `fn` its program (made when first asked), and the cell writers that follow from it. */
function withProgram(fn: StringFn, program: (() => Step[]) | undefined, commas: Commas): StringFn {
  if (!program) return fn;
  fn.program = once(program);
  fn.commas = commas;
  const emitter = once(() => programEmitter(fn.program!(), commas));
  fn.emitter = (format) => emitter()(format);
  return fn;
}

/** What a list's entries allow, read once per list: an import of 1,000 tables picks from the same fitted lists for thousands of columns. */
const listTraits = new WeakMap<readonly string[], { plain: boolean; step: (() => Step) | undefined; commas: Commas }>();

/** Joins a list's entries for one scan of them all: in neither UNSAFE_TEXT nor NOT_RAW, and no comma. */
const SCAN_SEPARATOR = '\u00ff';

/** What a list allows, from one regex scan of its entries joined (a regex per entry of every list was milliseconds of each start). */
function traitsOf(list: readonly string[]): { plain: boolean; step: (() => Step) | undefined; commas: Commas } {
  if (list.length === 0 || list.includes('')) return { plain: false, step: undefined, commas: commasOf(list) };
  const joined = list.join(SCAN_SEPARATOR);
  return {
    plain: !UNSAFE_TEXT.test(joined),
    step: NOT_RAW.test(joined) ? undefined : once(() => listStep(list)!),
    commas: joined.includes(',') ? commasOf(list) : 'never',
  };
}

/** A uniform pick from a list: marked plain when no entry needs quoting, with its entries pre-encoded for writers. */
export function listPick(list: readonly string[]): StringFn {
  const n = list.length;
  let traits = listTraits.get(list);
  if (!traits) listTraits.set(list, (traits = traitsOf(list)));
  const fn: StringFn = markPlain((rng) => list[rng.below(n)], traits.plain);
  const { step } = traits;
  withProgram(fn, step && (() => [step()]), traits.commas);
  // Any list has cell writers: each entry is pre-encoded as the format writes it.
  fn.emitter = listEmitter(list);
  return fn;
}

/** faker's camelCase method names inside patterns, mapped to their definition lists. */
const METHOD_LISTS: Record<string, string> = {
  'person.firstName': 'person.first_name',
  'person.lastName': 'person.last_name',
  'person.middleName': 'person.middle_name',
  'person.prefix': 'person.prefix',
  'person.suffix': 'person.suffix',
  'location.state': 'location.state',
  'location.secondaryAddress': 'location.secondary_address',
  'location.buildingNumber': 'location.building_number',
  'location.street': 'location.street_pattern',
  'location.city': 'location.city_pattern',
  'location.streetName': 'location.street_name',
  'company.suffix': 'company.legal_entity_type',
};

/**
 * Compiles a faker definition pattern such as
 * `{{location.city_prefix}} {{person.firstName}}{{location.city_suffix}}` once
 * into a closure that picks from the locale's lists by cell randomness —
 * the fast path behind cities, companies, streets and phone numbers. Unknown
 * references fall back to calling faker itself through the cell randomizer.
 */
export function compilePatternList(locale: LocaleData, path: string, depth = 0): StringFn {
  const patterns = locale.list(path);
  if (patterns.length === 0) return markPlain(() => '', false);
  const compiled = patterns.map((p) => compilePattern(locale, p, depth));
  if (compiled.length === 1) return compiled[0];
  const n = compiled.length;
  const fn = markPlain((rng) => compiled[rng.below(n)](rng), compiled.every((c) => c.plain));
  const programs = compiled.map((c) => c.program);
  const commas = compiled.map((c) => c.commas ?? 'some');
  if (programs.every((p) => p)) {
    const options = once(() => programs.map((p) => p!()));
    const all: Commas = commas.every((c) => c === 'never') ? 'never' : commas.every((c) => c === 'always') ? 'always' : 'some';
    withProgram(fn, () => [Step.choice(options())], all);
    // Patterns that quote differently (company names: "A, B and C" but "A-B") still get a CSV writer.
    if (all === 'some') {
      const emitter = commas.includes('some') ? undefined : once(() => choiceEmitter(options(), commas)!);
      fn.emitter = emitter && ((format) => emitter()(format));
    }
  } else if (compiled.every((c) => c.emitter)) {
    fn.emitter = (format) => {
      const emitters = compiled.map((c) => c.emitter!(format));
      if (!emitters.every((e) => e)) return undefined;
      return (rng, row, out) => (emitters[rng.below(n)] as EmitFn)(rng, row, out);
    };
  }
  return fn;
}

export function compilePattern(locale: LocaleData, pattern: string, depth = 0): StringFn {
  const parts: (string | StringFn)[] = [];
  let last = 0;
  for (const match of pattern.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)) {
    if (match.index > last) parts.push(withSymbols(pattern.slice(last, match.index)));
    parts.push(resolveReference(locale, match[1], depth));
    last = match.index + match[0].length;
  }
  if (last < pattern.length) parts.push(withSymbols(pattern.slice(last)));
  const plain = parts.every((p) => (typeof p === 'string' ? !UNSAFE_TEXT.test(p) : p.plain)) && parts.some((p) => p !== '');
  const pieces: StringFn[] = parts.map((p) => (typeof p === 'string' ? () => p : p));
  let fn: StringFn;
  if (pieces.length === 1) fn = (rng) => pieces[0](rng);
  else if (pieces.length === 2) fn = (rng) => pieces[0](rng) + pieces[1](rng);
  else if (pieces.length === 3) fn = (rng) => pieces[0](rng) + pieces[1](rng) + pieces[2](rng);
  else {
    fn = (rng) => {
      let s = '';
      for (const piece of pieces) s += piece(rng);
      return s;
    };
  }
  markPlain(fn, plain);
  withProgram(fn, patternProgram(parts), patternCommas(parts));
  // A pattern that is one list (a locale's city names) keeps the list's cell writers.
  if (!fn.emitter && parts.length === 1 && typeof parts[0] !== 'string') fn.emitter = parts[0].emitter;
  return fn;
}

/**
 * The pieces' steps in order (the draws of the string form): literals as
 * bytes, the rest inlined from their own programs. None when a piece has no
 * program, or may or may not hold a comma (CSV quoting could not be known in advance).
 */
function patternProgram(parts: (string | StringFn)[]): (() => Step[]) | undefined {
  if (parts.every((p) => p === '')) return undefined;
  const programmable = parts.every((part) => (typeof part === 'string' ? !NOT_RAW.test(part) : part.program && part.commas !== 'some'));
  if (!programmable) return undefined;
  return () => parts.flatMap((part) => (typeof part === 'string' ? (part === '' ? [] : [Step.literal(part)]) : part.program!()));
}

function patternCommas(parts: (string | StringFn)[]): Commas {
  return parts.some((p) => (typeof p === 'string' ? p.includes(',') : p.commas === 'always')) ? 'always' : 'never';
}

function resolveReference(locale: LocaleData, ref: string, depth: number): StringFn {
  const listPath = METHOD_LISTS[ref] ?? ref;
  const isPattern = /_pattern$|building_number|street_address/.test(listPath);
  if (depth < 4 && isPattern) return compilePatternList(locale, listPath, depth + 1);
  const list = locale.list(listPath);
  if (list.length > 0) {
    const hasSymbols = list.some((s) => /[#{]/.test(s));
    if (hasSymbols && depth < 4) return compilePatternList(locale, listPath, depth + 1);
    return listPick(list);
  }
  return markPlain(fakerCall(locale, ref), false);
}

function fakerCall(locale: LocaleData, ref: string): StringFn {
  const [module, method] = ref.split('.');
  const target = (locale.faker as unknown as Record<string, Record<string, () => unknown>>)[module];
  if (!target || typeof target[method] !== 'function') return () => '';
  return (rng) => {
    locale.randomizer.rng = rng;
    return String(target[method]());
  };
}

/** Literal text where `#` is any digit and `!` a digit 2–9 (faker's phone/number symbols). */
export function withSymbols(text: string): string | StringFn {
  if (!/[#!]/.test(text)) return text;
  // Built as character codes into one flat string (cheaper than appending
  // digit by digit, which makes a rope). One 30-bit draw yields 9 digits.
  const codes = Array.from(text, (c) => c.charCodeAt(0));
  const slots = codes.map((code, i) => (code === 35 || code === 33 ? i : -1)).filter((i) => i >= 0);
  const lowest = Uint8Array.from(slots, (i) => (codes[i] === 33 ? 50 : 48)); // '!' is 2–9, '#' 0–9
  const spans = Uint8Array.from(slots, (i) => (codes[i] === 33 ? 8 : 10));
  // The digits of one cell, drawn into a scratch array, then placed into the codes.
  const drawn = new Uint8Array(slots.length);
  const fn = markPlain((rng) => {
    drawDigits(rng, lowest, spans, drawn);
    for (let k = 0; k < slots.length; k++) codes[slots[k]] = drawn[k];
    return String.fromCharCode.apply(null, codes);
  }, !UNSAFE_TEXT.test(text));
  // ASCII templates (every phone format seen) are written as bytes: the template, then its digits.
  const ascii = codes.length === text.length && codes.every((c) => c < 128);
  if (!ascii || NOT_RAW.test(text) || slots.length > MAX_DIGITS) return fn;
  return withProgram(fn, () => [Step.digits(Uint8Array.from(codes), slots, lowest, spans)], text.includes(',') ? 'always' : 'never');
}
