/**
 * Columns that hold one of a few labels the schema does not declare (no
 * enum, no CHECK): statuses, plans, roles, channels, flags kept as text.
 * The labels are the ones such columns hold in the applications that name
 * them so, weighted as they usually are; a status reads its table (an
 * order's status is not a ticket's).
 */
import type { NameContext, NameMatch } from './name-rules';

type Weights = Record<string, number>;

const STATUS_BY_TABLE: [string[], Weights][] = [
  [['order', 'purchase', 'cart', 'checkout'], { pending: 15, paid: 25, shipped: 25, delivered: 30, cancelled: 5 }],
  [['shipment', 'delivery', 'parcel'], { label_created: 10, in_transit: 30, delivered: 55, returned: 5 }],
  [['payment', 'transaction', 'charge', 'refund'], { succeeded: 85, pending: 7, failed: 6, refunded: 2 }],
  [['invoice', 'bill'], { paid: 70, open: 20, draft: 5, void: 5 }],
  [['subscription', 'plan', 'membership'], { active: 70, trialing: 10, past_due: 8, canceled: 12 }],
  [['ticket', 'issue', 'case', 'incident', 'request'], { open: 30, pending: 20, solved: 35, closed: 15 }],
  [['post', 'article', 'page', 'story', 'entry', 'blog'], { publish: 75, draft: 20, pending: 3, private: 2 }],
  [['task', 'todo', 'job', 'project'], { todo: 30, in_progress: 25, done: 40, blocked: 5 }],
  [['comment', 'review'], { approved: 85, pending: 10, spam: 5 }],
  [['user', 'account', 'customer', 'member', 'employee'], { active: 85, inactive: 10, suspended: 5 }],
];

/** What a `type` or `kind` sorts, by the words before it or its table: a product's kind is not an address's type. */
const TYPE_BY_SUBJECT: [string[], Weights][] = [
  [['address', 'location'], { shipping: 50, billing: 40, other: 10 }],
  [['phone', 'contact'], { mobile: 60, home: 25, work: 15 }],
  [['product', 'item', 'sku', 'good', 'variant', 'listing'], { physical: 70, digital: 20, service: 10 }],
  [['payment', 'transaction', 'ledger', 'entry', 'charge'], { charge: 80, refund: 15, adjustment: 5 }],
  [['campaign', 'ad', 'advert', 'advertisement'], { search: 50, display: 30, video: 20 }],
  [['file', 'attachment', 'media', 'asset', 'document', 'upload'], { image: 60, document: 25, video: 15 }],
  [['ticket', 'issue', 'case', 'incident'], { question: 40, incident: 30, problem: 15, task: 15 }],
  [['account', 'customer', 'organization', 'company', 'workspace', 'tenant'], { personal: 70, business: 30 }],
  [['notification', 'message', 'alert'], { email: 55, push: 30, sms: 15 }],
  [['discount', 'coupon', 'promotion', 'voucher'], { percentage: 60, fixed_amount: 30, free_shipping: 10 }],
  [['event', 'activity', 'audit'], { created: 35, updated: 40, deleted: 10, viewed: 10, exported: 5 }],
];

const GENERIC_STATUS: Weights = { active: 70, inactive: 20, pending: 10 };

