/**
 * What a GraphQL schema's types are, for an import: Relay wrappers
 * (connections, edges, PageInfo, mutation payloads) and root types are
 * recognised and never become tables; the other object types are entities.
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

export interface SchemaKinds {
  entities: GraphQLObjectType[];
  /** Connection type name → node type name. */
  connections: Map<string, string>;
  /** Types that are neither entities nor connections: roots, edges, PageInfo, payloads. */
  wrappers: Set<string>;
}

function fieldOf(type: GraphQLObjectType, name: string): GraphQLField<unknown, unknown> | undefined {
  return type.getFields()[name];
}

function listItem(type: GraphQLOutputType): GraphQLNamedType | undefined {
  const inner = isNonNullType(type) ? type.ofType : type;
  return isListType(inner) ? getNamedType(inner) : undefined;
}

/** `XEdge { node: X, cursor }`: its node type. */
function edgeNode(type: GraphQLNamedType): GraphQLNamedType | undefined {
  if (!isObjectType(type)) return undefined;
  const node = fieldOf(type, 'node');
  if (!node || !(fieldOf(type, 'cursor') || /Edge$/.test(type.name))) return undefined;
  return getNamedType(node.type);
}

/** `XConnection { edges { node } | nodes, pageInfo? }`: its node type. */
function connectionNode(type: GraphQLObjectType): GraphQLNamedType | undefined {
  const edges = fieldOf(type, 'edges');
  const nodes = fieldOf(type, 'nodes');
  const looksLike = /Connection$/.test(type.name) || !!fieldOf(type, 'pageInfo');
  if (!looksLike) return undefined;
  const edge = edges && listItem(edges.type);
  const viaEdge = edge && edgeNode(edge);
  if (viaEdge) return viaEdge;
  const item = nodes && listItem(nodes.type);
  return item && (isObjectType(item) || isInterfaceType(item)) ? item : undefined;
}

export function classify(schema: GraphQLSchema): SchemaKinds {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter((t): t is GraphQLObjectType => !!t);
  const wrappers = new Set(roots.map((t) => t.name));
  const connections = new Map<string, string>();
  const types = Object.values(schema.getTypeMap()).filter((t): t is GraphQLObjectType => isObjectType(t) && !t.name.startsWith('__'));
  for (const type of types) {
    const node = connectionNode(type);
    if (node) {
      connections.set(type.name, node.name);
      wrappers.add(type.name);
      const edges = fieldOf(type, 'edges');
      const edge = edges && listItem(edges.type);
      if (edge) wrappers.add(edge.name);
    }
    if (fieldOf(type, 'hasNextPage') && fieldOf(type, 'hasPreviousPage')) wrappers.add(type.name);
  }
  // Mutation payloads: what mutation fields return, named as such.
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const named = getNamedType(field.type);
    if (isObjectType(named) && /(Payload|Result|Response)$/.test(named.name)) wrappers.add(named.name);
  }
  return { entities: types.filter((t) => !wrappers.has(t.name)), connections, wrappers };
}

/** What a field holds: a scalar or enum (with its list-ness), an entity, a list or connection of entities, or something skipped. */
export type FieldShape =
  | { kind: 'value'; type: GraphQLNamedType; list: boolean }
  | { kind: 'object'; target: string }
  | { kind: 'many'; target: string; connection: boolean }
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
  const node = kinds.connections.get(named.name);
  if (node) {
    const target = entityOf(schema.getType(node)!, schema, entities);
    return target ? { kind: 'many', target, connection: true } : { kind: 'other', reason: `a connection of ${node}, which is not one table` };
  }
  const target = entityOf(named, schema, entities);
  if (!target) return { kind: 'other', reason: isUnionType(named) || isInterfaceType(named) ? `${named.name} stands for several types` : `${named.name} is not a table` };
  return list ? { kind: 'many', target, connection: false } : { kind: 'object', target };
}
