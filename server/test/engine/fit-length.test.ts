/**
 * Text generators under a column's limit (`maxLength`): for every width a
 * VARCHAR(n) of a real schema has (2 to 40), values fit, stay the same kind
 * of thing, and are made of the locale's own words, never letters.
 */
import { compileBlueprint, previewRows, type BlueprintDocument } from '../../src/engine';
import { localeData } from '../../src/engine/locale/locales';

const ROWS = 60;

/** Every word of the locale's definitions: what a value made of real words is made of. */
function vocabulary(locale: string): Set<string> {
  const words = new Set<string>();
  const visit = (node: unknown): void => {
    if (typeof node === 'string') {
      words.add(node);
      for (const w of node.split(/[\s,/()&.'-]+/)) if (w) words.add(w);
    } else if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') Object.values(node).forEach(visit);
  };
  visit(localeData(locale).chain);
  return words;
}

/** Pieces of a value that are not made from the locale's lists: digits and punctuation in patterns. */
const isFiller = (w: string) => /^[\d#?.,'&/()+-]*$/.test(w);

const LIMITED = [
  'person.firstName', 'person.lastName', 'person.fullName', 'person.middleName', 'person.jobTitle', 'person.jobType', 'person.prefix',
  'location.city', 'location.country', 'location.state', 'location.county', 'location.street', 'location.streetAddress',
  'company.name', 'commerce.department', 'commerce.productName', 'commerce.product', 'finance.currencyName', 'location.language',
  'book.title', 'lorem.words', 'lorem.sentence',
];

function values(generator: string, n: number, locale = 'en'): string[] {
  const doc: BlueprintDocument = { seedbed: 1, name: 'fit', locale, tables: [{ name: 't', rows: ROWS, fields: [{ name: 'v', generator, options: { maxLength: n } }] }] } as BlueprintDocument;
  const { rows } = previewRows(compileBlueprint(doc, { seed: n }), 't', 0, ROWS);
  return rows.map((r) => r[0] as string);
}

describe('text generators within a VARCHAR(n)', () => {
  const words = vocabulary('en');
  const suffixes = localeData('en').list('location.city_suffix');
  const inVocabulary = (w: string) => words.has(w) || words.has(w.toLowerCase()) || words.has(w[0].toUpperCase() + w.slice(1));
  // Faker's cities join a name and a suffix (`Kassandraville`): both parts are the locale's.
  const known = (w: string) => inVocabulary(w) || suffixes.some((s) => w.endsWith(s) && w.length > s.length && inVocabulary(w.slice(0, -s.length)));

  it.each(LIMITED)('%s fits every width from 2 to 40 and stays real words', (generator) => {
    for (let n = 2; n <= 40; n++) {
      for (const value of values(generator, n)) {
        expect([...value].length).toBeLessThanOrEqual(n);
        expect(value.length).toBeGreaterThan(0);
        // Narrower than any word of its kind, a value is its initials (`KZ`, `E.`), as people abbreviate.
        if (/^(\p{Lu}\.?)+$/u.test(value) && value.replace('.', '').length <= n && n <= 5) continue;
        const foreign = value.split(/[\s,/()&.'-]+/).filter((w) => w && !isFiller(w) && !known(w));
        if (foreign.length) throw new Error(`${generator} at VARCHAR(${n}) gave "${value}": ${foreign.join(', ')} is not a word of the locale`);
      }
    }
  });

  it('keeps the meaning by width: first names that fit, countries as ISO codes when 2 or 3 characters', () => {
    const firstNames = new Set(localeData('en').list('person.first_name'));
    expect(values('person.firstName', 10).every((v) => firstNames.has(v))).toBe(true);
    expect(values('location.country', 2).every((v) => /^[A-Z]{2}$/.test(v))).toBe(true);
    expect(values('location.state', 2).every((v) => localeData('en').list('location.state_abbr').includes(v))).toBe(true);
    // Wide enough: the generator is untouched.
    expect(new Set(values('person.firstName', 40)).size).toBeGreaterThan(40);
  });

  it('does the same in another locale, from its own lists', () => {
    const german = new Set(localeData('de').list('person.first_name'));
    expect(values('person.firstName', 6, 'de').every((v) => german.has(v) && v.length <= 6)).toBe(true);
  });

  it('changes nothing without the option: the same bytes as before', () => {
    const doc = (options?: Record<string, unknown>): BlueprintDocument =>
      ({ seedbed: 1, name: 'same', tables: [{ name: 't', rows: 20, fields: [{ name: 'v', generator: 'company.name', ...(options ? { options } : {}) }] }] }) as BlueprintDocument;
    const plain = previewRows(compileBlueprint(doc(), { seed: 3 }), 't', 0, 20).rows;
    const wide = previewRows(compileBlueprint(doc({ maxLength: 1000 }), { seed: 3 }), 't', 0, 20).rows;
    expect(wide).toEqual(plain);
  });
});
