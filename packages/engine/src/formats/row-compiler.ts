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
import { mix32 } from '../random/hash';
import { atField } from '../cell-limits';
import type { EmitFn, Value } from '../generators/types';
import type { FieldPlan, RowState, TablePlan } from '../plan/types';
import type { ByteSink } from './byte-sink';
import type { EncodedList, ShapedEmit } from './cell-writers';
import { asciiBytes, belowCode, COPY_SLACK, literalCode, num, seedCode, Source, widest } from './row-code';
import { pickedCellCode, shapeCode, type PickedField } from './row-shapes';

/**
 * Rows a table's generator writes cell by cell before it compiles its writer.
 * Compiling (the code, and lists pre-encoded) costs tens of ms in a cold
 * thread, so a preview or a rows-API page of a few hundred rows would only
 * pay. Measured in a fresh process (people, CSV, chunks of 4,096 rows), the
 * compiled writer cost more up to 8,192 rows and 21 ms less at 16,384; so a
 * stream's first chunk past this (a CLI chunk holds ~2 MB, some 13,000
 * people rows) compiles at once, instead of each thread writing its first
 * 32,768 rows cell by cell as before (0.1 s of CPU in a million rows).
 */
let compileAfterRows = 8_192;

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
  /**
   * Cell writers of the fields made as values (others read them), by field:
   * one whose shape is a uniform pick of its values is made and written
   * inline (the entry drawn once, its value stored, its bytes copied).
   */
  valueWriters?: readonly (EmitFn | undefined)[];
  /** Writes a made value of field k (NULL included) as the format does. */
  put: readonly ((sink: ByteSink, v: Value) => void)[];
  layout: RowLayout;
}

/** Code that writes at most `max` bytes at b[p] (locals of the sink's buffer and position). */
interface Segment {
  max: number;
  code: string;
}

/**
 * A generated function's code: plain statements, and segments writing
 * through the locals b and p. Consecutive segments (most cells of a row)
 * share one check for room and one load and store of the sink's position.
 */
type Piece = string | Segment;

/** Code of segments run one after the other, with room for all of them checked once. */
function segmentsCode(run: readonly Segment[]): string {
  const max = run.reduce((sum, s) => sum + s.max, 0) + COPY_SLACK;
  return `if (sink.pos + ${num(max)} > sink.buf.length) sink.ensure(${num(max)});\nb = sink.buf; dv = sink.view; p = sink.pos;\n${run.map((s) => s.code).join('\n')}\nsink.pos = p;`;
}

/** The pieces as code: each run of consecutive segments as one. */
function piecesCode(pieces: readonly Piece[]): string {
  const out: string[] = [];
  let run: Segment[] = [];
  const close = () => {
    if (run.length) out.push(segmentsCode(run));
    run = [];
  };
  for (const piece of pieces) {
    if (typeof piece === 'string') {
      close();
      out.push(piece);
    } else run.push(piece);
  }
  close();
  return out.join('\n');
}

const segment = (max: number, code: string): Segment => ({ max, code });
const pieceChars = (piece: Piece) => (typeof piece === 'string' ? piece.length : piece.code.length);

