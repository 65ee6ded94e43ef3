import type { Dialect, Format, OutputOptions } from '@seedbed/engine';

/** Where a run's rows go. A database URL is stored encrypted apart from this (target_secret). */
export type RunTarget =
  | { kind: 'FILES'; formats: Format[]; dialect: Dialect; gzip: boolean; output?: OutputOptions }
  | { kind: 'DATABASE'; host: string; database: string; truncate: boolean; createTables: boolean };
