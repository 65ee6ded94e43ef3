import type { Dialect, Value } from '../generators/types';
import type { Plan, TablePlan } from '../plan/types';
import type { ByteSink } from './byte-sink';

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
 * One output format. `rows` writes a row range into a byte sink, one string
 * per row (never a stream per cell); header and footer frame the whole stream.
 */
export interface Encoder {
  contentType: string;
  extension: string;
  header(ctx: EncodeContext, rowCount: number): string;
  rows(ctx: EncodeContext, source: RowSource, from: number, to: number, sink: ByteSink): void;
  footer(ctx: EncodeContext, rowCount: number): string;
}
