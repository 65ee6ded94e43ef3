import { REF_GENERATOR, type BlueprintDocument, type DocumentIssue, type FieldDef } from '../document/types';
import { getGenerator } from '../generators/catalog';
import type { BuildContext, Value } from '../generators/types';
import { weightedEntries } from '../generators/seedbed';
import { regexMaxBytes, RegexBoundError, REGEX_DEFAULT_MAX_REPETITION } from '../generators/regex-bounds';
import { formulaMaxBytes, SCALAR_BYTES } from '../formula/bounds';
import { fieldRefsIn, isLiteralOption } from '../plan/option-refs';
import type { FieldTypes } from '../plan/field-types';
import { formatCount, textBytes, valueBytes } from '../cell-limits';
import { regexReason } from './messages';

type Bound = number | undefined;

const TEXT_OUTPUTS = new Set(['string', 'json']);

/** Bytes of literal text with its `{field}` placeholders left out. */
function literalBytes(text: string): number {
  return textBytes(text) - fieldRefsIn(text).reduce((n, name) => n + name.length + 2, 0);
}

/**
 * The largest value, in UTF-8 bytes, each field of a document can make,
 * where its options say (PRODUCT.md §9, bytes in one cell): regexes from
 * their parsed pattern, templates and formulas from the fields they read,
 * chained, and literal values. A field reading another sees that field's
 * bound capped at the limit: a larger field is refused at its own path.
 */
export class CellBounds {
  private readonly memo = new Map<string, Bound>();
  private readonly resolving = new Set<string>();

  constructor(
    private readonly doc: BlueprintDocument,
    private readonly types: FieldTypes,
    private readonly ctx: BuildContext,
    readonly limit: number,
  ) {}

  /** The field's bound as others read it. */
  read(tableIndex: number, fieldIndex: number): Bound {
    const own = this.own(tableIndex, fieldIndex);
    return own === undefined ? undefined : Math.min(own, this.limit);
  }

  own(tableIndex: number, fieldIndex: number): Bound {
    const id = `${tableIndex}.${fieldIndex}`;
    if (this.memo.has(id)) return this.memo.get(id);
    // A field reading itself through others is refused elsewhere; here its size is simply unknown.
    if (this.resolving.has(id)) return undefined;
    this.resolving.add(id);
    let bound: Bound;
    try {
      bound = this.resolve(tableIndex, fieldIndex);
    } catch (e) {
      // Patterns refused by their own check, unsupported or nested deeper than the stack: no bound.
      if (!(e instanceof RegexBoundError || e instanceof RangeError || e instanceof SyntaxError)) throw e;
      bound = undefined;
    } finally {
      this.resolving.delete(id);
    }
    this.memo.set(id, bound);
    return bound;
  }

  /** The most characters a generator's own values have, when it says (one taking a column's `maxLength`). */
  chars(tableIndex: number, fieldIndex: number): Bound {
    const field = this.doc.tables[tableIndex].fields[fieldIndex];
    if (readsRow(field)) return undefined;
    return getGenerator(field.generator)?.maxChars?.(field.options ?? {}, this.ctx);
  }

  private resolve(t: number, f: number): Bound {
    const table = this.doc.tables[t];
    const field = table.fields[f];
    const options = field.options ?? {};
    switch (field.generator) {
      case REF_GENERATOR: {
        const target = this.types.refTarget(field);
        return target ? this.read(target.tableIndex, target.fieldIndex) : SCALAR_BYTES;
      }
      case 'formula':
        // Formulas that do not compile are refused by their own check.
        return this.formulaBound(t, String(options.expr ?? ''));
      case 'template':
        return this.textBound(t, options.template);
      case 'constant':
        return typeof options.value === 'string' ? this.textBound(t, options.value) : valueBytes(options.value as Value);
      case 'list':
        return largest(Array.isArray(options.values) ? options.values : []);
      case 'weighted':
        return largest(weightedEntries(options.values).map((e) => e.value));
    }
    const def = getGenerator(field.generator);
    if (!def) return undefined;
    const output = this.types.typeOf(t, f);
    if (!TEXT_OUTPUTS.has(output)) return SCALAR_BYTES;
    if (readsRow(field)) return undefined;
    return def.maxBytes?.(options, this.ctx);
  }

