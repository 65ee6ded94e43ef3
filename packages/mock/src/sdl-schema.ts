/**
 * The mock of a blueprint imported from a GraphQL SDL: exactly that SDL,
 * answering what its queries mean through the mapping the import recorded
 * (its gaps bound by convention, sdl-bindings.ts) — lookups by the fields
 * their arguments name, key lists, filters, orders and pages on lists and
 * connections, counts and page blocks that agree with the rows, Relay's
 * `node(id:)`, aggregates, the SDL's own mutations (those of no create,
 * update or delete shape answered without writing), and live subscriptions.
 * A root field nothing maps answers an error saying so, never a silent null.
 */
import { buildSchema, isInterfaceType, isObjectType, isUnionType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import type { GraphqlArgs, GraphqlFieldMapping, GraphqlRootMapping, GraphqlTypeMapping, Value } from '@seedbed/engine';
import { AppError } from '@seedbed/engine/errors';
import { readArgs, type ArgContext, type RowsAsked } from './arguments';
import { pageOf, rowsOf, type Page, type PageArgs } from './connection';
import type { MockContext } from './context';
import { decodeGlobalId, encodeGlobalId } from './global-id';
import { then, type Maybe, type MockRow, type ParentLink, type RowQuery } from './mock-data';
import { answerResolver } from './answer-values';
import { mutationResolver } from './sdl-mutations';
import { DEFAULT_PAGE_SIZE } from './sdl-bindings';
import { resolveMapping, type ResolvedMapping } from './resolve-mapping';
import type { GraphqlDocumentKey } from './sdl-mapping';
import { attachWrapper, type WrapperContext, type WrapperSource } from './sdl-wrappers';
import { ListSelection, type Selection } from './selection';

type Resolver = GraphQLFieldResolver<unknown, MockContext>;

/** Where a list's rows come from before its arguments narrow them. */
interface ListSource {
  table: string;
  parent?: ParentLink;
  /** Many-to-many: the junction's rows, each leading to a row of `table`. */
  junction?: { table: string; to: string };
}

function baseIndexOf(row: MockRow): number | null {
  return 'base' in row.ref ? row.ref.base : null;
}

/** The SDL's schema with the mock's resolvers, and the mapping it answers through. */
export function buildSdlRuntime({ sdl, mapping }: GraphqlDocumentKey): { schema: GraphQLSchema; resolved: ResolvedMapping } {
  let schema: GraphQLSchema;
  try {
    schema = buildSchema(sdl);
  } catch (error) {
    // Saving checks the mapping against the tables; whether the SDL builds a schema only GraphQL can say, here.
    throw new AppError('BAD_USER_INPUT', `This blueprint's graphql.sdl is not a GraphQL schema the mock can serve: ${error instanceof Error ? error.message : String(error)}`, { path: 'graphql.sdl' });
  }
  const resolved = resolveMapping(schema, mapping);
  new SdlResolvers(schema, resolved).attach();
  return { schema, resolved };
}

export function buildSdlSchema(key: GraphqlDocumentKey): GraphQLSchema {
  return buildSdlRuntime(key).schema;
}

class SdlResolvers implements WrapperContext {
  readonly types: Record<string, GraphqlTypeMapping>;
  private readonly typeOfTable: Map<string, string>;
  private readonly fieldResolvers = new Map<string, Resolver>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly m: ResolvedMapping,
  ) {
    this.types = m.types;
    this.typeOfTable = new Map(Object.entries(m.types).map(([type, t]) => [t.table, type]));
  }

  attach(): void {
    for (const [typeName, type] of Object.entries(this.m.types)) {
      const object = this.schema.getType(typeName);
      if (!isObjectType(object)) continue;
      for (const name of Object.keys(type.fields)) {
        const gql = object.getFields()[name];
        if (!gql) continue;
        const resolve = this.entityField(typeName, name)!;
        gql.resolve = (source, args, ctx) => resolve(source as MockRow, args, ctx as MockContext);
      }
    }
    for (const [name, roles] of Object.entries(this.m.wrappers)) {
      const type = this.schema.getType(name);
      if (isObjectType(type)) attachWrapper(type, roles, this);
    }
    // Interfaces and unions (Relay's Node) answer the type of the row's table, or the type a mutation's answer says (answer-values.ts).
    for (const type of Object.values(this.schema.getTypeMap())) {
      if ((isInterfaceType(type) || isUnionType(type)) && !type.name.startsWith('__')) type.resolveType = (value) => answeredType(value) ?? this.typeOfTable.get((value as MockRow).table);
    }
    this.attachRoots(this.schema.getQueryType(), this.m.roots);
    this.attachRoots(this.schema.getSubscriptionType(), this.m.subscriptions, true);
    const mutation = this.schema.getMutationType();
    for (const field of Object.values(mutation?.getFields() ?? {})) {
      const mapped = this.m.mutations[field.name];
      const path = `${mutation!.name}.${field.name}`;
      // What no create, update or delete maps is answered from its arguments, writing nothing.
      field.resolve = mapped ? mutationResolver(field, mapped, this, path) : answerResolver(field.name, this.m.answers[field.name], this.types);
    }
  }

  /** The resolver of an entity type's mapped field (payloads reuse it for the written row's relations). */
  entityField(typeName: string, name: string): ((row: MockRow, args: Record<string, unknown>, ctx: MockContext) => unknown) | undefined {
    const id = `${typeName}.${name}`;
    const cached = this.fieldResolvers.get(id);
    if (cached) return cached as never;
    const type = this.m.types[typeName];
    const field: GraphqlFieldMapping | undefined = type?.fields[name];
    if (!field) return undefined;
    let resolve: (row: MockRow, args: Record<string, unknown>, ctx: MockContext) => unknown;
    if ('column' in field) {
      const { column, globalId } = field;
      resolve = globalId ? (row) => (row.values[column] === null ? null : encodeGlobalId(globalId, typeName, type.table, row.values[column])) : (row) => row.values[column];
    } else if ('ref' in field) {
      resolve = (row, _args, ctx) => ctx.data.byKey(field.table, row.values[field.ref]);
    } else {
      const args = this.m.fieldArgs[typeName]?.[name] ?? {};
      const parent = (row: MockRow, via: string): ParentLink => ({ field: via, table: type.table, key: row.values[type.key], baseIndex: baseIndexOf(row) });
      if ('children' in field) {
        resolve = (row, a, ctx) => this.many(ctx, { table: field.children, parent: parent(row, field.via) }, a, args, field.connection ? 'page' : 'list', `${id}`);
      } else if ('junction' in field) {
        resolve = (row, a, ctx) => this.many(ctx, { table: field.table, parent: parent(row, field.from), junction: { table: field.junction, to: field.to } }, a, args, field.connection ? 'page' : 'list', `${id}`);
      } else {
        resolve = (row, a, ctx) => this.many(ctx, { table: field.aggregate, parent: parent(row, field.via) }, a, args, 'aggregate', `${id}`);
      }
    }
    this.fieldResolvers.set(id, resolve as Resolver);
    return resolve;
  }

  private attachRoots(root: ReturnType<GraphQLSchema['getQueryType']>, mapped: Record<string, GraphqlRootMapping>, live = false): void {
    for (const field of Object.values(root?.getFields() ?? {})) {
      const path = `${root!.name}.${field.name}`;
      const m = mapped[field.name];
      const resolve = m ? this.rootResolver(m, path) : unmapped(path, this.m.unbound[path]);
      if (!live) {
        field.resolve = resolve;
        continue;
      }
      // A live query: answered at once, then again after each write to this mock.
      field.subscribe = (_root, _args, ctx) => liveEvents(ctx as MockContext);
      field.resolve = async (source, args, ctx, info) => {
        await (ctx as MockContext).refresh();
        return resolve(source, args, ctx, info);
      };
    }
  }

  private rootResolver(m: GraphqlRootMapping, path: string): Resolver {
    if ('node' in m) {
      return (_root, args, ctx) => {
        const byId = (id: unknown) => {
          const decoded = decodeGlobalId(id);
          const typeName = decoded && (this.m.types[decoded.name] ? decoded.name : this.typeOfTable.get(decoded.name));
          return typeName ? (ctx as MockContext).data.byKey(this.m.types[typeName].table, decoded!.key) : null;
        };
        const given = Object.values(args)[0];
        if (!Array.isArray(given)) return byId(given);
        // nodes(ids:) answers one entry per id, null where none is found, as Relay servers do; counted against the
        // request's rows before any is made, as a list's are.
        (ctx as MockContext).data.serve(given.length);
        return given.map(byId);
      };
    }
    if ('lookup' in m) {
      const bindings = Array.isArray(m.args) ? {} : m.args;
      const declared = Object.keys(bindings).length;
      return (_root, args, ctx) => {
        const context = ctx as MockContext;
        const asked = readArgs(args, bindings, this.argContext(m.lookup, path, context));
        // `me`, `viewer`: a lookup without arguments is the table's first row.
        if (!asked.filter && !asked.keys) return declared ? null : context.data.baseRow(m.lookup, 0);
        if (asked.keys?.length === 1 && !asked.filter) return context.data.byKey(m.lookup, asked.keys[0]);
        return then(context.data.select({ table: m.lookup, filter: asked.filter, keys: asked.keys }), (s) => {
          const [ref] = s.slice(0, 1);
          return ref ? context.data.byRef(m.lookup, ref) : null;
        });
      };
    }
    const table = 'list' in m ? m.list : m.aggregate;
    const shape = 'list' in m ? (m.connection ? 'page' : 'list') : 'aggregate';
    return (_root, args, ctx) => this.many(ctx as MockContext, { table }, args, m, shape, path);
  }

  private argContext(table: string, path: string, ctx: MockContext): ArgContext {
    const typeName = this.typeOfTable.get(table)!;
    return { type: this.m.types[typeName], typeName, path, warn: (message) => ctx.warnings.add(message) };
  }

  /** A list field: its rows selected, ordered and paged by its arguments, as a list, a page wrapper's source, or an aggregate's. */
  private many(ctx: MockContext, source: ListSource, args: Record<string, unknown>, bound: GraphqlArgs, shape: 'list' | 'page' | 'aggregate', path: string): unknown {
    const asked = readArgs(args, bound.args ?? {}, this.argContext(source.table, path, ctx));
    const numbered = Object.values(bound.args ?? {}).some((b) => 'page' in b && b.page === 'page');
    return then(this.selection(ctx, source, asked), ({ table, selection, through }) => {
      const page = pageOf(table, ctx.data, selection, pageArgs(asked), { defaultSize: bound.pageSize ?? (numbered ? DEFAULT_PAGE_SIZE : selection.count), maxSize: ctx.data.maxRows });
      page.through = through;
      if (shape === 'list') return rowsOf(page);
      if (shape === 'page') return { kind: 'page', page } satisfies WrapperSource;
      const typeName = this.typeOfTable.get(source.table)!;
      return { kind: 'aggregate', data: ctx.data, table, selection, page, type: this.m.types[typeName] } satisfies WrapperSource;
    });
  }

  /** The rows of a list before paging; for a junction filtered or ordered, its target rows within the scan bound. */
  private selection(ctx: MockContext, source: ListSource, asked: RowsAsked): Maybe<{ table: string; selection: Selection; through?: Page['through'] }> {
    const query = (table: string): RowQuery => ({ table, parent: source.parent, filter: asked.filter, keys: asked.keys, order: asked.order });
    const { junction } = source;
    if (!junction) return then(ctx.data.select(query(source.table)), (selection) => ({ table: source.table, selection }));
    const through = (link: MockRow) => ctx.data.byKey(source.table, link.values[junction.to]);
    if (!asked.filter && !asked.keys && !asked.order) {
      return then(ctx.data.select({ table: junction.table, parent: source.parent }), (selection) => ({ table: junction.table, selection, through }));
    }
    return (async () => {
      const links = await ctx.data.select({ table: junction.table, parent: source.parent });
      ctx.data.spend(links.count, `filtering the rows ${junction.table} links`);
      const keys = (await ctx.data.rowsAt(junction.table, links.slice(0, links.count))).map((l) => l?.values[junction.to]).filter((k): k is Value => k !== null && k !== undefined);
      // The linked rows, as a key list, narrowed and ordered like any list of that table.
      const wanted = asked.keys ? keys.filter((k) => asked.keys!.some((w) => String(w) === String(k))) : keys;
      const selection = await ctx.data.select({ table: source.table, filter: asked.filter, keys: wanted, order: asked.order });
      return { table: source.table, selection: selection.count ? selection : new ListSelection([]) };
    })();
  }
}

