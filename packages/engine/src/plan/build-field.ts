import type { CellRng } from '../random/cell-rng';
import { KeyedPermutation } from '../random/permutation';
import { streamKey } from '../random/hash';
import { isPerParent, REF_GENERATOR, type FieldDef } from '../document/types';
import type { BuildContext, Value } from '../generators/types';
import { compileFormula, FormulaError, type FormulaScope } from '../formula/compile';
import { badInput, uniqueExhausted } from '../errors';
import { compileRowOption, isLiteralOption, type RowOption } from './option-refs';
import { canonicalValue } from '../document/canonical';
import type { FieldPlan, Plan, PlanCellFn, RowState, TablePlan } from './types';
import type { TableReader } from './table-reader';
import { descendantRange } from '../access/child-range';
import { ancestorChain, followsParentChain } from './parent-chain';

export interface BuildEnv {
  plan: Plan;
  reader(table: TablePlan): TableReader;
  build: Omit<BuildContext, 'unique'>;
}

/** Sets `produce`, `dependsOn` and `uniqueStrategy` of a field from its definition. */
export function buildField(env: BuildEnv, table: TablePlan, field: FieldPlan, def: FieldDef): void {
  if (field.generator === REF_GENERATOR) return buildRef(env, table, field);
  if (field.generator === 'formula') return buildFormula(env, table, field, def);
  buildGenerated(env, table, field, def);
}

function fieldIndexer(table: TablePlan, field: FieldPlan, option: string) {
  return (name: string): number => {
    const target = table.fieldByName.get(name);
    if (!target) throw badInput(`${field.path}.options.${option}`, `unknown field "{${name}}"`);
    return target.index;
  };
}

