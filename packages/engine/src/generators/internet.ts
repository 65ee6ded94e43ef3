import type { CellRng } from '../random/cell-rng';
import type { BuildContext, CellFn, GeneratorDef, RowView } from './types';
import type { ByteSink } from '../formats/byte-sink';
import { commasOf, encodeList, listStep, runProgram, withPlainEmitter, type EmailShape, type EncodedList } from '../formats/cell-writers';
import { fakerGenerator, listGenerator, opt, optionAt, optionField } from './helpers';
import { isPlainList } from '../locale/patterns';

const TOKEN_CACHE_LIMIT = 20_000;
const tokenCache = new Map<string, string>();

/**
 * A name as an email/username token: ASCII letters only, lowercased. Names
 * repeat constantly, so the (slow) Unicode normalization is memoized. Digits
 * are stripped on purpose: unique emails append the row number, and a digit-free
 * token keeps `name + number` unambiguous.
 */
export function nameToken(name: unknown): string {
  const text = name == null ? '' : String(name);
  let token = tokenCache.get(text);
  if (token === undefined) {
    token = text.normalize('NFKD').replace(/[^A-Za-z]/g, '').toLowerCase();
    if (tokenCache.size >= TOKEN_CACHE_LIMIT) tokenCache.clear();
    tokenCache.set(text, token);
  }
  return token;
}

const tokenLists = new WeakMap<readonly string[], EncodedList>();

/** The tokens of a list of names, entry for entry, as bytes (made once per list). */
function tokensOf(names: readonly string[]): EncodedList {
  let tokens = tokenLists.get(names);
  if (!tokens) tokenLists.set(names, (tokens = encodeList(names.map(nameToken))));
  return tokens;
}

function nameLists(ctx: BuildContext) {
  return { firsts: ctx.locale.list('person.first_name'), lasts: ctx.locale.list('person.last_name') };
}

/** Local part variants faker also uses; `unique` appends the 1-based row number instead of random digits. */
function localPart(first: string, last: string, rng: CellRng, row: RowView, unique: boolean): string {
  const a = first || 'user';
  if (unique) return last ? `${a}.${last}${row.index + 1}` : `${a}${row.index + 1}`;
  switch (rng.below(4)) {
    case 0: return last ? `${a}.${last}` : a;
    case 1: return last ? `${a}_${last}` : `${a}${rng.below(100)}`;
    case 2: return `${a}.${last}${rng.below(100)}`;
    default: return `${a}${rng.below(1000)}`;
  }
}

/** `localPart` written as bytes: the same draws, in the same order. Tokens are ASCII letters. */
function putLocalPart(out: ByteSink, first: string, last: string, rng: CellRng, row: RowView, unique: boolean): void {
  out.putText(first || 'user');
  if (unique) {
    if (last) {
      out.putByte(46);
      out.putText(last);
    }
    return out.putNumber(row.index + 1);
  }
  switch (rng.below(4)) {
    case 0:
      if (last) {
        out.putByte(46);
        out.putText(last);
      }
      return;
    case 1:
      if (!last) return out.putNumber(rng.below(100));
      out.putByte(95);
      return out.putText(last);
    case 2:
      out.putByte(46);
      out.putText(last);
      return out.putNumber(rng.below(100));
    default:
      return out.putNumber(rng.below(1000));
  }
}

const nameOption = opt.str({ description: 'A full name (`{name}`): its first word is the first name, its last word the last name' });

/** The first or last word of a full name read from the row; undefined without one (the name is then drawn). */
function partOf(name: unknown, row: RowView, part: 'first' | 'last'): string | undefined {
  if (name === undefined) return undefined;
  const words = String(optionAt(name, row) ?? '').trim().split(/\s+/).filter(Boolean);
  if (!words.length) return undefined;
  return part === 'first' ? words[0] : words.length > 1 ? words.at(-1) : '';
}

