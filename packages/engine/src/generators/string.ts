import type { CellRng } from '../random/cell-rng';
import type { CellFn, GeneratorDef } from './types';
import type { ByteSink } from '../formats/byte-sink';
import { withPlainEmitter } from '../formats/cell-writers';
import { checkOptionMaxima, fakerGenerator, opt } from './helpers';

const UUID_CODES: number[] = new Array(36).fill(45); // '-' stays at 8, 13, 18, 23
const HEX_CODE = Array.from('0123456789abcdef', (c) => c.charCodeAt(0));

/**
 * RFC 4122 version-4 layout from four cell draws, built as character codes
 * and turned into one flat string: no lookup tables to miss in cache, no rope
 * for encoders to flatten (measured: both cost more than the hashing).
 * The first draw is a bijection of the row and is kept whole, so two rows of
 * one field never share a uuid. The cell writer puts the same draws as bytes;
 * each form has its own hex helper, so that both stay monomorphic.
 */
const words = new Int32Array(6); // the draws of one uuid, as its six groups of hex digits

function drawUuid(rng: CellRng) {
  const a = rng.u32();
  const b = rng.u32();
  const c = rng.u32();
  const d = rng.u32();
  words[0] = a;
  words[1] = b >>> 16;
  words[2] = 0x4000 | (b & 0x0fff);
  words[3] = 0x8000 | ((c >>> 16) & 0x3fff);
  words[4] = c & 0xffff;
  words[5] = d;
}

function hexCodes(at: number, word: number, digits: number) {
  for (let i = at + digits - 1; i >= at; i--) {
    UUID_CODES[i] = HEX_CODE[word & 15];
    word >>>= 4;
  }
}

function uuidFromRng(rng: CellRng): string {
  drawUuid(rng);
  hexCodes(0, words[0], 8);
  hexCodes(9, words[1], 4);
  hexCodes(14, words[2], 4);
  hexCodes(19, words[3], 4);
  hexCodes(24, words[4], 4);
  hexCodes(28, words[5], 8);
  return String.fromCharCode.apply(null, UUID_CODES);
}

/** Two hex digits per byte value, as the 16-bit little-endian word that puts them in order. */
const HEX_PAIRS = Uint16Array.from({ length: 256 }, (_, b) => HEX_CODE[b >>> 4] | (HEX_CODE[b & 15] << 8));

/** The 8 hex digits of a 32-bit word (or, with `digits` 4, of its low 16 bits) at `at`. */
function hexWord(view: DataView, at: number, word: number, digits: 4 | 8) {
  if (digits === 8) {
    view.setUint16(at, HEX_PAIRS[(word >>> 24) & 255], true);
    view.setUint16(at + 2, HEX_PAIRS[(word >>> 16) & 255], true);
    at += 4;
  }
  view.setUint16(at, HEX_PAIRS[(word >>> 8) & 255], true);
  view.setUint16(at + 2, HEX_PAIRS[word & 255], true);
}

/** The uuid cell, with its cell writer: the same 36 characters put as bytes, two at a time. */
export const uuidCell: CellFn = withPlainEmitter((rng) => uuidFromRng(rng), (rng, _row, out: ByteSink) => {
  drawUuid(rng);
  out.ensure(36);
  const { buf, view, pos } = out;
  hexWord(view, pos, words[0], 8);
  hexWord(view, pos + 9, words[1], 4);
  hexWord(view, pos + 14, words[2], 4);
  hexWord(view, pos + 19, words[3], 4);
  hexWord(view, pos + 24, words[4], 4);
  hexWord(view, pos + 28, words[5], 8);
  buf[pos + 8] = buf[pos + 13] = buf[pos + 18] = buf[pos + 23] = 45;
  out.pos = pos + 36;
}, true, (quote) => ({ kind: 'uuid', quote }));

const ALPHA = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

const LENGTH = opt.int({ minimum: 1, maximum: 10_000 });

