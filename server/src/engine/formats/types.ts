import type { Dialect, Value } from '../generators/types';
import type { Plan, TablePlan } from '../plan/types';

export type Format = 'csv' | 'tsv' | 'json' | 'ndjson' | 'sql';
export const FORMATS: readonly Format[] = ['csv', 'tsv', 'json', 'ndjson', 'sql'];

export interface EncodeContext {
  plan: Plan;
  table: TablePlan;
  dialect: Dialect;
  /** First row of the whole stream: separators and SQL batches are laid out from it, so any chunking encodes identically. */
  streamStart: number;
}

/** Source of rows for encoders: the same buffer refilled per row. */
export type RowSource = (row: number) => Value[];

/**
 * One output format. `rows` encodes a row range into one string (bytes are
 * built per chunk, never per cell); header and footer frame the whole stream.
 */
export interface Encoder {
  contentType: string;
  extension: string;
  header(ctx: EncodeContext, rowCount: number): string;
  rows(ctx: EncodeContext, source: RowSource, from: number, to: number): string;
  footer(ctx: EncodeContext, rowCount: number): string;
}
