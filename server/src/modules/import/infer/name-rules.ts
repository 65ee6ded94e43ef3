/**
 * What a column's name says it holds, for text and numbers alike: the rules
 * a person applies reading a schema. Each rule sees the name's words, the
 * table's words and the column's kind; the first that matches wins, so the
 * more specific rules come first. The table is context: `name` in
 * `customer` is a person's name, in `category` a word, in `company` a firm.
 */
import type { ValueKind } from '../schema-model';

export interface NameContext {
  /** The column name's words (see `nameTokens`). */
  words: string[];
  /** The table name's words, singular. */
  table: string[];
  kind: ValueKind;
  maxLength?: number;
  /** Other columns of the table, as word lists: an address's `state` sits beside `city` and `zip`. */
  siblings: string[][];
}

export interface NameMatch {
  generator: string;
  options?: Record<string, unknown>;
  confidence: number;
  reason: string;
}

type Rule = (c: NameContext) => NameMatch | undefined;

const TEXT: ValueKind[] = ['text'];
const NUMBER: ValueKind[] = ['integer', 'decimal', 'float'];
const has = (c: NameContext, ...words: string[]) => words.every((w) => c.words.includes(w));
const hasAny = (c: NameContext, ...words: string[]) => words.some((w) => c.words.includes(w));
const tableIs = (c: NameContext, names: ReadonlySet<string>) => c.table.some((w) => names.has(w));
const only = (c: NameContext, word: string) => c.words.length === 1 && c.words[0] === word;

export const PERSON_TABLES: ReadonlySet<string> = new Set([
  'customer', 'user', 'person', 'employee', 'staff', 'author', 'member', 'actor', 'student', 'patient', 'client', 'contact', 'owner',
  'manager', 'driver', 'teacher', 'artist', 'player', 'subscriber', 'guest', 'applicant', 'candidate', 'doctor', 'profile', 'account',
  'buyer', 'seller', 'passenger', 'worker', 'volunteer', 'attendee', 'participant', 'recipient', 'sender', 'agent', 'director', 'writer',
]);
const COMPANY_TABLES = new Set(['company', 'vendor', 'supplier', 'manufacturer', 'brand', 'merchant', 'partner', 'agency', 'business', 'tenant', 'organization', 'store', 'shop', 'bank']);
const PRODUCT_TABLES = new Set(['product', 'item', 'good', 'merchandise', 'article', 'inventory', 'sku']);
const WORK_TABLES = new Set(['film', 'movie', 'book', 'album', 'song', 'track', 'show', 'episode', 'game', 'title']);
const WORD_TABLES = new Set(['category', 'genre', 'tag', 'department', 'type', 'kind', 'group', 'role', 'label', 'topic', 'status', 'level', 'tier', 'class', 'section', 'skill']);

/** `name` means what its table (or a word before it: `author_name`) is about. */
function byTable(c: NameContext, what: string): NameMatch | undefined {
  const qualifier = c.words.filter((w) => w !== 'name' && w !== 'label' && w !== 'title');
  if (qualifier.length) {
    const match = byTable({ ...c, table: qualifier, words: ['name'] }, what);
    if (match) return match;
  }
  const table = c.table.join(' ');
  const own = (generator: string, confidence: number, options?: Record<string, unknown>) => ({ generator, confidence, reason: `${what} of ${/^[aeiou]/.test(table) ? 'an' : 'a'} ${table}`, ...(options ? { options } : {}) });
  if (tableIs(c, PERSON_TABLES)) return own('person.fullName', 0.8);
  if (tableIs(c, COMPANY_TABLES)) return own('company.name', 0.8);
  if (tableIs(c, PRODUCT_TABLES)) return own('commerce.productName', 0.8);
  if (tableIs(c, WORK_TABLES)) return own('book.title', 0.6);
  if (tableIs(c, new Set(['city']))) return own('location.city', 0.9);
  if (tableIs(c, new Set(['country']))) return own('location.country', 0.9);
  if (tableIs(c, new Set(['state', 'province']))) return own('location.state', 0.8);
  if (tableIs(c, new Set(['language']))) return own('location.language', 0.9);
  if (tableIs(c, new Set(['currency']))) return own('finance.currencyName', 0.8);
  if (tableIs(c, new Set(['team']))) return own('team.name', 0.8);
  if (tableIs(c, new Set(['airline']))) return own('airline.airline', 0.8);
  if (tableIs(c, new Set(['airport']))) return own('airline.airport', 0.8);
  if (tableIs(c, new Set(['department']))) return own('commerce.department', 0.7);
  if (tableIs(c, WORD_TABLES)) return own('word.noun', 0.6);
  return undefined;
}

