import { GraphQLInputObjectType, GraphQLInt, GraphQLNonNull, GraphQLObjectType, GraphQLString, type GraphQLFieldConfigMap, type GraphQLInputFieldConfigMap } from 'graphql';
import type { Value } from '@seedbed/engine';
import type { MockContext } from './context';
import type { TableShape } from './default-schema';
import type { MockRow } from './mock-data';
import { camel, pascal } from './naming';

/** GraphQL field names of a table's columns → blueprint field names, applied to an input object. */
function fieldValues(shape: TableShape, input: Record<string, Value> | null | undefined): Record<string, Value> {
  const out: Record<string, Value> = {};
  for (const [gql, value] of Object.entries(input ?? {})) if (value !== undefined) out[shape.columns.get(gql)!] = value;
  return out;
}

/** PostGraphile's CRUD mutations per table (`createUser`, `updateUserById`, `deleteUserById`) and `resetMock`. */
export function mutationFields(shapes: TableShape[], objects: Map<string, GraphQLObjectType<MockRow, MockContext>>): GraphQLFieldConfigMap<unknown, MockContext> {
  const fields: GraphQLFieldConfigMap<unknown, MockContext> = {
    resetMock: {
      type: new GraphQLNonNull(GraphQLInt),
      description: 'Forgets every change mutations made to this mock (this revision and seed); answers how many rows it forgot.',
      resolve: (_root, _args, ctx) => ctx.writes.reset(),
    },
  };
  const clientMutationId = { type: GraphQLString, description: 'Echoed back in the payload.' };
  for (const shape of shapes) {
    const columns = (what: string): GraphQLInputFieldConfigMap =>
      Object.fromEntries([...shape.columns].map(([gql, field]) => [gql, { type: shape.scalars.get(field)!, description: `${what} ${gql}.` }]));
    const rowInput = new GraphQLInputObjectType({ name: `${shape.type}Input`, description: `A new ${shape.type}: fields left out are filled like generated rows.`, fields: columns('The') });
    const object = objects.get(shape.table.name)!;
    const name = camel(shape.type);
    const payload = (verb: string, extra: GraphQLFieldConfigMap<{ row: MockRow | null; clientMutationId?: string }, MockContext> = {}) =>
      new GraphQLObjectType<{ row: MockRow | null; clientMutationId?: string }, MockContext>({
        name: `${verb}${shape.type}Payload`,
        description: `What ${camel(verb)}${shape.type} answers.`,
        fields: {
          clientMutationId: { type: GraphQLString, description: 'As sent.', resolve: (p) => p.clientMutationId ?? null },
          [name]: { type: object, description: `The ${shape.type}.`, resolve: (p) => p.row },
          ...extra,
        },
      });
    fields[`create${shape.type}`] = {
      type: payload('Create'),
      description: `Adds a ${shape.type} to this mock's overlay.`,
      args: { input: { type: new GraphQLNonNull(new GraphQLInputObjectType({ name: `Create${shape.type}Input`, description: `Input of create${shape.type}.`, fields: { clientMutationId, [name]: { type: new GraphQLNonNull(rowInput), description: 'The row.' } } })), description: 'The row to add.' } },
      resolve: async (_root, { input }, ctx) => ({ row: await ctx.writes.create(shape.table.name, fieldValues(shape, input[name])), clientMutationId: input.clientMutationId }),
    };
    const key = shape.table.primaryKey;
    if (!key) continue;
    const keyArg = camel(key);
    const keyType = new GraphQLNonNull(shape.scalars.get(key)!);
    const by = `By${pascal(key)}`;
    const patch = new GraphQLInputObjectType({ name: `${shape.type}Patch`, description: `Changes to a ${shape.type}: fields left out keep their values.`, fields: columns('New') });
    fields[`update${shape.type}${by}`] = {
      type: payload('Update'),
      description: `Changes a ${shape.type} in this mock's overlay.`,
      args: { input: { type: new GraphQLNonNull(new GraphQLInputObjectType({ name: `Update${shape.type}${by}Input`, description: `Input of update${shape.type}${by}.`, fields: { clientMutationId, [keyArg]: { type: keyType, description: 'The row to change.' }, [`${name}Patch`]: { type: new GraphQLNonNull(patch), description: 'The changes.' } } })), description: 'The row and its changes.' } },
      resolve: async (_root, { input }, ctx) => ({ row: await ctx.writes.update(shape.table.name, input[keyArg], fieldValues(shape, input[`${name}Patch`])), clientMutationId: input.clientMutationId }),
    };
    fields[`delete${shape.type}${by}`] = {
      type: payload('Delete', { [`deleted${shape.type}Id`]: { type: GraphQLString, description: 'The key of the deleted row.', resolve: (p) => String(p.row!.values[key]) } }),
      description: `Deletes a ${shape.type} from this mock (until resetMock).`,
      args: { input: { type: new GraphQLNonNull(new GraphQLInputObjectType({ name: `Delete${shape.type}${by}Input`, description: `Input of delete${shape.type}${by}.`, fields: { clientMutationId, [keyArg]: { type: keyType, description: 'The row to delete.' } } })), description: 'The row to delete.' } },
      resolve: async (_root, { input }, ctx) => ({ row: await ctx.writes.delete(shape.table.name, input[keyArg]), clientMutationId: input.clientMutationId }),
    };
  }
  return fields;
}
