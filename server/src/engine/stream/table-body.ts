import type { Dialect } from '../generators/types';
import type { Plan } from '../plan/types';
import { encoderFor, type Format } from '../formats';

/**
 * What frames a whole table's stream: header and footer around the rows.
 * Row ranges encoded with `ChunkEncoder.encode(table, format, dialect, 0,
 * from, to)` and joined in order between these two are byte-for-byte the
 * whole stream; that is what lets a run split a table into shards written by
 * any number of workers, or resume after a crash, and still make one file.
 */
export function tableFrame(plan: Plan, tableName: string, format: Format, dialect: Dialect = 'postgres'): { header: string; footer: string } {
  const table = plan.table(tableName);
  const ctx = { plan, table, dialect, streamStart: 0 };
  const rows = table.layout.rows;
  const encoder = encoderFor(format);
  return { header: encoder.header(ctx, rows), footer: encoder.footer(ctx, rows) };
}
