import type { CellRng } from '../random/cell-rng';
import type { CellFn, CellFormat, EmitFn, EmitterFactory, Value } from '../generators/types';
import type { ByteSink } from './byte-sink';
import { delimitedCell } from './delimited';
import { jsonValue } from './json';

/**
 * Building blocks of cell writers (see EmitFn): CSV and TSV cells, and JSON
 * values, written as bytes while they are generated. In the row loop, making
 * a cell's string and then copying it into the output (join, then the UTF-8
 * write) cost as much as generating it; writing digits and pre-encoded list
 * entries directly took the benchmark's people row (CSV, one thread) from
 * ~1.65 to ~1.0 µs.
 */

/**
 * Whether a text's values hold commas. Text programs only exist for text
 * that is never empty and never holds a quote, backslash or control
 * character, so commas alone decide CSV quoting: never, always (quote
 * without looking), or some values (then a cell writer cannot know in
 * advance). TSV writes such text as it is, JSON between quotes.
 */
export type Commas = 'never' | 'always' | 'some';

/** Characters that rule out raw text: what CSV, TSV or JSON would quote or escape, commas aside (and surrogates, which JSON escapes when lone). */
export const NOT_RAW = /["\\\x00-\x1f\ud800-\udfff]/;

export const commasOf = (texts: readonly string[]): Commas =>
  texts.every((t) => t.includes(',')) ? 'always' : texts.some((t) => t.includes(',')) ? 'some' : 'never';

// Step kinds (numbers compared in the interpreter's switch, and read by the row compiler).
export const BYTES = 0;
export const PICK = 1;
export const DIGITS = 2;
export const CHOICE = 3;

/** Bytes from one day's text to the next in a 'day' shape's `texts`: four-byte aligned, each three whole words (the last six bytes padding). */
export const DAY_STRIDE = 16;

/**
 * What a cell writer does, as data, for the row compiler (formats/row-compiler)
 * to write inline: `text` runs one of `options` (drawn with
 * `rng.below(options.length)` when `draw`, else the only one) between quotes
 * where `quote` says; `pick` copies entry `rng.below(count)` of a pre-encoded
 * list. A writer without a shape is called as it is.
 */
export type WriterShape =
  | { kind: 'text'; options: Step[][]; quote: boolean[]; draw: boolean }
  /** `values`: the entries as the cell function returns them (list[k]), when other fields may read them. */
  | { kind: 'pick'; list: EncodedList; values?: readonly string[] }
  /** The date (YYYY-MM-DD, years 1000–9999) of day `first` + rng.below(days) since 1970-01-01, between quotes when `quote`. */
  | { kind: 'day'; first: number; days: number; quote: boolean; /** Every day's YYYY-MM-DD, day k at k × DAY_STRIDE, made when called. */ texts: () => Uint8Array }
  | EmailShape
  /** `(lo + rng.intBetween's below(span)) * step`, a safe integer, written as String(n) would. */
  | { kind: 'int'; lo: number; span: number; step: number }
  /** A version-4 uuid from four draws (generators/string.ts), between quotes when `quote`. */
  | { kind: 'uuid'; quote: boolean };

/**
 * A name an email reads: the value of `field` (by position) when it has one
 * that is not NULL, else one drawn from `drawn` (its tokens, even when empty:
 * the draw is made).
 */
export interface NameSource {
  field: number | undefined;
  drawn: EncodedList;
}

/**
 * An email as internet.email writes it: its names' tokens, a local part
 * variant, `@` and a domain; `tokensOf` gives the tokens of a field's list
 * of values (see the pick shape), entry for entry.
 */
export interface EmailShape {
  kind: 'email';
  first: NameSource;
  last: NameSource;
  tokensOf: (values: readonly string[]) => EncodedList;
  domains: EncodedList;
  /** The 1-based row number after the names instead of a drawn variant. */
  unique: boolean;
  quote: boolean;
}

/** An EmitFn with its shape. */
export type ShapedEmit = EmitFn & { shape?: WriterShape };

export function shaped(emit: EmitFn, shape: WriterShape): EmitFn {
  (emit as ShapedEmit).shape = shape;
  return emit;
}

/**
 * One step of a text program: the raw bytes of a locale pattern, as data.
 * Patterns (cities, companies, phone numbers) are lists of steps run by one
 * interpreter, `runProgram`. Composed closures were slower (people CSV 5–10%):
 * each pattern's closure was one more target of the same megamorphic call.
 * One class (one shape) for every kind keeps the interpreter's loads monomorphic.
 */
export class Step {
  private constructor(
    readonly kind: number,
    /** Bytes: the literal. Pick: the entries, one after another. Digits: the template. */
    readonly bytes: Uint8Array,
    /** `bytes` as a DataView, for ByteSink#putSlice. */
    readonly view: DataView,
    /** Pick: entry i is bytes[starts[i], starts[i + 1]). */
    readonly starts: Int32Array,
    /** Digits: positions of the digits in the template, and each one's lowest digit and span (10 for 0–9, 8 for 2–9). */
    readonly slots: Int32Array,
    readonly lowest: Uint8Array,
    readonly spans: Uint8Array,
    /** Choice: the programs picked from uniformly. */
    readonly options: Step[][],
  ) {}

  private static make(kind: number, bytes: Uint8Array, starts: Int32Array, slots: Int32Array, lowest: Uint8Array, spans: Uint8Array, options: Step[][]): Step {
    return new Step(kind, bytes, new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), starts, slots, lowest, spans, options);
  }

  private static readonly NO_BYTES = new Uint8Array(0);
  private static readonly NO_INTS = new Int32Array(0);

  static literal(text: string): Step {
    return Step.make(BYTES, new Uint8Array(Buffer.from(text, 'utf8')), Step.NO_INTS, Step.NO_INTS, Step.NO_BYTES, Step.NO_BYTES, []);
  }

  /** A uniform pick (`rng.below(n)`) from already encoded entries. */
  static pick(entries: EncodedList): Step {
    return Step.make(PICK, entries.bytes, entries.starts, Step.NO_INTS, Step.NO_BYTES, Step.NO_BYTES, []);
  }

  /** ASCII template whose `slots` get digits drawn as `drawDigits` draws them. */
  static digits(template: Uint8Array, slots: number[], lowest: Uint8Array, spans: Uint8Array): Step {
    return Step.make(DIGITS, template, Step.NO_INTS, Int32Array.from(slots), lowest, spans, []);
  }

  /** One of `options`, picked by `rng.below(options.length)`. */
  static choice(options: Step[][]): Step {
    return Step.make(CHOICE, Step.NO_BYTES, Step.NO_INTS, Step.NO_INTS, Step.NO_BYTES, Step.NO_BYTES, options);
  }
}

