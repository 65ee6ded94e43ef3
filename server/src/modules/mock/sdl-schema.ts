/**
 * The mock of a blueprint imported from a GraphQL SDL: exactly that SDL,
 * resolved through the mapping the import recorded — root fields taking the
 * key look a row up, root lists and connections page through a table, nested
 * fields follow references, children and junction tables.
 */
import { makeExecutableSchema } from '@graphql-tools/schema';
import type { GraphQLSchema } from 'graphql';
import type { Value } from '../../engine';
import { AppError } from '../../errors';
import { encodeCursor, pageOf, rowsOf, type PageArgs } from './connection';
import type { MockContext } from './context';
import type { MockRow, RowQuery } from './mock-data';
import type { GraphqlDocumentKey, SdlFieldMapping } from './sdl-mapping';

type Resolver = (source: MockRow, args: Record<string, unknown>, ctx: MockContext) => unknown;

/** A page size for lists the SDL declares without one. */
const DEFAULT_PAGE = 20;

function pageArgs(args: Record<string, unknown>): PageArgs {
  const int = (v: unknown) => (typeof v === 'number' ? v : undefined);
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return { first: int(args.first) ?? int(args.limit), last: int(args.last), after: text(args.after), before: text(args.before), offset: int(args.offset) ?? int(args.skip) };
}

/** A list or connection of rows: `through` maps each listed row to the row the field shows (junctions). */
async function many(ctx: MockContext, query: RowQuery, connection: boolean, args: Record<string, unknown>, through?: (row: MockRow) => MockRow | null) {
  const page = pageOf(query.table, ctx.data, await ctx.data.select(query), pageArgs(args), DEFAULT_PAGE);
  const listed = rowsOf(page);
  const rows = through ? listed.map(through) : listed;
  if (!connection) return rows;
  return {
    edges: rows.map((node, i) => ({ cursor: encodeCursor(page.from + i), node })),
    nodes: rows,
    totalCount: page.selection.count,
    pageInfo: {
      hasNextPage: page.to < page.selection.count,
      hasPreviousPage: page.from > 0,
      startCursor: page.to > page.from ? encodeCursor(page.from) : null,
      endCursor: page.to > page.from ? encodeCursor(page.to - 1) : null,
    },
  };
}

function baseIndexOf(row: MockRow): number | null {
  return 'base' in row.ref ? row.ref.base : null;
}

function fieldResolver(table: string, key: string, field: SdlFieldMapping): Resolver {
  if ('column' in field) return (row) => row.values[field.column];
  if ('ref' in field) return (row, _args, ctx) => ctx.data.byKey(field.table, row.values[field.ref]);
  if ('children' in field) {
    return (row, args, ctx) => many(ctx, { table: field.children, parent: { field: field.via, table, key: row.values[key], baseIndex: baseIndexOf(row) } }, field.connection, args);
  }
  return (row, args, ctx) =>
    many(ctx, { table: field.junction, parent: { field: field.from, table, key: row.values[key], baseIndex: baseIndexOf(row) } }, field.connection, args, (link) => ctx.data.byKey(field.table, link.values[field.to]));
}

export function buildSdlSchema({ sdl, mapping }: GraphqlDocumentKey): GraphQLSchema {
  const resolvers: Record<string, Record<string, unknown>> = { Query: {} };
  const typeOfTable = new Map(Object.entries(mapping.types).map(([type, m]) => [m.table, type]));
  for (const [type, m] of Object.entries(mapping.types)) {
    resolvers[type] = Object.fromEntries(Object.entries(m.fields).map(([name, field]) => [name, fieldResolver(m.table, m.key, field)]));
  }
  const query = resolvers.Query;
  for (const [name, root] of Object.entries(mapping.roots)) {
    if ('lookup' in root) {
      query[name] = (_: unknown, args: Record<string, Value>, ctx: MockContext) => {
        const given = root.args.map((a) => args[a]).find((v) => v !== undefined && v !== null);
        if (given === undefined) return root.args.length ? null : ctx.data.baseRow(root.lookup, 0);
        return ctx.data.byKey(root.lookup, given);
      };
    } else {
      query[name] = (_: unknown, args: Record<string, unknown>, ctx: MockContext) => many(ctx, { table: root.list }, root.connection, args);
    }
  }
  let schema: GraphQLSchema;
  try {
    schema = makeExecutableSchema({ typeDefs: sdl, resolvers, resolverValidationOptions: { requireResolversToMatchSchema: 'ignore' } });
  } catch (error) {
    // Saving checks the mapping against the tables; whether the SDL builds a schema only GraphQL can say, here.
    throw new AppError('BAD_USER_INPUT', `This blueprint's graphql.sdl is not a GraphQL schema the mock can serve: ${error instanceof Error ? error.message : String(error)}`, { path: 'graphql.sdl' });
  }
  // Interfaces and unions (Relay's Node) answer the type of the row's table.
  for (const type of Object.values(schema.getTypeMap())) {
    if ('resolveType' in type && !type.name.startsWith('__')) (type as { resolveType?: unknown }).resolveType = (row: MockRow) => typeOfTable.get(row.table);
  }
  return schema;
}

/**
 * Whether a document's SDL builds the schema its mock serves, said when the
 * blueprint is saved rather than on the mock's first request. Only GraphQL
 * can tell, so the engine's validator leaves this check to here.
 */
export function sdlIssue(key: GraphqlDocumentKey): { path: string; message: string } | undefined {
  try {
    buildSdlSchema(key);
    return undefined;
  } catch (error) {
    if (error instanceof AppError) return { path: 'graphql.sdl', message: error.message.replace(/^This blueprint's graphql\.sdl /, '') };
    throw error;
  }
}
