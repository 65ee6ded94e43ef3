/**
 * `maxLength`: every text generator takes the column's limit (a VARCHAR(n))
 * and keeps its meaning within it. A first name for a VARCHAR(10) is drawn
 * among the locale's names that fit; a country in 2 characters is its ISO
 * code; a company, city or job title too long for the column is drawn again
 * (from the same cell's randomness, so the value stays a pure function of
 * the cell) and, failing that, replaced by a shorter form of the same thing
 * (a last name for a company, a job type for a job title), cut at a word
 * boundary only when nothing of the locale fits.
 *
 * Without the option a generator is exactly what it was: no document's bytes
 * change.
 */
import type { BuildContext, CellFn, GeneratorDef, Value, ValueSpace } from './types';
import { listPick } from '../locale/patterns';
import { opt } from './helpers';

/** Redraws before falling back to a shorter form: a list where 1 value in 20 fits still fits almost always. */
const ATTEMPTS = 24;
/** Spaces larger than this are not enumerated to filter them. */
const MAX_FILTERED_SPACE = 250_000;

/** Shorter forms of the same meaning, per generator, from the locale's own lists. */
const SHORT_FORMS: Record<string, (ctx: BuildContext) => readonly string[]> = {
  'location.country': (ctx) => countryCodes(ctx),
  'location.state': (ctx) => ctx.locale.list('location.state_abbr'),
  'location.city': (ctx) => [...ctx.locale.list('location.city_name'), ...ctx.locale.list('location.city_prefix')],
  'location.county': (ctx) => ctx.locale.list('location.city_name'),
  'location.streetAddress': (ctx) => ctx.locale.list('location.street_name'),
  'location.street': (ctx) => ctx.locale.list('location.street_name'),
  'company.name': (ctx) => ctx.locale.list('person.last_name'),
  'company.catchPhrase': (ctx) => ctx.locale.list('company.noun'),
  'company.buzzPhrase': (ctx) => ctx.locale.list('company.buzz_noun'),
  'person.fullName': (ctx) => ctx.locale.list('person.last_name'),
  'person.jobTitle': (ctx) => ctx.locale.list('person.job_type'),
  'person.bio': (ctx) => ctx.locale.list('person.bio_part'),
  'commerce.productName': (ctx) => ctx.locale.list('commerce.product_name.product'),
  'commerce.department': (ctx) => ctx.locale.list('commerce.product_name.product'),
  'finance.currencyName': (ctx) => ((ctx.locale.lookup('finance.currency') as Record<string, { code: string }> | undefined) ? Object.values(ctx.locale.lookup('finance.currency') as Record<string, { code: string }>).map((c) => c.code) : []),
  'location.language': (ctx) => languageCodes(ctx),
  'book.title': (ctx) => ctx.locale.list('word.noun'),
  'music.songName': (ctx) => ctx.locale.list('word.noun'),
  'music.album': (ctx) => ctx.locale.list('word.noun'),
  'lorem.sentence': (ctx) => ctx.locale.list('lorem.word'),
  'lorem.words': (ctx) => ctx.locale.list('lorem.word'),
  'lorem.paragraph': (ctx) => ctx.locale.list('lorem.word'),
};

function countryCodes(ctx: BuildContext): readonly string[] {
  const codes = ctx.locale.lookup('location.country_code') as { alpha2: string; alpha3: string }[] | undefined;
  return (codes ?? []).flatMap((c) => [c.alpha3, c.alpha2]);
}

function languageCodes(ctx: BuildContext): readonly string[] {
  const languages = ctx.locale.lookup('location.language') as { alpha2: string; alpha3: string }[] | undefined;
  return (languages ?? []).flatMap((l) => [l.alpha2, l.alpha3]).filter(Boolean);
}

const lengthOf = (s: string) => (s.length < 64 ? [...s].length : Array.from(s).length);

/**
 * The shortest form of a text: its first whole words that fit `n`, else its
 * initials (`Kuhn-Zemlak` → `KZ`, a name → `E.`), as people abbreviate; a
 * word is never cut in the middle unless even one initial is too long.
 */
export function cutToLength(text: string, n: number): string {
  const chars = Array.from(text);
  if (chars.length <= n) return text;
  const head = chars.slice(0, n + 1).join('');
  const boundary = Math.max(head.lastIndexOf(' '), head.lastIndexOf('-'), head.lastIndexOf(','));
  const words = boundary > 0 ? head.slice(0, boundary).replace(/[\s,.;:&-]+$/, '') : '';
  if (words) return words;
  const initials = text.split(/[\s,&-]+/).filter((w) => /^\p{L}/u.test(w)).map((w) => Array.from(w)[0].toUpperCase());
  if (initials.length > 1 && initials.length <= n) return initials.join('');
  if (initials.length === 1 && n >= 2) return `${initials[0]}.`;
  return initials.length ? initials.slice(0, n).join('') : chars.slice(0, n).join('');
}

/** Lists filtered by length, per locale, remembered: a column's values are drawn from them for every row. */
const fittingLists = new WeakMap<object, Map<string, string[]>>();

