import type { Dialect } from '../generators/types';
import type { Plan, TablePlan } from '../plan/types';
import { RowGenerator } from '../plan/row-generator';
import { encoderFor, type Format } from '../formats';
import type { EncodeContext } from '../formats/types';
import { ByteSink } from '../formats/byte-sink';

/** Rows per chunk: the unit of work for workers and of pushes into streams (~1–3 MB of text). */
export const DEFAULT_CHUNK_ROWS = 16_384;

export interface RowRange {
  start: number;
  end: number;
}

/** Clamps [offset, offset + count) to the table's rows. */
export function rowRange(table: TablePlan, offset = 0, count?: number): RowRange {
  const rows = table.layout.rows;
  const start = Math.min(Math.max(0, Math.floor(offset)), rows);
  const end = count === undefined ? rows : Math.min(rows, start + Math.max(0, Math.floor(count)));
  return { start, end };
}

/**
 * Encodes rows [from, to) of a stream that starts at `streamStart`. Pure in
 * its inputs: a worker and the main thread produce the same bytes, which is
 * why any number of workers yields identical bytes.
 */
export class ChunkEncoder {
  private readonly generators = new Map<string, RowGenerator>();

  constructor(private readonly plan: Plan) {}

  encode(tableName: string, format: Format, dialect: Dialect, streamStart: number, from: number, to: number): Buffer {
    const table = this.plan.table(tableName);
    const ctx: EncodeContext = { plan: this.plan, table, dialect, streamStart };
    const generator = this.generator(table);
    const sink = new ByteSink(Math.min(1 << 22, (to - from) * 256 + 1024));
    encoderFor(format).rows(ctx, (r) => generator.generate(r), from, to, sink);
    return sink.bytes();
  }

  private generator(table: TablePlan): RowGenerator {
    let generator = this.generators.get(table.name);
    if (!generator) {
      generator = new RowGenerator(table, this.plan.seed);
      this.generators.set(table.name, generator);
    }
    return generator;
  }
}
