import { buildSchema, getNamedType, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import type { BlueprintDocument } from '../../engine';
import { resolveMapping } from './resolve-mapping';
import { camel, pascal, pluralField, typeName } from './naming';
import { graphqlKeyOf, type GraphqlDocumentKey } from './sdl-mapping';

const MAX_FIELDS = 6;

/** A first query for a blueprint's mock, as the editor shows it: a page of its first table (or the SDL's first list). */
export function mockExampleQuery(document: BlueprintDocument): string {
  const sdl = graphqlKeyOf(document);
  if (sdl) return sdlExample(sdl);
  const table = document.tables?.[0];
  if (!table) return '{ __typename }';
  const columns = table.fields.filter((f) => f.generator !== 'ref').slice(0, MAX_FIELDS).map((f) => camel(f.name));
  const refs = table.fields.filter((f) => f.generator === 'ref').slice(0, 1);
  const relation = refs.map((f) => `\n      ${camel(f.name.replace(/(_id|Id|ID)$/, '')) || `${camel(typeName(String(f.options?.table)))}By${pascal(f.name)}`} { __typename }`).join('');
  return `{\n  all${pascal(pluralField(table.name))}(first: 5) {\n    totalCount\n    nodes {\n      ${columns.join(' ')}${relation}\n    }\n  }\n}`;
}

/** A first query that runs against the SDL as written: its first list (a page of 5 when it pages), the fields the rows show, and a page block if it has one. */
function sdlExample(key: GraphqlDocumentKey): string {
  let schema: GraphQLSchema;
  try {
    schema = buildSchema(key.sdl);
  } catch {
    return '{ __typename }';
  }
  const { roots, types, wrappers } = resolveMapping(schema, key.mapping);
  const fields = schema.getQueryType()?.getFields() ?? {};
  const [name, root] = Object.entries(roots).find(([, r]) => 'list' in r) ?? Object.entries(roots).find(([, r]) => 'lookup' in r && !Array.isArray(r.args) && !Object.keys(r.args).length) ?? [];
  const field = name ? fields[name] : undefined;
  if (!field || !root || 'node' in root) return '{ __typename }';
  const table = 'list' in root ? root.list : 'lookup' in root ? root.lookup : root.aggregate;
  const type = Object.values(types).find((t) => t.table === table);
  const columns = Object.entries(type?.fields ?? {}).filter(([, f]) => 'column' in f).slice(0, MAX_FIELDS).map(([f]) => f).join(' ');
  const size = Object.entries(('args' in root && !Array.isArray(root.args) ? root.args : undefined) ?? {}).find(([, b]) => 'page' in b && b.page === 'first');
  const args = size ? `(${size[0]}: 5)` : '';
  const named = getNamedType(field.type);
  const roles = wrappers[named.name];
  if (!roles) return `{\n  ${name}${args} {\n    ${columns}\n  }\n}`;
  const count = Object.entries(roles).find(([, r]) => r === 'totalCount')?.[0];
  const block = Object.entries(roles).find(([, r]) => r === 'pageInfo');
  const blockRoles = block && wrappers[getNamedType((named as GraphQLObjectType).getFields()[block[0]].type).name];
  const blockFields = blockRoles && Object.entries(blockRoles).filter(([, r]) => r !== 'null').map(([f]) => f).join(' ');
  const rows = Object.entries(roles).find(([, r]) => r === 'rows')?.[0];
  const edges = Object.entries(roles).find(([, r]) => r === 'edges')?.[0];
  const listed = rows ? `${rows} { ${columns} }` : edges ? `${edges} {\n      node { ${columns} }\n    }` : '__typename';
  return `{\n  ${name}${args} {\n${count ? `    ${count}\n` : ''}${blockFields ? `    ${block![0]} { ${blockFields} }\n` : ''}    ${listed}\n  }\n}`;
}