function fittingList(ctx: BuildContext, key: string, n: number, build: () => readonly string[] | undefined): string[] | undefined {
  let lists = fittingLists.get(ctx.locale);
  if (!lists) fittingLists.set(ctx.locale, (lists = new Map()));
  const full = `${key}\u0000${n}`;
  if (!lists.has(full)) {
    const list = build();
    if (list) lists.set(full, [...new Set(list.filter((s) => s !== '' && lengthOf(s) <= n))]);
  }
  return lists.get(full);
}

/** The generator's own values, when they can be listed (names, states, departments). */
function spaceEntries(space: ValueSpace | undefined): string[] | undefined {
  if (!space || space.size > MAX_FILTERED_SPACE) return undefined;
  const out: string[] = [];
  for (let i = 0; i < space.size; i++) {
    const v = space.at(i);
    if (typeof v !== 'string') return undefined;
    out.push(v);
  }
  return out;
}

function fittingSpace(def: GeneratorDef, options: Record<string, unknown>, ctx: BuildContext, n: number): string[] | undefined {
  return fittingList(ctx, `${def.id}\u0000${JSON.stringify(options)}`, n, () => spaceEntries(def.space?.(options, ctx)));
}

function shortForms(id: string, ctx: BuildContext, n: number): string[] {
  const build = SHORT_FORMS[id];
  return (build && fittingList(ctx, `short\u0000${id}`, n, () => build(ctx))) || [];
}

function withoutMaxLength(options: Record<string, any>): Record<string, any> {
  const { maxLength, ...rest } = options;
  void maxLength;
  return rest;
}

/** The same generator, taking `maxLength`. */
export function withMaxLength(def: GeneratorDef): GeneratorDef {
  const fitted: GeneratorDef = {
    ...def,
    options: { ...def.options, maxLength: opt.int({ minimum: 1, maximum: 65_535, description: "Longest value in characters (a VARCHAR(n) column's n): values are drawn among those of the same meaning that fit" }) },
    create(options, ctx): CellFn {
      const n = options.maxLength;
      if (typeof n !== 'number') return def.create(options, ctx);
      const rest = withoutMaxLength(options);
      const own = fittingSpace(def, rest, ctx, n);
      if (own?.length) return listPick(own);
      const base = def.create(rest, ctx);
      const shorter = shortForms(def.id, ctx, n);
      return (rng, row): Value => {
        let value = base(rng, row);
        for (let i = 1; i < ATTEMPTS && typeof value === 'string' && lengthOf(value) > n; i++) value = base(rng, row);
        if (typeof value !== 'string' || lengthOf(value) <= n) return value;
        // A unique field's values differ by their row-tagged tail (`jane.doe1234`): shortening keeps it.
        if (ctx.unique) return keepingTail(def.id, value, n);
        if (shorter.length) return shorter[rng.below(shorter.length)];
        return shortened(def.id, value, n);
      };
    },
  };
  if (def.space) {
    fitted.space = (options, ctx) => {
      if (typeof options.maxLength !== 'number') return def.space!(options, ctx);
      const own = fittingSpace(def, withoutMaxLength(options), ctx, options.maxLength);
      return own?.length ? { size: own.length, at: (i) => own[i] } : undefined;
    };
  }
  fitted.maxBytes = (options, ctx) => {
    if (typeof options.maxLength !== 'number') return def.maxBytes?.(options, ctx);
    const own = def.maxBytes?.(withoutMaxLength(options), ctx);
    return Math.min(own ?? Infinity, options.maxLength * 4);
  };
  fitted.maxChars = (options, ctx) => {
    const own = def.maxChars?.(withoutMaxLength(options), ctx);
    if (typeof options.maxLength !== 'number') return own;
    return Math.min(own ?? Infinity, options.maxLength);
  };
  return fitted;
}

/** A value of a form with parts (an email, a URL) keeps its form when cut; other text is cut at a word. */
function shortened(id: string, value: string, n: number): string {
  if (id === 'internet.email' || id === 'internet.exampleEmail') {
    const at = value.lastIndexOf('@');
    const domain = value.slice(at);
    if (at > 0 && n > domain.length) return `${value.slice(0, Math.min(at, n - domain.length))}${domain}`;
  }
  if (id === 'phone.number') return cutToLength(value.replace(/[^\d+]/g, ''), n);
  return cutToLength(value, n);
}

/** Cut from the middle, keeping the digits a unique value ends with (before an email's domain). */
function keepingTail(id: string, value: string, n: number): string {
  const at = id === 'internet.email' || id === 'internet.exampleEmail' ? value.lastIndexOf('@') : -1;
  const [local, domain] = at > 0 ? [value.slice(0, at), value.slice(at)] : [value, ''];
  const room = n - domain.length;
  if (room < 1) return value.slice(-n);
  const tail = /\d+$/.exec(local)?.[0] ?? '';
  if (tail.length >= room) return `${local.slice(-room)}${domain}`;
  return `${local.slice(0, room - tail.length)}${tail}${domain}`;
}
