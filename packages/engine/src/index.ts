/**
 * Seedbed's generation engine: blueprint document → rows → bytes. Pure: no
 * database, GraphQL or HTTP; the CLI, the server's preview and rows API, run
 * workers and the mock API all call these functions.
 *
 *   const plan = compileBlueprint(doc, { seed, rowOverrides: { users: 5000 } });
 *       // validates (throws EngineError BAD_USER_INPUT with `path` and `issues`)
 *   compileBlueprint(doc, { validationKey: `revision:${id}` })  // a document that never changes: validated once per process
 *   await compileBlueprintAsync(doc, { seed, rowOverrides, maxRows, pool: sharedWorkerPool() })
 *       // a server's: row bounds first, large per-parent layouts counted in worker threads
 *   previewRows(plan, 'users', offset, limit)      // { columns: [{name, type, sqlType…}], rows, totalRows }
 *   streamTable(plan, 'users', 'csv', { offset, count, dialect, workers, output })  // Readable, backpressured
 *   outputIssues(output, formats, 'output')        // delimiter, header, lineEnding, nullMarker, pretty, escapeFormulas, each with its path
 *   streamBlueprintSql(plan, 'postgres')           // every table + deferred FKs, one script
 *   contentTypeOf('csv'), fileNameOf(plan, 'users', 'csv')
 *   searchGenerators(search?, category?)            // catalog entries for the `generators` query
 *   validateBlueprint(doc) / validateGeneratorOptions(doc) → DocumentIssue[]
 *   new PlanAccess(plan, { maxReplay, maxScan })   // random access: row(t, i), rowOfKey(t, key), childRange(child, parent, row), totalRows(t)
 *
 * Determinism: a cell is a function of (pack version, seed, table key, field
 * key, row) and of the cells it reads (keys, not names: a rename changes nothing), so offsets, worker counts and added fields
 * never change other bytes. Errors carry `code` BAD_USER_INPUT (with `path`)
 * or UNIQUE_EXHAUSTED (with the field's `…unique` path).
 */
import { encoderFor, FORMATS, type Format } from './formats';
import type { Plan } from './plan/types';

export { compileBlueprint, DEFAULT_REF_DATE, type CompileOptions } from './plan/compile';
export { compileBlueprintAsync, type AsyncCompileOptions } from './plan/compile-async';
export { PlanAccess, DEFAULT_MAX_SCAN, type PlanAccessOptions, type KeyLookup } from './access';
export { previewRows, type Preview, type PreviewOptions } from './preview';
export { INLINE_REPLAY_ROWS, previewOfDocument, refuseLongReplay, tableOfPlan, type PreviewWindow } from './preview-window';
export { DEFAULT_MAX_CELL_BYTES, DEFAULT_MAX_PREVIEW_BYTES } from './cell-limits';
export { streamTable, type StreamTableOptions } from './stream/table-stream';
export { streamBlueprintSql, blueprintSqlPieces, type BlueprintSqlOptions } from './stream/blueprint-sql';
export { tablePieces, shardPieces, streamPieces, pieceRows, type StreamPiece } from './stream/pieces';
export { writePieces, type ByteWriter, type WritePiecesOptions } from './stream/write-out';
export { FanOutEncoder, type FanOutTarget } from './stream/fan-out';
export { writeFilesOnce, type FanOutFile, type FanOutFilesOptions } from './stream/fan-out-files';
export { deferredUpdates, defersToCommit } from './formats/deferred-sql';
export { tableInsertStatements, type InsertStatement } from './stream/insert-statements';
export { createTable, deferredForeignKeys } from './formats/sql';
export { schemaDdl, type TableDdl } from './formats/ddl';
export { sequenceReset } from './formats/identity-sql';
export { tableFrame } from './stream/table-body';
export { ChunkEncoder, chunkRanges } from './stream/chunks';
export { ChunkWorkerPool, sharedWorkerPool, type ChunkRequest } from './parallel/worker-pool';
export { encodeInOrder } from './parallel/encode-in-order';
export type { ShardFile, ShardFilesJob } from './parallel/shard-writer';
export { listGenerators, searchGenerators, categories, getGenerator, distinctValues } from './generators/catalog';
export { validateBlueprint, validateGeneratorOptions, type ValidateOptions } from './validate';
export { planRowsIssues } from './plan/bounds';
export { SUPPORTED_LOCALES } from './locale/locales';
export { EngineError, type EngineErrorCode } from './errors';
export { jsonIssue, textProblem, MAX_JSON_DEPTH, type JsonIssue } from './json-input';
export { GENERATOR_PACK_VERSION } from './random/hash';
export { compileSeedPlan, referencesTo, MAX_SEED_CAPACITY, type SeedPlan } from './seeding/seed-plan';
export { SeedRowMaker, insertStatements, copyText, sequenceResetStatements, type GivenCell, type MadeRow, type RetryStates } from './seeding/row-maker';
export { RowAddresses, laneCount, LANE_ROWS } from './seeding/address';
export { maxChildren } from './plan/layout';
export { isPerParent, type BlueprintDocument, type DocumentIssue } from './document/types';
export { blueprintJsonSchema } from './document/json-schema';
export { jsRegex as checkRegex } from './plan/check-predicate';
export { CAST_TYPES, CHECK_FUNCTIONS, CHECK_LIMITS, columnsOf as checkColumns, conjuncts, type CastType, type CheckDef, type CheckExpr, type CheckFunction, type CheckLiteral } from './document/check-expr';
export { primaryKeyFields, singlePrimaryKey, type DomainDef, type ExclusionDef, type FieldDef, type TableDef, type UniqueIndexDef } from './document/types';
export type { GraphqlArgBinding, GraphqlArgs, GraphqlFieldMapping, GraphqlKey, GraphqlMapping, GraphqlMutationMapping, GraphqlRootMapping, GraphqlTypeMapping, MockLimits } from './document/types';
export { MAX_SDL_BYTES, MOCK_LIMIT_CEILINGS } from './document/json-schema';
export { WRAPPER_ROLES } from './document/sdl-mapping';
export { canonicalValue } from './document/canonical';
export { withStableKeys, freshKey, tableKeysOf, fieldKeysOf, STABLE_KEY_PATTERN } from './document/stable-keys';
export { diffDocuments, formatDiff, describeChange, describeValue, type DocumentDiff, type TableDiff, type FieldDiff, type ValueChange } from './document/diff';
export { isPlausibleSqlType, isPlausibleCheck } from './validate/keys';
export { ROW_BOUND_OPTIONS } from './generators/row-bounds';
export { declaredTypesDdl } from './formats/sql-types';
export { mayBeNull, sqlTypeOfField } from './plan/columns';
export { quoteIdent } from './formats/sql';
export { columnName as sqlColumnName, qualifiedName as qualifiedTableName, tableSqlName } from './formats/sql-names';
export { DIALECTS } from './generators/types';
export { CEILING_FIELDS, CEILING_TABLES, MAX_FIELDS, MAX_TABLES } from './document/json-schema';
export { FORMATS, type Format };
export { LINE_ENDINGS, MAX_NULL_MARKER, outputIssues, type LineEnding, type OutputOptions } from './formats/output';
export type { Plan, ColumnInfo, TablePlan } from './plan/types';
export type { GeneratorInfo, OutputType, Dialect, Value } from './generators/types';

export function contentTypeOf(format: Format): string {
  return encoderFor(format).contentType;
}

/** Download name for a table in a format, e.g. `users.csv`. */
export function fileNameOf(plan: Plan, table: string, format: Format): string {
  return `${plan.table(table).name}.${encoderFor(format).extension}`;
}
