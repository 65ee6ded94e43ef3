import { CellRng } from '../random/cell-rng';
import { cellSeed } from '../random/hash';
import type { CellFormat, EmitFn, Value } from '../generators/types';
import type { ByteSink } from '../formats/byte-sink';
import type { FieldPlan, RowState, TablePlan } from './types';
import { RetryUnique } from './unique';
import { atField } from '../cell-limits';
import { CHECK_ATTEMPTS, checkFailure, redrawSeed, type CompiledCheck } from './checks';
import { compileAfter, compileRows, type CompiledRows, type RowCompileInput, type RowLayout } from '../formats/row-compiler';

/** Passes over a row's CHECKs: re-drawing for one may break another already held. */
const CHECK_ROUNDS = 8;

/**
 * Generates rows of one table by index. Holds one reusable row buffer: the
 * values returned by `generate` are overwritten by the next call, so callers
 * encode (or copy) them first. Every cell is `produce(rng reset to
 * cellSeed(field key, row))`, which is what makes rows independent of each
 * other, and what lets a cell writer (`emit`) draw the very same cell later.
 */
export class RowGenerator implements RowState {
  index = 0;
  readonly values: Value[];
  readonly refRows: number[];
  private readonly rng = new CellRng();
  /** Fields whose values `generate` makes, in generation order. */
  private ordered: FieldPlan[];
  private readonly all: FieldPlan[];
  private writers: (EmitFn | undefined)[] = [];
  private writing: CellFormat | undefined;
  private readonly retries: (RetryUnique | undefined)[];
  private readonly retryStates: RetryUnique[];
  /** The CHECKs whose fields this generator makes (all of them, unless it makes only some fields). */
  private readonly checks: CompiledCheck[];
  private readonly attempts: Int32Array;
  private readonly compiled = new Map<string, CompiledRows>();
  /** Rows asked of `compiledRows` before it compiled (see compileAfter). */
  private rowsUncompiled = 0;

  /** `only`: generate just these fields (and what they read), for reference lookups. */
  constructor(readonly table: TablePlan, seed: number, only?: Set<number>) {
    this.values = new Array(table.fields.length).fill(null);
    this.refRows = new Array(table.fields.length).fill(-1);
    this.all = table.evalOrder.filter((i) => !only || only.has(i)).map((i) => table.fields[i]);
    this.ordered = this.all;
    // A generator of some fields only is a table reader's (random access): its retry states keep their values.
    this.retries = table.fields.map((f) => (f.uniqueStrategy.kind === 'retry' && this.all.includes(f) ? new RetryUnique(f, seed, table.key, !!only) : undefined));
    this.retryStates = this.retries.filter((r): r is RetryUnique => !!r);
    const made = new Set(this.all.map((f) => f.index));
    this.checks = table.checks.filter((c) => c.reads.every((i) => made.has(i)) && c.recompute.every((i) => made.has(i)));
    this.attempts = new Int32Array(table.checks.length);
  }

  generate(row: number): Value[] {
    if (this.retryStates.length) this.catchUp(row);
    this.fill(row);
    return this.values;
  }

  /**
   * Switches to writing cells for `format` where a field has a cell writer and
   * nothing else in the row reads it: such cells are written by `emit` instead
   * of being made by `generate`. Returns the writers by field (undefined: the
   * value is made as usual).
   */
  useWriters(format: CellFormat): (EmitFn | undefined)[] {
    if (this.writing === format) return this.writers;
    this.writing = format;
    // Fields CHECKs read or re-draw are values, never written straight into the output.
    const read = new Set([...this.table.fields.flatMap((f) => f.dependsOn), ...this.checks.flatMap((c) => [...c.reads, ...c.recompute])]);
    this.writers = this.table.fields.map((f) => (this.eligible(f) && !read.has(f.index) ? f.emitter?.(format) : undefined));
    this.ordered = this.all.filter((f) => !this.writers[f.index]);
    return this.writers;
  }

  /**
   * The compiled row writer (formats/row-compiler) of `format` framed by
   * `layout`, made once per `key` (which names both): every cell of a row
   * written as `generate`, `useWriters` and `emit` would, without their
   * per-cell dispatch. `put(k)` writes a made value of field k. Undefined
   * (write cell by cell) until `rows` asked so far pass `compileAfter()`.
   */
  compiledRows(format: CellFormat, key: string, layout: RowLayout, put: () => RowCompileInput['put'], rows: number): CompiledRows | undefined {
    let compiled = this.compiled.get(key);
    if (!compiled) {
      this.rowsUncompiled += rows;
      if (this.rowsUncompiled <= compileAfter()) return undefined;
      const writers = this.useWriters(format);
      // Retries and CHECKs need the whole of `fill`: the compiled rows then call `generate` for the values.
      const simple = !this.retryStates.length && !this.checks.length && this.all.length === this.table.fields.length;
      // Fields others read are made as values; a uniform pick among them is still written inline (formats/row-compiler).
      const valueWriters = this.table.fields.map((f) => (!writers[f.index] && this.eligible(f) ? f.emitter?.(format) : undefined));
      compiled = compileRows({ table: this.table, row: this, writers, valueFields: simple ? this.ordered : undefined, valueWriters, put: put(), layout });
      this.compiled.set(key, compiled);
    }
    return compiled;
  }