/**
 * Draws the digits of a `#`/`!` template: one 30-bit draw yields 9 digits.
 * The string form (locale/patterns) calls this too, so both draw alike.
 */
export function drawDigits(rng: CellRng, lowest: Uint8Array, spans: Uint8Array, into: Uint8Array): void {
  let digits = 0;
  let left = 0;
  for (let k = 0; k < lowest.length; k++) {
    if (left === 0) {
      digits = rng.u32() >>> 2;
      left = 9;
    }
    const d = digits % 10;
    digits = (digits / 10) | 0;
    left--;
    into[k] = lowest[k] + (spans[k] === 10 ? d : d & 7);
  }
}

/** Digits per template a program can hold (phone formats have up to 15). */
export const MAX_DIGITS = 64;
const drawn = new Uint8Array(MAX_DIGITS);

/** Writes a program's text, drawing exactly as the pattern's string form does. */
export function runProgram(program: Step[], rng: CellRng, out: ByteSink): void {
  for (let i = 0; i < program.length; i++) {
    const step = program[i];
    switch (step.kind) {
      case BYTES:
        out.putSlice(step.view, step.bytes, 0, step.bytes.length);
        break;
      case PICK: {
        const k = rng.below(step.starts.length - 1);
        out.putSlice(step.view, step.bytes, step.starts[k], step.starts[k + 1]);
        break;
      }
      case DIGITS: {
        const { bytes, slots } = step;
        drawDigits(rng, step.lowest, step.spans, drawn);
        const at = out.pos;
        out.putSlice(step.view, bytes, 0, bytes.length);
        const buf = out.buf;
        for (let k = 0; k < slots.length; k++) buf[at + slots[k]] = drawn[k];
        break;
      }
      default:
        runProgram(step.options[rng.below(step.options.length)], rng, out);
    }
  }
}

