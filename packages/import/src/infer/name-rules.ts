/**
 * What a column's name says it holds, for text and numbers alike: the rules
 * a person applies reading a schema. Each rule sees the name's words, the
 * table's words and the column's kind; the first that matches wins, so the
 * more specific rules come first. The table is context: `name` in
 * `customer` is a person's name, in `category` a word, in `company` a firm.
 */
import type { ValueKind } from '../schema-model';
import { addressSibling, categoryOf, FLAG_WORDS, polymorphicType, textFlag } from './categories';
import { lookupKey, oauthWord, providerUid, stripeId, textId } from './text-keys';
import { matchNumber } from './number-rules';

export interface NameContext {
  /** The column name's words (see `nameTokens`). */
  words: string[];
  /** The table name's words, singular. */
  table: string[];
  kind: ValueKind;
  maxLength?: number;
  /** The column must hold distinct values. */
  unique?: boolean;
  /** The column alone is its table's primary key. */
  primaryKey?: boolean;
  /** Other columns of the table, as word lists: an address's `state` sits beside `city` and `zip`. */
  siblings: string[][];
  /** Integer width in bits; numeric(p, s). */
  bits?: number;
  precision?: number;
  scale?: number;
  /** The schema's tables with a key of their own, as word lists (what a polymorphic `*_type` can name). */
  tables?: string[][];
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
const COMPANY_TABLES = new Set(['company', 'vendor', 'supplier', 'manufacturer', 'brand', 'merchant', 'partner', 'agency', 'business', 'tenant', 'organization', 'store', 'shop', 'bank', 'shipper', 'carrier', 'publisher', 'workspace', 'firm', 'client']);
const PRODUCT_TABLES = new Set(['product', 'item', 'good', 'merchandise', 'inventory', 'sku']);
const WORK_TABLES = new Set(['film', 'movie', 'book', 'album', 'song', 'track', 'show', 'episode', 'game', 'novel', 'podcast']);
const WORD_TABLES = new Set(['category', 'genre', 'tag', 'type', 'kind', 'role', 'label', 'topic', 'status', 'level', 'tier', 'class', 'section', 'skill', 'attachment', 'blob', 'text', 'term', 'taxonomy', 'keyword', 'group']);

/** `name` means what its table (or a word before it: `author_name`) is about. */
function byTable(c: NameContext, what: string): NameMatch | undefined {
  const qualifier = c.words.filter((w) => w !== 'name' && w !== 'label' && w !== 'title');
  if (qualifier.length) {
    const match = byTable({ ...c, table: qualifier, words: ['name'] }, what);
    if (match) return match;
  }
  // An OAuth client or an API app is named after the business or integration it serves, not a person.
  if (tableIs(c, new Set(['oauth', 'integration', 'app'])) || (tableIs(c, new Set(['application', 'api'])) && tableIs(c, new Set(['provider', 'client', 'application'])))) {
    return { generator: 'company.name', confidence: 0.6, reason: `${what} of an app (${c.table.join(' ')})` };
  }
  // The head noun decides first: a `product_category`'s name is a category's, not a product's.
  if (c.table.length > 1) {
    const byHead = byTable({ ...c, table: c.table.slice(-1) }, what);
    if (byHead) return { ...byHead, reason: byHead.reason.replace(/of an? \w+$/, `of ${/^[aeiou]/.test(c.table.join(' ')) ? 'an' : 'a'} ${c.table.join(' ')}`) };
  }
  const table = c.table.join(' ');
  const own = (generator: string, confidence: number, options?: Record<string, unknown>) => ({ generator, confidence, reason: `${what} of ${/^[aeiou]/.test(table) ? 'an' : 'a'} ${table}`, ...(options ? { options } : {}) });
  if (tableIs(c, new Set(['artist', 'band', 'composer']))) return own('music.artist', 0.85);
  if (tableIs(c, new Set(['album', 'record']))) return own('music.album', 0.85);
  if (tableIs(c, new Set(['track', 'song']))) return own('music.songName', 0.85);
  if (tableIs(c, new Set(['genre']))) return own(c.table.some((w) => ['book', 'novel'].includes(w)) ? 'book.genre' : 'music.genre', 0.8);
  if (tableIs(c, new Set(['media', 'format', 'mime']))) return own('system.mimeType', 0.7);
  if (tableIs(c, new Set(['department', 'division', 'dept']))) return own('commerce.department', 0.8);
  if (tableIs(c, new Set(['category', 'collection'])) && !tableIs(c, new Set(['tag']))) return own('commerce.department', 0.75);
  if (tableIs(c, new Set(['university', 'school', 'college']))) return own('company.name', 0.6);
  if (tableIs(c, new Set(['playlist', 'project', 'board', 'channel', 'list', 'team']))) return own(tableIs(c, new Set(['team'])) ? 'team.name' : 'lorem.words', 0.6);
  if (tableIs(c, PERSON_TABLES)) return own('person.fullName', 0.8);
  if (tableIs(c, COMPANY_TABLES)) return own('company.name', 0.8);
  if (tableIs(c, PRODUCT_TABLES)) return own('commerce.productName', 0.8);
  if (tableIs(c, WORK_TABLES)) return own('book.title', 0.6);
  if (tableIs(c, new Set(['city']))) return own('location.city', 0.9);
  if (tableIs(c, new Set(['country']))) return own('location.country', 0.9);
  if (tableIs(c, new Set(['state', 'province', 'region']))) return own('location.state', 0.8);
  if (tableIs(c, new Set(['county', 'district', 'territory']))) return own('location.county', 0.7);
  if (tableIs(c, new Set(['language']))) return own('location.language', 0.9);
  if (tableIs(c, new Set(['currency']))) return own('finance.currencyName', 0.8);
  if (tableIs(c, new Set(['team']))) return own('team.name', 0.8);
  if (tableIs(c, new Set(['airline']))) return own('airline.airline', 0.8);
  if (tableIs(c, new Set(['airport']))) return own('airline.airport', 0.8);
  if (tableIs(c, WORD_TABLES)) return own('word.noun', 0.6);
  return undefined;
}

const near = (c: NameContext, ...words: string[]) => c.siblings.some((s) => words.some((w) => s.includes(w)));

const nearAddress = (c: NameContext) => c.siblings.some(addressSibling);
const codeWidth = (c: NameContext, n: number) => has(c, 'code') || (c.maxLength ?? 99) <= n;
/** Words that make a column about a person's personal data rather than its category. */
/** Last words that make a column one label among a few, even beside words of free text (`comment_status`). */
const CATEGORY_HEADS = ['status', 'state', 'type', 'kind', 'approved', 'autoload', 'visibility', 'priority', 'channel', 'plan', 'role', 'mode', 'provider', 'stage', 'method'];

/** Last words that make a column an identifier or a code of what its other words name (`job_id`, `dept_no`). */
const IDENTIFIER_WORDS = ['id', 'code', 'no', 'number', 'key', 'ref', 'reference', 'uid', 'guid'];

function isoCode(c: NameContext): NameMatch | undefined {
  const table = c.table.at(-1);
  const n = c.maxLength ?? 3;
  if (table === 'country' || c.table.includes('country')) return { generator: 'location.countryCode', ...(n === 3 ? { options: { variant: 'alpha-3' } } : {}), confidence: 0.85, reason: `the country's ISO code (${n === 3 ? 'alpha-3' : 'alpha-2'})` };
  if (c.table.includes('currency')) return { generator: 'finance.currencyCode', confidence: 0.85, reason: "the currency's ISO code" };
  if (c.table.includes('state')) return { generator: 'location.stateAbbr', confidence: 0.85, reason: "the state's abbreviation" };
  if (c.table.includes('language')) return { generator: 'weighted', options: { values: { en: 55, es: 12, fr: 10, de: 10, pt: 7, ja: 6 } }, confidence: 0.8, reason: "the language's code" };
  return undefined;
}

function identifier(c: NameContext): NameMatch {
  const code = ['code', 'no', 'number'].includes(c.words.at(-1)!);
  return { generator: 'string.alphanumeric', options: { length: Math.min(c.maxLength ?? (code ? 8 : 16), code ? 8 : 16), ...(code ? { casing: 'upper' } : {}) }, confidence: 0.65, reason: code ? `a code of ${c.words.slice(0, -1).join(' ')}` : `an identifier from another system (${c.words.join(' ')})` };
}

/** A column about a person's URL, address or id is not their name. */
const NOT_A_NAME = ['url', 'ip', 'email', 'agent', 'id', 'phone', 'address'];
const NOT_EMAIL = ['token', 'hash', 'marketing', 'promotion', 'accepts', 'opt', 'verified', 'confirmed', 'notification', 'notifications', 'subscribed', 'bounced', 'sent'];

const TEXT_RULES: Rule[] = [
  // OAuth's `client_type` beside `client_id` is a kind of client, not a polymorphic pair.
  (c) => oauthWord(c),
  (c) => polymorphicType(c),
  (c) => lookupKey(c),
  (c) => textId(c),
  (c) => providerUid(c),
  (c) => stripeId(c),
  (c) => (has(c, 'email') && !hasAny(c, ...NOT_EMAIL) ? { generator: 'internet.email', confidence: 0.95, reason: 'the name says email' } : undefined),
  (c) => (hasAny(c, 'accepts', 'opt', 'exempt', 'flag') || (c.words.length <= 3 && c.words.some((w) => FLAG_WORDS.includes(w)) && ['is', 'has'].includes(c.words[0])) || ((c.maxLength ?? 99) <= 1 && c.words.some((w) => FLAG_WORDS.includes(w))) ? textFlag(c) : undefined),
  (c) => (has(c, 'first', 'name') || only(c, 'first') ? { generator: 'person.firstName', confidence: 0.95, reason: 'a first name' } : undefined),
  (c) => (has(c, 'last', 'name') || only(c, 'last') ? { generator: 'person.lastName', confidence: 0.95, reason: 'a last name' } : undefined),
  (c) => (has(c, 'middle') ? { generator: 'person.middleName', confidence: 0.9, reason: hasAny(c, 'initial') ? 'a middle initial' : 'a middle name' } : undefined),
  (c) => (hasAny(c, 'prefix') && (tableIs(c, PERSON_TABLES) || hasAny(c, 'title', 'name')) && !hasAny(c, 'api', 'key', 'token', 'phone') ? { generator: 'person.prefix', confidence: 0.85, reason: 'a courtesy title (Mr., Ms., Dr.)' } : undefined),
  (c) => (only(c, 'suffix') || has(c, 'name', 'suffix') ? { generator: 'person.suffix', confidence: 0.85, reason: 'a name suffix' } : undefined),
  (c) => ((has(c, 'full', 'name') || (has(c, 'contact', 'name') || (hasAny(c, 'author', 'customer', 'recipient', 'ship', 'shipping', 'billing', 'sender', 'holder') && has(c, 'name')) && !tableIs(c, COMPANY_TABLES)) || only(c, 'author') || only(c, 'composer') || has(c, 'comment', 'author')) && !hasAny(c, ...NOT_A_NAME) ? { generator: 'person.fullName', confidence: 0.85, reason: "a person's full name" } : undefined),
  (c) => (has(c, 'user', 'name') || (hasAny(c, 'user') && hasAny(c, 'created', 'updated', 'by', 'login')) ? { generator: 'internet.username', confidence: 0.9, reason: 'a user name' } : undefined),
  (c) => (only(c, 'name') && tableIs(c, new Set(['card'])) ? { generator: 'person.fullName', confidence: 0.75, reason: "the cardholder's name" } : undefined),
  (c) => (has(c, 'display', 'name') && tableIs(c, new Set(['country', 'currency', 'language', 'state', 'city'])) ? byTable(c, 'the name') : undefined),
  (c) => (has(c, 'display', 'name') ? { generator: 'internet.displayName', confidence: 0.85, reason: 'a display name' } : undefined),
  // `created_at` kept as text is a moment; `created_by` is who.
  (c) => (!hasAny(c, 'by', 'from', 'to', 'user') && (hasAny(c, 'created', 'updated', 'deleted', 'date', 'timestamp') || (c.words.length > 1 && ['at', 'on'].includes(c.words.at(-1)!)))
    ? has(c, 'birth')
      ? { generator: 'date.birthdate', confidence: 0.85, reason: 'a birth date kept as text' }
      : { generator: 'date.between', options: { from: '2020-01-01', to: '2025-12-31', ...((c.maxLength ?? 99) < 20 ? { dateOnly: true } : {}) }, confidence: 0.7, reason: 'a date kept as text' } : undefined),
  (c) => ((has(c, 'phone') || hasAny(c, 'dial', 'dialing', 'calling')) && hasAny(c, 'code', 'prefix') ? { generator: 'regex', options: { pattern: '\\+[1-9][0-9]{0,2}' }, confidence: 0.8, reason: 'an international dialing code (+44)' } : undefined),
  // Where a confirmation or reset was mailed (phx.gen.auth's users_tokens.sent_to).
  (c) => (has(c, 'sent', 'to') && c.words.length === 2 ? { generator: 'internet.email', confidence: 0.75, reason: 'the address a message was sent to' } : undefined),
  // The job a background queue runs (Oban's worker, GoodJob's and Que's job_class, Solid Queue's class_name): a class name.
  (c) => ((only(c, 'worker') || has(c, 'job', 'class') || (has(c, 'class', 'name') && tableIs(c, new Set(['job', 'queue'])))) && !hasAny(c, 'id') ? { generator: 'weighted', options: { values: { SendWelcomeEmailJob: 30, ChargeSubscriptionJob: 25, SyncSearchIndexJob: 20, GenerateReportJob: 15, PruneSessionsJob: 10 } }, confidence: 0.65, reason: 'the class of a background job' } : undefined),
  (c) => (has(c, 'phone') ? { generator: 'phone.number', confidence: 0.9, reason: 'a phone number' } : undefined),
  (c) => (has(c, 'extension') && !hasAny(c, 'file') ? { generator: 'string.numeric', options: { length: Math.min(4, c.maxLength ?? 4) }, confidence: 0.7, reason: 'a phone extension' } : undefined),
  (c) => (has(c, 'zip') ? { generator: 'location.zipCode', confidence: 0.9, reason: 'a postal code' } : undefined),
  (c) => (has(c, 'city') ? { generator: 'location.city', confidence: 0.9, reason: 'a city' } : undefined),
  (c) => (hasAny(c, 'district', 'borough', 'neighborhood', 'neighbourhood', 'county', 'territory') && !hasAny(c, 'code', 'id') ? { generator: 'location.county', confidence: 0.75, reason: 'a district or county' } : undefined),
  (c) => (has(c, 'country') && codeWidth(c, 3) ? { generator: 'location.countryCode', ...((c.maxLength ?? 2) === 3 ? { options: { variant: 'alpha-3' } } : {}), confidence: 0.9, reason: `a country code (ISO 3166 ${(c.maxLength ?? 2) === 3 ? 'alpha-3' : 'alpha-2'})` } : undefined),
  (c) => (has(c, 'country') ? { generator: 'location.country', confidence: 0.9, reason: 'a country' } : undefined),
  (c) => (has(c, 'state') && (nearAddress(c) || tableIs(c, new Set(['state', 'address', 'location'])) || hasAny(c, 'abbr', 'name', 'code', 'ship', 'billing', 'shipping'))
    ? { generator: codeWidth(c, 3) || hasAny(c, 'abbr') ? 'location.stateAbbr' : 'location.state', confidence: 0.85, reason: codeWidth(c, 3) || hasAny(c, 'abbr') ? "a state's abbreviation" : 'a state or province' } : undefined),
  (c) => (hasAny(c, 'label', 'nickname') && nearAddress(c) ? { generator: 'weighted', options: { values: { Home: 60, Work: 30, Other: 10 } }, confidence: 0.75, reason: "an address's label" } : undefined),
  (c) => (has(c, 'address', '2') || has(c, 'address2') || has(c, 'line', '2') || has(c, 'suite') || has(c, 'apartment') || has(c, 'street', '2') ? { generator: 'location.secondaryAddress', confidence: 0.85, reason: "an address's second line" } : undefined),
  (c) => (hasAny(c, 'address', 'street') && !hasAny(c, 'ip', 'mac', 'email', 'type', 'id', 'bitcoin', 'wallet') ? { generator: 'location.streetAddress', confidence: 0.9, reason: 'a street address' } : undefined),
  (c) => (has(c, 'avatar') ? { generator: 'image.avatar', confidence: 0.85, reason: 'an avatar picture' } : undefined),
  (c) => (hasAny(c, 'image', 'logo', 'cover', 'banner', 'thumbnail', 'photo') ? { generator: 'image.url', confidence: 0.8, reason: 'an image' } : undefined),
  (c) => (hasAny(c, 'redirect', 'callback', 'webhook', 'endpoint', 'origins', 'uris', 'urls') && !hasAny(c, 'type', 'count', 'id', 'enabled', 'status') ? { generator: 'internet.url', confidence: 0.8, reason: 'a web address (a redirect, callback or origin)' } : undefined),
  // `site_name` is a site's name (`site` reads as a URL).
  (c) => (has(c, 'url') && !hasAny(c, 'slug', 'name') ? { generator: 'internet.url', confidence: 0.9, reason: 'a web address' } : undefined),
  (c) => (has(c, 'ip') ? { generator: 'internet.ipv4', confidence: 0.9, reason: 'an IP address' } : undefined),
  (c) => (has(c, 'mac') ? { generator: 'internet.mac', confidence: 0.9, reason: 'a MAC address' } : undefined),
  (c) => (has(c, 'useragent') || has(c, 'user', 'agent') || only(c, 'agent') || has(c, 'comment', 'agent') ? { generator: 'internet.userAgent', confidence: 0.9, reason: 'a browser user agent' } : undefined),
  (c) => (hasAny(c, 'scheme', 'protocol') || (has(c, 'prefix') && near(c, 'host', 'domain')) ? { generator: 'weighted', options: { values: { 'https://': 90, 'http://': 10 } }, confidence: 0.75, reason: "a URL's scheme" } : undefined),
  (c) => (hasAny(c, 'keyword', 'keywords', 'terms') || (hasAny(c, 'query') && hasAny(c, 'search') && !hasAny(c, 'id')) || (only(c, 'query') && tableIs(c, new Set(['search']))) ? { generator: 'lorem.words', options: { count: 2 }, confidence: 0.7, reason: 'search words' } : undefined),
  (c) => (hasAny(c, 'subdomain') ? { generator: 'internet.domainWord', confidence: 0.8, reason: 'a subdomain' } : undefined),
  (c) => (hasAny(c, 'domain', 'host') ? { generator: 'internet.domainName', confidence: 0.8, reason: 'a host name' } : undefined),
  (c) => (has(c, 'password') && !hasAny(c, 'token', 'reset', 'sent') ? { generator: 'internet.password', confidence: 0.85, reason: 'a password (hash)' } : undefined),
  (c) => (c.words.at(-1) !== 'type' && (hasAny(c, 'token', 'hash', 'hashed', 'secret', 'salt', 'nonce', 'checksum', 'signature', 'digest', 'fingerprint') || has(c, 'session', 'key') || has(c, 'activation', 'key') || has(c, 'api', 'key') || (has(c, 'key') && c.unique === true))
    ? { generator: 'string.alphanumeric', options: { length: Math.min(c.maxLength ?? 32, 32) }, confidence: 0.75, reason: 'a token' } : undefined),
  (c) => (has(c, 'tracking') ? { generator: 'string.alphanumeric', options: { length: Math.min(c.maxLength ?? 18, 18), casing: 'upper' }, confidence: 0.8, reason: 'a tracking number' } : undefined),
  (c) => (has(c, 'iban') ? { generator: 'finance.iban', confidence: 0.9, reason: 'an IBAN' } : undefined),
  (c) => (hasAny(c, 'bic', 'swift') ? { generator: 'finance.bic', confidence: 0.85, reason: 'a BIC' } : undefined),
  (c) => (has(c, 'isbn') ? { generator: 'commerce.isbn', confidence: 0.9, reason: 'an ISBN' } : undefined),
  (c) => (hasAny(c, 'upc', 'ean', 'barcode', 'gtin') ? { generator: 'commerce.upc', confidence: 0.85, reason: 'a barcode' } : undefined),
  (c) => (has(c, 'vin') ? { generator: 'vehicle.vin', confidence: 0.85, reason: 'a vehicle identification number' } : undefined),
  (c) => (hasAny(c, 'last4', 'last 4') || (has(c, 'last') && c.words.includes('4')) || (has(c, 'last', 'digits') && (tableIs(c, new Set(['card', 'payment', 'source'])) || near(c, 'card', 'cc', 'month', 'year'))) ? { generator: 'string.numeric', options: { length: 4 }, confidence: 0.85, reason: "a card's last four digits" } : undefined),
  (c) => (has(c, 'card', 'number') || hasAny(c, 'pan') ? { generator: 'finance.creditCardNumber', confidence: 0.9, reason: 'a card number' } : undefined),
  (c) => (has(c, 'card') && hasAny(c, 'type', 'brand', 'issuer', 'network') ? { generator: 'finance.creditCardIssuer', confidence: 0.85, reason: "a card's network" } : undefined),
  (c) => (has(c, 'card') && hasAny(c, 'expire', 'expiry', 'expiration', 'exp') ? { generator: 'regex', options: { pattern: '(0[1-9]|1[0-2])/(2[6-9]|3[0-2])' }, confidence: 0.8, reason: "a card's expiry (MM/YY)" } : undefined),
  // What the card network answered to a payment's address and CVV checks: one-letter codes, mostly a match.
  (c) => (hasAny(c, 'avs') && !hasAny(c, 'message', 'text') ? { generator: 'weighted', options: { values: { Y: 60, Z: 15, A: 10, N: 10, U: 5 } }, confidence: 0.75, reason: 'an address verification (AVS) result code' } : undefined),
  (c) => (hasAny(c, 'cvv', 'cvc') && hasAny(c, 'response', 'result', 'check') && !hasAny(c, 'message', 'text') ? { generator: 'weighted', options: { values: { M: 90, N: 5, P: 5 } }, confidence: 0.75, reason: 'a CVV check result code' } : undefined),
  (c) => (hasAny(c, 'cvv', 'cvc') && !hasAny(c, 'response', 'result', 'check', 'message', 'text') ? { generator: 'finance.creditCardCVV', confidence: 0.9, reason: 'a card verification value' } : undefined),
  (c) => (has(c, 'ssn') ? { generator: 'regex', options: { pattern: '[1-8][0-9]{2}-[0-9]{2}-[0-9]{4}' }, confidence: 0.85, reason: 'a social security number' } : undefined),
  (c) => (has(c, 'ein') ? { generator: 'regex', options: { pattern: '[1-9][0-9]-[0-9]{7}' }, confidence: 0.85, reason: 'an employer identification number' } : undefined),
  (c) => (has(c, 'national', 'id') || hasAny(c, 'vat', 'passport') || has(c, 'tax', 'id') ? { generator: 'string.numeric', options: { length: Math.min(c.maxLength ?? 9, 9) }, confidence: 0.7, reason: 'an identity or tax number' } : undefined),
  (c) => (has(c, 'account', 'number') ? { generator: 'finance.accountNumber', options: { length: Math.min(c.maxLength ?? 10, 10) }, confidence: 0.8, reason: 'an account number' } : undefined),
  (c) => (has(c, 'symbol') && (has(c, 'currency') || tableIs(c, new Set(['currency'])) || near(c, 'currency')) ? { generator: 'finance.currencySymbol', confidence: 0.85, reason: "a currency's symbol" } : undefined),
  (c) => (has(c, 'currency') ? { generator: codeWidth(c, 3) || !has(c, 'name') ? 'finance.currencyCode' : 'finance.currencyName', confidence: 0.9, reason: 'a currency' } : undefined),
  (c) => (hasAny(c, 'language') ? ((c.maxLength ?? 99) <= 5 || has(c, 'code') ? { generator: 'weighted', options: { values: { en: 55, es: 12, fr: 10, de: 10, pt: 7, ja: 6 } }, confidence: 0.8, reason: 'a language code' } : { generator: 'location.language', confidence: 0.8, reason: 'a language' }) : undefined),
  (c) => (has(c, 'timezone') || has(c, 'time', 'zone') ? { generator: 'location.timeZone', confidence: 0.9, reason: 'a time zone' } : undefined),
  // A reaction's emoji (chat apps, comments): a word there reads as broken data.
  (c) => (hasAny(c, 'emoji', 'emoticon') ? { generator: 'internet.emoji', confidence: 0.85, reason: 'an emoji' } : undefined),
  (c) => (hasAny(c, 'color', 'colour') && !hasAny(c, 'hex', 'rgb') ? { generator: 'color.human', confidence: 0.85, reason: 'a color' } : undefined),
  (c) => (has(c, 'gender') ? ((c.maxLength ?? 99) <= 1 ? { generator: 'weighted', options: { values: { F: 1, M: 1 } }, confidence: 0.8, reason: 'a gender as one letter' } : { generator: 'person.gender', confidence: 0.8, reason: 'a gender' }) : undefined),
  (c) => (has(c, 'status') ? categoryOf(c) : undefined),
  // The code of a country, currency or language table is its ISO code.
  (c) => (hasAny(c, 'code', 'iso', 'abbr', 'alpha2', 'alpha3') && !hasAny(c, 'name') && tableIs(c, new Set(['country', 'currency', 'language', 'state'])) ? isoCode(c) : undefined),
  (c) => (IDENTIFIER_WORDS.includes(c.words.at(-1) ?? '') && c.words.length > 1 && !hasAny(c, 'name', 'title') ? identifier(c) : undefined),
  (c) => (has(c, 'title') && near(c, 'employee', 'emp', 'staff') && !tableIs(c, WORK_TABLES) ? { generator: 'person.jobTitle', confidence: 0.8, reason: "an employee's title" } : undefined),
  (c) => (has(c, 'job') || (has(c, 'title') && (tableIs(c, PERSON_TABLES) || hasAny(c, 'contact', 'employee', 'company')) && (c.maxLength ?? 99) > 8) ? { generator: 'person.jobTitle', confidence: 0.85, reason: 'a job title' } : undefined),
  (c) => (has(c, 'title') && tableIs(c, PERSON_TABLES) ? { generator: 'person.prefix', confidence: 0.7, reason: "a person's courtesy title (the column is too narrow for a job)" } : undefined),
  (c) => (hasAny(c, 'specialty', 'speciality', 'specialization', 'discipline') && !hasAny(c, 'id', 'code') ? { generator: 'person.jobArea', confidence: 0.7, reason: 'a field of work' } : undefined),
  (c) => (has(c, 'department') && !hasAny(c, 'id', 'code') ? { generator: 'commerce.department', confidence: 0.85, reason: 'a department' } : undefined),
  (c) => (has(c, 'group', 'name') && tableIs(c, new Set(['department', 'team'])) ? { generator: 'person.jobArea', confidence: 0.7, reason: 'a group of departments' } : undefined),
  (c) => (hasAny(c, 'company', 'employer', 'vendor', 'supplier', 'manufacturer', 'university', 'school', 'carrier', 'brand') && !hasAny(c, 'id', 'code', 'type', 'size', 'catch', 'phrase', 'tracking', 'number') ? { generator: 'company.name', confidence: 0.9, reason: 'a company name' } : undefined),
  (c) => (has(c, 'catch', 'phrase') || has(c, 'slogan') || has(c, 'tagline') ? { generator: 'company.catchPhrase', confidence: 0.85, reason: 'a catch phrase' } : undefined),
  (c) => (has(c, 'bio') ? { generator: 'person.bio', confidence: 0.85, reason: 'a short biography' } : undefined),
  (c) => (hasAny(c, 'slug', 'permalink') || (has(c, 'name') && tableIs(c, new Set(['post', 'page'])) && c.words[0] === 'post') ? { generator: 'lorem.slug', options: { count: 3 }, confidence: 0.85, reason: 'a URL slug' } : undefined),
  (c) => (has(c, 'mime') || has(c, 'content', 'type') || has(c, 'media', 'type') ? { generator: 'system.mimeType', confidence: 0.85, reason: 'a MIME type' } : undefined),
  (c) => (has(c, 'file') || (has(c, 'original', 'name') && near(c, 'mime', 'path', 'size', 'file', 'disk')) ? { generator: 'system.fileName', confidence: 0.8, reason: 'a file name' } : undefined),
  (c) => (has(c, 'path') || has(c, 'directory') ? { generator: 'system.filePath', confidence: 0.7, reason: 'a file path' } : undefined),
  (c) => (has(c, 'version') ? { generator: 'system.semver', confidence: 0.7, reason: 'a version' } : undefined),
  (c) => (has(c, 'uuid') ? { generator: 'string.uuid', confidence: 0.9, reason: 'a UUID kept as text' } : undefined),
  (c) => (hasAny(c, 'sku') || (hasAny(c, 'product', 'item', 'part') && hasAny(c, 'number', 'code')) ? { generator: 'string.alphanumeric', options: { length: Math.min(c.maxLength ?? 10, 10), casing: 'upper' }, confidence: 0.75, reason: 'a product code' } : undefined),
  (c) => (has(c, 'tracking') ? { generator: 'string.alphanumeric', options: { length: Math.min(c.maxLength ?? 18, 18), casing: 'upper' }, confidence: 0.8, reason: 'a tracking number' } : undefined),
  (c) => (hasAny(c, 'title', 'name') && PRODUCT_TABLES.has(c.table.at(-1) ?? '') && !hasAny(c, 'meta', 'seo') ? { generator: 'commerce.productName', confidence: 0.85, reason: `the name of a ${c.table.join(' ')}` } : undefined),
  (c) => (has(c, 'title') && tableIs(c, new Set(['album'])) ? { generator: 'music.album', confidence: 0.8, reason: 'the title of an album' } : undefined),
  (c) => (has(c, 'title') && tableIs(c, WORK_TABLES) ? { generator: 'book.title', confidence: 0.75, reason: `the title of a ${c.table.join(' ')}` } : undefined),
  (c) => (has(c, 'title') || has(c, 'subject') || has(c, 'headline') ? { generator: 'lorem.sentence', options: { wordCount: 4 }, confidence: 0.7, reason: 'a title' } : undefined),
  (c) => (hasAny(c, 'option', 'meta', 'setting', 'config', 'preference') && hasAny(c, 'name', 'key') ? { generator: 'lorem.slug', options: { count: 2 }, confidence: 0.6, reason: 'the name of a setting' } : undefined),
  (c) => (CATEGORY_HEADS.includes(c.words.at(-1) ?? '') ? categoryOf(c) : undefined),
  // `meta_description` and `meta_title` are a page's SEO text, not a JSON object.
  (c) => (hasAny(c, 'payload', 'metadata', 'meta', 'settings', 'preferences', 'data', 'properties', 'attributes', 'options', 'abilities', 'config') && !hasAny(c, 'description', 'title', 'keywords', 'keyword', 'tags')
    ? { generator: 'json', options: { keys: 3 }, confidence: 0.6, reason: 'structured data kept as text: a small JSON object' } : undefined),
  (c) => (hasAny(c, 'description', 'comment', 'note', 'content', 'body', 'message', 'text', 'review', 'feedback', 'details', 'excerpt', 'summary', 'exception', 'reason', 'instructions', 'answer', 'question')
    ? { generator: 'lorem.sentence', confidence: 0.75, reason: 'free text' } : undefined),
  (c) => categoryOf(c),
  (c) => ((hasAny(c, 'id', 'reference', 'ref') && !hasAny(c, 'name')) || has(c, 'prefix') ? { generator: 'string.alphanumeric', options: { length: Math.min(c.maxLength ?? 16, has(c, 'prefix') ? 8 : 16) }, confidence: 0.65, reason: "another system's identifier" } : undefined),
  (c) => (hasAny(c, 'code', 'number', 'key', 'no') && !hasAny(c, 'name') ? { generator: 'string.alphanumeric', options: { length: Math.min(c.maxLength ?? 8, 8), casing: 'upper' }, confidence: 0.6, reason: 'a code' } : undefined),
  (c) => (has(c, 'name') ? byTable(c, 'the name') ?? { generator: 'lorem.words', options: { count: 2 }, confidence: 0.5, reason: 'a name of something' } : undefined),
  (c) => (has(c, 'label') || has(c, 'caption') ? byTable(c, 'the label') ?? { generator: 'lorem.words', options: { count: 2 }, confidence: 0.5, reason: 'a label' } : undefined),
  (c) => (hasAny(c, 'description') && c.table.length ? byTable({ ...c, words: ['name'] }, 'the description') : undefined),
];

export function matchName(c: NameContext): NameMatch | undefined {
  if (NUMBER.includes(c.kind)) return matchNumber(c);
  if (!TEXT.includes(c.kind)) return undefined;
  for (const rule of TEXT_RULES) {
    const match = rule(c);
    if (match) return match;
  }
  return undefined;
}