/** Locals every generated function declares (typed from the start, so their loads stay monomorphic). */
export const LOCALS =
  'let k = 0, j = 0, e = 0, g = 0, p = 0, q = 0, s = 0, x = 0, y = 0, d = 0, v = 0, w = 0, fa = 0, fb = 0, la = 0, lb = 0, b = sink.buf, dv = sink.view, tv = NO_VIEW, ts = NO_INTS, tl = NO_BYTES, tp = NO_BYTES, fv = NO_VIEW, mv = NO_VIEW, ' + Array.from({ length: 18 }, (_, j) => `d${j} = 0`).join(', ') + ';';

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
  private readonly done: { env: Record<string, unknown>; code: Piece[] }[] = [];
  private current: { env: Record<string, unknown>; code: Piece[]; chars: number } = { env: {}, code: [], chars: 0 };

  add(src: Source, pieces: readonly Piece[]) {
    const chars = pieces.reduce((sum, piece) => sum + pieceChars(piece), 0);
    if (this.current.code.length && this.current.chars + chars > GROUP_CHARS) this.flush();
    Object.assign(this.current.env, src.env);
    this.current.code.push(...pieces);
    this.current.chars += chars;
  }

  flush() {
    if (this.current.code.length) this.done.push(this.current);
    this.current = { env: {}, code: [], chars: 0 };
  }

  /** The functions, each catching a value error to name its field (`cur`, set by each block). */
  build<F>(name: 'writeCells' | 'makeValues', shared: Record<string, unknown>, params: string, locals: string): F[] {
    this.flush();
    return this.done.map((group) =>
      build<F>(name, { ...shared, ...group.env }, params, `${locals}\nlet cur = -1;\ntry {\n${piecesCode(group.code)}\n} catch (error) {\n  throw cur >= 0 ? atField(error, paths[cur]) : error;\n}`),
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
    NO_VIEW: new DataView(new ArrayBuffer(0)),
    imul: Math.imul,
    floor: Math.floor,
    mix32,
    atField,
    paths: fields.map((f) => f.path),
    rng: new CellRng(),
    row: input.row,
    values: input.row.values,
    refRows: input.row.refRows,
    picks: new Int32Array(fields.length),
  };
  // One counter for every function's names, so that groups can merge their bindings.
  const names = { next: 0 };

  // Value phase: the fields writers do not write, as RowGenerator#fill makes them.
  const picked: (PickedField & { list: EncodedList } | undefined)[] = fields.map(() => undefined);
  const valueGroups = new Groups();
  for (const f of valueFields ?? []) {
    const src = new Source(names);
    const i = num(f.index);
    const shape = (input.valueWriters?.[f.index] as ShapedEmit | undefined)?.shape;
    let make: string;
    if (shape?.kind === 'pick' && shape.values && shape.list.starts.length >= 2) {
      // A uniform pick: the entry drawn here, its value kept for the fields reading it, its bytes copied in the cell.
      picked[f.index] = { values: shape.values, list: shape.list };
      make = `${seedCode(f.valueKey)} s = x | 0; ${belowCode(shape.values.length)} values[${i}] = ${src.bind(shape.values)}[k]; picks[${i}] = k;`;
    } else {
      make = `${seedCode(f.valueKey)} rng.reset(x); values[${i}] = ${src.bind(f.produce, 'produce')}(rng, row);`;
    }
    const unpicked = picked[f.index] ? ` picks[${i}] = -1;` : '';
    valueGroups.add(src, [`cur = ${i};\n` + (f.nullThreshold !== 0 ? `${seedCode(f.nullKey)} if (x < ${num(f.nullThreshold)}) { values[${i}] = null; refRows[${i}] = -1;${unpicked} } else { ${make} }` : make)]);
  }

  const nullBytes = layout.kind === 'json' ? asciiBytes('null') : asciiBytes(layout.nullText);
  const last = fields.length - 1;
  const cellGroups = new Groups();
  for (let k = 0; k <= last; k++) {
    const f = fields[k];
    const src = new Source(names);
    // `cur` goes inside the cell's first segment: a plain statement between segments would split their run.
    const code: Piece[] = [];
    const at = `cur = ${num(k)};`;
    // What comes before the cell: a separator, or the JSON key (with `{` or `,`); written with the cell's bytes where they are inline.
    const lead = layout.kind === 'json' ? Buffer.from((k === 0 ? '{' : ',') + JSON.stringify(f.name) + ':', 'utf8') : k > 0 ? [layout.separator] : [];
    const leadCode = literalCode(src, lead);
    const nullCode = literalCode(src, nullBytes);
    const writer = writers[k] as ShapedEmit | undefined;
    const pick = picked[k];
    const inline = writer?.shape && shapeCode(src, writer.shape, picked);
    if (pick) {
      code.push(segment(lead.length + Math.max(nullBytes.length, widest(pick.list.starts)), `${at} ${leadCode}\n${pickedCellCode(src, k, pick.list, nullCode)}`));
    } else if (!writer) {
      code.push(at);
      if (lead.length) code.push(segment(lead.length, leadCode));
      code.push(`${src.bind(put[k], 'put')}(sink, values[${num(k)}]);`);
    } else if (inline) {
      const body = `${seedCode(f.valueKey)} s = x | 0;\n${inline.code}`;
      const max = lead.length + Math.max(inline.max, nullBytes.length);
      code.push(segment(max, `${at} ${leadCode}\n${f.nullThreshold === 0 ? body : `${seedCode(f.nullKey)} if (x < ${num(f.nullThreshold)}) { ${nullCode} } else { ${body} }`}`));
    } else {
      code.push(at);
      if (lead.length) code.push(segment(lead.length, leadCode));
      const body = `${seedCode(f.valueKey)} rng.reset(x); ${src.bind(writer, 'write')}(rng, row, sink);`;
      code.push(f.nullThreshold === 0 ? body : `${seedCode(f.nullKey)} if (x < ${num(f.nullThreshold)}) { ${nullBytes.length ? segmentsCode([segment(nullBytes.length, nullCode)]) : ''} } else { ${body} }`);
    }
    // The row's end goes with its last cell.
    if (k === last) {
      const end = layout.kind === 'json' ? asciiBytes('}') : asciiBytes(layout.lineEnd);
      code.push(segment(end.length, literalCode(src, end)));
    }
    cellGroups.add(src, code);
  }

  // JSON rows after the stream's first start with their separator.
  const src = new Source(names);
  const rowStart = layout.kind === 'json' && layout.rowSeparator ? `if (r !== streamStart) { ${LOCALS} ${segmentsCode([segment(layout.rowSeparator.length, literalCode(src, asciiBytes(layout.rowSeparator)))])} }` : '';
  const calls = [
    ...valueGroups.build<(r: number) => void>('makeValues', shared, 'r', 'let x = 0, s = 0, k = 0;').map((fn) => `${src.bind(fn, 'f')}(r);`),
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
