/**
 * A table's CHECK constraints, held on every generated row. Most rows pass
 * by construction (an import turns ranges, lists, date order and patterns
 * into generator options); a row that breaks one is fixed by re-drawing the
 * fields the CHECK reads that can vary, with randomness addressed by (cell,
 * CHECK, attempt), so any row is still computable alone and the same on any
 * worker. Fields that depend on a re-drawn one are made again from it. A
 * CHECK no re-draw satisfies fails generation with its table, text and line.
 */
import type { CheckDef } from '../document/check-expr';
import { columnsOf } from '../document/check-expr';
import { badInput } from '../errors';
import { mix32 } from '../random/hash';
import type { Value } from '../generators/types';
import { compilePredicate, type Row } from './check-predicate';
import type { FieldPlan, Plan, TablePlan } from './types';
import { followsParentChain } from './parent-chain';

/** Re-draws one CHECK gets for a row before generation gives up on it. */
export const CHECK_ATTEMPTS = 64;

export interface CompiledCheck {
  index: number;
  /** `tables[2].checks[0]`. */
  path: string;
  def: CheckDef;
  test: (row: Row) => boolean | null;
  /** Field indexes it reads. */
  reads: number[];
  /** Of those, the fields re-drawn when it fails (others are fixed by the row: keys, sequences, parents). */
  redraw: number[];
  /** Fields made again after a re-draw, in generation order: the re-drawn ones and every field reading them. */
  recompute: number[];
}

/** Generators whose value a new draw does not change, or must not (their distinctness is kept elsewhere). */
const FIXED = new Set(['sequence', 'constant', 'formula', 'template']);

function canRedraw(plan: Plan, table: TablePlan, field: FieldPlan): boolean {
  if (field.uniqueStrategy.kind !== 'none' || FIXED.has(field.generator)) return false;
  if (table.keyFields.includes(field.name) || table.uniqueKeys.some((k) => k.includes(field.name))) return false;
  // A reference along the parent chain is the row's parent itself.
  return !field.ref?.via && !followsParentChain(plan, table, field);
}

/** Compiles the table's CHECKs; called once its fields are built and ordered. */
export function compileChecks(plan: Plan, table: TablePlan, defs: CheckDef[] | undefined): CompiledCheck[] {
  if (!defs?.length) return [];
  const byName = new Map(table.fields.map((f) => [f.name.toLowerCase(), f]));
  const position = new Map(table.evalOrder.map((f, i) => [f, i]));
  return defs.map((def, k) => {
    const path = `tables[${table.index}].checks[${k}]`;
    const reads = columnsOf(def.expr).map((name) => byName.get(name.toLowerCase())!.index);
    const test = compilePredicate(def.expr, {
      field: (name) => {
        const f = byName.get(name.toLowerCase());
        return f && { index: f.index, type: f.type };
      },
      refDate: plan.refDate,
    });
    // A field whose readers keep distinct values by retries against earlier rows cannot change after the fact.
    const redraw = sources(table, reads).filter((i) => canRedraw(plan, table, table.fields[i]) && ![...dependents(table, [i])].some((d) => table.fields[d].uniqueStrategy.kind === 'retry'));
    const recompute = dependents(table, redraw);
    return { index: k, path, def, test, reads, redraw, recompute: [...recompute].sort((a, b) => position.get(a)! - position.get(b)!) };
  });
}

/** The fields read, and for those made from others (a template, a formula), the fields they are made from. */
function sources(table: TablePlan, reads: number[]): number[] {
  const found = new Set<number>();
  const visit = (i: number) => {
    if (found.has(i)) return;
    found.add(i);
    for (const d of table.fields[i].dependsOn) visit(d);
  };
  reads.forEach(visit);
  return [...found];
}

/** `fields` and every field reading one of them, directly or through others. */
function dependents(table: TablePlan, fields: number[]): Set<number> {
  const found = new Set(fields);
  for (let grew = true; grew; ) {
    grew = false;
    for (const f of table.fields) {
      if (!found.has(f.index) && f.dependsOn.some((d) => found.has(d))) {
        found.add(f.index);
        grew = true;
      }
    }
  }
  return found;
}

/** The seed of a re-drawn cell: the cell's own, moved by (CHECK, attempt). */
export const redrawSeed = (cellSeed: number, check: number, attempt: number): number => mix32(cellSeed ^ mix32(Math.imul(check + 1, 0x9e3779b9) + attempt));

export function checkFailure(table: TablePlan, check: CompiledCheck, row: number, values: Value[]): Error {
  const where = `CHECK (${check.def.text})${check.def.line ? ` (line ${check.def.line})` : ''}`;
  const seen = check.reads.map((i) => `${table.fields[i].name} = ${JSON.stringify(values[i])}`).join(', ');
  if (!check.redraw.length) {
    return badInput(check.path, `${table.name}: row ${row} breaks ${where} (${seen}), and every field it reads is fixed by the row (a key, a sequence, a constant, the parent): change one of their generators`);
  }
  return badInput(check.path, `${table.name}: no row passes ${where}: ${CHECK_ATTEMPTS} re-draws of ${check.redraw.map((i) => table.fields[i].name).join(', ')} at row ${row} all broke it (last ${seen})`);
}