/** Fixed-length strings over an alphabet: the `string.*` family's fast path. */
function charsGenerator(id: string, description: string, alphabet: string, defaultLength: number): GeneratorDef {
  return {
    id,
    category: 'string',
    description,
    options: { length: LENGTH, casing: opt.oneOf(['upper', 'lower', 'mixed']) },
    output: 'string',
    plainText: true,
    maxBytes: (o) => o.length ?? defaultLength,
    create: (o) => {
      checkOptionMaxima({ length: LENGTH }, o);
      let chars = alphabet;
      if (o.casing === 'upper') chars = [...new Set(alphabet.toUpperCase())].join('');
      if (o.casing === 'lower') chars = [...new Set(alphabet.toLowerCase())].join('');
      const n = chars.length;
      const length = o.length ?? defaultLength;
      return (rng) => {
        let s = '';
        for (let i = 0; i < length; i++) s += chars[rng.below(n)];
        return s;
      };
    },
    space: (o) => {
      const length = o.length ?? defaultLength;
      const n = o.casing === 'upper' || o.casing === 'lower' ? new Set(alphabet.toLowerCase()).size : alphabet.length;
      const size = n ** length;
      // Enumerate only spaces that are small enough to be exhausted; big ones are left to retry.
      if (size > 2 ** 40) return undefined;
      const chars = o.casing === 'upper' ? [...new Set(alphabet.toUpperCase())].join('') : o.casing === 'lower' ? [...new Set(alphabet.toLowerCase())].join('') : alphabet;
      return {
        size,
        at: (i) => {
          let s = '';
          for (let k = 0; k < length; k++, i = Math.floor(i / n)) s = chars[i % n] + s;
          return s;
        },
      };
    },
  };
}

export const stringGenerators: GeneratorDef[] = [
  {
    id: 'string.uuid',
    category: 'string',
    description: 'Random version-4 UUID',
    output: 'uuid',
    injective: true,
    plainText: true,
    create: () => uuidCell,
  },
  charsGenerator('string.alpha', 'Letters', ALPHA, 8),
  charsGenerator('string.alphanumeric', 'Letters and digits', ALPHA + DIGITS, 8),
  charsGenerator('string.numeric', 'Digits', DIGITS, 6),
  charsGenerator('string.hexadecimal', 'Hex digits', '0123456789abcdef', 8),
  charsGenerator('string.binary', 'Binary digits', '01', 8),
  charsGenerator('string.octal', 'Octal digits', '01234567', 8),
  fakerGenerator('string.sample', 'Printable ASCII characters', { options: { length: opt.int({ minimum: 1, maximum: 10_000 }) }, args: (o) => [o.length ?? 10] }),
  fakerGenerator('string.nanoid', 'URL-friendly unique-looking id', { options: { length: opt.int({ minimum: 1, maximum: 255 }) }, args: (o) => [o.length ?? 21], plainText: true }),
  fakerGenerator('string.ulid', 'ULID', { args: (_o, ctx) => [{ refDate: new Date(ctx.refDate) }], plainText: true }),
  fakerGenerator('string.symbol', 'Punctuation symbols', { options: { length: opt.int({ minimum: 1, maximum: 1000 }) }, args: (o) => [o.length ?? 1] }),
  {
    id: 'string.fromCharacters',
    category: 'string',
    description: 'Characters drawn from `characters`',
    options: { characters: opt.str({ minLength: 1 }), length: LENGTH },
    required: ['characters'],
    output: 'string',
    maxBytes: (o) => (/^[\x00-\x7f]*$/.test(String(o.characters)) ? 1 : 4) * (o.length ?? 8),
    create: (o) => {
      checkOptionMaxima({ length: LENGTH }, o);
      const chars = [...String(o.characters)];
      const length = o.length ?? 8;
      return (rng) => {
        let s = '';
        for (let i = 0; i < length; i++) s += chars[rng.below(chars.length)];
        return s;
      };
    },
  },
];
