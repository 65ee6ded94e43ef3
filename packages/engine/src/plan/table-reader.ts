import type { Value } from '../generators/types';
import { EngineError } from '../errors';
import type { TablePlan } from './types';
import { closureOf, RowGenerator } from './row-generator';

const MAX_LOOKUP_DEPTH = 32;
let depth = 0;

/**
 * Random access to single cells of a table — the key a `ref` points at, or
 * `users.email` read by a formula in `orders`. Each field gets a generator
 * limited to what that field reads, separate from any streaming generator.
 */
export class TableReader {
  private readonly generators = new Map<number, RowGenerator>();

  constructor(private readonly table: TablePlan, private readonly seed: number) {}

  cell(field: number, row: number): Value {
    return this.read(field, row, (g) => g.values[field]);
  }

  /** The row of its target table a ref field of this table chose at `row` (-1: NULL). */
  refRow(field: number, row: number): number {
    return this.read(field, row, (g) => g.refRows[field]);
  }

  private read<T>(field: number, row: number, take: (generator: RowGenerator) => T): T {
    let generator = this.generators.get(field);
    if (!generator) {
      generator = new RowGenerator(this.table, this.seed, closureOf(this.table, field));
      this.generators.set(field, generator);
    }
    if (++depth > MAX_LOOKUP_DEPTH) {
      depth = 0;
      throw new EngineError('BAD_USER_INPUT', `reference cycle while reading ${this.table.name}.${this.table.fields[field].name}`, this.table.fields[field].path);
    }
    try {
      generator.generate(row);
      return take(generator);
    } finally {
      depth--;
    }
  }
}
