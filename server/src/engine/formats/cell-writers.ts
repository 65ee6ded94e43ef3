import type { CellRng } from '../random/cell-rng';
import type { CellFn, DelimitedFormat, EmitFn, EmitterFactory } from '../generators/types';
import type { ByteSink } from './byte-sink';
import { delimitedText } from './delimited';

/**
 * Building blocks of cell writers (see EmitFn): CSV and TSV cells written as
 * bytes while they are generated. In the row loop, making a cell's string and
 * then copying it into the output costs more than generating it; writing
 * digits and pre-encoded list entries directly is about three times cheaper
 * for a table like the benchmark's people.
 */

/** Writes generated text as raw UTF-8, drawing from `rng` exactly as the string form does. */
export type TextWriter = (rng: CellRng, out: ByteSink) => void;

/**
 * Whether a writer's text holds commas. Writers only exist for text that is
 * never empty and never holds a quote, tab, line break or backslash, so
 * commas alone decide CSV quoting: never, always (quote without looking), or
 * some values (then the cell writer cannot know in advance).
 */
export type Commas = 'never' | 'always' | 'some';

/** Characters that rule out a raw writer: what CSV or TSV would quote or escape, commas aside. */
export const NOT_RAW = /["\t\n\r\\]/;

export const commasOf = (texts: readonly string[]): Commas =>
  texts.every((t) => t.includes(',')) ? 'always' : texts.some((t) => t.includes(',')) ? 'some' : 'never';

/** The cell writer for text from `write`: TSV never escapes it; CSV quotes it when it always holds a comma. */
export function emitterOfWriter(write: TextWriter, commas: Commas): EmitterFactory {
  return (format) => {
    if (format === 'tsv' || commas === 'never') return (rng, _row, out) => write(rng, out);
    if (commas === 'always') {
      return (rng, _row, out) => {
        out.putByte(34);
        write(rng, out);
        out.putByte(34);
      };
    }
    return undefined;
  };
}

/** Gives `fn` one cell writer for both formats, for text neither quotes nor escapes (digits, uuids, dates). */
export function withPlainEmitter<F extends CellFn>(fn: F, emit: EmitFn): F {
  fn.emitter = () => emit;
  return fn;
}

/** Strings as one block of UTF-8 with offsets: entry i is bytes[starts[i], starts[i + 1]). */
export interface EncodedList {
  bytes: Uint8Array;
  starts: Int32Array;
}

export function encodeList(texts: readonly string[]): EncodedList {
  const parts = texts.map((t) => Buffer.from(t, 'utf8'));
  const starts = new Int32Array(parts.length + 1);
  parts.forEach((p, i) => (starts[i + 1] = starts[i] + p.length));
  return { bytes: Buffer.concat(parts), starts };
}

// Locale lists are shared by every plan of a process: encode each once per format.
const encodedLists = { csv: new WeakMap<readonly string[], EncodedList>(), tsv: new WeakMap<readonly string[], EncodedList>(), raw: new WeakMap<readonly string[], EncodedList>() };

function encodedFor(list: readonly string[], form: DelimitedFormat | 'raw'): EncodedList {
  let encoded = encodedLists[form].get(list);
  if (!encoded) {
    encoded = encodeList(form === 'raw' ? list : list.map((t) => delimitedText(form, t)));
    encodedLists[form].set(list, encoded);
  }
  return encoded;
}

/** Raw writer of a uniform pick from `list` (same draw as `list[rng.below(n)]`), when its entries allow one. */
export function listWriter(list: readonly string[]): TextWriter | undefined {
  if (list.length === 0 || list.some((t) => t === '' || NOT_RAW.test(t))) return undefined;
  const { bytes, starts } = encodedFor(list, 'raw');
  const n = list.length;
  return (rng, out) => {
    const i = rng.below(n);
    out.putSlice(bytes, starts[i], starts[i + 1]);
  };
}

/** Cell writer of a uniform pick from `list`: every entry pre-encoded for the format, so any list qualifies. */
export function listEmitter(list: readonly string[]): EmitterFactory {
  return (format): EmitFn | undefined => {
    if (list.length === 0) return undefined;
    const { bytes, starts } = encodedFor(list, format);
    const n = list.length;
    return (rng, _row, out) => {
      const i = rng.below(n);
      out.putSlice(bytes, starts[i], starts[i + 1]);
    };
  };
}
