/**
 * Compiled row writers (issue 27): one function per table and text format,
 * made once from the validated plan, that writes whole rows straight into a
 * ByteSink. The interpreter it replaces (delimitedRows/objectRows with
 * RowGenerator#emit and runProgram) paid, per cell, a megamorphic call
 * through a generic closure, a switch over each step of a locale pattern and
 * a bounds check per put. Here every field is its own straight-line code:
 * the cell seeds, the NULL draw, the pattern's choices and picks are written
 * out with their constants, each call site sees one function (so V8 inlines
 * it), and the buffer is checked once per field against the most it can write.
 *
 * The source is built with `new Function` from the plan alone: it holds
 * numbers (field positions, NULL thresholds, byte values, lengths) and names
 * of our own making; every string of the user's (field names, list entries,
 * literals) reaches the function as data in `env`, never as code.
 *
 * Bytes are the interpreter's: every cell draws from a CellRng reset to the
 * same seed and makes the same draws in the same order (the pinned-output and
 * cell-writer property tests hold both to it).
 */
import { CellRng } from '../random/cell-rng';
import { mix32, type StreamKey } from '../random/hash';
import { atField } from '../cell-limits';
import type { EmitFn, Value } from '../generators/types';
import type { FieldPlan, RowState, TablePlan } from '../plan/types';
import type { ByteSink } from './byte-sink';
import { BYTES, CHOICE, DIGITS, PICK, type ShapedEmit, type Step, type WriterShape } from './cell-writers';

/**
 * Rows a table's generator writes cell by cell before it compiles its writer.
 * Compiling costs ~8 ms per table and format (more while V8 is busy) and a
 * compiled row saves ~0.3 µs, so a preview or a rows-API window of a few
 * hundred rows would only pay; a stream of millions earns it back early.
 */
let compileAfterRows = 32_768;

/** How many rows are written before compiling: 0 compiles at once (the pinned-output test), Infinity never. */
export function setCompileAfterRows(rows: number): void {
  compileAfterRows = rows;
}

export const compileAfter = (): number => compileAfterRows;

/** Writes rows [from, to) of a stream starting at `streamStart`. */
export type CompiledRows = (from: number, to: number, sink: ByteSink, streamStart: number) => void;

/** What frames cells and rows: CSV/TSV with their NULL text, or JSON objects with the text between rows. */
export type RowLayout =
  | { kind: 'delimited'; separator: number; lineEnd: string; nullText: string }
  | { kind: 'json'; rowSeparator: string };

export interface RowCompileInput {
  table: TablePlan;
  /** The generator's row state (index, values, refRows): what produce functions and writers read. */
  row: RowState & { generate(row: number): Value[] };
  /** Cell writers by field (undefined: the value is made, then `put`). */
  writers: readonly (EmitFn | undefined)[];
  /** Fields made as values, in generation order; undefined: `row.generate` makes them (retries, CHECKs). */
  valueFields?: readonly FieldPlan[];
  /** Writes a made value of field k (NULL included) as the format does. */
  put: readonly ((sink: ByteSink, v: Value) => void)[];
  layout: RowLayout;
}

/** Steps a field's inlined text may have before it is called as it is instead (keeps functions small enough to optimize). */
const MAX_INLINE_STEPS = 600;

/** A number of ours as a literal (never a string of the user's). */
function num(x: number): string {
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new Error(`row compiler: ${String(x)} is not a finite number`);
  return `(${String(x)})`;
}

const asciiBytes = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0) & 0xff);

class Source {
  readonly env: Record<string, unknown> = {};
  constructor(private readonly names: { next: number }) {}

  /** Binds `value` to a fresh name in the function's scope. */
  bind(value: unknown, prefix = 'c'): string {
    const name = `${prefix}${this.names.next++}`;
    this.env[name] = value;
    return name;
  }
}

/** The most bytes text of these steps can write, and their number of steps (for the inlining limit). */
function measure(steps: readonly Step[]): { max: number; count: number } {
  let max = 0;
  let count = 0;
  for (const step of steps) {
    count++;
    if (step.kind === BYTES || step.kind === DIGITS) max += step.bytes.length;
    else if (step.kind === PICK) max += widest(step.starts);
    else {
      let most = 0;
      for (const option of step.options) {
        const m = measure(option);
        most = Math.max(most, m.max);
        count += m.count;
      }
      max += most;
    }
  }
  return { max, count };
}

function widest(starts: Int32Array): number {
  let most = 0;
  for (let i = 0; i + 1 < starts.length; i++) most = Math.max(most, starts[i + 1] - starts[i]);
  return most;
}

