import type { CellRng } from '../random/cell-rng';
import { cellSeed, streamKey, type StreamKey } from '../random/hash';
import type { Value } from '../generators/types';
import { EngineError, uniqueExhausted } from '../errors';
import type { FieldPlan, RowConstraintState, RowState } from './types';

const MAX_ATTEMPTS = 64;

function identity(value: Value): string {
  return typeof value === 'string' ? `s${value}` : `${typeof value}${JSON.stringify(value)}`;
}

/**
 * Uniqueness for generators without an enumerable space: try the cell, and on
 * a clash re-draw it from salted keys until the value is new. The value of
 * row N depends on rows 0..N-1 of this column, so the state walks forward and
 * a generator asked for an earlier row replays from the start: deterministic
 * for any range split, at the price of replay work and one Set per column.
 */
export class RetryUnique {
  /** Next row this state expects. */
  cursor = 0;
  private seen = new Set<string>();
  private readonly salts: StreamKey[];
  /** The field's own distinctness (a unique field, a composite key's tuple); off when only row constraints re-draw it. */
  private readonly own: boolean;
  private states: RowConstraintState[];

  /**
   * Values by row, kept for random access (a table reader: children looking
   * up the key their ref chose). Without them, a lookup behind the cursor
   * replayed the table from its first row: quadratic in the parent's rows.
   */
  readonly memo?: Value[];

  constructor(private readonly field: FieldPlan, seed: number, tableKey: string, memo = false) {
    if (memo) this.memo = [];
    this.salts = Array.from({ length: MAX_ATTEMPTS }, (_, a) => streamKey(seed, tableKey, field.key, `unique-retry-${a}`));
    const strategy = field.uniqueStrategy;
    // A generator distinct per row whatever its draw (row-tagged) needs no memory of its own values.
    this.own = (field.unique || (strategy.kind === 'retry' && !!strategy.tuple)) && !(strategy.kind === 'retry' && strategy.distinctByRow);
    this.states = this.startConstraints();
  }

  private startConstraints(): RowConstraintState[] {
    const strategy = this.field.uniqueStrategy;
    return strategy.kind === 'retry' && strategy.constraints ? strategy.constraints.map((c) => c.start()) : [];
  }

  /** Whether `value` in this row keeps the field's distinctness and every row constraint; sets the cell. */
  private admits(value: Value, id: string, row: RowState): boolean {
    if (this.own && this.seen.has(id)) return false;
    if (!this.states.length) return true;
    row.values[this.field.index] = value;
    return this.states.every((s) => s.admits(row));
  }

  private exhausted(row: RowState, value: Value, id: string): EngineError {
    const strategy = this.field.uniqueStrategy;
    if (!(this.own && this.seen.has(id)) && strategy.kind === 'retry' && strategy.constraints) {
      row.values[this.field.index] = value;
      const broken = strategy.constraints.find((_, i) => !this.states[i].admits(row)) ?? strategy.constraints[0];
      return new EngineError('UNIQUE_EXHAUSTED', `${broken.path}: ${broken.label}: no ${this.field.name} keeps it at row ${row.index} after ${MAX_ATTEMPTS} re-draws; ask for fewer rows or give ${this.field.name} more values`, broken.path);
    }
    return uniqueExhausted(`${this.field.path}.unique`, this.field.name, `no new value after ${MAX_ATTEMPTS} attempts at row ${row.index} (${this.seen.size} distinct so far)`);
  }

  /** The value, or with a composite key the whole tuple (the other fields are made first). */
  private identityOf(value: Value, row: RowState): string {
    const strategy = this.field.uniqueStrategy;
    const tuple = strategy.kind === 'retry' ? strategy.tuple : undefined;
    if (!tuple) return identity(value);
    return JSON.stringify([...tuple.map((i) => identity(row.values[i])), identity(value)]);
  }

  /** A NULL cell at the cursor's row: distinct from every value, so nothing to hold (see RowGenerator#fill). */
  skip(row: number): void {
    if (this.cursor !== row) return;
    if (this.memo) this.memo[row] = null;
    this.cursor = row + 1;
  }

  reset(): void {
    this.cursor = 0;
    this.seen = new Set();
    this.states = this.startConstraints();
  }

  next(rng: CellRng, row: RowState): Value {
    let value = this.field.produce(rng, row);
    let id = this.own ? this.identityOf(value, row) : '';
    for (let attempt = 0; !this.admits(value, id, row); attempt++) {
      if (attempt === MAX_ATTEMPTS) throw this.exhausted(row, value, id);
      value = this.field.produce(rng.reset(cellSeed(this.salts[attempt], row.index)), row);
      if (this.own) id = this.identityOf(value, row);
    }
    if (this.own) this.seen.add(id);
    if (this.states.length) {
      row.values[this.field.index] = value;
      for (const state of this.states) state.record(row);
    }
    if (this.memo) this.memo[row.index] = value;
    this.cursor = row.index + 1;
    return value;
  }
}
