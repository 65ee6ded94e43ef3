import { DIALECTS, type Dialect } from '../generators/types';
import { sqlTypeOf } from '../generators/catalog';
import type { ColumnInfo, FieldPlan, TablePlan } from './types';

export function sqlTypeOfField(field: FieldPlan, dialect: Dialect): string {
  // A reference column takes the exact SQL type of the key it points at.
  if (field.ref) return sqlTypeOfField(field.ref.field, dialect);
  return sqlTypeOf(field.def, field.type, dialect);
}

/** Column names and types of a table, as previews and DDL show them. */
export function columnsOf(table: TablePlan): ColumnInfo[] {
  return table.fields.map((f) => ({
    name: f.name,
    type: f.type,
    sqlType: Object.fromEntries(DIALECTS.map((d) => [d, sqlTypeOfField(f, d)])) as Record<Dialect, string>,
    nullable: f.nullThreshold > 0,
    unique: f.unique,
  }));
}
