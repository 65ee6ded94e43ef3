/**
 * How an imported GraphQL SDL maps to a blueprint's tables: what the
 * GRAPHQL_SDL import writes to the document's `graphql` key, and what the
 * mock reads to serve exactly that SDL (see the notes on the document shape).
 */
export type SdlFieldMapping =
  /** A scalar or enum: a column of the type's table. */
  | { column: string }
  /** An object: follow this table's ref column to `table`. */
  | { ref: string; table: string }
  /** A list or connection of objects: rows of a child table whose ref `via` points at this row. */
  | { children: string; via: string; connection: boolean }
  /** Many-to-many: rows of `junction` whose `from` points here, each leading through `to` to a row of `table`. */
  | { junction: string; from: string; to: string; table: string; connection: boolean };

export interface SdlTypeMapping {
  table: string;
  key: string;
  fields: Record<string, SdlFieldMapping>;
}

export type SdlRootMapping =
  /** A row by one of `args` (those that take the key); with none given (or none declared), the table's first row. */
  | { lookup: string; args: string[] }
  /** A page of the table's rows. */
  | { list: string; connection: boolean };

export interface SdlMapping {
  types: Record<string, SdlTypeMapping>;
  /** Relay connection types → their node type. */
  connections: Record<string, string>;
  roots: Record<string, SdlRootMapping>;
}

/** The `graphql` key of a blueprint document. */
export interface GraphqlDocumentKey {
  sdl: string;
  mapping: SdlMapping;
}

export function graphqlKeyOf(document: unknown): GraphqlDocumentKey | undefined {
  const key = (document as { graphql?: GraphqlDocumentKey } | null)?.graphql;
  return key && typeof key.sdl === 'string' && key.mapping && typeof key.mapping === 'object' ? key : undefined;
}
