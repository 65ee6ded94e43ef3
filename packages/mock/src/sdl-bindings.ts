/**
 * Arguments and mutations bound by convention (PRODUCT.md §13): what an
 * app's own queries mean in the styles real APIs use — lookups by fields
 * (`character(id:)`, `userByEmail(email:)`, `users_by_pk(id:)`), key lists
 * (`ids`), filters (`filter`, `where`, `condition`, with Hasura's, PostGraphile's
 * and Prisma's operators), orders, pages (`first/after/last/before`,
 * `offset/limit`, `page`), and the mutations of PostGraphile, Hasura and
 * plain `createX(data:|input:)` shapes. The import writes what this binds
 * into the document (where a user may change it) and reports what it could
 * not; the mock binds a document's gaps the same way.
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLSchema,
} from 'graphql';
import type { GraphqlArgBinding, GraphqlArgs, GraphqlMutationMapping, GraphqlRootMapping, GraphqlTypeMapping } from '@seedbed/engine';
import { plural, singular, squash } from './naming';
import { classify, shapeOf, wrapperRoles, type SchemaKinds } from './sdl-kinds';


/** Rows per page when an API pages without saying how many (the REST wrappers we know use 20). */
export const DEFAULT_PAGE_SIZE = 20;

const PAGE_ARGS: Record<string, Extract<GraphqlArgBinding, { page: unknown }>['page']> = {
  first: 'first', limit: 'first', take: 'first', last: 'last', after: 'after', before: 'before', offset: 'offset', skip: 'offset',
  page: 'page', pagenumber: 'page', perpage: 'pageSize', pagesize: 'pageSize', size: 'pageSize',
};
const ORDER_ARGS = new Set(['orderby', 'order', 'sort', 'sortby', 'ordering']);
const DIRECTION_ARGS = new Set(['sortdirection', 'sortorder', 'direction', 'orderdirection']);
const FILTER_ARGS = new Set(['where', 'filter', 'condition', 'criteria', 'filters']);
/** Arguments every API of a style takes and the mock has nothing to do with. */
const IGNORED_ARGS: Record<string, string> = {
  distincton: 'distinct rows: every row of a mock is distinct already',
  includearchived: 'no row of a mock is archived',
  locale: 'a mock has one locale, the blueprint’s',
};

/** An entity type's GraphQL field → column, for the scalar fields the mapping keeps. */
export function columnsOf(type: GraphqlTypeMapping): Map<string, { column: string; globalId?: string }> {
  const columns = new Map<string, { column: string; globalId?: string }>();
  for (const [name, field] of Object.entries(type.fields)) if ('column' in field) columns.set(name, field);
  return columns;
}

/** The column a name stands for in a type: its field of that name, ignoring case and underscores. */
function columnNamed(type: GraphqlTypeMapping, name: string): { column: string; globalId?: string } | undefined {
  const columns = columnsOf(type);
  const exact = columns.get(name);
  if (exact) return exact;
  for (const [field, c] of columns) if (squash(field) === squash(name)) return c;
  return undefined;
}

const inner = (type: GraphQLInputType): GraphQLInputType => (isNonNullType(type) ? type.ofType : type);
const isList = (type: GraphQLInputType) => isListType(inner(type));

/** How a filter's plain values compare: `filter: {name: "rick"}` of a REST wrapper contains, a `where`/`condition` equals. */
function filterStyle(arg: GraphQLArgument, type: GraphqlTypeMapping): 'equal' | 'contains' | undefined {
  const input = getNamedType(arg.type);
  if (!isInputObjectType(input)) return undefined;
  const fields = Object.values(input.getFields());
  const known = fields.filter((f) => columnNamed(type, f.name) || /^(_?and|_?or|_?not)$/i.test(f.name));
  if (!known.length) return undefined;
  const plain = known.every((f) => !isInputObjectType(getNamedType(f.type)) && !/^(_?and|_?or|_?not)$/i.test(f.name));
  return plain && squash(arg.name) === 'filter' && fields.some((f) => getNamedType(f.type).name === 'String') ? 'contains' : 'equal';
}

