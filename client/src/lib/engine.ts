/**
 * The engine's browser-safe parts the editor runs itself, so that it ranks,
 * keys and compares documents exactly as the server and the CLI do. They
 * import nothing of the server beyond types (a later step makes them the
 * `@seedbed/engine/document` subpath).
 */
export { rankGenerators } from '../../../server/src/engine/generators/catalog-search';
export { freshKey, withStableKeys, tableKeysOf, fieldKeysOf } from '../../../server/src/engine/document/stable-keys';
export { diffDocuments, describeChange, type DocumentDiff, type FieldDiff, type TableDiff, type ValueChange } from '../../../server/src/engine/document/diff';
export { primaryKeyFields } from '../../../server/src/engine/document/types';