/** The cell writers of a program: TSV never escapes its text; CSV quotes it when it always holds a comma; JSON always. */
export function programEmitter(program: Step[], commas: Commas): EmitterFactory {
  // A pattern list is one choice: pick its option here, one call less per cell.
  const options = program.length === 1 && program[0].kind === CHOICE ? program[0].options : undefined;
  const run: (rng: CellRng, out: ByteSink) => void = options
    ? (rng, out) => runProgram(options[rng.below(options.length)], rng, out)
    : (rng, out) => runProgram(program, rng, out);
  const texts = options ?? [program];
  const raw: EmitFn = shaped((rng, _row, out) => run(rng, out), { kind: 'text', options: texts, quote: texts.map(() => false), draw: !!options });
  const quoted = shaped(inQuotes(raw), { kind: 'text', options: texts, quote: texts.map(() => true), draw: !!options });
  return (format) => {
    if (format === 'tsv' || (format === 'csv' && commas === 'never')) return raw;
    return format === 'json' || commas === 'always' ? quoted : undefined;
  };
}

/** `emit` between double quotes (a CSV field that must be quoted, a JSON string). */
function inQuotes(emit: EmitFn): EmitFn {
  return (rng, row, out) => {
    out.putByte(34);
    emit(rng, row, out);
    out.putByte(34);
  };
}

/**
 * Cell writers of a choice between programs whose commas differ (company
 * names: "A, B and C" but "A-B"): CSV quotes the options that always hold one.
 */
export function choiceEmitter(options: Step[][], commas: Commas[]): EmitterFactory | undefined {
  if (commas.includes('some')) return undefined;
  const quoted = commas.map((c) => c === 'always');
  return (format) =>
    shaped(
      (rng, _row, out) => {
        const k = rng.below(options.length);
        const quote = format === 'json' || (format === 'csv' && quoted[k]);
        if (quote) out.putByte(34);
        runProgram(options[k], rng, out);
        if (quote) out.putByte(34);
      },
      { kind: 'text', options, quote: quoted.map((q) => format === 'json' || (format === 'csv' && q)), draw: true },
    );
}

/**
 * Gives `fn` a cell writer for text no format escapes (digits, uuids, dates,
 * emails): as it is in CSV and TSV and, for a JSON string (`jsonString`),
 * between quotes in JSON.
 */
export function withPlainEmitter<F extends CellFn>(fn: F, emit: EmitFn, jsonString: boolean, shape?: (quote: boolean) => WriterShape): F {
  const quoted = inQuotes(emit);
  // Shapes are made when a writer is first asked for: they may encode whole lists (an email's name
  // tokens, ~17 ms), which a table written from its values (a short one, a preview) never reads.
  let unshaped = shape;
  fn.emitter = (format) => {
    if (unshaped) {
      shaped(emit, unshaped(false));
      shaped(quoted, unshaped(true));
      unshaped = undefined;
    }
    return format === 'json' && jsonString ? quoted : emit;
  };
  return fn;
}

/** Any value as `format` writes it. */
function cellText(format: CellFormat, v: Value): string {
  return format === 'json' ? jsonValue(v) : delimitedCell(format, v);
}