/** The type named by a mutation's answer object (plain, or a wrapper's `answer` source). */
function answeredType(value: unknown): string | undefined {
  const object = value as { __typename?: unknown; kind?: unknown; values?: { __typename?: unknown } };
  const name = object.kind === 'answer' ? object.values?.__typename : object.__typename;
  return typeof name === 'string' ? name : undefined;
}

function pageArgs(asked: RowsAsked): PageArgs {
  const { page } = asked;
  return { first: page.first ?? page.pageSize, last: page.last, after: page.after, before: page.before, offset: page.offset, page: page.page };
}

/** A root field the mapping leaves out: an error that says so and how to map it. */
function unmapped(path: string, reason: string | undefined): Resolver {
  return () => {
    throw new AppError('BAD_USER_INPUT', `The mock cannot answer ${path}: ${reason ?? 'it is not mapped'}. Map it in the blueprint's graphql mapping (graphql.mapping).`, { path });
  };
}

/** Yields once at once, then once after each write to the mock (writes while an answer is made are coalesced into one more). */
async function* liveEvents(ctx: MockContext): AsyncGenerator<Record<string, never>> {
  let wake: () => void = () => {};
  let changed = false;
  const unsubscribe = ctx.events?.subscribe(() => {
    changed = true;
    wake();
  });
  try {
    yield {};
    if (!unsubscribe) return;
    for (;;) {
      await new Promise<void>((resolve) => {
        wake = resolve;
        if (changed) resolve();
      });
      changed = false;
      yield {};
    }
  } finally {
    unsubscribe?.();
  }
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
