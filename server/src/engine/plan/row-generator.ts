import { CellRng } from '../random/cell-rng';
import { cellSeed } from '../random/hash';
import type { Value } from '../generators/types';
import type { FieldPlan, RowState, TablePlan } from './types';
import { RetryUnique } from './unique';

/**
 * Generates rows of one table by index. Holds one reusable row buffer: the
 * values returned by `generate` are overwritten by the next call, so callers
 * encode (or copy) them first. Every cell is `produce(rng reset to
 * cellSeed(field key, row))`, which is what makes rows independent of each other.
 */
export class RowGenerator implements RowState {
  index = 0;
  readonly values: Value[];
  readonly refRows: number[];
  private readonly rng = new CellRng();
  private readonly ordered: FieldPlan[];
  private readonly retries: (RetryUnique | undefined)[];
  private readonly retryStates: RetryUnique[];

  /** `only`: generate just these fields (and what they read), for reference lookups. */
  constructor(readonly table: TablePlan, seed: number, only?: Set<number>) {
    this.values = new Array(table.fields.length).fill(null);
    this.refRows = new Array(table.fields.length).fill(-1);
    this.ordered = table.evalOrder.filter((i) => !only || only.has(i)).map((i) => table.fields[i]);
    this.retries = table.fields.map((f) => (f.uniqueStrategy.kind === 'retry' && this.ordered.includes(f) ? new RetryUnique(f, seed, table.name) : undefined));
    this.retryStates = this.retries.filter((r): r is RetryUnique => !!r);
  }

  generate(row: number): Value[] {
    if (this.retryStates.length) this.catchUp(row);
    this.fill(row);
    return this.values;
  }

  /** Retry-unique columns depend on earlier rows: replay them up to `row` when jumping. */
  private catchUp(row: number) {
    let from = Infinity;
    for (const state of this.retryStates) {
      if (state.cursor > row) state.reset();
      from = Math.min(from, state.cursor);
    }
    for (let r = from; r < row; r++) this.fill(r);
  }

  private fill(row: number) {
    this.index = row;
    const { values, refRows, rng, ordered } = this;
    for (let k = 0; k < ordered.length; k++) {
      const f = ordered[k];
      const i = f.index;
      if (f.nullThreshold !== 0 && cellSeed(f.nullKey, row) < f.nullThreshold) {
        values[i] = null;
        refRows[i] = -1;
        continue;
      }
      rng.reset(cellSeed(f.valueKey, row));
      const retry = this.retries[i];
      values[i] = retry ? (retry.cursor === row ? retry.next(rng, this) : values[i]) : f.produce(rng, this);
    }
  }
}

/** The fields `field` needs, itself included, for partial generation. */
export function closureOf(table: TablePlan, field: number): Set<number> {
  const need = new Set<number>();
  const visit = (i: number) => {
    if (need.has(i)) return;
    need.add(i);
    for (const d of table.fields[i].dependsOn) visit(d);
  };
  visit(field);
  return need;
}
