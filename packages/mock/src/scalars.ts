import { GraphQLBoolean, GraphQLFloat, GraphQLInt, GraphQLScalarType, GraphQLString, Kind, type GraphQLInputType, type ValueNode } from 'graphql';
import type { OutputType, TablePlan } from '@seedbed/engine';

function literal(node: ValueNode): unknown {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.ENUM:
      return node.value;
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value);
    case Kind.BOOLEAN:
      return node.value;
    case Kind.LIST:
      return node.values.map(literal);
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((f) => [f.name.value, literal(f.value)]));
    default:
      return null;
  }
}

function textScalar(name: string, description: string) {
  return new GraphQLScalarType({ name, description, serialize: (v) => v, parseValue: (v) => v, parseLiteral: literal });
}

/** PostGraphile's scalar names for the engine's output types. */
export const MOCK_SCALARS = {
  BigInt: new GraphQLScalarType({
    name: 'BigInt',
    description: 'A whole number that may not fit 32 bits, sent as a string (as PostGraphile does).',
    serialize: (v) => String(v),
    parseValue: (v) => (typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : v),
    parseLiteral: (node) => literal(node),
  }),
  Date: textScalar('Date', 'A calendar date, `YYYY-MM-DD`.'),
  Datetime: textScalar('Datetime', 'A point in time, ISO 8601.'),
  UUID: textScalar('UUID', 'A universally unique identifier.'),
  JSON: textScalar('JSON', 'Any JSON value.'),
  Cursor: textScalar('Cursor', 'An opaque position in a connection: pass it as `after`.'),
};

const INT32 = 2 ** 31;

function fitsInt(min: unknown, max: unknown): boolean {
  return typeof min === 'number' && typeof max === 'number' && min >= -INT32 && max < INT32;
}

/** Whether an integer field's values stay within GraphQL's Int (else BigInt). */
function intFits(table: TablePlan, fieldIndex: number): boolean {
  const field = table.fields[fieldIndex];
  if (field.ref) return intFits(field.ref.table, field.ref.field.index);
  const options = (table.def.fields[fieldIndex].options ?? {}) as Record<string, unknown>;
  if (field.generator === 'sequence') {
    const start = (options.start as number | undefined) ?? 1;
    const last = start + ((options.step as number | undefined) ?? 1) * Math.max(0, table.layout.rows - 1);
    return fitsInt(Math.min(start, last), Math.max(start, last));
  }
  if ('min' in options || 'max' in options) return fitsInt(options.min ?? 0, options.max ?? 0);
  return field.generator !== 'number.bigInt';
}

export function scalarOf(table: TablePlan, fieldIndex: number): GraphQLScalarType {
  const type: OutputType = table.fields[fieldIndex].type;
  switch (type) {
    case 'integer':
      return intFits(table, fieldIndex) ? GraphQLInt : MOCK_SCALARS.BigInt;
    case 'float':
      return GraphQLFloat;
    case 'boolean':
      return GraphQLBoolean;
    case 'date':
      return MOCK_SCALARS.Date;
    case 'datetime':
      return MOCK_SCALARS.Datetime;
    case 'uuid':
      return MOCK_SCALARS.UUID;
    case 'json':
      return MOCK_SCALARS.JSON;
    default:
      return GraphQLString;
  }
}

/** Columns a condition or an order may name: comparable scalars, not JSON. */
export function comparable(type: GraphQLInputType): boolean {
  return type !== MOCK_SCALARS.JSON;
}