/** Label sets by the word that names the column. */
const BY_WORD: Record<string, Weights> = {
  plan: { free: 50, starter: 25, pro: 18, enterprise: 7 },
  tier: { free: 50, standard: 30, premium: 15, enterprise: 5 },
  role: { member: 70, admin: 20, viewer: 10 },
  priority: { low: 25, normal: 50, high: 20, urgent: 5 },
  severity: { low: 40, medium: 35, high: 20, critical: 5 },
  channel: { email: 45, web: 30, phone: 15, chat: 10 },
  source: { organic: 40, direct: 25, referral: 20, paid: 15 },
  provider: { google: 45, github: 30, email: 15, apple: 10 },
  scopes: { 'openid email profile': 60, 'read:user': 25, 'repo read:org': 15 },
  disk: { local: 40, public: 20, s3: 40 },
  connection: { redis: 50, database: 40, sqs: 10 },
  queue: { default: 70, high: 20, low: 10 },
  service: { local: 30, amazon: 50, google: 20 },
  scope: { 'openid email profile': 60, 'read:user': 25, 'repo read:org': 15 },
  context: { tags: 70, skills: 20, interests: 10 },
  unit: { km: 30, kg: 20, steps: 20, minutes: 20, kcal: 10 },
  action: { created: 35, updated: 40, deleted: 10, viewed: 10, exported: 5 },
  event: { created: 35, updated: 40, deleted: 10, viewed: 10, exported: 5 },
  size: { S: 20, M: 35, L: 30, XL: 15 },
  visibility: { public: 60, private: 30, unlisted: 10 },
  mode: { light: 60, dark: 40 },
  frequency: { monthly: 70, yearly: 25, weekly: 5 },
  interval: { month: 75, year: 25 },
  method: { card: 70, paypal: 15, bank_transfer: 10, cash: 5 },
  carrier: { UPS: 35, FedEx: 30, USPS: 25, DHL: 10 },
  via: { UPS: 35, FedEx: 30, USPS: 25, DHL: 10 },
  autoload: { yes: 70, no: 30 },
  approved: { '1': 85, '0': 10, spam: 5 },
  platform: { web: 50, ios: 30, android: 20 },
  device: { desktop: 55, mobile: 40, tablet: 5 },
  stage: { lead: 40, qualified: 25, proposal: 15, won: 12, lost: 8 },
  marital: { single: 45, married: 45, divorced: 7, widowed: 3 },
  blood: { 'O+': 38, 'A+': 34, 'B+': 9, 'O-': 7, 'A-': 6, 'AB+': 3, 'B-': 2, 'AB-': 1 },
  type: { standard: 60, premium: 25, basic: 15 },
  kind: { standard: 60, premium: 25, basic: 15 },
  category: { general: 40, billing: 25, technical: 25, sales: 10 },
};

/** What a token is for (phx.gen.auth's `users_tokens.context`): a taggings' context is something else. */
const TOKEN_CONTEXTS: Weights = { session: 70, confirm: 15, reset_password: 10, login: 5 };

/** Who takes a payment: a `provider` beside money is a payment processor, not a sign-in. */
const PAYMENT_PROVIDERS: Weights = { stripe: 60, paypal: 25, adyen: 10, braintree: 5 };
const PAYMENT_WORDS = ['payment', 'billing', 'charge', 'invoice', 'order', 'checkout', 'subscription', 'payout', 'transaction', 'purchase'];

/** Table names (their last word) whose rows are one of a few labels: a lookup keyed by its label. */
export const LOOKUP_WORDS = ['status', 'role', 'plan', 'tier', 'priority', 'severity', 'visibility', 'frequency', 'interval', 'platform', 'stage', 'type', 'kind', 'method', 'provider', 'mode', 'source', 'blood', 'marital'];

/** A sibling that is part of a postal address: `last_ip_address` and `email_address` are not. */
export const addressSibling = (words: string[]) => ['city', 'zip', 'address', 'street', 'country', 'postal'].some((w) => words.includes(w)) && !words.some((w) => ['ip', 'email', 'mac', 'wallet', 'bitcoin'].includes(w));

/** Words that make a text column a yes/no flag (`ACTV_FLG char(1)`, `accepts_marketing`). */
export const FLAG_WORDS = ['flag', 'active', 'enabled', 'disabled', 'deleted', 'archived', 'accepts', 'opt', 'exempt', 'taxable', 'is', 'has', 'can', 'allow', 'verified', 'approved', 'discontinued', 'current', 'default', 'primary', 'visible', 'hidden', 'locked', 'paid', 'billable', 'premium', 'completed', 'synced', 'featured', 'published'];

/** Flags that are rarely set: deleted, archived, locked... */
export const RARE_FLAGS = ['deleted', 'archived', 'disabled', 'banned', 'blocked', 'locked', 'hidden', 'discontinued', 'exempt', 'superuser', 'admin', 'spam'];

