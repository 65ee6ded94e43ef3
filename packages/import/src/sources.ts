/**
 * Which function reads which source kind (PRODUCT.md §12). A source is a
 * function of its input and a few options, returning the document, the
 * report and what was skipped; to add one, add a line here, such as
 *
 *   JSON_SAMPLE: { input: 'text', run: (text, { name }) => importSample(text, 'JSON_SAMPLE', { name }) },
 *
 * Kinds not listed answer BAD_USER_INPUT at `input.source`. A source that
 * names columns can reuse `guessColumn` (infer/column-guess.ts): words of the
 * name in its table's context, kind of value, length → generator, options,
 * confidence and reason.
 *
 * Every source runs in the import worker thread (import-runner.ts), so its
 * parsing never holds up the server's event loop.
 */
import { readMysqlDdl } from './mysql/ddl';
import { readPostgresDdl } from './postgres/ddl';
import { readPostgresUrl } from './postgres-url/read-catalog';
import { readSqliteDdl } from './sqlite/ddl';
import { readGraphqlSdl } from './graphql-sdl/read-sdl';
import { importSample } from './sample/import-sample';
import { inferDocument } from './infer/document';
import { withSamples } from './infer/samples';
import type { SchemaModel } from './schema-model';
import type { ImportResult, ImportSource } from './types';

export interface SourceOptions {
  /** The blueprint's name, when the caller chose one. */
  name?: string;
  /** SEEDBED_ALLOW_PRIVATE_TARGETS, for sources that connect somewhere. */
  allowPrivateTargets: boolean;
  /** Where the blueprint will be used (PRODUCT.md §9): the import never writes one past these. Unset: the defaults. */
  limits?: ImportLimits;
}

export interface ImportLimits {
  /** Tables per blueprint (SEEDBED_MAX_TABLES). */
  maxTables?: number;
  /** Fields per table (SEEDBED_MAX_FIELDS). */
  maxFields?: number;
  /** Rows in one plan, every table counted (SEEDBED_PLAN_ROWS): the row budget never goes past it. */
  planRows?: number;
  /** The total the import sizes a blueprint within, every table at its worst case (SEEDBED_IMPORT_ROWS; default 1,000,000). */
  rowBudget?: number;
}

export interface ImportSourceHandler {
  /** The input field the source reads: `text`, or `url` for a live database. */
  input: 'text' | 'url';
  run(value: string, options: SourceOptions): Promise<ImportResult>;
}

/** A database source: read the schema, then infer generators the same way for all of them. */
const database = (input: 'text' | 'url', read: (value: string, options: SourceOptions) => Promise<SchemaModel>): ImportSourceHandler => ({
  input,
  run: async (value, options) => inferDocument(await read(value, options), { name: options.name, path: `input.${input}`, limits: options.limits }),
});

const SOURCES: Partial<Record<ImportSource, ImportSourceHandler>> = {
  POSTGRES_DDL: database('text', readPostgresDdl),
  MYSQL_DDL: database('text', readMysqlDdl),
  SQLITE_DDL: database('text', readSqliteDdl),
  POSTGRES_URL: database('url', readPostgresUrl),
  GRAPHQL_SDL: { input: 'text', run: readGraphqlSdl },
  JSON_SAMPLE: { input: 'text', run: (text, { name }) => importSample(text, 'JSON_SAMPLE', { name }) },
  CSV_SAMPLE: { input: 'text', run: (text, { name }) => importSample(text, 'CSV_SAMPLE', { name }) },
};

/** Every source's report shows a few generated values beside each decision. */
const withValues = (handler: ImportSourceHandler): ImportSourceHandler => ({ ...handler, run: async (value, options) => withSamples(await handler.run(value, options)) });

export function importSourceOf(kind: string): ImportSourceHandler | undefined {
  return Object.hasOwn(SOURCES, kind) ? withValues(SOURCES[kind as ImportSource]!) : undefined;
}

export function availableSources(): ImportSource[] {
  return Object.keys(SOURCES) as ImportSource[];
}
