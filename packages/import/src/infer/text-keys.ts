/**
 * Text keys and the protocol words beside them: what a person finds in a
 * text primary key (a lookup's own labels, an ORM's cuid or uuid), and in
 * the columns OAuth and OpenID libraries name alike in every framework
 * (Passport, allauth, NextAuth, Supabase, Spring): `token_type` is Bearer,
 * `grant_type` one of four grants, not a word drawn at random.
 */
import { categoryOf, LOOKUP_WORDS } from './categories';
import type { NameContext, NameMatch } from './name-rules';

/** The names a lookup table gives its text key. */
// Not `id`: a text `id` is an ORM's cuid or uuid far more often than a label.
const KEY_NAMES = ['code', 'slug', 'key', 'name', 'value', 'handle'];

/**
 * The text key of a lookup table (`roles.name`, `project_statuses.slug`,
 * `ticket_priorities.code`): the labels such a table holds, distinct, so the
 * rows are the statuses or roles themselves and a child's foreign key copies
 * them. Countries, currencies and languages have their ISO rules.
 */
export function lookupKey(c: NameContext): NameMatch | undefined {
  if (!c.primaryKey || c.words.length !== 1 || !KEY_NAMES.includes(c.words[0])) return undefined;
  const head = c.table.at(-1) ?? '';
  if (!LOOKUP_WORDS.includes(head)) return undefined;
  const match = categoryOf({ ...c, words: [head], siblings: [] });
  return match && { ...match, reason: `the key of a lookup of ${c.table.join(' ')}: ${match.reason.replace(/ with no declared values.*$/, '')} labels` };
}

/** A cuid as Prisma's `@default(cuid())` makes it: `c`, then 24 lowercase letters and digits. */
const CUID = 'c[a-z0-9]{24}';

/**
 * An id kept as text, by its width: 36 characters hold a uuid (`char(36)`,
 * Laravel's `uuid()` columns, Hibernate's UUID as varchar), 26 a ULID;
 * a bare `TEXT` or wide varchar primary key named `id` is what Prisma's
 * `@default(cuid())` writes (`"id" TEXT NOT NULL`, no default), and a
 * session's or token's key is a random token.
 */
export function textId(c: NameContext): NameMatch | undefined {
  const last = c.words.at(-1);
  if (last !== 'id' && last !== 'uuid') return undefined;
  if (c.maxLength === 36) return { generator: 'string.uuid', confidence: 0.85, reason: 'an id kept as text, 36 characters wide: a uuid' };
  if (!c.primaryKey || c.words.length !== 1) return undefined;
  if (c.maxLength === 26) return { generator: 'string.ulid', confidence: 0.8, reason: 'an id kept as text, 26 characters wide: a ULID' };
  // Prisma's `TEXT` id is a cuid even in a Session table; a sized varchar there (Laravel's, Rails') holds a random token.
  if (c.maxLength !== undefined && c.table.some((w) => ['session', 'token'].includes(w))) {
    return { generator: 'string.alphanumeric', options: { length: Math.min(c.maxLength, 40) }, confidence: 0.75, reason: "a session's or token's key: a random token" };
  }
  if (c.maxLength === undefined || c.maxLength >= 25) return { generator: 'regex', options: { pattern: CUID }, confidence: 0.75, reason: "a text primary key named id: a cuid, as ORMs (Prisma's @default(cuid())) make it" };
  return undefined;
}

type Weights = Record<string, number>;

/** Label sets of OAuth / OpenID columns, by their last two words or the last one. */
const OAUTH: [string[], Weights][] = [
  [['token', 'type'], { Bearer: 97, DPoP: 3 }],
  [['grant', 'type'], { authorization_code: 60, client_credentials: 20, refresh_token: 15, password: 5 }],
  [['grant', 'types'], { 'authorization_code refresh_token': 70, client_credentials: 30 }],
  [['client', 'type'], { confidential: 70, public: 30 }],
  [['response', 'type'], { code: 90, token: 10 }],
  [['auth', 'method'], { client_secret_basic: 60, client_secret_post: 25, none: 15 }],
  [['code', 'challenge', 'method'], { S256: 95, plain: 5 }],
];

