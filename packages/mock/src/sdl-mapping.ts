/**
 * How an imported GraphQL SDL maps to a blueprint's tables: what the
 * GRAPHQL_SDL import writes to the document's `graphql` key (its types and
 * validation are the engine's: engine/document/sdl-mapping.ts), and what the
 * mock reads to serve exactly that SDL.
 */
import { canonicalValue, type GraphqlFieldMapping, type GraphqlKey, type GraphqlMapping, type GraphqlRootMapping, type GraphqlTypeMapping } from '@seedbed/engine';

export type SdlFieldMapping = GraphqlFieldMapping;
export type SdlTypeMapping = GraphqlTypeMapping;
export type SdlRootMapping = GraphqlRootMapping;
export type SdlMapping = GraphqlMapping;
export type GraphqlDocumentKey = GraphqlKey;

/**
 * The document's `graphql` key with its objects in code-point key order: an
 * editor or JSONB may reorder them, and what the mock derives from them (the
 * example query, which type a row of a shared table answers) must not move.
 */
export function graphqlKeyOf(document: unknown): GraphqlDocumentKey | undefined {
  const key = (document as { graphql?: GraphqlDocumentKey } | null)?.graphql;
  return key && typeof key.sdl === 'string' && key.mapping && typeof key.mapping === 'object' ? canonicalValue(key) : undefined;
}