const near = (c: NameContext, ...words: string[]) => c.siblings.some((s) => words.some((w) => s.includes(w)));

const TEXT_RULES: Rule[] = [
  (c) => (has(c, 'email') ? { generator: 'internet.email', confidence: 0.95, reason: 'the name says email' } : undefined),
  (c) => (has(c, 'first', 'name') || only(c, 'first') ? { generator: 'person.firstName', confidence: 0.95, reason: 'a first name' } : undefined),
  (c) => (has(c, 'last', 'name') || only(c, 'last') ? { generator: 'person.lastName', confidence: 0.95, reason: 'a last name' } : undefined),
  (c) => (has(c, 'middle') ? { generator: 'person.middleName', confidence: 0.9, reason: 'a middle name' } : undefined),
  (c) => (has(c, 'full', 'name') ? { generator: 'person.fullName', confidence: 0.9, reason: 'a full name' } : undefined),
  (c) => (has(c, 'user', 'name') ? { generator: 'internet.username', confidence: 0.9, reason: 'a user name' } : undefined),
  (c) => (has(c, 'display', 'name') ? { generator: 'internet.displayName', confidence: 0.85, reason: 'a display name' } : undefined),
  // `created_at` kept as text is a moment; `created_by` is who.
  (c) => (!hasAny(c, 'by', 'from', 'to') && (hasAny(c, 'created', 'updated', 'deleted', 'date', 'timestamp') || (c.words.length > 1 && ['at', 'on'].includes(c.words.at(-1)!)))
    ? { generator: 'date.between', options: { from: '2020-01-01', to: '2025-12-31', ...((c.maxLength ?? 99) < 20 ? { dateOnly: true } : {}) }, confidence: 0.7, reason: 'a date kept as text' } : undefined),
  (c) => (has(c, 'phone') ? { generator: 'phone.number', confidence: 0.9, reason: 'a phone number' } : undefined),
  (c) => (has(c, 'zip') ? { generator: 'location.zipCode', confidence: 0.9, reason: 'a postal code' } : undefined),
  (c) => (has(c, 'city') ? { generator: 'location.city', confidence: 0.9, reason: 'a city' } : undefined),
  (c) => (hasAny(c, 'district', 'borough', 'neighborhood', 'neighbourhood') ? { generator: 'location.county', confidence: 0.7, reason: 'a district of a city' } : undefined),
  (c) => (has(c, 'county') ? { generator: 'location.county', confidence: 0.85, reason: 'a county' } : undefined),
  (c) => (has(c, 'country') && (has(c, 'code') || (c.maxLength ?? 99) <= 3) ? { generator: 'location.countryCode', confidence: 0.9, reason: 'a country code' } : undefined),
  (c) => (has(c, 'country') ? { generator: 'location.country', confidence: 0.9, reason: 'a country' } : undefined),
  (c) => (has(c, 'state') && (near(c, 'city', 'zip', 'address', 'country') || has(c, 'province'))
    ? { generator: (c.maxLength ?? 99) <= 3 ? 'location.stateAbbr' : 'location.state', confidence: 0.8, reason: 'a state, beside address columns' } : undefined),
  (c) => (has(c, 'address', '2') || has(c, 'address2') || has(c, 'suite') || has(c, 'apartment') ? { generator: 'location.secondaryAddress', confidence: 0.85, reason: "an address's second line" } : undefined),
  (c) => (hasAny(c, 'address', 'street') && !hasAny(c, 'ip', 'mac', 'email') ? { generator: 'location.streetAddress', confidence: 0.9, reason: 'a street address' } : undefined),
  (c) => (has(c, 'avatar') ? { generator: 'image.avatar', confidence: 0.85, reason: 'an avatar picture' } : undefined),
  (c) => (has(c, 'image') ? { generator: 'image.url', confidence: 0.8, reason: 'an image' } : undefined),
  (c) => (has(c, 'url') ? { generator: 'internet.url', confidence: 0.9, reason: 'a web address' } : undefined),
  (c) => (has(c, 'ip') ? { generator: 'internet.ipv4', confidence: 0.9, reason: 'an IP address' } : undefined),
  (c) => (has(c, 'mac') ? { generator: 'internet.mac', confidence: 0.9, reason: 'a MAC address' } : undefined),
  (c) => (has(c, 'useragent') || has(c, 'user', 'agent') ? { generator: 'internet.userAgent', confidence: 0.9, reason: 'a browser user agent' } : undefined),
  (c) => (hasAny(c, 'domain', 'host') ? { generator: 'internet.domainName', confidence: 0.8, reason: 'a host name' } : undefined),
  (c) => (has(c, 'password') ? { generator: 'internet.password', confidence: 0.85, reason: 'a password (hash)' } : undefined),
  (c) => (hasAny(c, 'token', 'hash', 'secret', 'salt', 'nonce') ? { generator: 'string.alphanumeric', options: { length: Math.min(c.maxLength ?? 32, 32) }, confidence: 0.7, reason: 'a token' } : undefined),
  (c) => (has(c, 'iban') ? { generator: 'finance.iban', confidence: 0.9, reason: 'an IBAN' } : undefined),
  (c) => (hasAny(c, 'bic', 'swift') ? { generator: 'finance.bic', confidence: 0.85, reason: 'a BIC' } : undefined),
  (c) => (has(c, 'isbn') ? { generator: 'commerce.isbn', confidence: 0.9, reason: 'an ISBN' } : undefined),
  (c) => (hasAny(c, 'upc', 'ean', 'barcode', 'gtin') ? { generator: 'commerce.upc', confidence: 0.85, reason: 'a barcode' } : undefined),
  (c) => (has(c, 'vin') ? { generator: 'vehicle.vin', confidence: 0.85, reason: 'a vehicle identification number' } : undefined),
  (c) => (has(c, 'currency') ? { generator: (c.maxLength ?? 99) <= 3 || has(c, 'code') ? 'finance.currencyCode' : 'finance.currencyName', confidence: 0.9, reason: 'a currency' } : undefined),
  (c) => (has(c, 'language') ? { generator: 'location.language', confidence: 0.8, reason: 'a language' } : undefined),
  (c) => (has(c, 'timezone') ? { generator: 'location.timeZone', confidence: 0.9, reason: 'a time zone' } : undefined),
  (c) => (has(c, 'color') ? { generator: 'color.human', confidence: 0.85, reason: 'a color' } : undefined),
  (c) => (has(c, 'gender') ? { generator: (c.maxLength ?? 99) <= 1 ? 'weighted' : 'person.gender', ...((c.maxLength ?? 99) <= 1 ? { options: { values: { F: 1, M: 1 } } } : {}), confidence: 0.8, reason: 'a gender' } : undefined),
  (c) => (has(c, 'job') ? { generator: 'person.jobTitle', confidence: 0.85, reason: 'a job title' } : undefined),
  (c) => (has(c, 'company') ? { generator: 'company.name', confidence: 0.9, reason: 'a company name' } : undefined),
  (c) => (has(c, 'bio') ? { generator: 'person.bio', confidence: 0.85, reason: 'a short biography' } : undefined),
  (c) => (has(c, 'slug') ? { generator: 'lorem.slug', options: { count: 3 }, confidence: 0.85, reason: 'a URL slug' } : undefined),
  (c) => (has(c, 'mime') ? { generator: 'system.mimeType', confidence: 0.85, reason: 'a MIME type' } : undefined),
  (c) => (has(c, 'file') ? { generator: 'system.fileName', confidence: 0.8, reason: 'a file name' } : undefined),
  (c) => (has(c, 'path') ? { generator: 'system.filePath', confidence: 0.7, reason: 'a file path' } : undefined),
  (c) => (has(c, 'version') ? { generator: 'system.semver', confidence: 0.7, reason: 'a version' } : undefined),
  (c) => (has(c, 'uuid') ? { generator: 'string.uuid', confidence: 0.9, reason: 'a UUID kept as text' } : undefined),
  (c) => (has(c, 'title') && tableIs(c, PERSON_TABLES) ? { generator: (c.maxLength ?? 99) <= 10 ? 'person.prefix' : 'person.jobTitle', confidence: 0.6, reason: "a person's title" } : undefined),
  (c) => (has(c, 'title') && tableIs(c, WORK_TABLES) ? { generator: 'book.title', confidence: 0.75, reason: `the title of a ${c.table.join(' ')}` } : undefined),
  (c) => (has(c, 'title') || has(c, 'subject') || has(c, 'headline') ? { generator: 'lorem.sentence', options: { wordCount: 4 }, confidence: 0.6, reason: 'a title' } : undefined),
  (c) => (hasAny(c, 'description', 'comment', 'note', 'content', 'body', 'message', 'text', 'review', 'feedback', 'details')
    ? { generator: 'lorem.sentence', confidence: 0.75, reason: 'free text' } : undefined),
  (c) => (hasAny(c, 'status', 'state') ? { generator: 'weighted', options: { values: { active: 70, inactive: 20, pending: 10 } }, confidence: 0.5, reason: 'a status with no declared values' } : undefined),
  (c) => (hasAny(c, 'code', 'sku', 'ref', 'reference') ? { generator: 'string.alphanumeric', options: { length: Math.min(c.maxLength ?? 8, 8), casing: 'upper' }, confidence: 0.6, reason: 'a code' } : undefined),
  (c) => (has(c, 'name') ? byTable(c, 'the name') ?? { generator: 'lorem.words', options: { count: 2 }, confidence: 0.4, reason: 'a name of something' } : undefined),
  (c) => (has(c, 'label') || has(c, 'caption') ? byTable(c, 'the label') ?? { generator: 'lorem.words', options: { count: 2 }, confidence: 0.4, reason: 'a label' } : undefined),
];

