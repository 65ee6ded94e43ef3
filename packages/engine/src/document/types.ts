/**
 * The blueprint document (PRODUCT.md §10): the one JSON shape a blueprint
 * travels in — exported, imported, stored as a revision, run by the CLI.
 */

import type { Dialect } from '../generators/types';
import type { CheckDef, CheckExpr } from './check-expr';

export const DOCUMENT_VERSION = 1;

export type Distribution = 'uniform' | 'poisson' | 'zipf';

/** Rows of a child table, drawn per row of its parent table. */
export interface PerParentRows {
  perParent: string;
  min?: number;
  max?: number;
  /** Default `uniform` over [min, max]. */
  distribution?: Distribution;
  /** Poisson: mean (lambda). */
  mean?: number;
  /** Zipf: exponent s (> 0). */
  exponent?: number;
}

export type RowCount = number | PerParentRows;

/**
 * Upper bounds of a per-parent row spec. Counts stay below 2^32 (what one
 * cell's random draw spans); the mean and exponent are capped where larger
 * values only overflow the totals (a mean of 1e308 made the total Infinity).
 */
export const ROW_SPEC_LIMITS = {
  /** Children of one parent row (`min`, `max`). */
  perParent: 1_000_000_000,
  /** Poisson `mean`. */
  mean: 1_000_000_000,
  /** Zipf `exponent`. */
  exponent: 100,
} as const;

export interface FieldDef {
  /** Stable identity (stable-keys.ts): kept by renames, reorders and moves; the field's cells are addressed by it. */
  key?: string;
  /** The field's identifier in the document (formulas, `{field}` options, the mock API). */
  name: string;
  /** The column's name as the source SQL wrote it, when it is not `name` (`"Order Date"`, a name two columns shared once case was set aside). */
  sqlName?: string;
  generator: string;
  options?: Record<string, unknown>;
  /** Share of NULL values, in [0, 1]. */
  nullRate?: number;
  unique?: boolean;
  /**
   * The column type the source schema declared, in the document's
   * `sqlDialect` (`varchar(40)`, `mpaa_rating`, `text[]`): SQL output in that
   * dialect writes it verbatim; other dialects use the engine's own mapping.
   */
  sqlType?: string;
  /**
   * The database numbers this column itself from a sequence (PostgreSQL's
   * identity columns and serials): `always` refuses explicit values unless an
   * INSERT overrides it, `default` (identity BY DEFAULT, serial) takes them.
   * Seedbed still writes the values, then moves the sequence past them.
   */
  identity?: IdentityKind;
}

export type IdentityKind = 'always' | 'default';

export interface TableDef {
  /** Stable identity (stable-keys.ts): kept by renames, reorders and moves; the table's cells are addressed by it. */
  key?: string;
  name: string;
  /** The schema (namespace) the source declared the table in (`sales`, `"Person"`): SQL output and loads into PostgreSQL qualify the table with it. */
  schema?: string;
  /** The table's name as the source SQL wrote it, when it is not `name`. */
  sqlName?: string;
  rows: RowCount;
  /** The field that identifies a row, or the fields whose tuple does (a composite key). */
  primaryKey?: string | string[];
  /** Composite unique keys, each a list of two or more field names (one field: `"unique": true` on it). */
  unique?: string[][];
  fields: FieldDef[];
  /** CHECK constraints every row must pass (an import's, or written by hand): see check-expr.ts. */
  checks?: CheckDef[];
  /** Unique indexes a list of fields cannot say: over expressions, partial, NULLS NOT DISTINCT (plan/unique-indexes.ts). */
  uniqueIndexes?: UniqueIndexDef[];
  /** Exclusion constraints: no two rows equal on `equal` whose `overlap` ranges overlap (plan/unique-indexes.ts). */
  exclusions?: ExclusionDef[];
}

/**
 * A unique index as the database declared it: what must be distinct is each
 * row's tuple of `keys`, expressions in the CHECK tree form (`{col}` for a
 * field, `{fn: 'lower', args: [{col: 'email'}]}` for case-insensitive).
 */
export interface UniqueIndexDef {
  name?: string;
  /** The index as its source wrote it, for messages. */
  text: string;
  /** 1-based line of the source. */
  line?: number;
  keys: CheckExpr[];
  /** A partial index: only rows where this is true are held to it. */
  where?: CheckExpr;
  /** NULLs compare equal (PostgreSQL 15's NULLS NOT DISTINCT); by default a NULL key part leaves the row out. */
  nullsNotDistinct?: boolean;
}