function buildGenerated(env: BuildEnv, table: TablePlan, field: FieldPlan, def: FieldDef) {
  // Canonical key order: generators and JSON cells see the same options however the document ordered them.
  const options = canonicalValue(def.options ?? {});
  const rowOptions: [string, RowOption][] = [];
  const deps = new Set<number>();
  for (const [name, value] of Object.entries(options)) {
    if (typeof value !== 'string' || !/\{[A-Za-z_]/.test(value) || isLiteralOption(field.generator, name)) continue;
    const indexer = fieldIndexer(table, field, name);
    rowOptions.push([name, compileRowOption(value, (n) => { const i = indexer(n); deps.add(i); return i; })]);
    delete options[name];
  }
  field.dependsOn = [...deps];
  const ctx: BuildContext = { ...env.build, unique: field.unique };
  const generator = field.def;
  const readsRowItself = rowOptions.every(([name]) => generator.rowOptions?.includes(name));
  if (rowOptions.length === 0 || readsRowItself) {
    // Row-aware generators get readers in place of the options: created once, not per row.
    const withReaders: Record<string, unknown> = { ...options, ...Object.fromEntries(rowOptions) };
    const cell = generator.create(withReaders, ctx);
    field.produce = cell as PlanCellFn;
    field.emitter = cell.emitter;
  } else {
    // Options read the row: resolve them per row and create the cell function for those values.
    field.produce = (rng, row) => {
      const resolved: Record<string, unknown> = { ...options };
      for (const [name, read] of rowOptions) resolved[name] = read(row);
      return generator.create(resolved, ctx)(rng, row);
    };
  }
  const declared = generator.plainText;
  field.plainText = typeof declared === 'function' ? declared(options, ctx) : !!declared || (field.produce as { plain?: boolean }).plain === true;
  if (!field.unique) return;
  if (generator.injective) {
    field.uniqueStrategy = { kind: 'injective' };
    return;
  }
  const space = rowOptions.length === 0 ? generator.space?.(options, ctx) : undefined;
  if (space) {
    if (space.size < table.layout.rows) {
      throw uniqueExhausted(`${field.path}.unique`, field.name, `only ${space.size} distinct values for ${table.layout.rows} rows`);
    }
    usePermutation(env, table, field, space.size, (i) => space.at(i));
    return;
  }
  field.uniqueStrategy = { kind: 'retry' };
}

function usePermutation(env: BuildEnv, table: TablePlan, field: FieldPlan, size: number, at: (i: number) => Value) {
  const permutation = new KeyedPermutation(size, streamKey(env.plan.seed, table.key, field.key, 'unique-permutation'));
  field.uniqueStrategy = { kind: 'permuted', permutation };
  field.produce = (_rng, row) => at(permutation.permute(row.index));
  field.emitter = undefined;
}

function buildFormula(env: BuildEnv, table: TablePlan, field: FieldPlan, def: FieldDef) {
  const scope: FormulaScope = {
    field: (name) => {
      const f = table.fieldByName.get(name);
      return f && { index: f.index, type: f.type };
    },
    reference: (tableName, fieldName) => {
      const refField = table.fields.find((f) => f.ref && f.ref.table.name.toLowerCase() === tableName.toLowerCase());
      if (!refField) return `"${tableName}" is not referenced by a ref field of this table`;
      const target = refField.ref!.table;
      const read = target.fieldByName.get(fieldName);
      if (!read) return `unknown field "${tableName}.${fieldName}"`;
      const reader = env.reader(target);
      const via = refField.index;
      return {
        read: (row) => {
          const parentRow = (row as RowState).refRows[via];
          return parentRow < 0 ? null : reader.cell(read.index, parentRow);
        },
        type: read.type,
        dependsOn: via,
      };
    },
  };
  try {
    const formula = compileFormula(String(def.options?.expr ?? ''), scope, { maxCellBytes: env.build.maxCellBytes });
    field.dependsOn = formula.dependsOn;
    field.produce = (_rng, row) => formula.evaluate(row);
  } catch (e) {
    if (e instanceof FormulaError) throw badInput(`${field.path}.options.expr`, e.message);
    throw e;
  }
  if (field.unique) field.uniqueStrategy = { kind: 'retry' };
}

/**
 * A ref cell: pick a row of the target table, remember it (formulas read
 * through it), and emit that row's key. Child tables sized per parent follow
 * their parent (or ancestor) chain; other references pick uniformly, or
 * through a permutation when the reference must be unique (one-to-one).
 */
function buildRef(env: BuildEnv, table: TablePlan, field: FieldPlan) {
  const target = field.ref!;
  const targetRows = target.table.layout.rows;
  const reader = env.reader(target.table);
  const keyIndex = target.field.index;
  const slot = field.index;
  if (target.via) return buildVia(env, field, target.via);
  const chain = followsParentChain(env.plan, table, field) ? ancestorChain(env.plan, table, target.table) : undefined;
  let pick: (rng: CellRng, row: RowState) => number;
  if (target.match) {
    pick = matchedPick(env, table, field);
    if (field.unique) throw uniqueExhausted(`${field.path}.unique`, field.name, 'a reference chosen within its tenant cannot also be unique over the table');
  } else if (chain) {
    pick = (_rng, row) => {
      let p = row.index;
      for (const layout of chain) p = layout.parentOf!(p);
      return p;
    };
    if (field.unique) {
      const rows = table.def.rows;
      const maxChildren = !isPerParent(rows) ? Infinity : rows.max ?? ((rows.distribution ?? 'uniform') === 'uniform' ? rows.min ?? 0 : Infinity);
      if (chain.length > 1 || maxChildren > 1) {
        throw uniqueExhausted(`${field.path}.unique`, field.name, `several ${table.name} rows can share one ${target.table.name} row`);
      }
    }
    field.uniqueStrategy = field.unique ? { kind: 'injective' } : { kind: 'none' };
  } else if (field.unique) {
    if (targetRows < table.layout.rows) {
      throw uniqueExhausted(`${field.path}.unique`, field.name, `${table.layout.rows} rows cannot each reference a different one of ${targetRows} ${target.table.name} rows`);
    }
    const permutation = new KeyedPermutation(Math.max(1, targetRows), streamKey(env.plan.seed, table.key, field.key, 'unique-permutation'));
    field.uniqueStrategy = { kind: 'permuted', permutation };
    pick = (_rng, row) => permutation.permute(row.index);
  } else if (target.table === table) {
    // Rows of its own table: one inserted before it, so the key holds as rows arrive in any database (a manager
    // hired earlier, a reply after its comment). The first row has none: NULL, or itself when the field is required.
    pick = field.nullThreshold > 0 ? (rng, row) => (row.index === 0 ? -1 : rng.intBetween(0, row.index - 1)) : (rng, row) => rng.intBetween(0, row.index);
  } else {
    pick = targetRows <= 4294967296 ? (rng) => rng.below(targetRows) : (rng) => rng.intBetween(0, targetRows - 1);
  }
  if (targetRows === 0 && table.layout.rows > 0 && field.nullRate < 1) {
    throw badInput(`${field.path}.options.table`, `references "${target.table.name}", which has no rows`);
  }
  field.dependsOn = target.match ? [target.match.own.index] : [];
  field.plainText = target.field.def.plainText === true;
  field.produce = (rng, row) => {
    const p = pick(rng, row);
    row.refRows[slot] = p;
    return p < 0 ? null : reader.cell(keyIndex, p);
  };
}

/** A column of a composite reference: the same parent row another ref field of the row chose, its own column of it. */
function buildVia(env: BuildEnv, field: FieldPlan, via: FieldPlan) {
  const target = field.ref!;
  const reader = env.reader(target.table);
  const keyIndex = target.field.index;
  const slot = field.index;
  if (field.unique) throw uniqueExhausted(`${field.path}.unique`, field.name, `it repeats ${via.name}'s row, so it is as distinct as ${via.name} is: make ${via.name} unique instead`);
  field.dependsOn = [via.index];
  field.plainText = target.field.def.plainText === true;
  field.produce = (_rng, row) => {
    const p = row.refRows[via.index];
    row.refRows[slot] = p;
    return p < 0 ? null : reader.cell(keyIndex, p);
  };
}

/**
 * A pick among the rows of the target whose `match.parent` points at the
 * same row (of a tenant table T) as this row's `match.own` does: a task's
 * assignee from its project's organization. The target must be sized per T
 * row (directly or through its parents) with `match.parent` following that
 * chain, so the rows of one tenant are one contiguous range, found from the
 * layouts alone: any row is still computable on its own.
 */
function matchedPick(env: BuildEnv, table: TablePlan, field: FieldPlan): (rng: CellRng, row: RowState) => number {
  const { table: target, match } = field.ref!;
  const { own, parent } = match!;
  const tenant = parent.ref!.table;
  const path = `${field.path}.options.match`;
  const chain = ancestorChain(env.plan, target, tenant);
  if (!chain || parent.ref!.via || parent.ref!.match) {
    throw badInput(path, `"${target.name}" must be sized per "${tenant.name}" row (rows.perParent, directly or through its parents) for its rows of one ${tenant.name} to be found`);
  }
  const ownTenant = tenantRowOf(env, own, tenant, path);
  const nullable = field.nullThreshold > 0;
  return (rng, row) => {
    const t = ownTenant(row);
    if (t < 0) return -1;
    const { start, end } = descendantRange(chain, t);
    if (end > start) return start + (end - start <= 4294967296 ? rng.below(end - start) : rng.intBetween(0, end - start - 1));
    if (nullable) return -1;
    throw badInput(path, `row ${row.index} of ${table.name} needs a ${target.name} row of the same ${tenant.name} (row ${t}), and that ${tenant.name} has none: give ${target.name} at least one row per ${tenant.name} row (rows.min 1)`);
  };
}

/** The row of `tenant` a ref field of this table points at, directly or through the row its `via` chose. */
function tenantRowOf(env: BuildEnv, own: FieldPlan, tenant: TablePlan, path: string): (row: RowState) => number {
  const ref = own.ref!;
  if (ref.table === tenant && !ref.via) return (row) => row.refRows[own.index];
  // Through another table's column: the tenant row that column of that row points at.
  const middle = ref.table;
  const column = ref.field;
  if (!column.ref || column.ref.table !== tenant) throw badInput(path, `"${own.name}" must point at a row of "${tenant.name}", directly or through ${middle.name}.${column.name}`);
  const chain = ancestorChain(env.plan, middle, tenant);
  if (chain && !column.ref.via && !column.ref.match) {
    return (row) => {
      let p = row.refRows[own.index];
      if (p < 0) return -1;
      for (const layout of chain) p = layout.parentOf!(p);
      return p;
    };
  }
  const reader = env.reader(middle);
  return (row) => {
    const p = row.refRows[own.index];
    return p < 0 ? -1 : reader.refRow(column.index, p);
  };
}
