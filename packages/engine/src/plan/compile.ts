import { isPerParent, primaryKeyFields, REF_GENERATOR, singlePrimaryKey, type BlueprintDocument, type DocumentIssue, type FieldDef } from '../document/types';
import { canonicalValue } from '../document/canonical';
import { fieldKeysOf, tableKeysOf } from '../document/stable-keys';
import { applyTupleKeys } from './tuple-keys';
import { applyUniqueIndexes } from './unique-indexes';
import { getGenerator } from '../generators/catalog';
import { localeData, DEFAULT_LOCALE } from '../locale/locales';
import { parseDateOption } from '../generators/helpers';
import { streamKey } from '../random/hash';
import { badInput, EngineError } from '../errors';
import { FieldTypes } from './field-types';
import { FixedLayout, PerParentLayout } from './layout';
import { checkRowBounds } from './bounds';
import { tableOrder } from './order';
import { buildField, type BuildEnv } from './build-field';
import { TableReader } from './table-reader';
import { validationVerdicts } from './validation-verdicts';
import { compileChecks } from './checks';
import type { FieldPlan, Plan, TablePlan } from './types';

/** Relative dates anchor here when the document has no `refDate`: never the clock. */
export const DEFAULT_REF_DATE = Date.UTC(2025, 0, 1);

export interface CompileOptions {
  /** Overrides the document's seed. */
  seed?: number;
  /** Row counts replacing those of fixed-size tables (per-parent tables scale with them). */
  rowOverrides?: Record<string, number>;
  /** Skip validation: only for a document the caller has just compiled (workers rebuilding a plan). */
  prevalidated?: boolean;
  /**
   * Names a document that never changes (a saved revision: `revision:<id>`):
   * it is validated once per process and the verdict, issues and all, reused
   * by every later compile with the same key and `maxCellBytes`. Unset (an
   * unsaved document): validated every time.
   */
  validationKey?: string;
  /**
   * The most rows the plan may make, every table counted: checked on bounds
   * before any layout is built (BAD_USER_INPUT at `tables[i].rows`). Unset:
   * 2^53 - 1, where row indexes stop being exact.
   */
  maxRows?: number;
  /** Bytes one cell may hold (PRODUCT.md §9): checked on bounds at validation, and while generating. Unset: 65,536. */
  maxCellBytes?: number;
  /** Tables per blueprint and fields per table this caller allows (PRODUCT.md §9), checked at validation. Unset: 1,000 and 500. */
  maxTables?: number;
  maxFields?: number;
  /** Block starts of per-parent layouts by table, computed already (a worker rebuilding a plan it was sent). */
  layouts?: Record<string, Float64Array>;
}

/** A plan whose tables and layouts exist, before any field is built: layouts may still be resolved elsewhere. */
export interface PlanDraft {
  plan: Plan;
  order: number[];
}

/**
 * Validates a blueprint and turns it into a plan: per-field cell functions
 * with their keys, tables in dependency order with their row layouts. No
 * rows are generated, but per-parent tables are laid out in this thread (a
 * walk over their parent rows, unless the layout cache has them): fine for
 * the CLI and workers; a server uses `compileBlueprintAsync`. A plan is
 * rebuilt identically by every worker from (document, options).
 */
export function compileBlueprint(doc: BlueprintDocument, options: CompileOptions = {}): Plan {
  return finishPlan(startPlan(doc, options));
}

/**
 * Validates, checks the row bounds and makes the tables with their layouts,
 * none of which walks a parent row: per-parent layouts are computed when
 * first read (in the thread that reads them), unless installed before that.
 */
