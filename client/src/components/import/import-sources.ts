import type { ImportSource } from '../../__generated__/graphql';

export interface SourceInfo {
  source: ImportSource;
  label: string;
  /** What to paste or upload, shown under the input. */
  hint: string;
}

/** Every source of PRODUCT.md §12, in the order the picker lists them. */
export const IMPORT_SOURCES: readonly SourceInfo[] = [
  { source: 'POSTGRES_DDL', label: 'PostgreSQL DDL', hint: 'A schema as pg_dump --schema-only or migration files write it.' },
  { source: 'MYSQL_DDL', label: 'MySQL / MariaDB DDL', hint: 'A schema as mysqldump --no-data writes it.' },
  { source: 'SQLITE_DDL', label: 'SQLite DDL', hint: 'A schema as sqlite3 .schema writes it.' },
  { source: 'POSTGRES_URL', label: 'Live PostgreSQL database', hint: 'Only the catalog and pg_stats are read, never row data.' },
  { source: 'JSON_SAMPLE', label: 'JSON or NDJSON sample', hint: 'An array of objects, an object of arrays (one per collection), or one object per line.' },
  { source: 'CSV_SAMPLE', label: 'CSV or TSV sample', hint: 'One table with a header row; the delimiter is detected.' },
  { source: 'GRAPHQL_SDL', label: 'GraphQL schema (SDL)', hint: 'Type definitions; the blueprint’s mock API serves exactly that schema.' },
];

export function sourceInfo(source: ImportSource): SourceInfo {
  return IMPORT_SOURCES.find((s) => s.source === source) ?? IMPORT_SOURCES[0];
}