/**
 * The arithmetic of random/hash.ts and CellRng, as code on locals: `x`
 * becomes mix32(x); `s` is the cell's CellRng state. Calls to them would not
 * be inlined into a function this large (V8's inlining budget), and a call
 * per draw is what the interpreter paid.
 */
const mixCode = (v: string) => `${v} ^= ${v} >>> 16; ${v} = imul(${v}, ${num(0x21f0aaad)}); ${v} ^= ${v} >>> 15; ${v} = imul(${v}, ${num(0x735a2d97)}); ${v} ^= ${v} >>> 15; ${v} = ${v} >>> 0;`;
/** x = cellSeed(key, r). */
const seedCode = (key: StreamKey) =>
  `x = (r >>> 0) ^ ${num(key.k0)}; if (r >= 4294967296) x ^= mix32(floor(r / 4294967296) + ${num(key.k1)}); ${mixCode('x')} x ^= ${num(key.k1)}; ${mixCode('x')}`;
/** x = rng.u32(). */
const u32Code = () => `s = (s + ${num(0x9e3779b9)}) | 0; x = s; ${mixCode('x')}`;
/** k = rng.below(n). */
const belowCode = (n: number) => `${u32Code()} k = floor(x * ${num(1 / 4294967296)} * ${num(n)});`;

/** Code putting constant bytes at b[p]. */
function literalCode(src: Source, bytes: Uint8Array | number[]): string {
  if (bytes.length <= 16) return Array.from(bytes, (x) => `b[p++] = ${num(x)};`).join(' ');
  const from = src.bind(bytes);
  return `for (j = 0; j < ${num(bytes.length)}; j++) b[p++] = ${from}[j];`;
}

/** Code copying entry k of a pre-encoded list. */
function entryCode(src: Source, bytes: Uint8Array, starts: Int32Array): string {
  const from = src.bind(bytes);
  const at = src.bind(starts);
  return `${belowCode(starts.length - 1)} e = ${at}[k + 1]; for (j = ${at}[k]; j < e; j++) b[p++] = ${from}[j];`;
}

/**
 * Code of a digits template as runProgram writes it: the template, then its
 * digits drawn as drawDigits draws them (one 30-bit draw per 9, in slot
 * order). Table-driven: `t` the template, `sl`/`lo`/`sp` its slots, lowest
 * digits and spans, so that a choice among many templates (phone formats)
 * is one loop, not one copy per template (the function stays small enough
 * for V8 to compile quickly).
 */
const digitsLoop = (t: string, sl: string, lo: string, sp: string) =>
  `e = ${t}.length; q = p; for (j = 0; j < e; j++) b[p++] = ${t}[j];
e = ${sl}.length; for (j = 0; j < e; j++) { if (j % 9 === 0) { ${u32Code()} y = x >>> 2; } d = y % 10; y = (y / 10) | 0; b[q + ${sl}[j]] = ${lo}[j] + (${sp}[j] === 10 ? d : d & 7); }`;

function digitsCode(src: Source, step: Step): string {
  return digitsLoop(src.bind(step.bytes), src.bind(step.slots), src.bind(step.lowest), src.bind(step.spans));
}

/** A choice among single digits templates, as one loop over the chosen one's tables. */
function digitsChoiceCode(src: Source, steps: readonly Step[], quote: readonly boolean[]): string {
  const [t, sl, lo, sp, qu] = [src.bind(steps.map((x) => x.bytes)), src.bind(steps.map((x) => x.slots)), src.bind(steps.map((x) => x.lowest)), src.bind(steps.map((x) => x.spans)), src.bind(Uint8Array.from(quote, Number))];
  const open = quote.some(Boolean) ? `if (${qu}[k] === 1) b[p++] = 34;` : '';
  const close = quote.some(Boolean) ? `if (${qu}[k] === 1) b[p++] = 34;` : '';
  return `${belowCode(steps.length)} tt = ${t}[k]; ts = ${sl}[k]; tl = ${lo}[k]; tp = ${sp}[k]; ${open}\n${digitsLoop('tt', 'ts', 'tl', 'tp')}\n${close}`;
}

