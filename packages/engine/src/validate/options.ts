import type { ErrorObject } from 'ajv';
import { isPerParent, type BlueprintDocument, type DocumentIssue, type FieldDef, type TableDef } from '../document/types';
import { getGenerator } from '../generators/catalog';
import type { BuildContext, GeneratorDef } from '../generators/types';
import { isSupportedLocale, localeData, SUPPORTED_LOCALES } from '../locale/locales';
import { compileFormula, FormulaError } from '../formula/compile';
import { fieldRefsIn, isLiteralOption } from '../plan/option-refs';
import { FieldTypes } from '../plan/field-types';
import { weightedEntries } from '../generators/seedbed';
import { cellLimitOf } from '../cell-limits';
import { parseDateOption } from '../generators/helpers';
import { CellBounds, cellSizeIssues } from './cell-bounds';
import { describeAjvError, formatLimit, regexMessage } from './messages';
import { optionCheck } from './option-checks';
import { fieldEntries, isObject, tableEntries } from '../document/walk';

export interface ValidateOptions {
  /** Tables per blueprint and fields per table (PRODUCT.md §9); unset: 1,000 and 500. */
  maxTables?: number;
  maxFields?: number;
  /** Bytes one cell may hold (PRODUCT.md §9); DEFAULT_MAX_CELL_BYTES when unset. */
  maxCellBytes?: number;
  /** false: skip the cell sizes (the document's structure has issues, so sizes read through it mean nothing). */
  cellSizes?: boolean;
}

