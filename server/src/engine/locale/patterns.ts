import type { CellRng } from '../random/cell-rng';
import type { LocaleData } from './locales';

export type StringFn = (rng: CellRng) => string;

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
  if (patterns.length === 0) return () => '';
  const compiled = patterns.map((p) => compilePattern(locale, p, depth));
  if (compiled.length === 1) return compiled[0];
  return (rng) => compiled[rng.below(compiled.length)](rng);
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
  const pieces = parts.map((p) => (typeof p === 'string' ? () => p : p));
  if (pieces.length === 1) return pieces[0];
  if (pieces.length === 2) return (rng) => pieces[0](rng) + pieces[1](rng);
  if (pieces.length === 3) return (rng) => pieces[0](rng) + pieces[1](rng) + pieces[2](rng);
  return (rng) => {
    let s = '';
    for (const piece of pieces) s += piece(rng);
    return s;
  };
}

function resolveReference(locale: LocaleData, ref: string, depth: number): StringFn {
  const listPath = METHOD_LISTS[ref] ?? ref;
  const isPattern = /_pattern$|building_number|street_address/.test(listPath);
  if (depth < 4 && isPattern) return compilePatternList(locale, listPath, depth + 1);
  const list = locale.list(listPath);
  if (list.length > 0) {
    const hasSymbols = list.some((s) => /[#{]/.test(s));
    if (hasSymbols && depth < 4) return compilePatternList(locale, listPath, depth + 1);
    return (rng) => list[rng.below(list.length)];
  }
  return fakerCall(locale, ref);
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
  const chars = [...text];
  return (rng) => {
    let s = '';
    for (const c of chars) {
      if (c === '#') s += rng.below(10);
      else if (c === '!') s += 2 + rng.below(8);
      else s += c;
    }
    return s;
  };
}
