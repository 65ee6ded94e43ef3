/**
 * The declared type as a hard rule (PRODUCT.md §12): a field whose
 * generator makes values its column's `sqlType` cannot hold is refused at
 * validation, with the field's path and the type — decimals for a bigint,
 * 100000 for a smallint, 80 characters for a varchar(40), a label the enum
 * lacks. Only what is certain from the options is refused: a generator whose
 * values are not known ahead (a person's name) passes, and the load says
 * more if they do not fit.
 */
import { REF_GENERATOR, type BlueprintDocument, type DocumentIssue, type FieldDef, type TableDef } from '../document/types';
import type { OutputType, Value } from '../generators/types';
import { weightedEntries } from '../generators/seedbed';
import { localeData } from '../locale/locales';
import { DEFAULT_MAX_CELL_BYTES, formatCount } from '../cell-limits';
import { FieldTypes } from '../plan/field-types';
import { fieldRefsIn } from '../plan/option-refs';
import { checkRowBounds } from '../plan/bounds';
import { tableOrder } from '../plan/order';
import { CellBounds } from './cell-bounds';
import { declaredType, type DeclaredType } from './declared-types';
import { arrayElementMisfit, PARSED_TEXT, typedValueMisfit } from './typed-values-fit';

/** What a generator's options say of its values. */
interface Shape {
  type: OutputType;
  /** Every value it can make, when that is a short literal list. */
  values?: Value[];
  min?: number;
  max?: number;
  /** Largest value in UTF-8 bytes, when known. */
  maxBytes?: number;
  /** Longest value in characters, when the generator says (it took the column's `maxLength`). */
  maxChars?: number;
}

const DEFAULT_RANGES: Record<string, [number, number]> = { 'number.int': [0, 2147483647], 'number.float': [0, 1], 'commerce.price': [1, 1000], 'finance.amount': [0, 1000] };
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

function shapeOf(table: TableDef, rowBound: number | undefined, field: FieldDef, type: OutputType, maxBytes: number | undefined): Shape | undefined {
  const o = field.options ?? {};
  switch (field.generator) {
    case REF_GENERATOR:
    case 'formula':
      return undefined;
    case 'constant':
      return typeof o.value === 'string' && fieldRefsIn(o.value).length ? { type, maxBytes } : { type, values: [o.value as Value] };
    case 'list':
      return Array.isArray(o.values) ? { type, values: o.values as Value[] } : undefined;
    case 'weighted':
      return { type, values: weightedEntries(o.values).map((e) => e.value) };
    case 'sequence': {
      const start = num(o.start) ?? 1;
      const step = num(o.step) ?? 1;
      const rows = typeof table.rows === 'number' ? table.rows : rowBound;
      const last = rows === undefined ? (step > 0 ? Infinity : -Infinity) : start + Math.max(0, rows - 1) * step;
      return { type, min: Math.min(start, last), max: Math.max(start, last) };
    }
  }
  const range = DEFAULT_RANGES[field.generator];
  if (range) {
    // A bound read from the row (`{start}`) is another field's: unknown here.
    const min = o.min === undefined ? range[0] : num(o.min);
    const max = o.max === undefined ? range[1] : num(o.max);
    return { type, min, max };
  }
  return { type, maxBytes };
}

/** Ranges beyond what a double holds exactly (bigint) are not worth printing. */
const describeRange = (d: DeclaredType) =>
  d.max !== undefined && d.max >= Number.MAX_SAFE_INTEGER ? '' : d.min !== undefined && d.max !== undefined ? ` (${formatCount(d.min)} to ${formatCount(d.max)})` : d.min !== undefined ? ` (${formatCount(d.min)} or more)` : '';
const shown = (v: Value) => (typeof v === 'string' ? `"${v.length > 40 ? `${v.slice(0, 40)}…` : v}"` : JSON.stringify(v));
const chars = (s: string) => [...s].length;
/** A whole number, or its text (`weighted`'s object form keys its values by text: "0" loads as 0). */
const isIntegral = (v: Value) => (typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^-?\d{1,18}$/.test(v.trim()));
const isNumeric = (v: Value) => typeof v === 'number' || (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));
const NUMERIC_TYPES = new Set<OutputType>(['integer', 'float']);

