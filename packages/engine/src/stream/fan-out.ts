/**
 * One generation for several formats: rows of a table made once and written
 * by each format's encoder (a run or a CLI call asking for CSV, SQL and
 * NDJSON no longer makes every row three times). Above the per-row byte
 * path: rows are made as values in blocks, and each encoder reads the block
 * through a `RowSource` that replays it. Cell writers are not used here (they
 * draw a cell anew for each format, which is the work this saves); the value
 * path writes the same bytes, which the cell-writer property test holds, so
 * each format's bytes equal a single-format call's.
 */
import type { Dialect, Value } from '../generators/types';
import type { Plan, TablePlan } from '../plan/types';
import { RowGenerator } from '../plan/row-generator';
import { encoderFor, type Format } from '../formats';
import type { EncodeContext, RowSource } from '../formats/types';
import { ByteSink } from '../formats/byte-sink';
import { resolveOutput, type OutputOptions } from '../formats/output';

/** One output of a fan-out: a format, with the user's options and, for a load script's SQL, cycle references written NULL. */
export interface FanOutTarget {
  format: Format;
  output?: OutputOptions;
  /** References broken to load a cycle (`FieldPlan.deferred` `update`) written NULL, as `ChunkEncoder.encode` does with `deferRefs`. */
  deferRefs?: boolean;
}

/** Rows made at a time and then encoded in every format: large enough to amortise each encoder's set-up, small enough to stay in cache. */
const BLOCK_ROWS = 512;

/**
 * Encodes row ranges of a plan's tables in several formats from one
 * generation. Pure in its inputs, as `ChunkEncoder` is: a worker thread and
 * this one make the same bytes.
 */
export class FanOutEncoder {
  private readonly generators = new Map<string, RowGenerator>();

  constructor(readonly plan: Plan) {}

  /**
   * Rows [from, to) of a stream starting at `streamStart`, one buffer per
   * target, each equal to `ChunkEncoder.encode` of that target alone.
   * `into`: sinks to reuse (one per target, reset first); the results are
   * then views of their memory.
   */
  encode(tableName: string, dialect: Dialect, streamStart: number, from: number, to: number, targets: readonly FanOutTarget[], into?: ByteSink[]): Buffer[] {
    const table = this.plan.table(tableName);
    const generator = this.generator(table);
    const sinks = targets.map((_, t) => {
      const sink = into?.[t];
      sink?.reset();
      return sink ?? new ByteSink(Math.min(1 << 22, (to - from) * 256 + 1024));
    });
    const outputs = targets.map(({ format, output }) => {
      const resolved = output ? resolveOutput(format, output) : undefined;
      return { encoder: encoderFor(format), ctx: { plan: this.plan, table, dialect, streamStart, output: resolved } satisfies EncodeContext };
    });
    const deferred = table.fields.filter((f) => f.deferred === 'update').map((f) => f.index);
    const block: Value[][] = [];
    for (let start = from; start < to; start += BLOCK_ROWS) {
      const end = Math.min(to, start + BLOCK_ROWS);
      // The generator refills one buffer per row: each row of the block keeps a copy.
      for (let r = start; r < end; r++) block[r - start] = generator.generate(r).slice();
      targets.forEach((target, t) => {
        const source = replay(block, start, target.deferRefs && deferred.length ? deferred : undefined);
        outputs[t].encoder.rows(outputs[t].ctx, source, start, end, sinks[t]);
      });
    }
    return sinks.map((sink) => sink.bytes());
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

/** A block of made rows as a source with no cell writers (every cell from its value); `nulled` columns read NULL. */
function replay(block: Value[][], start: number, nulled: number[] | undefined): RowSource {
  const generate = nulled
    ? (row: number) => {
        const values = block[row - start].slice();
        for (const k of nulled) values[k] = null;
        return values;
      }
    : (row: number) => block[row - start];
  return { generate, useWriters: () => [], emit: () => false };
}