export const internetGenerators: GeneratorDef[] = [
  {
    id: 'internet.email',
    category: 'internet',
    description: 'Email address; `firstName`/`lastName` (or a full `name`) can read name fields (`{first_name}`) so it matches the person',
    options: { firstName: opt.str(), lastName: opt.str(), name: nameOption, provider: opt.str({ description: 'Domain to use' }) },
    output: 'string',
    injective: true,
    rowOptions: ['firstName', 'lastName', 'name'],
    plainText: (o, ctx) => isPlainList(o.provider ? [String(o.provider)] : ctx.locale.list('internet.free_email')),
    create: (o, ctx) => {
      const { firsts, lasts } = nameLists(ctx);
      const domains = o.provider ? [String(o.provider)] : ctx.locale.list('internet.free_email');
      const unique = ctx.unique;
      // Both names are read (or drawn) before the local part draws.
      const firstOf = (rng: CellRng, row: RowView) => nameToken(optionAt(o.firstName, row) ?? partOf(o.name, row, 'first') ?? firsts[rng.below(firsts.length)]);
      const lastOf = (rng: CellRng, row: RowView) => nameToken(optionAt(o.lastName, row) ?? partOf(o.name, row, 'last') ?? lasts[rng.below(lasts.length)]);
      const cell: CellFn = (rng, row) => {
        const first = firstOf(rng, row);
        const last = lastOf(rng, row);
        return `${localPart(first, last, rng, row, unique)}@${domains[rng.below(domains.length)]}`;
      };
      const domain = listStep(domains);
      if (!domain || commasOf(domains) !== 'never') return cell;
      const domainProgram = [domain];
      // What the row compiler writes inline: names read whole from a field, or drawn (a literal or a full `name` is not).
      const source = (option: unknown, list: readonly string[]) => ({ field: optionField(option), drawn: tokensOf(list) });
      const inline = o.name === undefined && [o.firstName, o.lastName].every((option) => option === undefined || optionField(option) !== undefined);
      const shape = (quote: boolean): EmailShape => ({
        kind: 'email',
        first: source(o.firstName, firsts),
        last: source(o.lastName, lasts),
        tokensOf,
        domains: { bytes: domain.bytes, starts: domain.starts },
        unique,
        quote,
      });
      return withPlainEmitter(cell, (rng, row, out) => {
        const first = firstOf(rng, row);
        const last = lastOf(rng, row);
        putLocalPart(out, first, last, rng, row, unique);
        out.putByte(64);
        runProgram(domainProgram, rng, out);
      }, true, inline ? shape : undefined);
    },
  },
  {
    id: 'internet.username',
    category: 'internet',
    description: 'Username, optionally from name fields (`firstName`/`lastName`, or a full `name`)',
    options: { firstName: opt.str(), lastName: opt.str(), name: nameOption },
    output: 'string',
    injective: true,
    rowOptions: ['firstName', 'lastName', 'name'],
    plainText: true,
    create: (o, ctx) => {
      const { firsts, lasts } = nameLists(ctx);
      const unique = ctx.unique;
      return (rng, row) => {
        const first = nameToken(optionAt(o.firstName, row) ?? partOf(o.name, row, 'first') ?? firsts[rng.below(firsts.length)]);
        const last = nameToken(optionAt(o.lastName, row) ?? partOf(o.name, row, 'last') ?? lasts[rng.below(lasts.length)]);
        return localPart(first, last, rng, row, unique);
      };
    },
  },
  fakerGenerator('internet.exampleEmail', 'Email at a reserved example domain', { options: { firstName: opt.str(), lastName: opt.str() } }),
  fakerGenerator('internet.displayName', 'Display name', { options: { firstName: opt.str(), lastName: opt.str() } }),
  fakerGenerator('internet.password', 'Random password', {
    options: { length: opt.int({ minimum: 1, maximum: 256 }), memorable: opt.bool(), prefix: opt.str() },
  }),
  fakerGenerator('internet.url', 'http(s) URL', { options: { appendSlash: opt.bool(), protocol: opt.oneOf(['http', 'https']) } }),
  fakerGenerator('internet.domainName', 'Domain name', { plainText: true }),
  fakerGenerator('internet.domainWord', 'Domain label', { plainText: true }),
  listGenerator('internet.domainSuffix', 'Top-level domain', 'internet.domain_suffix'),
  fakerGenerator('internet.ip', 'IPv4 or IPv6 address', { plainText: true }),
  fakerGenerator('internet.ipv4', 'IPv4 address', { plainText: true }),
  fakerGenerator('internet.ipv6', 'IPv6 address', { plainText: true }),
  fakerGenerator('internet.mac', 'MAC address', { options: { separator: opt.oneOf([':', '-', '']) } }),
  fakerGenerator('internet.port', 'TCP port number', { output: 'integer', plainText: true }),
  fakerGenerator('internet.protocol', 'http or https', { plainText: true }),
  fakerGenerator('internet.httpMethod', 'HTTP method', { plainText: true }),
  fakerGenerator('internet.httpStatusCode', 'HTTP status code', { output: 'integer', plainText: true }),
  fakerGenerator('internet.userAgent', 'Browser user agent string'),
  fakerGenerator('internet.emoji', 'Emoji'),
  fakerGenerator('internet.jwtAlgorithm', 'JWT signing algorithm', { plainText: true }),
  fakerGenerator('internet.jwt', 'Signed-looking JSON Web Token', { args: (_o, ctx) => [{ refDate: new Date(ctx.refDate) }], plainText: true }),
];
