/**
 * Values for SQL types that check their text on input: networks (`cidr`:
 * a prefix with its host bits zero), bit strings of a declared length
 * (`bit(n)`, `varbit(n)`, MySQL's `BIT(n)`) and well-formed XML. Each is
 * text every format writes as is, except where a dialect needs a literal of
 * its own (MySQL's `b'0101'`).
 */
import type { GeneratorDef, ValueSpace } from './types';
import type { CellRng } from '../random/cell-rng';
import { opt } from './helpers';

/** Bits a value space is enumerated for (a unique `bit(n)` permutes 2^n values). */
const SPACE_BITS = 30;
export const BITS_MAX = 4096;

const hex4 = (n: number) => n.toString(16);

/** IPv6 text with the longest run of zero groups written `::` (RFC 5952), as PostgreSQL prints it. */
export function ipv6Text(groups: number[]): string {
  let best = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [best, bestLength] = [i, j - i];
    i = j;
  }
  if (best < 0) return groups.map(hex4).join(':');
  return `${groups.slice(0, best).map(hex4).join(':')}::${groups.slice(best + bestLength).map(hex4).join(':')}`;
}

/** A network of `prefix` bits: random network bits, host bits zero (what `cidr` demands). */
function network(rng: CellRng, version: 4 | 6, prefix: number): string {
  if (version === 4) {
    // Two 16-bit halves: a 32-bit shift in JavaScript wraps.
    const hi = rng.below(0x10000);
    const lo = rng.below(0x10000);
    const keepHi = Math.min(16, prefix);
    const keepLo = Math.max(0, prefix - 16);
    const h = keepHi === 0 ? 0 : hi & ((0xffff << (16 - keepHi)) & 0xffff);
    const l = keepLo === 0 ? 0 : lo & ((0xffff << (16 - keepLo)) & 0xffff);
    return `${h >> 8}.${h & 255}.${l >> 8}.${l & 255}/${prefix}`;
  }
  const groups = Array.from({ length: 8 }, (_, i) => {
    const keep = Math.max(0, Math.min(16, prefix - 16 * i));
    return keep === 0 ? 0 : rng.below(0x10000) & ((0xffff << (16 - keep)) & 0xffff);
  });
  // Documentation and unique-local prefixes look like real allocations; keep the first group in 2000::/3 (global unicast).
  if (prefix >= 3) groups[0] = 0x2000 | (groups[0] & 0x1fff);
  return `${ipv6Text(groups)}/${prefix}`;
}

const bitsOf = (value: number, length: number) => value.toString(2).padStart(length, '0');

/** The characters XML text and attribute values must not hold as they are. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/** Element names: a letter first, then letters, digits, `_`, `-`, `.` (no `xml` prefix, no colon). */
const XML_NAME = '^(?![Xx][Mm][Ll])[A-Za-z_][A-Za-z0-9_.-]{0,63}$';

