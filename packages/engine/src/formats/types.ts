import type { Dialect } from '../generators/types';
import type { Plan, TablePlan } from '../plan/types';
import type { ByteSink } from './byte-sink';
import type { RowGenerator } from '../plan/row-generator';
import type { ResolvedOutput } from './output';

export type Format = 'csv' | 'tsv' | 'json' | 'ndjson' | 'sql';
export const FORMATS: readonly Format[] = ['csv', 'tsv', 'json', 'ndjson', 'sql'];

export interface EncodeContext {
  plan: Plan;
  table: TablePlan;
  dialect: Dialect;
  /** First row of the whole stream: separators and SQL batches are laid out from it, so any chunking encodes identically. */
  streamStart: number;
  /** Delimiter, header row, line ending, NULL marker, pretty JSON; each format's defaults when unset. */
  output?: ResolvedOutput;
  /** SQL: rows only, for a schema that exists (no CREATE TABLE, no ALTER TABLE). */
  dataOnly?: boolean;
}

/** The rows to encode: values by row (the same buffer, refilled), and cell writers for CSV, TSV and JSON. */
export type RowSource = Pick<RowGenerator, 'generate' | 'useWriters' | 'emit'> & Partial<Pick<RowGenerator, 'compiledRows'>>;

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