export function startPlan(doc: BlueprintDocument, options: CompileOptions = {}): PlanDraft {
  const issues = options.prevalidated ? [] : validationIssues(doc, options);
  if (issues.length) {
    throw new EngineError('BAD_USER_INPUT', `${issues[0].path}: ${issues[0].message}`, issues[0].path, issues.map((issue) => ({ ...issue })));
  }
  const seed = options.seed ?? doc.seed ?? 0;
  const rowOverrides = options.rowOverrides ?? {};
  const types = new FieldTypes(doc);
  const { order, deferred } = tableOrder(doc);
  const tableKeys = tableKeysOf(doc);
  const tables: TablePlan[] = doc.tables.map((def, t) => {
    const fieldKeys = fieldKeysOf(def);
    // Key names match fields case-insensitively, as validation reads them.
    const named = (name: string) => def.fields.find((f) => f.name.toLowerCase() === name.toLowerCase())?.name ?? name;
    const singleKey = singlePrimaryKey(def) && named(singlePrimaryKey(def)!);
    const keyFields = primaryKeyFields(def).map(named);
    const fields: FieldPlan[] = def.fields.map((f, j) => ({
      name: f.name,
      key: fieldKeys[j],
      index: j,
      path: `tables[${t}].fields[${j}]`,
      generator: f.generator,
      def: getGenerator(f.generator)!,
      type: types.typeOf(t, j),
      nullRate: f.nullRate ?? 0,
      nullThreshold: Math.floor((f.unique || keyFields.includes(f.name) ? 0 : f.nullRate ?? 0) * 4294967296),
      unique: !!f.unique || f.name === singleKey,
      uniqueStrategy: { kind: 'none' },
      valueKey: streamKey(seed, tableKeys[t], fieldKeys[j]),
      nullKey: streamKey(seed, tableKeys[t], fieldKeys[j], 'null'),
      dependsOn: [],
      produce: () => null,
      plainText: false,
      sqlType: f.sqlType,
      ...(f.sqlName ? { sqlName: f.sqlName } : {}),
      ...(deferred.get(t)?.includes(j) ? { deferred: deferralOf(f) } : {}),
      sqlTypeHint: getGenerator(f.generator)?.sqlTypeFor?.(canonicalValue(f.options ?? {})),
    }));
    return {
      name: def.name,
      key: tableKeys[t],
      index: t,
      def,
      primaryKey: singleKey,
      keyFields,
      uniqueKeys: (def.unique ?? []).map((key) => key.map(named)),
      fields,
      fieldByName: new Map(fields.map((f) => [f.name, f])),
      evalOrder: [],
      checks: [],
      layout: new FixedLayout(0),
    };
  });
  const byName = new Map(tables.map((t) => [t.name.toLowerCase(), t]));
  const plan: Plan = {
    document: doc,
    seed,
    locale: doc.locale ?? DEFAULT_LOCALE,
    refDate: parseDateOption(doc.refDate, DEFAULT_REF_DATE),
    sqlDialect: doc.sqlDialect ?? 'postgres',
    enums: doc.enums ?? {},
    domains: doc.domains ?? {},
    tables,
    order: order.map((i) => tables[i].name),
    rowOverrides,
    maxCellBytes: options.maxCellBytes,
    table(name: string) {
      const table = byName.get(String(name).toLowerCase());
      if (!table) throw badInput('table', `unknown table "${name}"`);
      return table;
    },
  };

  for (const [name, rows] of Object.entries(rowOverrides)) {
    const table = plan.table(name);
    if (isPerParent(table.def.rows)) throw badInput('rows', `"${table.name}" is sized per parent row; set the rows of "${table.def.rows.perParent}" instead`);
    if (!Number.isSafeInteger(rows) || rows < 0) throw badInput('rows', `row count must be a non-negative integer, got ${rows}`);
  }
  checkRowBounds(doc, rowOverrides, order, options.maxRows);
  for (const t of order) {
    const table = tables[t];
    const rows = table.def.rows;
    if (isPerParent(rows)) {
      const parent = plan.table(rows.perParent);
      const layout = new PerParentLayout(parent.name, parent.layout, { seed, table: table.key, spec: rows });
      const given = options.layouts?.[table.name];
      if (given) layout.install(given);
      table.layout = layout;
    } else {
      table.layout = new FixedLayout(rowOverrides[table.name] ?? rows);
    }
    for (const field of table.fields) {
      if (field.generator !== REF_GENERATOR) continue;
      const target = types.refTarget(doc.tables[t].fields[field.index])!;
      const targetTable = tables[target.tableIndex];
      field.ref = { table: targetTable, field: targetTable.fields[target.fieldIndex] };
    }
    compositeRefs(doc, table);
  }
  return { plan, order };
}