/** Why `shape` does not fit `declared` (a phrase after the generator's id), and the option to change, or undefined. */
function misfit(declared: DeclaredType, shape: Shape): { why: string; option?: string } | undefined {
  const values = shape.values?.filter((v) => v !== null);
  const outside = (v: number) => (declared.min !== undefined && v < declared.min) || (declared.max !== undefined && v > declared.max);
  switch (declared.kind) {
    case 'integer':
    case 'decimal':
    case 'float': {
      if (values) {
        const bad = values.find((v) => !(declared.kind === 'integer' ? isIntegral(v) || (declared.holdsBooleans && typeof v === 'boolean') : isNumeric(v)) || (isNumeric(v) && outside(Number(v))));
        return bad === undefined ? undefined : { why: `makes ${shown(bad)}, which ${isNumeric(bad) ? 'is out of its range' : declared.kind === 'integer' ? 'is not a whole number' : 'is not a number'}` };
      }
      if (shape.type === 'boolean' && declared.holdsBooleans) return undefined;
      if (!NUMERIC_TYPES.has(shape.type)) return { why: `makes ${shape.type === 'datetime' ? 'timestamps' : `${shape.type} values`}, not numbers` };
      if (declared.kind === 'integer' && shape.type === 'float') return { why: 'makes numbers with decimals (such as 66.2), not whole numbers' };
      if (shape.max !== undefined && outside(shape.max)) return { why: `makes values up to ${formatCount(shape.max)}`, option: 'max' };
      if (shape.min !== undefined && outside(shape.min)) return { why: `makes values down to ${formatCount(shape.min)}`, option: 'min' };
      return undefined;
    }
    case 'boolean':
      if (values) {
        const bad = values.find((v) => typeof v !== 'boolean' && v !== 0 && v !== 1);
        return bad === undefined ? undefined : { why: `makes ${shown(bad)}, not true or false` };
      }
      return shape.type === 'boolean' ? undefined : { why: `makes ${shape.type} values, not true or false` };
    case 'text': {
      const limit = declared.maxChars ?? declared.maxBytes;
      if (limit === undefined) return undefined;
      const measure = (v: Value) => (declared.maxChars !== undefined ? chars(String(typeof v === 'object' ? JSON.stringify(v) : v)) : Buffer.byteLength(String(v)));
      if (values) {
        const bad = values.find((v) => measure(v) > limit);
        return bad === undefined ? undefined : { why: `makes ${shown(bad)}, ${measure(bad)} ${declared.maxChars !== undefined ? 'characters' : 'bytes'} long` };
      }
      if (shape.type === 'integer' && shape.min !== undefined && shape.max !== undefined) {
        const longest = Math.max(String(Math.trunc(shape.min)).length, String(Math.trunc(shape.max)).length);
        return longest > limit ? { why: `makes numbers of up to ${longest} digits` } : undefined;
      }
      if (declared.maxChars !== undefined && shape.maxChars !== undefined && shape.maxChars <= declared.maxChars) return undefined;
      // Bytes bound characters from above: refused only when even that many bytes could be as many characters.
      return shape.maxBytes !== undefined && shape.maxBytes > limit ? { why: `can make text of up to ${formatCount(shape.maxBytes)} bytes` } : undefined;
    }
    case 'date':
    case 'timestamp':
      if (values) {
        const bad = values.find((v) => typeof v !== 'string' || Number.isNaN(Date.parse(v)));
        return bad === undefined ? undefined : { why: `makes ${shown(bad)}, not a ${declared.kind === 'date' ? 'date' : 'timestamp'}` };
      }
      return ['integer', 'float', 'boolean', 'uuid', 'json'].includes(shape.type) ? { why: `makes ${shape.type} values, not ${declared.kind === 'date' ? 'dates' : 'timestamps'}` } : undefined;
    case 'uuid':
      if (values) {
        const bad = values.find((v) => typeof v !== 'string' || !/^[0-9a-f]{8}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{4}-?[0-9a-f]{12}$/i.test(v));
        return bad === undefined ? undefined : { why: `makes ${shown(bad)}, not a UUID` };
      }
      return ['integer', 'float', 'boolean', 'date', 'datetime', 'json'].includes(shape.type) ? { why: `makes ${shape.type} values, not UUIDs` } : undefined;
    case 'enum': {
      const labels = declared.labels ?? [];
      if (!values) return { why: `makes values it does not take from the enum's labels (${labels.slice(0, 6).join(', ')}${labels.length > 6 ? ', …' : ''}): choose weighted, list or constant over them` };
      const bad = values.find((v) => !labels.includes(String(v)));
      return bad === undefined ? undefined : { why: `makes ${shown(bad)}, which is not one of the enum's labels (${labels.slice(0, 6).join(', ')}${labels.length > 6 ? ', …' : ''})` };
    }
    default:
      return undefined;
  }
}

