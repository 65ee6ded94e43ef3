import type { Dialect } from '../generators/types';
import type { Plan } from '../plan/types';
import { encoderFor, type Format } from '../formats';
import { resolveOutput, type OutputOptions } from '../formats/output';

/**
 * What frames a whole table's stream: header and footer around the rows.
 * Row ranges encoded with `ChunkEncoder.encode(table, format, dialect, 0,
 * from, to)` and joined in order between these two are byte-for-byte the
 * whole stream; that is what lets a run split a table into shards written by
 * any number of workers, or resume after a crash, and still make one file.
 * With `output`, the chunks must be encoded with the same options.
 */
export function tableFrame(plan: Plan, tableName: string, format: Format, dialect: Dialect = 'postgres', output?: OutputOptions): { header: string; footer: string } {
  const table = plan.table(tableName);
  const ctx = { plan, table, dialect, streamStart: 0, output: output ? resolveOutput(format, output) : undefined };
  const rows = table.layout.rows;
  const encoder = encoderFor(format);
  return { header: encoder.header(ctx, rows), footer: encoder.footer(ctx, rows) };
}
