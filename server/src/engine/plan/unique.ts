import type { CellRng } from '../random/cell-rng';
import { cellSeed, streamKey, type StreamKey } from '../random/hash';
import type { Value } from '../generators/types';
import { uniqueExhausted } from '../errors';
import type { FieldPlan, RowState } from './types';

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

  constructor(private readonly field: FieldPlan, seed: number, tableKey: string) {
    this.salts = Array.from({ length: MAX_ATTEMPTS }, (_, a) => streamKey(seed, tableKey, field.key, `unique-retry-${a}`));
  }

  /** The value, or with a composite key the whole tuple (the other fields are made first). */
  private identityOf(value: Value, row: RowState): string {
    const strategy = this.field.uniqueStrategy;
    const tuple = strategy.kind === 'retry' ? strategy.tuple : undefined;
    if (!tuple) return identity(value);
    return JSON.stringify([...tuple.map((i) => identity(row.values[i])), identity(value)]);
  }

  reset(): void {
    this.cursor = 0;
    this.seen = new Set();
  }

  next(rng: CellRng, row: RowState): Value {
    let value = this.field.produce(rng, row);
    let id = this.identityOf(value, row);
    for (let attempt = 0; this.seen.has(id); attempt++) {
      if (attempt === MAX_ATTEMPTS) {
        throw uniqueExhausted(`${this.field.path}.unique`, this.field.name, `no new value after ${MAX_ATTEMPTS} attempts at row ${row.index} (${this.seen.size} distinct so far)`);
      }
      value = this.field.produce(rng.reset(cellSeed(this.salts[attempt], row.index)), row);
      id = this.identityOf(value, row);
    }
    this.seen.add(id);
    this.cursor = row.index + 1;
    return value;
  }
}