/** `EXCLUDE USING gist (room_id WITH =, during WITH &&)`: rows equal on every `equal` field have ranges (`overlap`) that never overlap. */
export interface ExclusionDef {
  name?: string;
  text: string;
  line?: number;
  equal: string[];
  /** The range field compared with `&&`. */
  overlap: string;
  /** Only rows where this is true are held to it. */
  where?: CheckExpr;
}

/** A domain: a named base type with an optional CHECK, as the source SQL wrote it. */
export interface DomainDef {
  type: string;
  check?: string;
}

export interface BlueprintDocument {
  seedbed: typeof DOCUMENT_VERSION;
  name: string;
  description?: string;
  locale?: string;
  seed?: number;
  /** Anchors relative dates; ISO date. Never the clock. */
  refDate?: string;
  /** Dialect the fields' `sqlType`s are written in (default postgres). */
  sqlDialect?: Dialect;
  /** Enum types by name: their labels, in order. */
  enums?: Record<string, string[]>;
  /** Domains by name. */
  domains?: Record<string, DomainDef>;
  tables: TableDef[];
  /** What a GRAPHQL_SDL import keeps for the mock API (§13); generation never reads it. */
  graphql?: GraphqlKey;
  /** Limits of this blueprint's mock API; generation never reads them. */
  mock?: MockLimits;
}

/**
 * How an argument of a query field selects, orders or pages rows (§13): bound
 * by convention at import, and rebindable by hand in the document.
 */
export type GraphqlArgBinding =
  /** Rows whose column equals the value (`id`, `email`, `slug`); `globalId`: the value may be a Relay global id. */
  | { eq: string; globalId?: boolean }
  /** Rows whose column is one of the listed values (`ids: [1, 2]`). */
  | { in: string; globalId?: boolean }
  /**
   * An input object selecting rows. Its fields name the type's fields (or the
   * columns `fields` maps them to); a plain value compares by equality, or by
   * case-insensitive contains for strings when `filter` is `contains` (as
   * REST-wrapping APIs do); operator objects (`_eq`, `equalTo`, `contains`,
   * ...) and `and`/`or`/`not` work in PostGraphile's, Hasura's and Prisma's spellings.
   */
  | { filter: 'equal' | 'contains'; fields?: Record<string, string> }
  /** Paging: rows per page (`first`, `last`, `limit`, `pageSize`), where a page starts (`after`, `before`, `offset`), or a page number (`page`, from 1). */
  | { page: 'first' | 'last' | 'after' | 'before' | 'offset' | 'page' | 'pageSize' }
  /**
   * Order: `enum` for PostGraphile's `[NAME_ASC, PRIMARY_KEY_DESC]`; `object`
   * for Hasura's and Prisma's `[{name: asc}]`; `field` for a field's name or
   * constant (`"name"`, `"-name"`, `NAME`), with `direction` the argument giving ASC or DESC.
   */
  | { order: 'enum' | 'object' | 'field' | 'direction' }
  /** Accepted and without effect; the reason is shown in the import report. */
  | { ignore: string };

/** How a field's rows are chosen: its arguments' bindings and a page size for lists it pages without one. */
export interface GraphqlArgs {
  args?: Record<string, GraphqlArgBinding>;
  /** Rows per page when no argument sets it (default 20). */
  pageSize?: number;
}

/** How one field of an imported GraphQL type is answered from the type's table. */
export type GraphqlFieldMapping =
  /** A scalar or enum: a column of the type's table; `globalId`: answered as a Relay global id of the row (type and key, base64). */
  | { column: string; globalId?: 'relay' | 'postgraphile' }
  /** An object: follow this table's ref column to `table`. */
  | { ref: string; table: string }
  /** A list or connection of objects: rows of a child table whose ref `via` points at this row. */
  | ({ children: string; via: string; connection: boolean } & GraphqlArgs)
  /** Many-to-many: rows of `junction` whose `from` points here, each leading through `to` to a row of `table`. */
  | ({ junction: string; from: string; to: string; table: string; connection: boolean } & GraphqlArgs)
  /** An aggregate (Hasura's `posts_aggregate`) over rows of a child table whose ref `via` points at this row. */
  | ({ aggregate: string; via: string } & GraphqlArgs);

export interface GraphqlTypeMapping {
  table: string;
  /** The table's key column. */
  key: string;
  fields: Record<string, GraphqlFieldMapping>;
}