/** `[NAME_ASC, PRIMARY_KEY_DESC]` (PostGraphile) or `[{name: asc}]` (Hasura, Prisma) or a field's name. */
function orderStyle(arg: GraphQLArgument): 'enum' | 'object' | 'field' | undefined {
  const named = getNamedType(arg.type);
  if (isEnumType(named) && named.getValues().some((v) => /_(ASC|DESC)$/.test(v.name))) return 'enum';
  if (isInputObjectType(named)) return 'object';
  if (named.name === 'String' || isEnumType(named)) return 'field';
  return undefined;
}

export interface Bound extends GraphqlArgs {
  args: Record<string, GraphqlArgBinding>;
  /** Arguments left unbound, with why. */
  unbound: Record<string, string>;
}

/** Binds a field's arguments to `type`'s table: a lookup takes field-named arguments as equalities; a list also filters, orders and pages. */
export function bindArgs(field: GraphQLField<unknown, unknown>, type: GraphqlTypeMapping, typeName: string, lookup: boolean): Bound {
  const args: Record<string, GraphqlArgBinding> = {};
  const unbound: Record<string, string> = {};
  const key = type.key;
  const keyField = [...columnsOf(type)].find(([, c]) => c.column === key);
  for (const arg of field.args) {
    const name = squash(arg.name);
    const named = getNamedType(arg.type);
    const column = columnNamed(type, arg.name);
    if (!lookup && PAGE_ARGS[name] && (isScalarType(named))) args[arg.name] = { page: PAGE_ARGS[name] };
    else if (!lookup && ORDER_ARGS.has(name) && orderStyle(arg)) args[arg.name] = { order: orderStyle(arg)! };
    else if (!lookup && DIRECTION_ARGS.has(name) && (isEnumType(named) || named.name === 'String')) args[arg.name] = { order: 'direction' };
    else if (IGNORED_ARGS[name]) args[arg.name] = { ignore: IGNORED_ARGS[name] };
    else if (isInputObjectType(named) && (FILTER_ARGS.has(name) || lookup) && filterStyle(arg, type)) args[arg.name] = { filter: filterStyle(arg, type)! };
    else if (isScalarType(named) || isEnumType(named)) {
      const byKey = ['nodeid', `${squash(typeName)}id`, `${squash(singular(typeName))}id`].includes(name) || (name === 'id' && !column);
      const target = column ?? (byKey && keyField ? keyField[1] : undefined);
      const globalId = !!target?.globalId || name === 'nodeid';
      if (isList(arg.type)) {
        // `ids`, `userIds`, `emails`: one of these values.
        const one = column ?? columnNamed(type, singular(arg.name));
        const keys = /ids$/.test(name) || name === 'keys';
        const into = one ?? (keys && keyField ? keyField[1] : undefined);
        if (into) args[arg.name] = { in: into.column, ...(into.globalId || globalId ? { globalId: true } : {}) };
        else unbound[arg.name] = `no field of ${typeName} is named like it`;
      } else if (target) {
        args[arg.name] = { eq: target.column, ...(globalId ? { globalId: true } : {}) };
      } else {
        unbound[arg.name] = `no field of ${typeName} is named like it`;
      }
    } else {
      unbound[arg.name] = `an input the mock does not recognise as a filter of ${typeName}`;
    }
  }
  return { args, unbound };
}

export interface Conventions {
  roots: Record<string, GraphqlRootMapping>;
  subscriptions: Record<string, GraphqlRootMapping>;
  mutations: Record<string, GraphqlMutationMapping>;
  wrappers: Record<string, Record<string, string>>;
  /** Per type, per list field: its bound arguments. */
  fieldArgs: Record<string, Record<string, Bound>>;
  /** Root and field arguments left unbound, and root fields left unmapped, by path (`Query.characters(search)`), with why. */
  unbound: Record<string, string>;
}

/** The document's type mappings' entity type for a GraphQL type (its own, or the one entity of an interface). */
function mappedType(named: GraphQLNamedType, schema: GraphQLSchema, types: Record<string, GraphqlTypeMapping>): string | undefined {
  if (types[named.name]) return named.name;
  if (isInterfaceType(named)) {
    const members = schema.getPossibleTypes(named).filter((t) => types[t.name]);
    return members.length === 1 ? members[0].name : undefined;
  }
  return undefined;
}