/** Code writing `steps` as runProgram does, drawing the same numbers in the same order. */
function stepsCode(src: Source, steps: readonly Step[]): string {
  return steps
    .map((step) => {
      switch (step.kind) {
        case BYTES:
          return literalCode(src, step.bytes);
        case PICK:
          return entryCode(src, step.bytes, step.starts);
        case DIGITS:
          return digitsCode(src, step);
        case CHOICE:
          return choiceCode(src, step.options, step.options.map(() => false));
        default:
          throw new Error(`row compiler: unknown step ${step.kind}`);
      }
    })
    .join('\n');
}

/** `switch` over `rng.below(options.length)`, each option between quotes where `quote` says. */
function choiceCode(src: Source, options: readonly Step[][], quote: readonly boolean[]): string {
  if (options.every((o) => o.length === 1 && o[0].kind === DIGITS)) return digitsChoiceCode(src, options.map((o) => o[0]), quote);
  const cases = options.map((option, j) => {
    const body = quoted(src, option, quote[j]);
    return `${j === options.length - 1 ? 'default' : `case ${num(j)}`}: { ${body} break; }`;
  });
  return `${belowCode(options.length)}\nswitch (k) {\n${cases.join('\n')}\n}`;
}

const quoted = (src: Source, steps: readonly Step[], quote: boolean) => (quote ? `b[p++] = 34; ${stepsCode(src, steps)} b[p++] = 34;` : stepsCode(src, steps));

/** Inline code of a shaped writer (its draws from `s`) and the most bytes it writes; undefined when it is better called. */
function shapeCode(src: Source, shape: WriterShape): { code: string; max: number } | undefined {
  if (shape.kind === 'pick') {
    const { bytes, starts } = shape.list;
    if (starts.length < 2) return undefined;
    return { code: entryCode(src, bytes, starts), max: widest(starts) };
  }
  let max = 0;
  let count = 0;
  shape.options.forEach((option, j) => {
    const m = measure(option);
    max = Math.max(max, m.max + (shape.quote[j] ? 2 : 0));
    count += m.count;
  });
  if (count > MAX_INLINE_STEPS || !shape.options.length) return undefined;
  const code = shape.draw ? choiceCode(src, shape.options, shape.quote) : quoted(src, shape.options[0], shape.quote[0]);
  return { code, max };
}

/** Code of a segment that writes at most `max` bytes through locals b and p. */
const segment = (max: number, code: string) =>
  `if (sink.pos + ${num(max)} > sink.buf.length) sink.ensure(${num(max)});\nb = sink.buf; p = sink.pos;\n${code}\nsink.pos = p;`;

/** Locals every generated function declares (typed from the start, so their loads stay monomorphic). */
const LOCALS = 'let k = 0, j = 0, e = 0, p = 0, q = 0, s = 0, x = 0, y = 0, d = 0, b = sink.buf, tt = NO_BYTES, ts = NO_INTS, tl = NO_BYTES, tp = NO_BYTES;';

/**
 * Characters of source per generated function. The cells of a row are cut
 * into functions of about this size: one function for a whole row took V8
 * seconds to optimize on a busy machine (for every thread, and again after
 * each deoptimization), one per cell made a call per cell that V8 would not
 * inline; functions of a few cells compile in milliseconds and keep most of
 * the row's code together.
 */
const GROUP_CHARS = 6000;

/**
 * One generated function: `code` over the names `env` binds. Built only from
 * the plan (see the top of this file): numbers and names of our own making,
 * every string of the user's in `env`.
 */
function build<F>(name: 'writeRows' | 'writeCells' | 'makeValues', env: Record<string, unknown>, params: string, code: string): F {
  const body = `"use strict";\nconst { ${Object.keys(env).join(', ')} } = env;\nreturn function ${name}(${params}) {\n${code}\n};`;
  return new Function('env', body)(env) as F;
}

/** Blocks of code (one per field) gathered into functions of about GROUP_CHARS each, in order. */
class Groups {
  private readonly done: { env: Record<string, unknown>; code: string[] }[] = [];
  private current: { env: Record<string, unknown>; code: string[]; chars: number } = { env: {}, code: [], chars: 0 };

  add(src: Source, code: string) {
    if (this.current.code.length && this.current.chars + code.length > GROUP_CHARS) this.flush();
    Object.assign(this.current.env, src.env);
    this.current.code.push(code);
    this.current.chars += code.length;
  }

  flush() {
    if (this.current.code.length) this.done.push(this.current);
    this.current = { env: {}, code: [], chars: 0 };
  }