/** A text flag: Y/N, yes/no or true/false by the width the column leaves. */
export function textFlag(c: NameContext): NameMatch {
  const rare = c.words.some((w) => RARE_FLAGS.includes(w));
  const [on, off] = (c.maxLength ?? 99) <= 1 ? ['Y', 'N'] : (c.maxLength ?? 99) <= 3 || c.words.some((w) => ['accepts', 'exempt', 'opt'].includes(w)) ? ['yes', 'no'] : ['true', 'false'];
  return { generator: 'weighted', options: { values: rare ? { [on]: 10, [off]: 90 } : { [on]: 80, [off]: 20 } }, confidence: 0.8, reason: `a yes/no flag kept as text, ${rare ? 'rarely' : 'mostly'} set` };
}

function fits(values: Weights, n: number | undefined): boolean {
  return n === undefined || Object.keys(values).every((v) => v.length <= n);
}

/** One letter per label, for a CHAR(1) code (`ORD_STAT_CD char(1)` → O, S, C). */
function initials(values: Weights): Weights {
  const out: Weights = {};
  for (const [label, weight] of Object.entries(values)) {
    const letter = label[0].toUpperCase();
    out[letter] = (out[letter] ?? 0) + weight;
  }
  return out;
}

/** A status, plan, role... by its words and table; undefined when the column is not one. */
export function categoryOf(c: NameContext): NameMatch | undefined {
  const last = c.words.at(-1) ?? '';
  let values: Weights | undefined;
  let what = '';
  if (c.words.includes('status') || (last === 'state' && !c.siblings.some(addressSibling))) {
    const subject = [...c.words.filter((w) => w !== 'status' && w !== 'code' && w !== 'state'), ...c.table];
    values = STATUS_BY_TABLE.find(([tables]) => subject.some((w) => tables.includes(w)))?.[1] ?? GENERIC_STATUS;
    what = 'a status';
  } else {
    const word = c.words.at(-1) && BY_WORD[c.words.at(-1)!] ? c.words.at(-1) : undefined;
    const sorted = word === 'type' || word === 'kind' ? [...c.words.slice(0, -1), ...c.table.slice().reverse()] : [];
    const typed = sorted.length ? TYPE_BY_SUBJECT.find(([subjects]) => sorted.some((w) => subjects.includes(w)))?.[1] : undefined;
    if (typed && !(c.words.length > 1 && c.words[0] === 'content')) {
      values = typed;
      what = `a ${word}`;
    } else if (word && !(word === 'type' && c.words.length > 1 && c.words[0] === 'content')) {
      values = word === 'provider' && [...c.words, ...c.table].some((w) => PAYMENT_WORDS.includes(w)) ? PAYMENT_PROVIDERS : word === 'context' && c.table.includes('token') ? TOKEN_CONTEXTS : BY_WORD[word];
      what = `a ${word}`;
    }
  }
  if (!values) return undefined;
  if (!fits(values, c.maxLength)) values = initials(values);
  if (!fits(values, c.maxLength)) return undefined;
  return { generator: 'weighted', options: { values }, confidence: 0.7, reason: `${what} with no declared values: the labels such columns usually hold` };
}

/** `commentable_type` beside `commentable_id`: the class names of the tables a polymorphic pair points at. */
export function polymorphicType(c: NameContext): NameMatch | undefined {
  if (c.words.at(-1) !== 'type' || c.words.length < 2) return undefined;
  const stem = c.words.slice(0, -1).join(' ');
  if (!c.siblings.some((s) => s.join(' ') === `${stem} id`)) return undefined;
  const classes = (c.tables ?? []).filter((t) => !c.table.every((w, i) => t[i] === w)).map(className).filter((n) => n.length <= (c.maxLength ?? 99));
  const values = classes.length ? Object.fromEntries(classes.slice(0, 4).map((n, i) => [n, 4 - i])) : { Post: 2, User: 1 };
  return { generator: 'weighted', options: { values }, confidence: 0.75, reason: `the model a polymorphic pair (${stem}_type, ${stem}_id) points at: class names of the schema's tables` };
}

/** `order_items` → `OrderItem`, the class name an ORM stores. */
export function className(words: string[]): string {
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}
