/**
 * The mock's schema for a blueprint without an imported SDL, in PostGraphile's
 * conventions: `User` per `users` table, `allUsers`/`users` connections with
 * `first`/`after`/`offset`/`orderBy`/`condition`, `userById`, relations both
 * ways (`order.user`, `user.orders`), and `createUser`/`updateUserById`/
 * `deleteUserById` over the mock's overlay.
 */
import {
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  type GraphQLFieldConfigMap,
  type GraphQLInputFieldConfigMap,
  type GraphQLScalarType,
} from 'graphql';
import type { Plan, TablePlan, Value } from '../../engine';
import { connectionType, MOCK_PAGE_MAX, pageOf, type PageArgs } from './connection';
import type { MockContext } from './context';
import { then, type MockRow, type RowQuery } from './mock-data';
import type { Filter } from './filter';
import { badInput } from '../../errors';
import { jsonIssue } from '../../json-input';
import { camel, constant, pascal, pluralField, relationName, typeName } from './naming';
import { comparable, MOCK_SCALARS, scalarOf } from './scalars';
import { mutationFields } from './default-mutations';

export interface TableShape {
  table: TablePlan;
  type: string;
  plural: string;
  /** GraphQL field name → blueprint field name, for the scalar columns. */
  columns: Map<string, string>;
  scalars: Map<string, GraphQLScalarType>;
}

interface ConnectionArgs extends PageArgs {
  orderBy?: string[] | null;
  condition?: Record<string, Value> | null;
}

