/**
 * Searching the generator catalog as people search it: by what they would
 * call the column. "ref" must find `ref` before anything whose description
 * mentions a booking reference, "phone" the phone number before the IMEI.
 * Pure and browser-safe (types only): the API, the CLI and the editor's picker
 * rank with this one function.
 */

export interface Searchable {
  id: string;
  category: string;
  description: string;
}

/**
 * Generators a blueprint reaches for first, most common first: among equally
 * good matches they come before exotic ones (`phone.number` before
 * `phone.imei`, `date.between` before `date.weekday`).
 */
const COMMON = [
  'ref',
  'sequence',
  'uuid',
  'person.firstName',
  'person.lastName',
  'person.fullName',
  'internet.email',
  'phone.number',
  'date.between',
  'date.past',
  'date.recent',
  'date.birthdate',
  'date.future',
  'number.int',
  'number.float',
  'commerce.price',
  'location.city',
  'location.country',
  'location.streetAddress',
  'location.zipCode',
  'company.name',
  'commerce.productName',
  'internet.username',
  'internet.url',
  'datatype.boolean',
  'weighted',
  'list',
  'constant',
  'lorem.sentence',
  'lorem.word',
  'lorem.paragraph',
  'string.uuid',
  'template',
  'formula',
  'regex',
];
const COMMON_RANK = new Map(COMMON.map((id, i) => [id, i]));

/** The words of an id: `person.firstName` → person, first, name. */
function idWords(id: string): string[] {
  return id
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * How well one search word matches a generator, best first: 0 the whole id,
 * 1 the start of the id or one of its dotted parts whole (`phone` →
 * `phone.number`, `email` → `internet.email`), 2 a word of its name
 * (`name` → `person.firstName`), 3 inside the id, 4 its category, 5 its
 * description; undefined when it does not match at all.
 */
function wordTier(g: Searchable, word: string): number | undefined {
  const id = g.id.toLowerCase();
  if (id === word) return 0;
  if (id.startsWith(word) || id.split('.').includes(word)) return 1;
  if (idWords(g.id).some((w) => w.startsWith(word))) return 2;
  if (id.includes(word)) return 3;
  if (g.category.toLowerCase().includes(word)) return 4;
  if (g.description.toLowerCase().includes(word)) return 5;
  return undefined;
}

/**
 * The generators matching every word of `search` (case-insensitive) and
 * `category` (exactly, when given), best first: by how well the words match
 * (the id, then the name's words, then the description), then common
 * generators before the rest, then shorter ids. Without search words: the
 * catalog's own order.
 */
export function rankGenerators<T extends Searchable>(catalog: readonly T[], search?: string | null, category?: string | null): T[] {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const inCategory = category ? catalog.filter((g) => g.category === category) : [...catalog];
  if (words.length === 0) return inCategory;
  const scored: { g: T; score: number }[] = [];
  for (const g of inCategory) {
    let score = 0;
    for (const word of words) {
      const tier = wordTier(g, word);
      if (tier === undefined) {
        score = -1;
        break;
      }
      score += tier;
    }
    if (score >= 0) scored.push({ g, score });
  }
  const common = (g: T) => COMMON_RANK.get(g.id) ?? COMMON.length;
  return scored
    .sort((a, b) => a.score - b.score || common(a.g) - common(b.g) || a.g.id.length - b.g.id.length || (a.g.id < b.g.id ? -1 : a.g.id > b.g.id ? 1 : 0))
    .map((s) => s.g);
}
