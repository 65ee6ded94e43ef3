/** schema.graphql is the API's documentation: every element of it says what it is. */
import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, isEnumType, isInputObjectType, isInterfaceType, isObjectType, isSpecifiedScalarType, type GraphQLNamedType } from 'graphql';

const schema = buildSchema(fs.readFileSync(path.resolve(__dirname, '..', '..', '..', 'schema.graphql'), 'utf8'));

/** Every type, field, argument, input field and enum value that has no description. */
function undocumented(types: readonly GraphQLNamedType[]): string[] {
  const missing: string[] = [];
  for (const type of types) {
    if (type.name.startsWith('__') || isSpecifiedScalarType(type)) continue;
    if (!type.description) missing.push(type.name);
    if (isObjectType(type) || isInterfaceType(type) || isInputObjectType(type)) {
      for (const field of Object.values(type.getFields())) {
        if (!field.description) missing.push(`${type.name}.${field.name}`);
        for (const arg of 'args' in field ? field.args : []) if (!arg.description) missing.push(`${type.name}.${field.name}(${arg.name})`);
      }
    }
    if (isEnumType(type)) for (const value of type.getValues()) if (!value.description) missing.push(`${type.name}.${value.name}`);
  }
  return missing;
}

describe('schema.graphql', () => {
  it('describes every type, field, argument, input field and enum value', () => {
    expect(undocumented(Object.values(schema.getTypeMap()))).toEqual([]);
  });

  it('is checked by a test that notices a missing description', () => {
    const bare = buildSchema('"A thing." type Query { "x" a(b: Int): Int c: Int } enum E { "one" ONE TWO }');
    expect(undocumented(Object.values(bare.getTypeMap()))).toEqual(['Query.a(b)', 'Query.c', 'E', 'E.TWO']);
  });
});