const intRange = (min: number, max: number, reason: string, confidence = 0.8): NameMatch => ({ generator: 'number.int', options: { min, max }, confidence, reason });

const NUMBER_RULES: Rule[] = [
  (c) => (has(c, 'latitude') ? { generator: 'location.latitude', confidence: 0.95, reason: 'a latitude' } : undefined),
  (c) => (has(c, 'longitude') ? { generator: 'location.longitude', confidence: 0.95, reason: 'a longitude' } : undefined),
  (c) => (hasAny(c, 'price', 'total') && c.kind !== 'integer' ? { generator: 'commerce.price', options: { min: 1, max: 500 }, confidence: 0.9, reason: 'a price' } : undefined),
  (c) => (hasAny(c, 'amount') && c.kind !== 'integer' ? { generator: 'finance.amount', options: { min: 1, max: 1000 }, confidence: 0.85, reason: 'an amount of money' } : undefined),
  (c) => (hasAny(c, 'price', 'total', 'amount') ? intRange(1, 1000, 'an amount in whole units') : undefined),
  (c) => (hasAny(c, 'quantity', 'count') ? intRange(1, 20, 'a count') : undefined),
  (c) => (has(c, 'age') ? intRange(18, 90, "a person's age") : undefined),
  (c) => (has(c, 'year') ? intRange(1950, 2025, 'a year') : undefined),
  (c) => (hasAny(c, 'rating', 'stars') ? (c.kind === 'integer' ? intRange(1, 5, 'a rating') : { generator: 'number.float', options: { min: 1, max: 5, precision: 0.1 }, confidence: 0.8, reason: 'a rating' }) : undefined),
  (c) => (has(c, 'percent') ? { generator: c.kind === 'integer' ? 'number.int' : 'number.float', options: { min: 0, max: 100 }, confidence: 0.8, reason: 'a percentage' } : undefined),
  (c) => (has(c, 'port') ? { generator: 'internet.port', confidence: 0.8, reason: 'a network port' } : undefined),
  (c) => (hasAny(c, 'duration', 'length', 'minutes', 'seconds') && c.kind === 'integer' ? intRange(1, 240, 'a duration') : undefined),
  (c) => (hasAny(c, 'weight', 'height', 'width', 'depth', 'size') ? { generator: 'number.float', options: { min: 0.1, max: 100, precision: 0.1 }, confidence: 0.5, reason: 'a measurement' } : undefined),
  (c) => (hasAny(c, 'score') ? intRange(0, 100, 'a score', 0.6) : undefined),
  (c) => (has(c, 'zip') ? intRange(10000, 99999, 'a postal code as a number', 0.7) : undefined),
];

export function matchName(c: NameContext): NameMatch | undefined {
  const rules = TEXT.includes(c.kind) ? TEXT_RULES : NUMBER.includes(c.kind) ? NUMBER_RULES : [];
  for (const rule of rules) {
    const match = rule(c);
    if (match) return match;
  }
  return undefined;
}
