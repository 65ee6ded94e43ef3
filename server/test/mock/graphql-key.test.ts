/**
 * The document's `graphql` key (what a GRAPHQL_SDL import writes) is part of
 * a valid blueprint: accepted as the import writes it, its mapping checked
 * against the tables with exact paths, its SDL bounded in bytes, and what the
 * mock derives from it independent of key order.
 */
import { MAX_SDL_BYTES, validateBlueprint, type BlueprintDocument } from '@seedbed/engine';
import { readGraphqlSdl } from '../../../packages/import/src/graphql-sdl/read-sdl';
import { mockExampleQuery } from '../../../packages/mock/src/example-query';
import { FILMS_SDL } from './fixtures';

let imported: BlueprintDocument;
beforeAll(async () => {
  imported = (await readGraphqlSdl(FILMS_SDL, { name: 'films', allowPrivateTargets: false })).document;
});

const withGraphql = (edit: (doc: any) => void): BlueprintDocument => {
  const doc = structuredClone(imported) as any;
  edit(doc);
  return doc;
};

function reversedKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map(reversedKeys) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversedKeys(v)])) as T;
}

it('accepts the document an SDL import writes, graphql key included', () => {
  expect(validateBlueprint(imported)).toEqual([]);
});

it('refuses a mapping naming tables and fields that are not there, each at its path', () => {
  const doc = withGraphql((d) => {
    d.graphql.mapping.types.Film.table = 'Films';
    d.graphql.mapping.types.Person.key = 'uid';
    d.graphql.mapping.types.Person.fields.name = { column: 'full_name' };
    d.graphql.mapping.types.Person.fields.homeworld = { ref: 'id', table: 'planets' };
    d.graphql.mapping.types.Planet.fields.residentConnection.via = 'planet';
    d.graphql.mapping.types.Planet.fields.oops = { colum: 'name' };
    d.graphql.mapping.roots.film = { lookup: 'movies', args: ['id'] };
    d.graphql.mapping.roots.weird = { list: 'films' };
    d.graphql.extra = true;
  });
  expect(validateBlueprint(doc)).toEqual(
    expect.arrayContaining([
      { path: 'graphql.extra', message: 'is not a known key' },
      { path: 'graphql.mapping.types.Film.table', message: 'names no table of this blueprint (did you mean "films"?)' },
      { path: 'graphql.mapping.types.Person.key', message: 'names no field of table "people"' },
      { path: 'graphql.mapping.types.Person.fields.name.column', message: 'names no field of table "people"' },
      { path: 'graphql.mapping.types.Person.fields.homeworld.ref', message: 'must name a ref field of "people" pointing at "planets"' },
      { path: 'graphql.mapping.types.Planet.fields.residentConnection.via', message: 'names no field of table "people"' },
      { path: 'graphql.mapping.types.Planet.fields.oops', message: expect.stringMatching(/^must be \{"column"\}/) },
      { path: 'graphql.mapping.roots.film.lookup', message: 'names no table of this blueprint' },
      { path: 'graphql.mapping.roots.weird', message: expect.stringMatching(/^must be \{"lookup"/) },
    ]),
  );
});

it('bounds the SDL in bytes, not characters', () => {
  const big = withGraphql((d) => (d.graphql.sdl = `${d.graphql.sdl}\n# ${'é'.repeat(MAX_SDL_BYTES / 2)}`));
  const bytes = Buffer.byteLength((big as any).graphql.sdl).toLocaleString('en-US');
  expect(validateBlueprint(big)).toEqual([{ path: 'graphql.sdl', message: `has ${bytes} bytes; at most 1,000,000` }]);
  // Half as many characters as the bound allows bytes, but two bytes each: still too large; as ASCII it fits.
  expect(validateBlueprint(withGraphql((d) => (d.graphql.sdl = `${d.graphql.sdl}\n# ${'e'.repeat(MAX_SDL_BYTES / 2)}`)))).toEqual([]);
  const missing = withGraphql((d) => delete d.graphql.mapping);
  expect(validateBlueprint(missing)).toEqual([{ path: 'graphql.mapping', message: expect.any(String) }]);
});

it('derives the same example query whatever the order of the mapping’s keys', () => {
  const reordered = { ...imported, graphql: reversedKeys((imported as any).graphql) } as BlueprintDocument;
  expect(mockExampleQuery(reordered)).toBe(mockExampleQuery(imported));
  expect(validateBlueprint(reordered)).toEqual([]);
});
