import type { CellFormat, Dialect } from '../generators/types';
import type { Plan, TablePlan } from '../plan/types';
import { RowGenerator } from '../plan/row-generator';
import { encoderFor, type Format } from '../formats';
import type { EncodeContext, RowSource } from '../formats/types';
import { ByteSink } from '../formats/byte-sink';
import { resolveOutput, type OutputOptions } from '../formats/output';

/** The cell writers each format uses (SQL has none). */
const WRITER_FORMATS: Partial<Record<Format, CellFormat>> = { csv: 'csv', tsv: 'tsv', json: 'json', ndjson: 'json' };

/** Rows per chunk: the unit of work for workers and of pushes into streams (~1–3 MB of text). */
export const DEFAULT_CHUNK_ROWS = 16_384;

export interface RowRange {
  start: number;
  end: number;
}

/** [start, end) cut into ranges of at most `size` rows, in order. */
export function chunkRanges(start: number, end: number, size: number): RowRange[] {
  const ranges: RowRange[] = [];
  for (let from = start; from < end; from += size) ranges.push({ start: from, end: Math.min(end, from + size) });
  return ranges;
}

/** Clamps [offset, offset + count) to the table's rows. */
export function rowRange(table: TablePlan, offset = 0, count?: number): RowRange {
  const rows = table.layout.rows;
  const start = Math.min(Math.max(0, Math.floor(offset)), rows);
  const end = count === undefined ? rows : Math.min(rows, start + Math.max(0, Math.floor(count)));
  return { start, end };
}

/**
 * A sink writing into `memory` (an earlier chunk's, handed back for reuse):
 * chunks that fit allocate nothing. Fresh memory per chunk measured ~0.1 µs
 * a row of page faults alone, and its external bytes drive V8's GC.
 */
export function sinkOver(memory: ArrayBuffer): ByteSink {
  const sink = new ByteSink(0);
  sink.buf = Buffer.from(memory);
  sink.view = new DataView(memory);
  return sink;
}

/** A sink's first size for rows [from, to): most tables' chunks fit, and larger ones grow it. */
export const sinkBytesFor = (from: number, to: number): number => Math.min(1 << 22, (to - from) * 256 + 1024);

/**
 * Encodes rows [from, to) of a stream that starts at `streamStart`. Pure in
 * its inputs: a worker and the main thread produce the same bytes, which is
 * why any number of workers yields identical bytes.
 */
export class ChunkEncoder {
  private readonly generators = new Map<string, RowGenerator>();

  /** `cellWriters: false` encodes every cell from its value (the reference the writers are tested against). */
  constructor(readonly plan: Plan, private readonly options: { cellWriters?: boolean } = {}) {}

  /**
   * `deferRefs`: references broken to load a cycle (`FieldPlan.deferred`
   * `update`) are written NULL, for a load that sets them afterwards.
   * `output`: the user's output options (validated here; each format's
   * defaults when unset). `into`: a sink to reuse (reset first), for a writer
   * that is done with the bytes before the next chunk; the result is then a
   * view of its memory. Otherwise the bytes own their buffer.
   */
  encode(tableName: string, format: Format, dialect: Dialect, streamStart: number, from: number, to: number, output?: OutputOptions, into?: ByteSink, deferRefs = false): Buffer {
    const table = this.plan.table(tableName);
    const resolved = output ? resolveOutput(format, output) : undefined;
    const ctx: EncodeContext = { plan: this.plan, table, dialect, streamStart, output: resolved };
    // Formats with cell writers switch a generator to them: one generator per table and kind of format.
    // Cell writers encode as the default delimiter, NULL marker and compact JSON do.
    const writes = this.options.cellWriters !== false && (!resolved || (resolved.defaultCells && !resolved.pretty));
    const generator = this.generator(table, (writes && WRITER_FORMATS[format]) || 'values');
    into?.reset();
    const sink = into ?? new ByteSink(sinkBytesFor(from, to));
    const plain: RowSource = !writes ? { generate: (r) => generator.generate(r), useWriters: () => [], emit: () => false } : generator;
    const source = deferRefs ? withoutDeferred(table, plain) : plain;
    encoderFor(format).rows(ctx, source, from, to, sink);
    return sink.bytes();
  }

  private generator(table: TablePlan, kind: string): RowGenerator {
    const key = `${kind}\u0000${table.name}`;
    let generator = this.generators.get(key);
    if (!generator) {
      generator = new RowGenerator(table, this.plan.seed);
      this.generators.set(key, generator);
    }
    return generator;
  }
}

/** The rows of `source` with the table's NULL-then-UPDATE references written NULL (never by their cell writers). */
function withoutDeferred(table: TablePlan, source: RowSource): RowSource {
  const deferred = table.fields.filter((f) => f.deferred === 'update').map((f) => f.index);
  if (!deferred.length) return source;
  return {
    generate(row) {
      const values = source.generate(row);
      for (const k of deferred) values[k] = null;
      return values;
    },
    useWriters(format) {
      const writers = [...source.useWriters(format)];
      for (const k of deferred) writers[k] = undefined;
      return writers;
    },
    emit: (k, out) => source.emit(k, out),
  };
}
