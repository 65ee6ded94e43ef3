import type { CellRng } from '../random/cell-rng';
import type { GeneratorDef } from './types';
import { fakerGenerator, opt } from './helpers';

const BYTE_HEX: string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/**
 * RFC 4122 version-4 layout from four cell draws. The first draw is a
 * bijection of the row, so two rows of one field never share a uuid.
 */
export function uuidFromRng(rng: CellRng): string {
  const a = rng.u32();
  const b = rng.u32();
  const c = rng.u32();
  const d = rng.u32();
  return (
    BYTE_HEX[a >>> 24] + BYTE_HEX[(a >>> 16) & 255] + BYTE_HEX[(a >>> 8) & 255] + BYTE_HEX[a & 255] + '-' +
    BYTE_HEX[b >>> 24] + BYTE_HEX[(b >>> 16) & 255] + '-' +
    BYTE_HEX[0x40 | ((b >>> 8) & 15)] + BYTE_HEX[b & 255] + '-' +
    BYTE_HEX[0x80 | ((c >>> 24) & 63)] + BYTE_HEX[(c >>> 16) & 255] + '-' +
    BYTE_HEX[(c >>> 8) & 255] + BYTE_HEX[c & 255] +
    BYTE_HEX[d >>> 24] + BYTE_HEX[(d >>> 16) & 255] + BYTE_HEX[(d >>> 8) & 255] + BYTE_HEX[d & 255]
  );
}

const ALPHA = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';

/** Fixed-length strings over an alphabet: the `string.*` family's fast path. */
function charsGenerator(id: string, description: string, alphabet: string, defaultLength: number): GeneratorDef {
  return {
    id,
    category: 'string',
    description,
    options: { length: opt.int({ minimum: 1, maximum: 10_000 }), casing: opt.oneOf(['upper', 'lower', 'mixed']) },
    output: 'string',
    plainText: true,
    create: (o) => {
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
    create: () => uuidFromRng,
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
    options: { characters: opt.str({ minLength: 1 }), length: opt.int({ minimum: 1, maximum: 10_000 }) },
    required: ['characters'],
    output: 'string',
    create: (o) => {
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
