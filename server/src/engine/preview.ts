import type { Value } from './generators/types';
import type { ColumnInfo, Plan } from './plan/types';
import { columnsOf } from './plan/columns';
import { RowGenerator } from './plan/row-generator';
import { rowRange } from './stream/chunks';

export interface Preview {
  table: string;
  /** Rows in the table (for paging). */
  totalRows: number;
  offset: number;
  columns: ColumnInfo[];
  rows: Value[][];
}

/**
 * Rows [offset, offset + limit) of a table as values — the same values the
 * streams encode, computed without generating the rows before `offset`.
 */
export function previewRows(plan: Plan, tableName: string, offset = 0, limit = 20): Preview {
  const table = plan.table(tableName);
  const { start, end } = rowRange(table, offset, limit);
  const generator = new RowGenerator(table, plan.seed);
  const rows: Value[][] = [];
  for (let r = start; r < end; r++) rows.push(generator.generate(r).slice());
  return { table: table.name, totalRows: table.layout.rows, offset: start, columns: columnsOf(table), rows };
}
