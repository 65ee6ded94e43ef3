import { DIALECTS, type Dialect } from '../generators/types';
import { mysqlStringType, sqlTypeOf } from '../generators/catalog';
import { localeData } from '../locale/locales';
import { cellLimitOf } from '../cell-limits';
import { CellBounds } from '../validate/cell-bounds';
import { FieldTypes } from './field-types';
import type { ColumnInfo, FieldPlan, Plan, TablePlan } from './types';

// Bounds are computed once per plan, and only when a MySQL column asks.
const boundsOfPlan = new WeakMap<Plan, CellBounds>();

function boundsOf(plan: Plan): CellBounds {
  let bounds = boundsOfPlan.get(plan);
  if (!bounds) {
    const limit = cellLimitOf(plan);
    const ctx = { locale: localeData(plan.locale), refDate: plan.refDate, unique: false, maxCellBytes: limit };
    bounds = new CellBounds(plan.document, new FieldTypes(plan.document), ctx, limit);
    boundsOfPlan.set(plan, bounds);
  }
  return bounds;
}

/** The largest value of a field in bytes, as the validator bounds it (undefined: unknown). */
function fieldBytes(plan: Plan, field: FieldPlan): number | undefined {
  const table = plan.tables.find((t) => t.fields[field.index] === field);
  return table ? boundsOf(plan).read(table.index, field.index) : undefined;
}

/**
 * The column type of a field. `plan` sizes MySQL's string columns from the
 * values the field can make; without it their size is unknown.
 */
export function sqlTypeOfField(field: FieldPlan, dialect: Dialect, plan?: Plan): string {
  // The type the document declared, in its own dialect, is written as it is (validation keeps it a type name).
  if (field.sqlType !== undefined && dialect === (plan?.sqlDialect ?? 'postgres')) return field.sqlType;
  // A reference column takes the exact SQL type of the key it points at (a serial key's column is its integer).
  if (field.ref) return referencingType(sqlTypeOfField(field.ref.field, dialect, plan));
  const hinted = field.sqlTypeHint?.[dialect];
  if (hinted) return hinted;
  if (dialect !== 'mysql' || field.type !== 'string') return sqlTypeOf(field.def, field.type, dialect);
  const declared = field.def.output === 'string' ? field.def.sqlType?.mysql : undefined;
  if (declared && !field.unique) return declared;
  return mysqlStringType(plan ? fieldBytes(plan, field) : undefined, field.unique);
}

const SERIALS: Record<string, string> = { serial: 'integer', serial4: 'integer', bigserial: 'bigint', serial8: 'bigint', smallserial: 'smallint', serial2: 'smallint' };

function referencingType(keyType: string): string {
  return SERIALS[keyType.trim().toLowerCase()] ?? keyType;
}

/** Whether a field's column may hold NULL (its null rate, however its NULLs are drawn). */
export const mayBeNull = (f: FieldPlan): boolean => f.nullThreshold > 0 || f.nullsInDraw === true;

/** Column names and types of a table, as previews and DDL show them. */
export function columnsOf(table: TablePlan, plan?: Plan): ColumnInfo[] {
  return table.fields.map((f) => ({
    name: f.name,
    type: f.type,
    sqlType: Object.fromEntries(DIALECTS.map((d) => [d, sqlTypeOfField(f, d, plan)])) as Record<Dialect, string>,
    nullable: mayBeNull(f),
    unique: f.unique,
  }));
}
