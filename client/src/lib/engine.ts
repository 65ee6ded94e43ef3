/**
 * The engine's browser-safe parts the editor runs itself, so that it ranks,
 * keys and compares documents exactly as the server and the CLI do. They
 * import nothing of the server beyond types (a later step makes them the
 * `@seedbed/engine/document` subpath).
 */
export { rankGenerators } from '../../../packages/engine/src/generators/catalog-search';
export { freshKey, withStableKeys, tableKeysOf, fieldKeysOf } from '../../../packages/engine/src/document/stable-keys';
export { diffDocuments, describeChange, type DocumentDiff, type FieldDiff, type TableDiff, type ValueChange } from '../../../packages/engine/src/document/diff';
export { primaryKeyFields } from '../../../packages/engine/src/document/types';