export const declaredValueGenerators: GeneratorDef[] = [
  {
    id: 'internet.cidr',
    category: 'internet',
    description: 'A network with its prefix length and its host bits zero (what a PostgreSQL `cidr` column accepts): "10.32.0.0/11", "2001:db8:4000::/36"',
    options: {
      version: opt.int({ enum: [4, 6], description: 'IPv4 (default) or IPv6' }),
      minPrefix: opt.int({ minimum: 0, maximum: 128, description: 'Shortest prefix (default 8 for IPv4, 32 for IPv6)' }),
      maxPrefix: opt.int({ minimum: 0, maximum: 128, description: 'Longest prefix (default 30 for IPv4, 64 for IPv6; at most 32 for IPv4)' }),
    },
    output: 'string',
    sqlType: { postgres: 'CIDR', mysql: 'VARCHAR(43)', sqlite: 'TEXT' },
    plainText: true,
    maxBytes: (o) => (o.version === 6 ? 43 : 18),
    maxChars: (o) => (o.version === 6 ? 43 : 18),
    create: (o) => {
      const version: 4 | 6 = o.version === 6 ? 6 : 4;
      const bits = version === 4 ? 32 : 128;
      const min = Math.min(bits, o.minPrefix ?? (version === 4 ? 8 : 32));
      const max = Math.min(bits, Math.max(min, o.maxPrefix ?? (version === 4 ? 30 : 64)));
      return (rng) => network(rng, version, rng.intBetween(min, max));
    },
  },
  {
    id: 'string.bits',
    category: 'string',
    description: 'A bit string of `length` bits ("0110…", for `bit(n)`), or of `min`–`max` bits (for `varbit(n)`); MySQL SQL writes it b\'0110\'',
    options: {
      length: opt.int({ minimum: 1, maximum: BITS_MAX, description: 'Exactly this many bits (bit(n))' }),
      min: opt.int({ minimum: 0, maximum: BITS_MAX, description: 'Fewest bits (varbit)' }),
      max: opt.int({ minimum: 0, maximum: BITS_MAX, description: 'Most bits (varbit(n): n)' }),
    },
    output: 'string',
    sqlTypeFor: (o) => (o.length !== undefined ? { postgres: `BIT(${o.length})`, mysql: `BIT(${Math.min(64, o.length)})` } : { postgres: `VARBIT${o.max !== undefined ? `(${o.max})` : ''}`, mysql: 'VARCHAR(64)' }),
    // A varbit may be empty: an empty CSV field reads as NULL in PostgreSQL's COPY, so only fixed lengths skip quoting.
    plainText: (o) => o.length !== undefined || (o.min ?? 1) > 0,
    maxBytes: (o) => o.length ?? o.max ?? 8,
    maxChars: (o) => o.length ?? o.max ?? 8,
    space: (o) => {
      if (o.length === undefined || o.length > SPACE_BITS) return undefined;
      const length: number = o.length;
      return { size: 2 ** length, at: (i) => bitsOf(i, length) } satisfies ValueSpace;
    },
    create: (o) => {
      const min = o.length ?? o.min ?? 1;
      const max = o.length ?? Math.max(min, o.max ?? 8);
      return (rng) => {
        const n = min === max ? min : rng.intBetween(min, max);
        let s = '';
        for (let left = n; left > 0; left -= 16) s += bitsOf(rng.below(0x10000), 16).slice(0, Math.min(16, left));
        return s;
      };
    },
    // MySQL reads a quoted '0101' as four characters, not bits: a BIT column takes b'0101' (a text column keeps the characters).
    sqlLiteral: (v, dialect, columnType) => (dialect === 'mysql' && /^\s*bit\b/i.test(columnType) && typeof v === 'string' && /^[01]*$/.test(v) ? `b'${v}'` : undefined),
  },
  {
    id: 'xml',
    category: 'datatype',
    description: 'A small well-formed XML document: a `root` element (default "note") holding a sender, a recipient, a subject and a body, its text escaped',
    options: { root: opt.str({ pattern: XML_NAME, description: 'Name of the root element' }) },
    output: 'string',
    sqlType: { postgres: 'XML', mysql: 'TEXT', sqlite: 'TEXT' },
    create: (o, ctx) => {
      const root: string = o.root ?? 'note';
      const first = ctx.locale.list('person.first_name');
      const last = ctx.locale.list('person.last_name');
      const words = ctx.locale.list('lorem.word');
      const person = (rng: CellRng) => xmlEscape(`${rng.pick(first)} ${rng.pick(last)}`);
      const text = (rng: CellRng, min: number, max: number) => {
        const n = rng.intBetween(min, max);
        const out: string[] = [];
        for (let i = 0; i < n; i++) out.push(rng.pick(words));
        return xmlEscape(out.join(' '));
      };
      return (rng) => {
        const id = rng.intBetween(1, 99_999);
        return `<${root} id="${id}"><from>${person(rng)}</from><to>${person(rng)}</to><subject>${text(rng, 2, 5)}</subject><body>${text(rng, 6, 20)}.</body></${root}>`;
      };
    },
  },
];