  private formulaBound(t: number, expr: string): Bound {
    try {
      return formulaMaxBytes(expr, {
        field: (name) => this.readByName(t, name),
        reference: (tableName, fieldName) => {
          const target = this.types.findTable(tableName);
          return target ? this.readByName(target.index, fieldName) : undefined;
        },
      });
    } catch (e) {
      // Only jsep's syntax errors reach here, of formulas refused by their own check.
      if (e instanceof RangeError || (e instanceof Error && 'description' in e)) return undefined;
      throw e;
    }
  }

  private readByName(tableIndex: number, name: string): Bound {
    const index = this.doc.tables[tableIndex].fields.findIndex((f) => f.name === name);
    return index < 0 ? undefined : this.read(tableIndex, index);
  }

  /** Literal text plus, for each `{field}`, that field's bound. */
  private textBound(t: number, text: unknown): Bound {
    if (typeof text !== 'string') return valueBytes(text as Value);
    let bound: Bound = literalBytes(text);
    for (const name of fieldRefsIn(text)) {
      const b = this.readByName(t, name);
      bound = bound === undefined || b === undefined ? undefined : bound + b;
    }
    return bound;
  }
}

function readsRow(field: FieldDef): boolean {
  return Object.entries(field.options ?? {}).some(([k, v]) => !isLiteralOption(field.generator, k) && fieldRefsIn(v).length > 0);
}

function largest(values: unknown[]): Bound {
  return values.reduce<number>((most, v) => Math.max(most, valueBytes(v as Value)), 0);
}

/** The option a field's size comes from, where the user would change it. */
const SIZE_OPTION: Record<string, string> = { regex: 'pattern', template: 'template', formula: 'expr', constant: 'value', list: 'values', weighted: 'values' };

/**
 * Issues of fields whose values can outgrow one cell, at the option to
 * change: `tables[0].fields[2].options.pattern: can make up to 10,000,000
 * bytes; at most 65,536 per cell`. Literal text options of other generators
 * longer than a cell are refused too (they flow into the value).
 */
export function cellSizeIssues(bounds: CellBounds, t: number, f: number, field: FieldDef): DocumentIssue[] {
  const base = `tables[${t}].fields[${f}].options`;
  const limit = bounds.limit;
  const sizeOption = SIZE_OPTION[field.generator];
  if (field.generator === 'regex') {
    try {
      regexMaxBytes(String(field.options?.pattern), Number(field.options?.maxRepetition ?? REGEX_DEFAULT_MAX_REPETITION));
    } catch (e) {
      if (e instanceof RegexBoundError) return [{ path: `${base}.pattern`, message: e.message }];
      if (e instanceof RangeError) return [{ path: `${base}.pattern`, message: 'is nested too deeply' }];
      // JavaScript accepts some syntax randexp's parser does not (lookbehind): it could never generate.
      if (e instanceof SyntaxError) return [{ path: `${base}.pattern`, message: `is not supported: valid JavaScript, but the regex generator cannot make it (${regexReason(e)})` }];
      throw e;
    }
  }
  if (sizeOption) {
    const own = bounds.own(t, f);
    if (own === undefined || own <= limit) return [];
    const reads = field.generator === 'template' || field.generator === 'formula' || (field.generator === 'constant' && readsRow(field));
    const from = reads ? ' with the fields it reads' : '';
    return [{ path: `${base}.${sizeOption}`, message: `can make up to ${formatCount(own)} bytes${from}; at most ${formatCount(limit)} per cell` }];
  }
  const issues: DocumentIssue[] = [];
  for (const [name, value] of Object.entries(field.options ?? {})) {
    if (typeof value !== 'string' || value.length * 3 <= limit) continue;
    const bytes = textBytes(value);
    if (bytes > limit) issues.push({ path: `${base}.${name}`, message: `is ${formatCount(bytes)} bytes; at most ${formatCount(limit)} per cell` });
  }
  return issues;
}
