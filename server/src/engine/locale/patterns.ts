import type { CellRng } from '../random/cell-rng';
import type { LocaleData } from './locales';

export type StringFn = ((rng: CellRng) => string) & { plain?: boolean };

/** Text that needs no CSV/TSV quoting or escaping. */
export const UNSAFE_TEXT = /[",\r\n\t\\]/;

export function isPlainList(list: readonly string[]): boolean {
  return list.length > 0 && list.every((s) => s !== '' && !UNSAFE_TEXT.test(s));
}

function markPlain(fn: StringFn, plain: boolean): StringFn {
  fn.plain = plain;
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
  return markPlain((rng) => compiled[rng.below(compiled.length)](rng), compiled.every((c) => c.plain));
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
  if (pieces.length === 1) return markPlain((rng) => pieces[0](rng), plain);
  if (pieces.length === 2) return markPlain((rng) => pieces[0](rng) + pieces[1](rng), plain);
  if (pieces.length === 3) return markPlain((rng) => pieces[0](rng) + pieces[1](rng) + pieces[2](rng), plain);
  return markPlain((rng) => {
    let s = '';
    for (const piece of pieces) s += piece(rng);
    return s;
  }, plain);
}

function resolveReference(locale: LocaleData, ref: string, depth: number): StringFn {
  const listPath = METHOD_LISTS[ref] ?? ref;
  const isPattern = /_pattern$|building_number|street_address/.test(listPath);
  if (depth < 4 && isPattern) return compilePatternList(locale, listPath, depth + 1);
  const list = locale.list(listPath);
  if (list.length > 0) {
    const hasSymbols = list.some((s) => /[#{]/.test(s));
    if (hasSymbols && depth < 4) return compilePatternList(locale, listPath, depth + 1);
    return markPlain((rng) => list[rng.below(list.length)], isPlainList(list));
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
  const lowest = slots.map((i) => (codes[i] === 33 ? 50 : 48)); // '!' is 2–9, '#' 0–9
  const spans = slots.map((i) => (codes[i] === 33 ? 8 : 10));
  return markPlain((rng) => {
    let digits = 0;
    let left = 0;
    for (let k = 0; k < slots.length; k++) {
      if (left === 0) {
        digits = rng.u32() >>> 2;
        left = 9;
      }
      const d = digits % 10;
      digits = (digits / 10) | 0;
      left--;
      codes[slots[k]] = lowest[k] + (spans[k] === 10 ? d : d & 7);
    }
    return String.fromCharCode.apply(null, codes);
  }, !UNSAFE_TEXT.test(text));
}