/** Strings as one block of UTF-8 with offsets: entry i is bytes[starts[i], starts[i + 1]). */
export interface EncodedList {
  bytes: Uint8Array;
  starts: Int32Array;
}

const utf8 = new TextEncoder();

export function encodeList(texts: readonly string[]): EncodedList {
  const starts = new Int32Array(texts.length + 1);
  const joined = texts.join('');
  // ASCII text (most lists) is a byte a character: no native call per entry to measure it (~1 ms a
  // thousand entries in a cold thread).
  const ascii = Buffer.byteLength(joined, 'utf8') === joined.length;
  for (let i = 0; i < texts.length; i++) starts[i + 1] = starts[i] + (ascii ? texts[i].length : Buffer.byteLength(texts[i], 'utf8'));
  // A plain Uint8Array, as every step's bytes: one kind of array keeps the copy loops monomorphic.
  // Encoded in one go (a buffer per entry took ~12 ms of a cold thread's first chunk): the same bytes unless
  // a lone surrogate ends one entry and another starts the next, which joined would pair up (fewer bytes).
  const bytes = new Uint8Array(starts[texts.length]);
  if (utf8.encodeInto(joined, bytes).written === bytes.length) return { bytes, starts };
  texts.forEach((t, i) => bytes.set(Buffer.from(t, 'utf8'), starts[i]));
  return { bytes, starts };
}

// Locale lists are shared by every plan of a process: encode each once per form.
const encodedLists = {
  csv: new WeakMap<readonly string[], EncodedList>(),
  tsv: new WeakMap<readonly string[], EncodedList>(),
  json: new WeakMap<readonly string[], EncodedList>(),
  raw: new WeakMap<readonly string[], EncodedList>(),
};

function encodedFor(list: readonly string[], form: CellFormat | 'raw'): EncodedList {
  let encoded = encodedLists[form].get(list);
  if (!encoded) {
    encoded = encodeList(form === 'raw' ? list : list.map((t) => cellText(form, t)));
    encodedLists[form].set(list, encoded);
  }
  return encoded;
}

/** The step of a uniform pick from `list`, when its entries are raw text (none empty, none needing escapes). */
export function listStep(list: readonly string[]): Step | undefined {
  if (list.length === 0 || list.some((t) => t === '' || NOT_RAW.test(t))) return undefined;
  return Step.pick(encodedFor(list, 'raw'));
}

/**
 * Gives `fn` cell writers for a cell that is always one of `values` (any
 * types, NULL included), chosen by `pick` with the same draws as `fn`: each
 * value pre-encoded for the format.
 */
export function withValuesEmitter<F extends CellFn>(fn: F, values: readonly Value[], pick: (rng: CellRng) => number): F {
  fn.emitter = pickEmitter(values.length, (format) => encodeList(values.map((v) => cellText(format, v))), pick, undefined);
  return fn;
}

/** Cell writers of a uniform pick from `list`: every entry pre-encoded for the format, so any list qualifies. */
export function listEmitter(list: readonly string[]): EmitterFactory {
  return pickEmitter(list.length, (format) => encodedFor(list, format), (rng) => rng.below(list.length), list);
}

/** Cell writers that copy entry `pick(rng)` of `count` entries, encoded per format by `encode` (`uniform`: the pick is `rng.below(count)` of these values). */
function pickEmitter(count: number, encode: (format: CellFormat) => EncodedList, pick: (rng: CellRng) => number, uniform: readonly string[] | undefined): EmitterFactory {
  return (format): EmitFn | undefined => {
    if (count === 0) return undefined;
    const list = encode(format);
    const { bytes, starts } = list;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const emit: EmitFn = (rng, _row, out) => {
      const i = pick(rng);
      out.putSlice(view, bytes, starts[i], starts[i + 1]);
    };
    return uniform ? shaped(emit, { kind: 'pick', list, values: uniform }) : emit;
  };
}