/** Every field whose generator cannot fit its declared `sqlType`, at the generator (or the option to change). */
export function declaredTypeIssues(doc: BlueprintDocument): DocumentIssue[] {
  const issues: DocumentIssue[] = [];
  const types = new FieldTypes(doc);
  let bounds: CellBounds | undefined;
  // The most rows a table sized per parent can have: how far its sequences count.
  let rowBounds: number[] = [];
  try {
    rowBounds = checkRowBounds(doc, {}, tableOrder(doc).order);
  } catch {
    // Beyond 2^53 rows the bounds say nothing useful; such plans are refused when compiled.
  }
  doc.tables.forEach((table, t) => {
    table.fields.forEach((field, f) => {
      if (typeof field.sqlType !== 'string' || field.generator === REF_GENERATOR) return;
      const items = arrayElementMisfit(field, doc);
      if (items) {
        const option = items.option && (field.options?.elementOptions as Record<string, unknown> | undefined)?.[items.option] !== undefined ? `elementOptions.${items.option}` : 'element';
        issues.push({ path: `tables[${t}].fields[${f}].options.${option}`, message: `${items.generator} ${items.why}; the column is declared ${field.sqlType}, an array of ${items.declared.name}` });
        return;
      }
      const declared = declaredType(field.sqlType, doc);
      if (declared.kind === 'other' || declared.kind === 'binary' || declared.kind === 'json' || declared.kind === 'time') return;
      const type = types.typeOf(t, f);
      let maxBytes: number | undefined;
      let maxChars: number | undefined;
      if (type === 'string' || type === 'json') {
        bounds ??= new CellBounds(doc, types, { locale: localeData(doc.locale ?? 'en'), refDate: 0, unique: false, maxCellBytes: DEFAULT_MAX_CELL_BYTES }, DEFAULT_MAX_CELL_BYTES);
        maxBytes = bounds.own(t, f);
        maxChars = bounds.chars(t, f);
      }
      const found = shapeOf(table, rowBounds[t], field, type, maxBytes);
      const shape = found && maxChars !== undefined ? { ...found, maxChars } : found;
      const wrong = shape && (PARSED_TEXT.has(declared.kind) ? typedValueMisfit(declared, field.generator, field.options ?? {}, shape.type, shape.values) : misfit(declared, shape));
      if (!wrong) return;
      const path = `tables[${t}].fields[${f}].${wrong.option && field.options?.[wrong.option] !== undefined ? `options.${wrong.option}` : 'generator'}`;
      issues.push({ path, message: `${field.generator} ${wrong.why}; the column is declared ${declared.name}${describeRange(declared)}${declared.maxChars !== undefined ? ` (at most ${formatCount(declared.maxChars)} characters)` : declared.maxBytes !== undefined ? ` (at most ${formatCount(declared.maxBytes)} bytes)` : ''}` });
    });
  });
  return issues;
}