function ajvIssue(base: string, error: ErrorObject): DocumentIssue {
  const params = error.params as Record<string, string>;
  const pointer = error.instancePath.split('/').filter(Boolean).map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`)).join('');
  if (error.keyword === 'required') return { path: `${base}.${params.missingProperty}`, message: 'is required' };
  if (error.keyword === 'additionalProperties') return { path: `${base}.${params.additionalProperty}`, message: 'is not an option of this generator' };
  return { path: `${base}${pointer}`, message: describeAjvError(error, `${base}${pointer}`) };
}

/** A lower bound of a table's row count, to reject unique fields that cannot be satisfied. */
function minimumRows(doc: BlueprintDocument, table: TableDef, seen = new Set<TableDef>()): number {
  if (!isObject(table.rows)) return typeof table.rows === 'number' ? table.rows : 0;
  if (seen.has(table) || !isPerParent(table.rows)) return 0;
  seen.add(table);
  const perParent = table.rows.perParent;
  const parent = tableEntries(doc).find((e) => String(e.table.name).toLowerCase() === String(perParent).toLowerCase())?.table;
  const min = table.rows.min;
  return parent && typeof min === 'number' ? min * minimumRows(doc, parent, seen) : 0;
}

/**
 * Generator-level checks of a document (PRODUCT.md §5): known generators and
 * locale, options against each generator's JSON Schema, min ≤ max, regexes,
 * formulas (parsed and type-checked), `{field}` references, ref targets, and
 * unique fields whose value space is known to be smaller than the row count,
 * and, once all of that holds, values that can outgrow one cell.
 * Structure (names, limits, cycles) is the document validator's job.
 */
export function validateGeneratorOptions(doc: BlueprintDocument, options: ValidateOptions = {}): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  if (doc.locale !== undefined && !isSupportedLocale(String(doc.locale))) {
    issues.push({ path: 'locale', message: `unknown locale "${doc.locale}"; supported: ${SUPPORTED_LOCALES.join(', ')}` });
  }
  const types = new FieldTypes(doc);
  const ctx = { locale: localeData(isSupportedLocale(String(doc.locale ?? 'en')) ? String(doc.locale ?? 'en') : 'en'), refDate: Date.UTC(2025, 0, 1), unique: false };
  for (const { table, index: t } of tableEntries(doc)) {
    for (const { field, index: f } of fieldEntries(table)) {
      const path = `tables[${t}].fields[${f}]`;
      // A missing, empty or non-text generator is the shape's to report.
      if (typeof field.generator !== 'string' || field.generator === '') continue;
      const def = getGenerator(field.generator);
      if (!def) {
        issues.push({ path: `${path}.generator`, message: `unknown generator "${field.generator}": pick one from the catalog (seedbed generators)` });
        continue;
      }
      const before = issues.length;
      checkOptions(issues, path, def, field, table, types, t);
      if (issues.length === before && field.unique === true && def.space && isObject(field.options ?? {}) && !hasRowOptions(field)) {
        const space = def.space(field.options ?? {}, ctx);
        const rows = minimumRows(doc, table);
        if (space && space.size < rows) {
          issues.push({ path: `${path}.unique`, message: `${def.id} has only ${formatLimit(space.size)} distinct values with these options, fewer than the ${formatLimit(rows)} rows` });
        }
      }
    }
  }
  // Sizes add up across fields: measured only when every field's options are valid.
  if (!issues.length && options.cellSizes !== false) issues.push(...cellIssues(doc, types, { ...ctx, maxCellBytes: cellLimitOf(options) }));
  return issues;
}

function cellIssues(doc: BlueprintDocument, types: FieldTypes, ctx: BuildContext & { maxCellBytes: number }): DocumentIssue[] {
  const bounds = new CellBounds(doc, types, ctx, ctx.maxCellBytes);
  return tableEntries(doc).flatMap(({ index: t, table }) => fieldEntries(table).flatMap(({ field, index: f }) => cellSizeIssues(bounds, t, f, field)));
}

function hasRowOptions(field: FieldDef): boolean {
  return Object.entries(field.options ?? {}).some(([k, v]) => !isLiteralOption(field.generator, k) && fieldRefsIn(v).length > 0);
}

function checkOptions(issues: DocumentIssue[], path: string, def: GeneratorDef, field: FieldDef, table: TableDef, types: FieldTypes, t: number) {
  const base = `${path}.options`;
  if (field.options !== undefined && (typeof field.options !== 'object' || field.options === null || Array.isArray(field.options))) {
    issues.push({ path: base, message: 'must be an object' });
    return;
  }
  const options = { ...(field.options ?? {}) };
  // Options read from the row are checked as references here, and typed at generation time.
  for (const [name, value] of Object.entries(options)) {
    if (isLiteralOption(def.id, name)) continue;
    const refs = fieldRefsIn(value);
    if (!refs.length) continue;
    for (const ref of refs) {
      if (!table.fields.some((other) => other.name === ref)) issues.push({ path: `${base}.${name}`, message: `unknown field "{${ref}}"` });
      else if (ref === field.name) issues.push({ path: `${base}.${name}`, message: 'a field cannot read itself' });
    }
    options[name] = undefined;
  }
  const present = Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined));
  // `{}` always passes an object schema without required keys: skip compiling a
  // validator for it (each ajv compile costs milliseconds on the way to a run's first row).
  const infinite = nonFinitePath(present, base);
  if (infinite) {
    issues.push({ path: infinite, message: 'must be a finite number' });
    return;
  }
  const trivial = Object.keys(present).length === 0 && !def.required?.length;
  const validate = trivial ? undefined : optionCheck(def);
  if (validate && !validate(present)) {
    const dynamic = Object.keys(options).filter((k) => options[k] === undefined && field.options?.[k] !== undefined);
    for (const error of validate.errors ?? []) {
      const issue = ajvIssue(base, error);
      if (!dynamic.some((k) => issue.path === `${base}.${k}`)) issues.push(issue);
    }
    return;
  }
  checkRanges(issues, base, present, def.id, new Set(Object.keys(options).filter((k) => options[k] === undefined && field.options?.[k] !== undefined)));
  if (def.id === 'regex') {
    try {
      new RegExp(String(present.pattern));
    } catch (e) {
      issues.push({ path: `${base}.pattern`, message: regexMessage(e, String(present.pattern)) });
    }
  }
  if (def.id === 'weighted' && weightedEntries(present.values).every((e) => !(e.weight > 0))) {
    issues.push({ path: `${base}.values`, message: 'at least one weight must be positive' });
  }
  if (def.id === 'formula') {
    try {
      compileFormula(String(present.expr), types.typingScope(t));
    } catch (e) {
      if (!(e instanceof FormulaError)) throw e;
      issues.push({ path: `${base}.expr`, message: e.message });
    }
  }
}

/**
 * What `min` and `max` default to where a generator has defaults: a `min`
 * given alone must still lie below the default `max` (faker throws, or the
 * draws fall outside [min, max]).
 */
const DEFAULT_RANGES: Record<string, { min: number; max: number }> = {
  'number.int': { min: 0, max: 2_147_483_647 },
  'number.float': { min: 0, max: 1 },
  'number.binary': { min: 0, max: 1 },
  'number.octal': { min: 0, max: 1 },
  'number.hex': { min: 0, max: 1 },
  'number.romanNumeral': { min: 1, max: 3999 },
  'date.birthdate': { min: 18, max: 80 },
};

/** The first number in options (JSON nests them in lists and objects) that is Infinity or NaN, by path. */
function nonFinitePath(value: unknown, path: string, depth = 0): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : path;
  if (value === null || typeof value !== 'object' || depth > 64) return undefined;
  for (const [key, child] of Array.isArray(value) ? value.map((v, i) => [`[${i}]`, v] as const) : Object.entries(value).map(([k, v]) => [`.${k}`, v] as const)) {
    const found = nonFinitePath(child, `${path}${key}`, depth + 1);
    if (found) return found;
  }
  return undefined;
}

function checkRanges(issues: DocumentIssue[], base: string, o: Record<string, unknown>, generator: string, fromRow: ReadonlySet<string>) {
  const defaults = DEFAULT_RANGES[generator];
  // A bound read from the row (`{field}`) is known per row only: no default stands in for it.
  const min = typeof o.min === 'number' ? o.min : fromRow.has('min') ? undefined : defaults?.min;
  const max = typeof o.max === 'number' ? o.max : fromRow.has('max') ? undefined : defaults?.max;
  if (min !== undefined && max !== undefined && min > max) {
    if (typeof o.max === 'number') issues.push({ path: `${base}.max`, message: `must be at least min (${formatLimit(min)})` });
    else issues.push({ path: `${base}.min`, message: `must be at most max, which is ${formatLimit(max)} when not given` });
  }
  // Read exactly as the generators read them (UTC unless a zone is given), or the check and the draw disagree.
  for (const name of ['from', 'to']) {
    if (typeof o[name] === 'string' && Number.isNaN(parseDateOption(o[name], NaN))) issues.push({ path: `${base}.${name}`, message: 'is not a date of the calendar' });
  }
  if (typeof o.from === 'string' && typeof o.to === 'string' && parseDateOption(o.from, NaN) > parseDateOption(o.to, NaN)) {
    issues.push({ path: `${base}.to`, message: `must not be before from (${o.from})` });
  }
  if (generator === 'number.float') checkFloatSteps(issues, base, o);
  if (typeof o.multipleOf === 'number' && typeof o.min === 'number' && typeof o.max === 'number') {
    if (Math.floor(o.max / o.multipleOf) < Math.ceil(o.min / o.multipleOf)) issues.push({ path: `${base}.multipleOf`, message: 'no multiple lies between min and max' });
  }
}

/** A float's steps are drawn as integers: more of them than a double counts exactly would skip values. */
function checkFloatSteps(issues: DocumentIssue[], base: string, o: Record<string, unknown>) {
  const name = ['multipleOf', 'precision', 'fractionDigits'].find((k) => typeof o[k] === 'number');
  if (!name) return;
  const step = name === 'fractionDigits' ? 10 ** -(o[name] as number) : (o[name] as number);
  const min = typeof o.min === 'number' ? o.min : 0;
  const max = typeof o.max === 'number' ? o.max : 1;
  if ((max - min) / step > Number.MAX_SAFE_INTEGER || Math.max(Math.abs(min), Math.abs(max)) / step > Number.MAX_SAFE_INTEGER) {
    issues.push({ path: `${base}.${name}`, message: `is too fine for ${formatLimit(min)} to ${formatLimit(max)}: at most ${formatLimit(Number.MAX_SAFE_INTEGER)} steps` });
  }
}