const SIGNING: Weights = { RS256: 70, HS256: 25, ES256: 5 };
const HASHING: Weights = { bcrypt: 70, argon2id: 25, pbkdf2_sha256: 5 };

export function oauthWord(c: NameContext): NameMatch | undefined {
  const tail = (n: number) => c.words.slice(-n).join(' ');
  const found = OAUTH.find(([words]) => tail(words.length) === words.join(' '));
  let values = found?.[1];
  let what = found ? `${found[0].join(' ')} of OAuth` : '';
  // NextAuth's and Auth.js's Account.type, beside its provider and tokens: how the account signs in.
  if (!values && c.words.length === 1 && c.words[0] === 'type' && c.siblings.some((s) => s.length === 1 && s[0] === 'provider') && c.siblings.some((s) => s.includes('token'))) {
    values = { oauth: 80, oidc: 10, email: 10 };
    what = 'how an account signs in';
  }
  if (!values && c.words.at(-1) === 'algorithm') {
    const hashing = [...c.words, ...c.table].some((w) => ['password', 'hash', 'digest', 'salt'].includes(w));
    values = hashing ? HASHING : SIGNING;
    what = hashing ? 'a password hashing algorithm' : 'a signing algorithm (JWT)';
  }
  if (!values) return undefined;
  const fit = Object.fromEntries(Object.entries(values).filter(([v]) => v.length <= (c.maxLength ?? 99)));
  if (!Object.keys(fit).length) return undefined;
  return { generator: 'weighted', options: { values: fit }, confidence: 0.8, reason: `${what}: the values libraries write` };
}

/**
 * The account's id at the sign-in provider (allauth's `uid`, NextAuth's
 * `providerAccountId`, Supabase's `provider_id`, Socialite's `provider_id`
 * beside `provider`): the digits Google, GitHub or Facebook give a user.
 */
export function providerUid(c: NameContext): NameMatch | undefined {
  const beside = c.siblings.some((s) => s.length === 1 && s[0] === 'provider');
  const named = (c.words.length === 1 && c.words[0] === 'uid') || (c.words[0] === 'provider' && ['uid', 'subject', 'sub'].includes(c.words.at(-1)!)) || (c.words[0] === 'provider' && c.words.length === 3 && ['account', 'user'].includes(c.words[1]) && c.words[2] === 'id');
  if (!named && !(beside && c.words.join(' ') === 'provider id')) return undefined;
  // A bare `uid` is a sign-in's only beside a provider or in a table of identities.
  if (c.words.length === 1 && !beside && !c.table.some((w) => ['social', 'identity', 'oauth', 'account'].includes(w))) return undefined;
  return { generator: 'string.numeric', options: { length: Math.min(c.maxLength ?? 18, 18) }, confidence: 0.7, reason: "the account's id at its sign-in provider" };
}

/** Stripe's object prefixes: `stripe_customer_id` holds `cus_…`, as the API returns it. */
const STRIPE_PREFIXES: [string, string][] = [
  ['customer', 'cus'], ['subscription', 'sub'], ['price', 'price'], ['product', 'prod'], ['invoice', 'in'], ['charge', 'ch'],
  ['intent', 'pi'], ['method', 'pm'], ['account', 'acct'], ['session', 'cs_live'], ['refund', 're'], ['payout', 'po'], ['coupon', 'co'],
];

export function stripeId(c: NameContext): NameMatch | undefined {
  if (c.words[0] !== 'stripe' || c.words.at(-1) !== 'id' || c.words.length < 3) return undefined;
  const prefix = STRIPE_PREFIXES.find(([word]) => c.words.includes(word))?.[1];
  if (!prefix) return undefined;
  const length = Math.max(1, Math.min(24, (c.maxLength ?? 99) - prefix.length - 1));
  return { generator: 'regex', options: { pattern: `${prefix}_[A-Za-z0-9]{${length}}` }, confidence: 0.8, reason: `a Stripe ${c.words.slice(1, -1).join(' ')} id (${prefix}_…)` };
}