  /** Whether a field this generator makes may be written by its cell writer (its values do not depend on earlier rows). */
  private eligible(f: FieldPlan): boolean {
    return this.all.includes(f) && (f.uniqueStrategy.kind === 'none' || f.uniqueStrategy.kind === 'injective');
  }

  /** Writes field `k` of the row last generated with its cell writer; false for a NULL cell (nothing written). */
  emit(k: number, out: ByteSink): boolean {
    const f = this.table.fields[k];
    const row = this.index;
    if (f.nullThreshold !== 0 && cellSeed(f.nullKey, row) < f.nullThreshold) return false;
    this.rng.reset(cellSeed(f.valueKey, row));
    try {
      this.writers[k]!(this.rng, this, out);
    } catch (e) {
      throw atField(e, f.path);
    }
    return true;
  }

  /** Retry-unique columns depend on earlier rows: replay them up to `row` when jumping. */
  private catchUp(row: number) {
    let from = Infinity;
    for (const state of this.retryStates) {
      if (state.cursor > row && !state.memo) state.reset();
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
      const retry = this.retries[i];
      if (f.nullThreshold !== 0 && cellSeed(f.nullKey, row) < f.nullThreshold) {
        values[i] = null;
        refRows[i] = -1;
        // A NULL is distinct from every value (a NULL that a unique index must count is drawn by `produce`,
        // see unique-indexes.ts): the retry state only moves past the row. Left behind, every later row
        // replayed the table from here and read this NULL back as its own value.
        retry?.skip(row);
        continue;
      }
      rng.reset(cellSeed(f.valueKey, row));
      try {
        values[i] = retry ? (retry.cursor === row ? retry.next(rng, this) : retry.memo && row < retry.cursor ? retry.memo[row] : values[i]) : f.produce(rng, this);
      } catch (e) {
        // Generators do not know their field; a value error gets its path here.
        throw atField(e, f.path);
      }
    }
    if (this.checks.length) this.holdChecks(row);
  }

  /** Every CHECK true or unknown: a failing one re-draws its fields (see checks.ts) until it passes or its attempts run out. */
  private holdChecks(row: number) {
    const { values, table, attempts, checks } = this;
    attempts.fill(0);
    for (let round = 0; round < CHECK_ROUNDS; round++) {
      let held = true;
      for (const check of checks) {
        while (check.test(values) === false) {
          held = false;
          if (!check.redraw.length || attempts[check.index] >= CHECK_ATTEMPTS) throw checkFailure(table, check, row, values);
          this.redraw(check, row, ++attempts[check.index]);
        }
      }
      if (held) return;
    }
    const broken = checks.find((c) => c.test(values) === false);
    if (broken) throw checkFailure(table, broken, row, values);
  }

  private redraw(check: CompiledCheck, row: number, attempt: number) {
    const { values, refRows, rng, table } = this;
    for (const i of check.recompute) {
      const f = table.fields[i];
      const fresh = check.redraw.includes(i);
      const nullSeed = cellSeed(f.nullKey, row);
      if (f.nullThreshold !== 0 && (fresh ? redrawSeed(nullSeed, check.index, attempt) : nullSeed) < f.nullThreshold) {
        values[i] = null;
        refRows[i] = -1;
        continue;
      }
      const seed = cellSeed(f.valueKey, row);
      rng.reset(fresh ? redrawSeed(seed, check.index, attempt) : seed);
      try {
        values[i] = f.produce(rng, this);
      } catch (e) {
        throw atField(e, f.path);
      }
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
    // A CHECK that may re-make this field decides its value: what it reads and re-makes is needed too.
    for (const c of table.checks) if (c.recompute.includes(i)) for (const j of [...c.reads, ...c.recompute]) visit(j);
  };
  visit(field);
  return need;
}

/**
 * Rows a generator must replay before it can make rows of `table` from
 * `offset`: a retry-unique field depends on every row before its own, and a
 * reference to a key made that way may read any row of its table. Zero for
 * the usual plans, whose rows stand alone.
 */
export function rowsReplayedFor(table: TablePlan, offset: number): number {
  const retries = (t: TablePlan, fields: Set<number>) => t.fields.some((f) => fields.has(f.index) && f.uniqueStrategy.kind === 'retry');
  let rows = retries(table, new Set(table.fields.map((f) => f.index))) ? offset : 0;
  for (const f of table.fields) {
    if (f.ref && retries(f.ref.table, closureOf(f.ref.table, f.ref.field.index))) rows = Math.max(rows, f.ref.table.layout.rows);
  }
  return rows;
}