/** Binds every root field, list field and mutation of `schema` to the tables of `types` by convention. */
export function bindByConvention(schema: GraphQLSchema, types: Record<string, GraphqlTypeMapping>, kinds: SchemaKinds = classify(schema)): Conventions {
  const entities = new Set(Object.keys(types));
  const out: Conventions = { roots: {}, subscriptions: {}, mutations: {}, wrappers: {}, fieldArgs: {}, unbound: {} };
  for (const [name, kind] of kinds.wrappers) out.wrappers[name] = wrapperRoles(schema.getType(name) as GraphQLObjectType, kind, kinds, schema);
  const noteUnbound = (path: string, bound: Bound) => {
    for (const [arg, why] of Object.entries(bound.unbound)) out.unbound[`${path}(${arg})`] = why;
  };
  const bindRoot = (root: GraphQLObjectType, into: Record<string, GraphqlRootMapping>) => {
    for (const field of Object.values(root.getFields())) {
      const path = `${root.name}.${field.name}`;
      const named = getNamedType(field.type);
      // Relay's node(id:) and nodes(ids:): rows of any type by global id.
      if (isInterfaceType(named) && field.args.length === 1 && /^(id|nodeid|ids|nodeids)$/i.test(field.args[0].name) && !mappedType(named, schema, types)) {
        into[field.name] = { node: true };
        continue;
      }
      const shape = shapeOf(field.type, schema, kinds, entities);
      if (shape.kind === 'object') {
        const bound = bindArgs(field, types[shape.target], shape.target, true);
        into[field.name] = { lookup: types[shape.target].table, args: bound.args };
        noteUnbound(path, bound);
      } else if (shape.kind === 'many' || shape.kind === 'aggregate') {
        const bound = bindArgs(field, types[shape.target], shape.target, false);
        const args = Object.keys(bound.args).length ? { args: bound.args } : {};
        into[field.name] = shape.kind === 'many' ? { list: types[shape.target].table, connection: shape.connection, ...args } : { aggregate: types[shape.target].table, ...args };
        noteUnbound(path, bound);
      } else {
        out.unbound[path] = shape.kind === 'value' ? 'a value, not rows of a table: map it by hand to be answered' : shape.reason;
      }
    }
  };
  const query = schema.getQueryType();
  if (query) bindRoot(query, out.roots);
  const subscription = schema.getSubscriptionType();
  if (subscription) bindRoot(subscription, out.subscriptions);
  for (const [typeName, m] of Object.entries(types)) {
    const type = schema.getType(typeName);
    if (!isObjectType(type)) continue;
    for (const [fieldName, f] of Object.entries(m.fields)) {
      if (!('children' in f || 'junction' in f || 'aggregate' in f)) continue;
      const target = 'children' in f ? f.children : 'aggregate' in f ? f.aggregate : f.table;
      const targetType = Object.entries(types).find(([, t]) => t.table === target);
      const field = type.getFields()[fieldName];
      if (!targetType || !field) continue;
      const bound = bindArgs(field, targetType[1], targetType[0], false);
      (out.fieldArgs[typeName] ??= {})[fieldName] = bound;
      noteUnbound(`${typeName}.${fieldName}`, bound);
    }
  }
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const bound = bindMutation(field, schema, types, kinds);
    if ('reason' in bound) out.unbound[`${schema.getMutationType()!.name}.${field.name}`] = bound.reason;
    else out.mutations[field.name] = bound;
  }
  return out;
}

const VERBS: [RegExp, GraphqlMutationMapping['op']][] = [
  [/^(create|insert|add|new|register)/i, 'create'],
  [/^(update|edit|modify|patch|set|change)/i, 'update'],
  [/^(delete|remove|destroy|drop)/i, 'delete'],
];

/** The entity a mutation writes: the row it returns (itself, in a payload, in `returning`), else the type its name says. */
function mutationTarget(field: GraphQLField<unknown, unknown>, schema: GraphQLSchema, types: Record<string, GraphqlTypeMapping>, kinds: SchemaKinds): string | undefined {
  const named = getNamedType(field.type);
  const direct = mappedType(named, schema, types);
  if (direct) return direct;
  // `deleteUserById: Boolean`, `insert_users_one`: the type named between the verb and `By…`.
  const noun = squash(field.name.replace(VERBS.find(([re]) => re.test(field.name))?.[0] ?? /^/, '').replace(/(By[A-Z]\w*|_by_pk|_one)$/, ''));
  const isNoun = (t: string) => [squash(t), squash(plural(t)), squash(singular(t))].includes(noun);
  if (isObjectType(named) && kinds.wrappers.get(named.name) === 'payload') {
    const rows = Object.values(named.getFields()).map((f) => mappedType(getNamedType(f.type), schema, types)).filter((t): t is string => !!t);
    return rows.find(isNoun) ?? rows[0];
  }
  return Object.keys(types).find(isNoun);
}