export type GraphqlRootMapping =
  /** One row: the first whose columns match the bound arguments (legacy: a list of the arguments taking the key); with none given, the table's first row. */
  | { lookup: string; args: string[] | Record<string, GraphqlArgBinding> }
  /** A page of the table's rows, selected, ordered and paged by the bound arguments. */
  | ({ list: string; connection: boolean } & GraphqlArgs)
  /** An aggregate over the rows the arguments select (Hasura's `users_aggregate`). */
  | ({ aggregate: string } & GraphqlArgs)
  /** Relay's `node(id:)`: the row of any type by its global id. */
  | { node: true };

/** A mutation field: what it writes to which table, and where in its arguments the values, key or filter are. */
export interface GraphqlMutationMapping {
  op: 'create' | 'update' | 'delete';
  table: string;
  /** Path of the new values in the arguments (`input.user`, `data`, `object`; `objects` for a list); "" for the arguments themselves. */
  values?: string;
  /** Path of the changed or deleted row's key: `input.id`, `id`, or an object holding the key field (`pk_columns`, `where`). */
  key?: string;
  /** Path of a filter choosing the rows to change (Hasura's `update_x`/`delete_x` `where`). */
  where?: string;
  /** Path of numbers to add to columns (Hasura's `_inc`). */
  inc?: string;
}

/**
 * What each field of a type that wraps rows answers (a connection, an edge,
 * `pageInfo`, a REST `info` block, a mutation payload, an aggregate):
 * `rows`, `edges`, `node`, `cursor`, `totalCount`, `pageInfo`,
 * `hasNextPage`, `hasPreviousPage`, `startCursor`, `endCursor`, `pages`,
 * `page`, `next`, `prev`, `pageSize`, `offset`, `pageId` (a page's own id:
 * the same rows and count, the same id), `row` (the row written),
 * `related` (the written row's field of the same name), `edge`, `key`, `clientMutationId`,
 * `query`, `affectedRows`, `ok`, `aggregate`, `count`, `min`, `max`, `avg`,
 * `sum`, `value` (the aggregate of the node's field of the same name), or
 * `null`.
 */
export type GraphqlWrapperRole = string;

export interface GraphqlMapping {
  /** Object types that became tables. */
  types: Record<string, GraphqlTypeMapping>;
  /** Relay connection types → their node type. */
  connections: Record<string, string>;
  /** Query fields the mock answers. */
  roots: Record<string, GraphqlRootMapping>;
  /** Mutation fields the mock writes through (the mock answers the others in their declared type from their arguments, writing nothing). */
  mutations?: Record<string, GraphqlMutationMapping>;
  /** Subscription fields: live queries, answered again after each write to the mock. */
  subscriptions?: Record<string, GraphqlRootMapping>;
  /** Wrapper types (connections, page blocks, payloads, aggregates): each field's role. */
  wrappers?: Record<string, Record<string, GraphqlWrapperRole>>;
}

/** The document's `graphql` key: the SDL as imported (the mock serves exactly it) and how its types map to tables. */
export interface GraphqlKey {
  sdl: string;
  mapping: GraphqlMapping;
}

/** Limits of a blueprint's mock API (PRODUCT.md §9): each unset one is the server's (or `seedbed mock`'s flags'). */
export interface MockLimits {
  /** Query depth (default 15). */
  depth?: number;
  aliases?: number;
  /** Query cost, as the API counts it (default the API's, 5,000). */
  cost?: number;
  /** Rows one answer may hold, however they nest (default 5,000). */
  rows?: number;
}

/** One problem in a document, located by a path such as `tables[2].fields[0].options.max`. */
export interface DocumentIssue {
  path: string;
  message: string;
}

/** Generator id of a field that references another table's key. */
export const REF_GENERATOR = 'ref';

/** The fields of a table's primary key, in key order (none, one, or a composite key's). */
export function primaryKeyFields(table: Pick<TableDef, 'primaryKey'>): string[] {
  const key = table.primaryKey;
  if (typeof key === 'string') return [key];
  return Array.isArray(key) ? key.filter((k): k is string => typeof k === 'string') : [];
}

/** The single field a reference points at by default: the primary key when it is one field. */
export function singlePrimaryKey(table: Pick<TableDef, 'primaryKey'>): string | undefined {
  const key = table.primaryKey;
  if (typeof key === 'string') return key;
  return Array.isArray(key) && key.length === 1 && typeof key[0] === 'string' ? key[0] : undefined;
}

export function isPerParent(rows: RowCount): rows is PerParentRows {
  return typeof rows === 'object' && rows !== null;
}