/** `via` and `match` of the table's ref fields, by name (validation checked that they exist). */
function compositeRefs(doc: BlueprintDocument, table: TablePlan): void {
  const own = (name: unknown) => table.fields.find((f) => f.name.toLowerCase() === String(name).toLowerCase());
  for (const field of table.fields) {
    if (!field.ref) continue;
    const options = doc.tables[table.index].fields[field.index].options ?? {};
    if (typeof options.via === 'string') {
      const via = own(options.via);
      if (!via?.ref || via.ref.table !== field.ref.table || via.ref.via) throw badInput(`${field.path}.options.via`, `must name a ref field of this table that picks a row of "${field.ref.table.name}" itself`);
      field.ref.via = via;
    }
    const match = options.match;
    if (match && typeof match === 'object') {
      const pairs = Object.entries(match as Record<string, unknown>);
      if (pairs.length !== 1) throw badInput(`${field.path}.options.match`, 'must pair one field of this table with one field of the referenced table (the column both keys share)');
      const [[mine, theirs]] = pairs;
      const ownField = own(mine);
      const parentField = field.ref.table.fields.find((f) => f.name.toLowerCase() === String(theirs).toLowerCase());
      if (!ownField?.ref) throw badInput(`${field.path}.options.match`, `"${mine}" must be a ref field of this table`);
      if (!parentField?.ref) throw badInput(`${field.path}.options.match`, `"${field.ref.table.name}.${String(theirs)}" must be a ref field`);
      field.ref.match = { own: ownField, parent: parentField };
    }
  }
}

/** A broken cycle edge: NULL then UPDATE when the field may be NULL, else the key's DEFERRABLE check at COMMIT. */
const deferralOf = (f: FieldDef): 'update' | 'commit' => ((f.nullRate ?? 0) > 0 ? 'update' : 'commit');

/**
 * The document's issues, remembered by `validationKey` when it has one.
 * On the templates validation is 0.3–0.7 ms of CPU per compile, 8–50% of
 * it (22% on average; 2026-11), otherwise paid again by every preview and
 * rows API call of the same saved revision.
 */
function validationIssues(doc: BlueprintDocument, { validationKey, maxCellBytes, maxTables, maxFields }: CompileOptions): readonly DocumentIssue[] {
  // Loaded lazily: ajv schema compilation is the bulk of a worker's start-up, and workers skip it.
  const validate = () => (require('../validate') as typeof import('../validate')).validateBlueprint(doc, { maxCellBytes, maxTables, maxFields });
  return validationKey === undefined ? validate() : validationVerdicts.issuesOf(`${validationKey}\u0000${maxCellBytes ?? ''}\u0000${maxTables ?? ''}\u0000${maxFields ?? ''}`, validate);
}

/** Builds every field's cell function: reads row counts, so per-parent layouts are resolved here if not before. */
export function finishPlan({ plan, order }: PlanDraft): Plan {
  const { document: doc, seed, tables } = plan;

  const readers = new Map<TablePlan, TableReader>();
  const env: BuildEnv = {
    plan,
    reader: (table) => {
      let reader = readers.get(table);
      if (!reader) readers.set(table, (reader = new TableReader(table, seed)));
      return reader;
    },
    build: { locale: localeData(plan.locale), refDate: plan.refDate, maxCellBytes: plan.maxCellBytes },
  };
  // Refs first: formulas reading `table.field` look them up.
  for (const t of order) {
    const table = tables[t];
    const defs = doc.tables[t].fields;
    for (const field of table.fields) if (field.generator === REF_GENERATOR) buildField(env, table, field, defs[field.index]);
    for (const field of table.fields) if (field.generator !== REF_GENERATOR) buildField(env, table, field, defs[field.index]);
    applyTupleKeys(env, table);
    applyUniqueIndexes(env, table);
    table.evalOrder = fieldOrder(table);
    table.checks = compileChecks(plan, table, doc.tables[t].checks);
  }
  return plan;
}

/** Fields in an order where every field comes after the fields it reads. */
function fieldOrder(table: TablePlan): number[] {
  const order: number[] = [];
  const state = new Map<number, 'visiting' | 'done'>();
  const visit = (i: number) => {
    const s = state.get(i);
    if (s === 'done') return;
    if (s === 'visiting') throw badInput(table.fields[i].path, `field "${table.fields[i].name}" depends on itself through other fields`);
    state.set(i, 'visiting');
    for (const d of table.fields[i].dependsOn) visit(d);
    state.set(i, 'done');
    order.push(i);
  };
  table.fields.forEach((_, i) => visit(i));
  return order;
}
