/**
 * `@seedbed/engine/document`: the blueprint document's types and the rules
 * about it that a browser runs too, so the web editor names, keys, compares
 * and checks documents (and output options) exactly as the engine does. Safe
 * in a browser: nothing here imports Node, a database or a generator.
 */
export type {
  BlueprintDocument,
  Distribution,
  DocumentIssue,
  DomainDef,
  ExclusionDef,
  FieldDef,
  IdentityKind,
  PerParentRows,
  RowCount,
  TableDef,
  UniqueIndexDef,
} from './types';
export { DOCUMENT_VERSION, REF_GENERATOR, ROW_SPEC_LIMITS, isPerParent, primaryKeyFields, singlePrimaryKey } from './types';
export { CEILING_FIELDS, CEILING_TABLES, IDENTIFIER, isIdentifier, MAX_FIELDS, MAX_TABLES } from './json-schema';
export { STABLE_KEY_PATTERN, freshKey, withStableKeys, tableKeysOf, fieldKeysOf } from './stable-keys';
export { diffDocuments, describeChange, describeValue, formatDiff, type ChangeKind, type DocumentDiff, type FieldDiff, type TableDiff, type ValueChange } from './diff';
export { rankGenerators, type Searchable } from '../generators/catalog-search';
export { LINE_ENDINGS, MAX_NULL_MARKER, outputIssues, type LineEnding, type OutputOptions } from '../formats/output';