  /** The functions, each catching a value error to name its field (`cur`, set by each block). */
  build<F>(name: 'writeCells' | 'makeValues', shared: Record<string, unknown>, params: string, locals: string): F[] {
    this.flush();
    return this.done.map((group) =>
      build<F>(name, { ...shared, ...group.env }, params, `${locals}\nlet cur = -1;\ntry {\n${group.code.join('\n')}\n} catch (error) {\n  throw cur >= 0 ? atField(error, paths[cur]) : error;\n}`),
    );
  }
}

/**
 * The compiled row writer of a table in one layout: a loop calling the
 * generated functions that make the row's values and write its cells.
 */
export function compileRows(input: RowCompileInput): CompiledRows {
  const { table, writers, valueFields, put, layout } = input;
  const fields = table.fields;
  const shared = {
    NO_BYTES: new Uint8Array(0),
    NO_INTS: new Int32Array(0),
    imul: Math.imul,
    floor: Math.floor,
    mix32,
    atField,
    paths: fields.map((f) => f.path),
    rng: new CellRng(),
    row: input.row,
    values: input.row.values,
    refRows: input.row.refRows,
  };
  // One counter for every function's names, so that groups can merge their bindings.
  const names = { next: 0 };

  // Value phase: the fields writers do not write, as RowGenerator#fill makes them.
  const valueGroups = new Groups();
  for (const f of valueFields ?? []) {
    const src = new Source(names);
    const i = num(f.index);
    const make = `${seedCode(f.valueKey)} rng.reset(x); values[${i}] = ${src.bind(f.produce, 'produce')}(rng, row);`;
    valueGroups.add(src, `cur = ${i};\n` + (f.nullThreshold !== 0 ? `${seedCode(f.nullKey)} if (x < ${num(f.nullThreshold)}) { values[${i}] = null; refRows[${i}] = -1; } else { ${make} }` : make));
  }

  const nullBytes = layout.kind === 'json' ? asciiBytes('null') : asciiBytes(layout.nullText);
  const last = fields.length - 1;
  const cellGroups = new Groups();
  for (let k = 0; k <= last; k++) {
    const f = fields[k];
    const src = new Source(names);
    const code: string[] = [`cur = ${num(k)};`];
    // What comes before the cell: a separator, or the JSON key (with `{` or `,`).
    const lead = layout.kind === 'json' ? Buffer.from((k === 0 ? '{' : ',') + JSON.stringify(f.name) + ':', 'utf8') : k > 0 ? [layout.separator] : [];
    if (lead.length) code.push(segment(lead.length, literalCode(src, lead)));
    const writer = writers[k] as ShapedEmit | undefined;
    if (!writer) {
      code.push(`${src.bind(put[k], 'put')}(sink, values[${num(k)}]);`);
    } else {
      const inline = writer.shape && shapeCode(src, writer.shape);
      const seeded = seedCode(f.valueKey);
      const body = inline ? `${seeded} s = x | 0;\n${segment(inline.max, inline.code)}` : `${seeded} rng.reset(x); ${src.bind(writer, 'write')}(rng, row, sink);`;
      const nullCode = nullBytes.length ? segment(nullBytes.length, literalCode(src, nullBytes)) : '';
      code.push(f.nullThreshold === 0 ? body : `${seedCode(f.nullKey)} if (x < ${num(f.nullThreshold)}) { ${nullCode} } else { ${body} }`);
    }
    // The row's end goes with its last cell.
    if (k === last) {
      const end = layout.kind === 'json' ? asciiBytes('}') : asciiBytes(layout.lineEnd);
      code.push(segment(end.length, literalCode(src, end)));
    }
    cellGroups.add(src, code.join('\n'));
  }

  // JSON rows after the stream's first start with their separator.
  const src = new Source(names);
  const rowStart = layout.kind === 'json' && layout.rowSeparator ? `if (r !== streamStart) { ${LOCALS} ${segment(layout.rowSeparator.length, literalCode(src, asciiBytes(layout.rowSeparator)))} }` : '';
  const calls = [
    ...valueGroups.build<(r: number) => void>('makeValues', shared, 'r', 'let x = 0;').map((fn) => `${src.bind(fn, 'f')}(r);`),
    ...cellGroups.build<(r: number, sink: ByteSink) => void>('writeCells', shared, 'r, sink', LOCALS).map((fn) => `${src.bind(fn, 'f')}(r, sink);`),
  ];
  return build<CompiledRows>(
    'writeRows',
    { ...shared, ...src.env },
    'from, to, sink, streamStart',
    `for (let r = from; r < to; r++) {
  row.index = r;
  ${valueFields ? '' : 'row.generate(r);'}
  ${rowStart}
  ${calls.join('\n  ')}
}`,
  );
}
