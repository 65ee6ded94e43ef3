import { REF_GENERATOR, singlePrimaryKey, type BlueprintDocument, type FieldDef, type TableDef } from '../document/types';
import { getGenerator } from '../generators/catalog';
import type { OutputType, RowView, Value } from '../generators/types';
import { compileFormula, FormulaError, type FormulaScope } from '../formula/compile';

/**
 * Output type of every field of a document, resolving the two indirect cases:
 * a `ref` takes its target key's type, a formula its expression's type.
 * Shared by the planner and the validator, so both agree on column types.
 */
export class FieldTypes {
  private readonly memo = new Map<string, OutputType>();
  private readonly resolving = new Set<string>();
  readonly formulaErrors = new Map<string, string>();

  constructor(private readonly doc: BlueprintDocument) {}

  findTable(name: string): { table: TableDef; index: number } | undefined {
    const index = this.doc.tables.findIndex((t) => t.name.toLowerCase() === String(name).toLowerCase());
    return index < 0 ? undefined : { table: this.doc.tables[index], index };
  }

  /** The field a ref points at: `options.field`, else the table's primary key. */
  refTarget(field: FieldDef): { table: TableDef; tableIndex: number; field: FieldDef; fieldIndex: number } | undefined {
    const found = this.findTable(String(field.options?.table ?? ''));
    if (!found) return undefined;
    const keyName = String(field.options?.field ?? singlePrimaryKey(found.table) ?? '');
    const fieldIndex = found.table.fields.findIndex((f) => f.name === keyName);
    if (fieldIndex < 0) return undefined;
    return { table: found.table, tableIndex: found.index, field: found.table.fields[fieldIndex], fieldIndex };
  }

  typeOf(tableIndex: number, fieldIndex: number): OutputType {
    const id = `${tableIndex}.${fieldIndex}`;
    const known = this.memo.get(id);
    if (known) return known;
    if (this.resolving.has(id)) return 'string';
    this.resolving.add(id);
    const type = this.resolve(tableIndex, fieldIndex);
    this.resolving.delete(id);
    this.memo.set(id, type);
    return type;
  }

  private resolve(tableIndex: number, fieldIndex: number): OutputType {
    const field = this.doc.tables[tableIndex].fields[fieldIndex];
    if (field.generator === REF_GENERATOR) {
      const target = this.refTarget(field);
      return target ? this.typeOf(target.tableIndex, target.fieldIndex) : 'integer';
    }
    if (field.generator === 'formula') {
      try {
        return compileFormula(String(field.options?.expr ?? ''), this.typingScope(tableIndex)).type;
      } catch (e) {
        if (e instanceof FormulaError) this.formulaErrors.set(`${tableIndex}.${fieldIndex}`, e.message);
        return 'string';
      }
    }
    const def = getGenerator(field.generator);
    if (!def) return 'string';
    return def.outputFor?.(field.options ?? {}) ?? def.output;
  }

  /** A scope that knows types but reads nothing: enough to type-check a formula. */
  typingScope(tableIndex: number): FormulaScope {
    const table = this.doc.tables[tableIndex];
    const none = (_row: RowView): Value => null;
    return {
      field: (name) => {
        const index = table.fields.findIndex((f) => f.name === name);
        return index < 0 ? undefined : { index, type: this.typeOf(tableIndex, index) };
      },
      reference: (tableName, fieldName) => {
        const refIndex = table.fields.findIndex((f) => f.generator === REF_GENERATOR && String(f.options?.table ?? '').toLowerCase() === tableName.toLowerCase());
        if (refIndex < 0) return `"${tableName}" is not referenced by a ref field of this table`;
        const target = this.findTable(tableName);
        // The ref names no table: reported at the ref, so here the reference is simply unknown.
        if (!target) return `unknown table "${tableName}"`;
        const index = target.table.fields.findIndex((f) => f.name === fieldName);
        if (index < 0) return `unknown field "${tableName}.${fieldName}"`;
        return { read: none, type: this.typeOf(target.index, index), dependsOn: refIndex };
      },
    };
  }
}
