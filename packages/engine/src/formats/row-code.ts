/**
 * The pieces of source the row compiler (row-compiler.ts) writes with: the
 * arithmetic of random/hash.ts and CellRng on locals, and byte copies. Every
 * piece holds numbers and names of our own making; data (list entries,
 * templates) is bound to a name in `env` (Source#bind), never written as code.
 *
 * The generated functions declare the locals these pieces use (LOCALS in
 * row-compiler.ts): `x` the last mix, `s` the cell's CellRng state, `k` a
 * draw, `b`/`p` the sink's buffer and position; `v`/`w` hold doubles (a
 * number printed), kept apart from the integer locals so that neither
 * changes representation.
 */
import type { StreamKey } from '../random/hash';

/** A number of ours as a literal (never a string of the user's). */
export function num(x: number): string {
  if (typeof x !== 'number' || !Number.isFinite(x)) throw new Error(`row compiler: ${String(x)} is not a finite number`);
  return `(${String(x)})`;
}

export const asciiBytes = (text: string): number[] => Array.from(text, (c) => c.charCodeAt(0) & 0xff);

/** The data one generated function reads, each bound to a fresh name. */
export class Source {
  readonly env: Record<string, unknown> = {};
  constructor(private readonly names: { next: number }) {}

  /** Binds `value` to a fresh name in the function's scope. */
  bind(value: unknown, prefix = 'c'): string {
    const name = `${prefix}${this.names.next++}`;
    this.env[name] = value;
    return name;
  }
}

/** The longest entry of a list whose entry i is [starts[i], starts[i + 1]). */
export function widest(starts: Int32Array): number {
  let most = 0;
  for (let i = 0; i + 1 < starts.length; i++) most = Math.max(most, starts[i + 1] - starts[i]);
  return most;
}

/**
 * `v` becomes mix32(v). Calls to mix32 and CellRng would not be inlined into
 * functions this large (V8's inlining budget), and a call per draw is what
 * the interpreter paid.
 */
const mixCode = (v: string) => `${v} ^= ${v} >>> 16; ${v} = imul(${v}, ${num(0x21f0aaad)}); ${v} ^= ${v} >>> 15; ${v} = imul(${v}, ${num(0x735a2d97)}); ${v} ^= ${v} >>> 15; ${v} = ${v} >>> 0;`;
/** x = cellSeed(key, r). */
export const seedCode = (key: StreamKey) =>
  `x = (r >>> 0) ^ ${num(key.k0)}; if (r >= 4294967296) x ^= mix32(floor(r / 4294967296) + ${num(key.k1)}); ${mixCode('x')} x ^= ${num(key.k1)}; ${mixCode('x')}`;
/** x = rng.u32(). */
export const u32Code = () => `s = (s + ${num(0x9e3779b9)}) | 0; x = s; ${mixCode('x')}`;
/** k = rng.below(n). */
export const belowCode = (n: number) => `${u32Code()} k = floor(x * ${num(1 / 4294967296)} * ${num(n)});`;

/** Code putting constant bytes at b[p]. */
export function literalCode(src: Source, bytes: Uint8Array | number[]): string {
  if (bytes.length <= 16) return Array.from(bytes, (x) => `b[p++] = ${num(x)};`).join(' ');
  const from = src.bind(bytes);
  return `for (j = 0; j < ${num(bytes.length)}; j++) b[p++] = ${from}[j];`;
}

/**
 * Bytes a segment reserves past the most its cells write: copies move four
 * bytes at a time (about twice as fast as a byte loop on entries of a few
 * bytes, as ByteSink#putSlice measured) and may write up to three bytes past
 * an entry's end, which the next write overwrites or which lie past `pos`.
 */
export const COPY_SLACK = 4;

/** Widths up to this are copied by unrolled code, a fixed number of words whatever the entry's own width. */
const MAX_UNROLLED = 32;

/** Zero bytes after a padded view's data: a copy of up to MAX_UNROLLED bytes' words from any entry's start stays inside. */
export const VIEW_PADDING = MAX_UNROLLED + COPY_SLACK;

const views = new WeakMap<Uint8Array, DataView>();

/** `bytes` as a DataView over a copy with VIEW_PADDING zero bytes more, so reads of whole words past an entry's end stay inside. */
export function paddedView(bytes: Uint8Array): DataView {
  let view = views.get(bytes);
  if (!view) {
    const padded = new Uint8Array(bytes.length + VIEW_PADDING);
    padded.set(bytes);
    views.set(bytes, (view = new DataView(padded.buffer)));
  }
  return view;
}

/**
 * Code copying bytes [from, to) of a padded view (`view`, a name) to b[p]
 * through `dv` (the sink's view), four at a time. With `widest` (the most
 * the copy can be) up to MAX_UNROLLED: that many bytes' words, unrolled,
 * whatever the entry's length. A loop whose count changes from row to row
 * is a mispredicted branch a row; the bytes written past the entry lie
 * within the segment's reserve (its `max` counts `widest`, plus
 * COPY_SLACK) and are overwritten by the next write or lie past `pos`.
 */
export function copyCode(view: string, from: string, to: string, widest = Infinity): string {
  if (widest <= MAX_UNROLLED) {
    const words = Array.from({ length: Math.ceil(widest / 4) }, (_, i) => `dv.setUint32(p + ${num(4 * i)}, ${view}.getUint32(j + ${num(4 * i)}, true), true);`);
    return `j = ${from}; ${words.join(' ')} p += ${to} - j;`;
  }
  return `j = ${from}; e = ${to}; for (; j < e; j += 4, p += 4) dv.setUint32(p, ${view}.getUint32(j, true), true); p += e - j;`;
}

/** The width every entry of a list has, or undefined when they differ. */
function fixedWidth(starts: Int32Array): number | undefined {
  const width = starts.length > 1 ? starts[1] - starts[0] : 0;
  for (let i = 1; i + 1 < starts.length; i++) if (starts[i + 1] - starts[i] !== width) return undefined;
  return width;
}

/** Code copying entry k of a pre-encoded list (entries of one width: at k × width, with no offsets to read). */
export function copyEntryCode(src: Source, bytes: Uint8Array, starts: Int32Array): string {
  const view = src.bind(paddedView(bytes));
  const width = fixedWidth(starts);
  if (width !== undefined && width > 0 && width <= MAX_UNROLLED && starts[0] === 0) {
    const words = Array.from({ length: Math.ceil(width / 4) }, (_, i) => `dv.setUint32(p + ${num(4 * i)}, ${view}.getUint32(j + ${num(4 * i)}, true), true);`);
    return `j = k * ${num(width)}; ${words.join(' ')} p += ${num(width)};`;
  }
  const at = src.bind(starts);
  return copyCode(view, `${at}[k]`, `${at}[k + 1]`, widest(starts));
}

/** Code copying a uniformly drawn entry of a pre-encoded list. */
export const entryCode = (src: Source, bytes: Uint8Array, starts: Int32Array): string => `${belowCode(starts.length - 1)} ${copyEntryCode(src, bytes, starts)}`;

/** Most bytes `intCode` writes: a sign and a safe integer's 16 digits. */
export const MAX_INT_BYTES = 17;

/** Code writing the integer `expr` (a safe integer) as String() prints it, as ByteSink#putNumber does. */
export const intCode = (expr: string) =>
  `v = ${expr}; if (v < 0) { b[p++] = 45; v = -v; } q = p + 1; for (w = v; w >= 10; w = floor(w / 10)) q++; p = q; do { w = floor(v / 10); b[--q] = 48 + (v - w * 10); v = w; } while (v > 0);`;
