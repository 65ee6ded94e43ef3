/**
 * Seedbed's importers: a schema (PostgreSQL, MySQL or SQLite DDL, a live
 * PostgreSQL catalog, a GraphQL SDL) or a sample (JSON, NDJSON, CSV) becomes a
 * blueprint document with the decisions that made it.
 *
 *   const { document, decisions, skipped } = await importSourceOf('POSTGRES_DDL')!.run(ddl, { name: 'shop', allowPrivateTargets: false })
 *   await importSample(csv, 'CSV_SAMPLE', { name: 'people' })
 *
 * Every live connection goes through the target guard (`checkTarget`), which
 * refuses platform endpoints and, where the caller says so, private networks.
 */
export { importSourceOf, availableSources, type ImportLimits, type SourceOptions, type ImportSourceHandler } from './sources';
export { IMPORT_ROW_BUDGET } from './infer/row-budget';
export { importSample } from './sample/import-sample';
export { DEFAULT_SAMPLE_LIMITS, type SampleKind } from './sample/read';
export { withSamples } from './infer/samples';
export { checkSourceBounds, sourceLimitsFor } from './source-bounds';
export { describeByteAt, invalidUtf8At } from './source-text';
export { IMPORT_SOURCES, type ImportDecision, type ImportResult, type ImportSource, type SkippedItem, type MockAnswer } from './types';
export { checkTarget, parseTargetUrl, signInFailure, targetClient, type ResolvedTarget, type TargetClientOptions } from './targets/target-guard';
export { protectOwnDatabase } from './targets/refused-targets';
