/**
 * Single rows of a seed plan by index, with some cells given: the references
 * the client wired and the values a call overrides. Every other cell is the
 * engine's cell at (table, field, index), and fields that read a given cell
 * (`{first_name}` in an email, a formula over `users.email` through a given
 * reference) read the given value — exactly as a generated row reads its own.
 */
import { CellRng } from '../random/cell-rng';
import { cellSeed } from '../random/hash';
import { RetryUnique } from '../plan/unique';
import { atField } from '../cell-limits';
import { INSERT_BATCH, sqlEncoder } from '../formats/sql';
import { tsvEncoder } from '../formats/delimited';
import { sequenceResets } from '../formats/identity-sql';
import { ByteSink } from '../formats/byte-sink';
import type { EncodeContext, RowSource } from '../formats/types';
import type { Dialect, Value } from '../generators/types';
import type { Plan, RowState, TablePlan } from '../plan/types';

/** A cell given to the maker: its value and, for a reference, the row of the referenced table it names (-1: not a row of the plan). */
export interface GivenCell {
  value: Value;
  refRow?: number;
}

/** Values made for one row: fresh arrays, owned by the caller. */
export interface MadeRow {
  values: Value[];
  refRows: number[];
}

/**
 * Uniqueness by retry for fields without a countable space (a unique full
 * name): the values of one run of rows so far, so that later rows re-draw
 * on a clash. The client keeps one per (scope, table): rows of one scope are
 * then the same whatever other scopes did.
 */
export type RetryStates = Map<number, RetryUnique>;

export class SeedRowMaker {
  private readonly rng = new CellRng();

  constructor(readonly plan: Plan, readonly table: TablePlan) {}

  /** Fresh retry states for the table's retry-unique fields (empty map: none). */
  retryStates(): RetryStates {
    const states: RetryStates = new Map();
    for (const f of this.table.fields) if (f.uniqueStrategy.kind === 'retry') states.set(f.index, new RetryUnique(f, this.plan.seed, this.table.key));
    return states;
  }

  /**
   * Row `index`, with `given[i]` as the cell of field i where set. Every ref
   * field must be given (the client wires references; a drawn one could name
   * a row that is not in the database): a missing one is NULL.
   */
  make(index: number, given: readonly (GivenCell | undefined)[], retries?: RetryStates): MadeRow {
    const { table, rng } = this;
    const values: Value[] = new Array(table.fields.length).fill(null);
    const refRows: number[] = new Array(table.fields.length).fill(-1);
    const row: RowState = { index, values, refRows };
    for (const i of table.evalOrder) {
      const f = table.fields[i];
      const cell = given[i];
      if (cell) {
        values[i] = cell.value;
        refRows[i] = cell.refRow ?? -1;
        continue;
      }
      if (f.ref || (f.nullThreshold !== 0 && cellSeed(f.nullKey, index) < f.nullThreshold)) continue;
      rng.reset(cellSeed(f.valueKey, index));
      try {
        const retry = retries?.get(i);
        values[i] = retry ? retry.next(rng, row) : f.produce(rng, row);
      } catch (e) {
        throw atField(e, f.path);
      }
    }
    return { values, refRows };
  }

  /** Whether the engine leaves field `i` NULL at row `index` (its null rate). */
  isNull(i: number, index: number): boolean {
    const f = this.table.fields[i];
    return f.nullThreshold !== 0 && cellSeed(f.nullKey, index) < f.nullThreshold;
  }

  /** A draw in [0, n) for field `i` at row `index`: what picks a row of a pool for a reference, as the engine picks a row. */
  pick(i: number, index: number, n: number): number {
    return this.rng.reset(cellSeed(this.table.fields[i].valueKey, index)).below(n);
  }

  /**
   * Field `i` as it would be at row `alt` with the row's other cells: another
   * value for a component of a composite key whose tuple, with references
   * wired by the client, repeats one already made.
   */
  redraw(i: number, alt: number, made: MadeRow): Value {
    const f = this.table.fields[i];
    this.rng.reset(cellSeed(f.valueKey, alt));
    return f.produce(this.rng, { index: alt, values: made.values, refRows: made.refRows });
  }
}

const rowsOf = (rows: readonly Value[][]): RowSource => ({ generate: (r) => rows[r], useWriters: () => [], emit: () => false });

/**
 * Multi-row INSERT statements (at most INSERT_BATCH rows each, no trailing
 * semicolon, every column named) for rows of `table`: the SQL output's own
 * literals, so a seeded row is spelled as `seedbed generate` spells it.
 */
export function insertStatements(plan: Plan, table: TablePlan, dialect: Dialect, rows: readonly Value[][]): string[] {
  const statements: string[] = [];
  const source = rowsOf(rows);
  for (let from = 0; from < rows.length; from += INSERT_BATCH) {
    const to = Math.min(rows.length, from + INSERT_BATCH);
    const sink = new ByteSink((to - from) * 256 + 1024);
    const ctx: EncodeContext = { plan, table, dialect, streamStart: from };
    sqlEncoder.rows(ctx, source, from, to, sink);
    statements.push(sink.bytes().toString('utf8'));
  }
  return statements;
}

/** The rows in PostgreSQL's COPY text format (no header): what `COPY table (columns) FROM STDIN` reads. */
export function copyText(plan: Plan, table: TablePlan, rows: readonly Value[][]): Buffer {
  const sink = new ByteSink(rows.length * 256 + 1024);
  const ctx: EncodeContext = { plan, table, dialect: 'postgres', streamStart: 0 };
  tsvEncoder.rows(ctx, rowsOf(rows), 0, rows.length, sink);
  return sink.bytes();
}

/** PostgreSQL statements moving each identity column's sequence past the largest value in the table (empty elsewhere). */
export function sequenceResetStatements(table: TablePlan, dialect: Dialect): string[] {
  return sequenceResets(table, dialect).split('\n').filter(Boolean);
}