export function buildDefaultSchema(plan: Plan): GraphQLSchema {
  const shapes = new Map<string, TableShape>();
  for (const table of plan.tables) {
    const columns = new Map<string, string>();
    const scalars = new Map<string, GraphQLScalarType>();
    for (const f of table.fields) {
      columns.set(camel(f.name), f.name);
      scalars.set(f.name, scalarOf(table, f.index));
    }
    shapes.set(table.name, { table, type: typeName(table.name), plural: pascal(pluralField(table.name)), columns, scalars });
  }
  const objects = new Map<string, GraphQLObjectType<MockRow, MockContext>>();
  const connections = new Map<string, GraphQLObjectType>();
  const orderEnums = new Map<string, GraphQLEnumType>();
  const conditions = new Map<string, GraphQLInputObjectType>();

  const connectionArgs = (shape: TableShape) => ({
    first: { type: new GraphQLNonNull(GraphQLInt), description: `Rows per page, 1 to ${MOCK_PAGE_MAX}.` },
    after: { type: MOCK_SCALARS.Cursor, description: 'Read the rows after this cursor.' },
    offset: { type: GraphQLInt, description: 'Skip this many rows (after `after`, when both are given).' },
    orderBy: { type: new GraphQLList(new GraphQLNonNull(orderEnums.get(shape.table.name)!)), description: 'Order of the rows: NATURAL (as generated), the key, or a column (sorted within the scan limit).' },
    condition: { type: conditions.get(shape.table.name)!, description: 'Only rows whose columns equal these values (scans at most the scan limit).' },
  });

  for (const shape of shapes.values()) {
    const values: Record<string, { value: string; description: string }> = {
      NATURAL: { value: '', description: 'The order rows are generated in.' },
    };
    const conditionFields: GraphQLInputFieldConfigMap = {};
    const pk = shape.table.primaryKey;
    if (pk) {
      values.PRIMARY_KEY_ASC = { value: `${pk}:asc`, description: 'By the primary key, ascending.' };
      values.PRIMARY_KEY_DESC = { value: `${pk}:desc`, description: 'By the primary key, descending.' };
    }
    for (const [gql, field] of shape.columns) {
      const scalar = shape.scalars.get(field)!;
      if (!comparable(scalar)) continue;
      values[`${constant(field)}_ASC`] = { value: `${field}:asc`, description: `By ${gql}, ascending.` };
      values[`${constant(field)}_DESC`] = { value: `${field}:desc`, description: `By ${gql}, descending.` };
      conditionFields[gql] = { type: scalar, description: `Equal to this ${gql}.` };
    }
    orderEnums.set(shape.table.name, new GraphQLEnumType({ name: `${shape.plural}OrderBy`, description: `Orders of ${shape.plural}.`, values }));
    conditions.set(shape.table.name, new GraphQLInputObjectType({ name: `${shape.type}Condition`, description: `Equality on columns of ${shape.type}.`, fields: conditionFields }));
  }

  const connectionResolver = (shape: TableShape, parentOf?: (row: MockRow) => RowQuery['parent']) =>
    (row: unknown, args: ConnectionArgs, ctx: MockContext) => {
      const query: RowQuery = { table: shape.table.name, parent: parentOf?.(row as MockRow), filter: conditionOf(shape, args.condition), order: orderOf(args.orderBy) };
      // A plain page is answered synchronously (see MockData.select); filters and sorts may take turns of the event loop.
      return then(ctx.data.select(query), (s) => pageOf(shape.table.name, ctx.data, s, args, { maxSize: MOCK_PAGE_MAX }));
    };

  for (const shape of shapes.values()) {
    objects.set(shape.table.name, new GraphQLObjectType<MockRow, MockContext>({
      name: shape.type,
      description: `A row of the blueprint's "${shape.table.name}" table.`,
      fields: () => {
        const fields: GraphQLFieldConfigMap<MockRow, MockContext> = {};
        for (const [gql, field] of shape.columns) {
          const f = shape.table.fieldByName.get(field)!;
          const type = f.name === pk(shape) ? new GraphQLNonNull(shape.scalars.get(field)!) : shape.scalars.get(field)!;
          fields[gql] = { type, description: `${f.generator}${f.unique ? ', unique' : ''}.`, resolve: (row) => row.values[field] };
        }
        // Forward relations: order.user for orders.user_id.
        for (const f of shape.table.fields) {
          if (!f.ref) continue;
          const target = shapes.get(f.ref.table.name)!;
          let name = relationName(f.name);
          if (!name || fields[name]) name = `${camel(target.type)}By${pascal(f.name)}`;
          const targetTable = target.table.name;
          const via = f.ref.field.name;
          fields[name] = {
            type: objects.get(targetTable)!,
            description: `The ${target.type} this row's ${camel(f.name)} points at.`,
            resolve: (row, _args, ctx) => (via === target.table.primaryKey ? ctx.data.byKey(targetTable, row.values[f.name]) : firstRow(ctx, { table: targetTable, filter: { column: via, op: 'eq', value: row.values[f.name] } })),
          };
        }
        // Backward relations: user.orders for orders.user_id.
        for (const child of shapes.values()) {
          const refs = child.table.fields.filter((f) => f.ref?.table === shape.table);
          for (const f of refs) {
            let name = pluralField(child.table.name);
            if (refs.length > 1 || fields[name]) name = `${name}By${pascal(f.name)}`;
            const via = f.ref!.field.name;
            fields[name] = {
              type: new GraphQLNonNull(connections.get(child.table.name)!),
              description: `${child.plural} whose ${camel(f.name)} points at this row.`,
              args: connectionArgs(child),
              resolve: connectionResolver(child, (row) => ({ field: f.name, table: shape.table.name, key: row.values[via], baseIndex: 'base' in row.ref ? row.ref.base : null })),
            };
          }
        }
        return fields;
      },
    }));
    connections.set(shape.table.name, connectionType(shape.plural, objects.get(shape.table.name)!));
  }

  const query: GraphQLFieldConfigMap<unknown, MockContext> = {};
  for (const shape of shapes.values()) {
    const connection = { type: new GraphQLNonNull(connections.get(shape.table.name)!), args: connectionArgs(shape), resolve: connectionResolver(shape) };
    query[`all${shape.plural}`] = { ...connection, description: `Rows of "${shape.table.name}", a page at a time.` };
    query[camel(shape.plural)] ??= { ...connection, description: `Rows of "${shape.table.name}" (the same as all${shape.plural}).` };
    const key = pk(shape);
    if (key) {
      query[`${camel(shape.type)}By${pascal(key)}`] = {
        type: objects.get(shape.table.name)!,
        description: `The ${shape.type} whose ${camel(key)} is this, or null.`,
        args: { [camel(key)]: { type: new GraphQLNonNull(shape.scalars.get(key)!), description: 'The key to look up.' } },
        resolve: (_root, args: Record<string, Value>, ctx) => ctx.data.byKey(shape.table.name, args[camel(key)]),
      };
    }
  }
  return new GraphQLSchema({
    query: new GraphQLObjectType({ name: 'Query', description: 'Reads of the mock: the generated rows, with what mutations changed.', fields: query }),
    mutation: new GraphQLObjectType({ name: 'Mutation', description: 'Writes kept in the mock overlay until resetMock.', fields: mutationFields([...shapes.values()], objects) }),
  });
}

function pk(shape: TableShape): string | undefined {
  return shape.table.primaryKey;
}

/** PostGraphile's `condition`: each column equal to its value, or NULL for null. */
function conditionOf(shape: TableShape, condition: Record<string, Value> | null | undefined): Filter | undefined {
  if (!condition) return undefined;
  const issue = jsonIssue(condition, { path: 'condition' });
  if (issue) throw badInput(issue.path, `${issue.path} ${issue.message}`);
  const parts: Filter[] = [];
  for (const [gql, value] of Object.entries(condition)) {
    if (value === undefined) continue;
    const column = shape.columns.get(gql)!;
    parts.push(value === null ? { column, op: 'isNull', value: true } : { column, op: 'eq', value });
  }
  return { all: parts };
}

function orderOf(orderBy: string[] | null | undefined): RowQuery['order'] {
  const order = (orderBy ?? []).filter((o) => o !== '').map((o) => {
    const [column, direction] = o.split(':');
    return { column, descending: direction === 'desc' };
  });
  return order.length ? order : undefined;
}

/** The first row a query selects (a ref to a unique field that is not the key). */
function firstRow(ctx: MockContext, query: RowQuery) {
  return then(ctx.data.select(query), (s) => {
    const [ref] = s.slice(0, 1);
    return ref ? ctx.data.byRef(query.table, ref) : null;
  });
}