/** Where in a mutation's arguments its row's values, key, filter and increments are, by the shapes of PostGraphile, Hasura and plain APIs. */
export function bindMutation(field: GraphQLField<unknown, unknown>, schema: GraphQLSchema, types: Record<string, GraphqlTypeMapping>, kinds: SchemaKinds): GraphqlMutationMapping | { reason: string } {
  const op = VERBS.find(([re]) => re.test(field.name.replace(/^(insert|update|delete)_/, '$1')))?.[1];
  if (!op) return { reason: 'its name says neither create, update nor delete: map it by hand to write' };
  const target = mutationTarget(field, schema, types, kinds);
  if (!target) return { reason: `the mock cannot tell which table it ${op}s: map it by hand to write` };
  const type = types[target];
  const table = type.table;
  const args = new Map(field.args.map((a) => [squash(a.name), a]));
  const isRow = (t: GraphQLInputType) => {
    const named = getNamedType(t);
    return isInputObjectType(named) && Object.keys(named.getFields()).some((f) => columnNamed(type, f));
  };
  const mapping: GraphqlMutationMapping = { op, table };
  // PostGraphile: `input: { clientMutationId, user | userPatch | patch, id | nodeId }`: the row is a field of the input.
  const input = args.get('input');
  const inputType = input && getNamedType(input.type);
  if (input && isInputObjectType(inputType) && Object.values(inputType.getFields()).some((f) => isRow(f.type) || squash(f.name) === 'clientmutationid')) {
    const fields = Object.values(inputType.getFields());
    const values = fields.find((f) => isRow(f.type) && (op === 'create' ? !/patch$/i.test(f.name) : /patch$/i.test(f.name) || squash(f.name) === squash(target)));
    const key = fields.find((f) => columnNamed(type, f.name)?.column === type.key || /^(id|nodeid)$/i.test(f.name));
    if (values) mapping.values = `input.${values.name}`;
    if (key && op !== 'create') mapping.key = `input.${key.name}`;
  } else {
    const values = ['data', 'object', 'objects', 'input', 'set', 'values', 'record', 'patch'].map((n) => args.get(n)).find((a) => a && isRow(a.type));
    if (values) mapping.values = values.name;
    else if (op === 'create' && field.args.some((a) => columnNamed(type, a.name))) mapping.values = '';
    const pk = args.get('pkcolumns');
    const where = args.get('where');
    const keyArg = field.args.find((a) => columnNamed(type, a.name)?.column === type.key || /^(id|nodeid)$/i.test(a.name));
    if (op !== 'create') {
      if (pk) mapping.key = pk.name;
      else if (keyArg) mapping.key = keyArg.name;
      else if (where && isInputObjectType(getNamedType(where.type))) {
        // Prisma's `where: UserWhereUniqueInput` names the key; Hasura's bool_exp filters.
        const unique = /unique/i.test(getNamedType(where.type).name) || !Object.values((getNamedType(where.type) as { getFields(): object }).getFields()).some((f: { name: string }) => /^_?(and|or|not)$/i.test(f.name));
        if (unique) mapping.key = where.name;
        else mapping.where = where.name;
      }
      if (op === 'update' && !mapping.values && field.args.some((a) => a !== keyArg && columnNamed(type, a.name))) mapping.values = '';
    }
    const inc = args.get('inc');
    if (inc && op === 'update') mapping.inc = inc.name;
  }
  if (op === 'create' && mapping.values === undefined) return { reason: `the mock cannot tell where the new ${target}'s values are in its arguments: map it by hand to write` };
  if (op !== 'create' && mapping.key === undefined && mapping.where === undefined) return { reason: `the mock cannot tell which ${target} it ${op}s from its arguments: map it by hand to write` };
  if (op === 'update' && mapping.values === undefined && mapping.inc === undefined) return { reason: `the mock cannot tell where the changes to ${target} are in its arguments: map it by hand to write` };
  return mapping;
}
