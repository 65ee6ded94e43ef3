/**
 * What a GraphQL schema's object types are: entities (they become tables)
 * or wrappers of rows, recognised by their shape in the conventions real
 * APIs follow — Relay connections and edges, `pageInfo`, REST-style page
 * blocks (`Characters { info { count pages next prev } results }`), Hasura's
 * aggregates and mutation responses, PostGraphile's payloads — and the role
 * each wrapper field plays. The import and the mock read the same verdicts.
 */
import {
  getNamedType,
  isEnumType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { squash } from './naming';

export type WrapperKind = 'page' | 'pageInfo' | 'edge' | 'aggregate' | 'aggregateFields' | 'aggregateValues' | 'payload';

export interface SchemaKinds {
  entities: GraphQLObjectType[];
  /** Wrapper type name → its kind. Root types are in neither list. */
  wrappers: Map<string, WrapperKind>;
  /** Page and edge wrappers → the entity (or interface) their rows are. */
  nodes: Map<string, string>;
  roots: Set<string>;
}


/** Field names of page blocks, by the role they play (compared without case or underscores). */
const PAGE_ROLES: Record<string, string> = {
  totalcount: 'totalCount', count: 'totalCount', total: 'totalCount', totalitems: 'totalCount', totalresults: 'totalCount', totalelements: 'totalCount', totalrecords: 'totalCount',
  pages: 'pages', totalpages: 'pages', pagecount: 'pages', lastpage: 'pages', numpages: 'pages',
  page: 'page', currentpage: 'page', pagenumber: 'page',
  next: 'next', nextpage: 'next',
  prev: 'prev', previous: 'prev', prevpage: 'prev', previouspage: 'prev',
  hasnextpage: 'hasNextPage', hasnext: 'hasNextPage', hasmore: 'hasNextPage',
  haspreviouspage: 'hasPreviousPage', hasprevious: 'hasPreviousPage', hasprev: 'hasPreviousPage',
  // A page's own `cursor` (the Apollo tutorial's LaunchConnection): where the next page starts.
  startcursor: 'startCursor', endcursor: 'endCursor', cursor: 'endCursor', nextcursor: 'endCursor',
  perpage: 'pageSize', pagesize: 'pageSize', limit: 'pageSize', size: 'pageSize',
  offset: 'offset', skip: 'offset',
};
const PAGE_BLOCKS = new Set(['pageinfo', 'info', 'meta', 'pagination', 'paging', 'page']);
const AGGREGATE_FUNCTIONS = new Set(['count', 'max', 'min', 'sum', 'avg']);

function listItem(type: GraphQLOutputType): GraphQLNamedType | undefined {
  const inner = isNonNullType(type) ? type.ofType : type;
  return isListType(inner) ? getNamedType(inner) : undefined;
}

const fieldsOf = (type: GraphQLObjectType) => Object.values(type.getFields());

/** `PageInfo`, `Info { count pages next prev }`: every field a page role, each a scalar. */
function isPageInfo(type: GraphQLObjectType): boolean {
  const fields = fieldsOf(type);
  return fields.length > 0 && fields.every((f) => PAGE_ROLES[squash(f.name)] && isScalarType(getNamedType(f.type)));
}

/** `XEdge { node cursor }`: its node type. */
function edgeNode(type: GraphQLNamedType): GraphQLNamedType | undefined {
  if (!isObjectType(type)) return undefined;
  const node = type.getFields().node;
  if (!node || !(type.getFields().cursor || /Edge$/.test(type.name))) return undefined;
  const named = getNamedType(node.type);
  return isObjectType(named) || isInterfaceType(named) || isUnionType(named) ? named : undefined;
}

/** Hasura's `x_aggregate { aggregate { count max { .. } } nodes }`: the `aggregate` field's type. */
function aggregateFieldsOf(type: GraphQLObjectType): GraphQLObjectType | undefined {
  const aggregate = type.getFields().aggregate;
  const named = aggregate && getNamedType(aggregate.type);
  return named && isObjectType(named) && fieldsOf(named).some((f) => AGGREGATE_FUNCTIONS.has(squash(f.name))) ? named : undefined;
}

export function classify(schema: GraphQLSchema): SchemaKinds {
  const roots = new Set([schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter((t): t is GraphQLObjectType => !!t).map((t) => t.name));
  const types = Object.values(schema.getTypeMap()).filter((t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__') && !roots.has(t.name));
  const wrappers = new Map<string, WrapperKind>();
  const nodes = new Map<string, string>();
  for (const type of types) {
    if (isPageInfo(type)) wrappers.set(type.name, 'pageInfo');
    const node = edgeNode(type);
    if (node) {
      wrappers.set(type.name, 'edge');
      nodes.set(type.name, node.name);
    }
    const aggregateFields = aggregateFieldsOf(type);
    if (aggregateFields && type.getFields().nodes) {
      wrappers.set(type.name, 'aggregate');
      nodes.set(type.name, getNamedType(type.getFields().nodes.type).name);
      wrappers.set(aggregateFields.name, 'aggregateFields');
      for (const f of fieldsOf(aggregateFields)) {
        const values = getNamedType(f.type);
        if (isObjectType(values)) wrappers.set(values.name, 'aggregateValues');
      }
    }
  }
  // Page wrappers: rows of one type (directly or through edges), and otherwise only page fields and blocks. An `id`
  // too when only root fields return the type (How to GraphQL's `Feed { id links count }`): the page's own id.
  const heldByTypes = typesHeldOutside(schema, types, new Set(), false);
  for (const type of types) {
    if (wrappers.has(type.name)) continue;
    let node: string | undefined;
    let rowsOfOneType = true;
    let listed = 0;
    let other = false;
    for (const field of fieldsOf(type)) {
      const item = listItem(field.type);
      const named = getNamedType(field.type);
      if (item && (isObjectType(item) || isInterfaceType(item) || isUnionType(item))) {
        const rows = wrappers.get(item.name) === 'edge' ? nodes.get(item.name) : item.name;
        if (node !== undefined && rows !== node) rowsOfOneType = false;
        node = rows;
        listed++;
      } else if (PAGE_ROLES[squash(field.name)] && isScalarType(named)) {
        // a page field
      } else if ((PAGE_BLOCKS.has(squash(field.name)) || squash(field.name) === 'aggregate') && isObjectType(named) && ['pageInfo', 'aggregateFields'].includes(wrappers.get(named.name) ?? '')) {
        // a page block
      } else if (isPageId(field) && !heldByTypes.has(type.name)) {
        // the page's own id
      } else {
        other = true;
      }
    }
    const named = /Connection$/.test(type.name) || !!type.getFields().pageInfo;
    if (listed && rowsOfOneType && node && (!other || named) && node !== type.name) {
      wrappers.set(type.name, 'page');
      nodes.set(type.name, node);
    }
  }
  // Mutation payloads: what mutation fields return, when it is not a row itself. A union's members
  // (`union LoginResult = LoginSuccess | InvalidCredentials`) are payloads when nothing else holds them.
  const mutationFields = Object.values(schema.getMutationType()?.getFields() ?? {});
  const heldElsewhere = typesHeldOutside(schema, types, new Set(mutationFields.map((f) => getNamedType(f.type).name)));
  for (const field of mutationFields) {
    const named = getNamedType(field.type);
    if (isUnionType(named)) {
      for (const member of named.getTypes()) if (!roots.has(member.name) && !wrappers.has(member.name) && !heldElsewhere.has(member.name)) wrappers.set(member.name, 'payload');
      continue;
    }
    if (!isObjectType(named) || roots.has(named.name) || wrappers.has(named.name)) continue;
    const fields = fieldNames(named);
    if (/(Payload|Result|Response)$/i.test(named.name) || fields.has('clientmutationid') || fields.has('affectedrows') || fields.has('returning')) wrappers.set(named.name, 'payload');
  }
  return { entities: types.filter((t) => !wrappers.has(t.name)), wrappers, nodes, roots };
}

/**
 * Object types a field of a query, a subscription or another object type returns (directly, or as a member
 * of the union it returns): rows someone reads, not only a mutation's answer. `answers`: the types mutations
 * return, whose own fields do not count (a payload's `user` is a row; the payload is not). `roots` false:
 * only other object types count (a type only root fields return may be a page).
 */
function typesHeldOutside(schema: GraphQLSchema, types: readonly GraphQLObjectType[], answers: Set<string>, roots = true): Set<string> {
  const held = new Set<string>();
  const holders = [...(roots ? [schema.getQueryType(), schema.getSubscriptionType()] : []), ...types].filter((t): t is GraphQLObjectType => !!t && !answers.has(t.name));
  for (const holder of holders) {
    for (const field of fieldsOf(holder)) {
      const named = getNamedType(field.type);
      if (isUnionType(named)) for (const member of named.getTypes()) held.add(member.name);
      else held.add(named.name);
    }
  }
  return held;
}

/** A page's own `id: ID` field. */
function isPageId(field: GraphQLField<unknown, unknown>): boolean {
  const named = getNamedType(field.type);
  return squash(field.name) === 'id' && isScalarType(named) && named.name === 'ID' && !listItem(field.type);
}

function fieldNames(named: GraphQLObjectType): Set<string> {
  return new Set(Object.keys(named.getFields()).map(squash));
}

/** What a field holds: a scalar or enum (with its list-ness), an entity, a list or page of entities, an aggregate of them, or something skipped. */
export type FieldShape =
  | { kind: 'value'; type: GraphQLNamedType; list: boolean }
  | { kind: 'object'; target: string }
  | { kind: 'many'; target: string; connection: boolean }
  | { kind: 'aggregate'; target: string }
  | { kind: 'other'; reason: string };

/** An interface or union stands for an entity when exactly one entity implements it. */
export function entityOf(type: GraphQLNamedType, schema: GraphQLSchema, entities: Set<string>): string | undefined {
  if (isObjectType(type)) return entities.has(type.name) ? type.name : undefined;
  if (isInterfaceType(type) || isUnionType(type)) {
    const members = (isUnionType(type) ? type.getTypes() : schema.getPossibleTypes(type)).filter((t) => entities.has(t.name));
    return members.length === 1 ? members[0].name : undefined;
  }
  return undefined;
}

export function shapeOf(type: GraphQLOutputType, schema: GraphQLSchema, kinds: SchemaKinds, entities: Set<string>): FieldShape {
  const named = getNamedType(type);
  const list = !!listItem(type);
  if (isScalarType(named) || isEnumType(named)) return { kind: 'value', type: named, list };
  const wrapper = kinds.wrappers.get(named.name);
  if (wrapper === 'page' || wrapper === 'aggregate') {
    const node = kinds.nodes.get(named.name)!;
    const target = entityOf(schema.getType(node)!, schema, entities);
    if (!target) return { kind: 'other', reason: `a ${wrapper === 'page' ? 'page' : 'aggregate'} of ${node}, which is not one table` };
    return wrapper === 'page' ? { kind: 'many', target, connection: true } : { kind: 'aggregate', target };
  }
  const target = entityOf(named, schema, entities);
  if (!target) return { kind: 'other', reason: isUnionType(named) || isInterfaceType(named) ? `${named.name} stands for several types` : `${named.name} is not a table` };
  return list ? { kind: 'many', target, connection: false } : { kind: 'object', target };
}

/**
 * The role of each field of a wrapper type (GraphqlWrapperRole): by the
 * wrapper's kind, the field's name and its type. Unknown fields answer null
 * (the import reports them).
 */
export function wrapperRoles(type: GraphQLObjectType, kind: WrapperKind, kinds: SchemaKinds, schema: GraphQLSchema): Record<string, string> {
  const roles: Record<string, string> = {};
  const entities = new Set(kinds.entities.map((e) => e.name));
  for (const field of fieldsOf(type)) {
    roles[field.name] = roleOf(field, kind, kinds, entities, schema, type);
  }
  return roles;
}

/** Whether a payload's field is its main row: named as the payload names its type, or the only row in it. */
function isMainRow(field: GraphQLField<unknown, unknown>, payload: GraphQLObjectType, schema: GraphQLSchema, entities: Set<string>): boolean {
  const rows = fieldsOf(payload).filter((f) => !listItem(f.type) && entityOf(getNamedType(f.type), schema, entities));
  if (rows.length === 1) return true;
  const noun = squash(payload.name.replace(/^(create|insert|add|update|upsert|delete|remove|edit)/i, '').replace(/(payload|result|response)$/i, ''));
  const named = rows.find((f) => squash(f.name) === noun || squash(getNamedType(f.type).name) === noun) ?? rows[0];
  return named === field;
}

function roleOf(field: GraphQLField<unknown, unknown>, kind: WrapperKind, kinds: SchemaKinds, entities: Set<string>, schema: GraphQLSchema, type_: GraphQLObjectType): string {
  const name = squash(field.name);
  const named = getNamedType(field.type);
  const item = listItem(field.type);
  const wrapper = kinds.wrappers.get(named.name);
  switch (kind) {
    case 'edge':
      return name === 'node' ? 'node' : name === 'cursor' ? 'cursor' : 'null';
    case 'aggregateFields':
      return name === 'count' ? 'count' : AGGREGATE_FUNCTIONS.has(name) ? name : 'null';
    case 'aggregateValues':
      return 'value';
    case 'aggregate':
      return name === 'aggregate' ? 'aggregate' : name === 'nodes' && item ? 'rows' : 'null';
    case 'payload': {
      if (named === schema.getQueryType()) return 'query';
      // The row written is the payload's row named as its type is (CreateUserEmailPayload.userEmail); other rows are the written row's relations.
      if (!item && entityOf(named, schema, entities)) return isMainRow(field, type_, schema, entities) ? 'row' : 'related';
      if (name === 'clientmutationid') return 'clientMutationId';
      if (['affectedrows', 'count', 'affected'].includes(name) && isScalarType(named)) return 'affectedRows';
      if (wrapper === 'edge') return 'edge';
      if (item && entityOf(named, schema, entities)) return 'rows';
      if (/^deleted.*(id|nodeid)$/.test(name) || name === 'id' || name === 'deletedid') return 'key';
      if (['ok', 'success', 'succeeded', 'deleted', 'updated', 'created'].includes(name) && named.name === 'Boolean') return 'ok';
      return 'null';
    }
    default: {
      if (item && wrapper === 'edge') return 'edges';
      if (item && (isObjectType(named) || isInterfaceType(named) || isUnionType(named))) return 'rows';
      if (PAGE_BLOCKS.has(name) && isObjectType(named) && wrapper === 'pageInfo') return 'pageInfo';
      if (name === 'aggregate' && wrapper === 'aggregateFields') return 'aggregate';
      if (kind === 'page' && isPageId(field)) return 'pageId';
      return isScalarType(named) ? PAGE_ROLES[name] ?? 'null' : 'null';
    }
  }
}
