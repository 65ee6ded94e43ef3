/**
 * The engine's browser-safe parts the editor runs itself, so that it ranks,
 * keys and compares documents exactly as the server and the CLI do.
 */
export { rankGenerators, freshKey, withStableKeys, tableKeysOf, fieldKeysOf, primaryKeyFields } from '@seedbed/engine/document';
export { diffDocuments, describeChange, type DocumentDiff, type FieldDiff, type TableDiff, type ValueChange } from '@seedbed/engine/document';
