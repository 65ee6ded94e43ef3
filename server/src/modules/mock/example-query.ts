import type { BlueprintDocument } from '../../engine';
import { camel, pascal, pluralField, typeName } from './naming';
import { graphqlKeyOf } from './sdl-mapping';

const MAX_FIELDS = 6;

/** A first query for a blueprint's mock, as the editor shows it: a page of its first table (or the SDL's first list). */
export function mockExampleQuery(document: BlueprintDocument): string {
  const sdl = graphqlKeyOf(document);
  if (sdl) {
    const roots = Object.entries(sdl.mapping.roots);
    const [name, root] = roots.find(([, r]) => 'list' in r) ?? roots[0] ?? [];
    if (!name || !root) return '{ __typename }';
    const table = 'list' in root ? root.list : root.lookup;
    const type = Object.values(sdl.mapping.types).find((t) => t.table === table);
    const fields = Object.entries(type?.fields ?? {}).filter(([, f]) => 'column' in f).slice(0, MAX_FIELDS).map(([f]) => f).join(' ');
    if ('lookup' in root) return `{\n  ${name} {\n    ${fields}\n  }\n}`;
    return root.connection ? `{\n  ${name}(first: 5) {\n    edges {\n      node { ${fields} }\n    }\n  }\n}` : `{\n  ${name}(first: 5) { ${fields} }\n}`;
  }
  const table = document.tables?.[0];
  if (!table) return '{ __typename }';
  const columns = table.fields.filter((f) => f.generator !== 'ref').slice(0, MAX_FIELDS).map((f) => camel(f.name));
  const refs = table.fields.filter((f) => f.generator === 'ref').slice(0, 1);
  const relation = refs.map((f) => `\n      ${camel(f.name.replace(/(_id|Id|ID)$/, '')) || `${camel(typeName(String(f.options?.table)))}By${pascal(f.name)}`} { __typename }`).join('');
  return `{\n  all${pascal(pluralField(table.name))}(first: 5) {\n    totalCount\n    nodes {\n      ${columns.join(' ')}${relation}\n    }\n  }\n}`;
}
