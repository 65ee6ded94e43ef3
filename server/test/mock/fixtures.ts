import type { BlueprintDocument } from '@seedbed/engine';

/** users → orders (uuid keys, 0–5 per user) → items (1–3 per order), plus products with a retry-unique text key. */
export const SHOP: BlueprintDocument = {
  seedbed: 1,
  name: 'shop',
  seed: 7,
  tables: [
    {
      name: 'users',
      rows: 300,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 10, step: 5 } },
        { name: 'name', generator: 'person.firstName' },
        { name: 'email', generator: 'internet.email', unique: true },
      ],
    },
    {
      name: 'orders',
      rows: { perParent: 'users', min: 0, max: 5 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'uuid' },
        { name: 'user_id', generator: 'ref', options: { table: 'users' } },
        { name: 'status', generator: 'weighted', options: { values: { paid: 70, pending: 25, refunded: 5 } } },
      ],
    },
    {
      name: 'items',
      rows: { perParent: 'orders', min: 1, max: 3 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence' },
        { name: 'order_id', generator: 'ref', options: { table: 'orders' } },
        { name: 'buyer', generator: 'ref', options: { table: 'users' } },
        { name: 'product', generator: 'ref', options: { table: 'products' } },
      ],
    },
    {
      name: 'products',
      rows: 400,
      primaryKey: 'code',
      fields: [
        { name: 'code', generator: 'regex', options: { pattern: '[A-D]{2}\\d{2}' } },
        { name: 'price', generator: 'number.float', options: { min: 1, max: 99, precision: 0.01 } },
      ],
    },
  ],
};

/** SHOP without the retry-unique products (whose every read replays): what the API tests serve. */
export const SHOP_FAST: BlueprintDocument = {
  ...SHOP,
  tables: SHOP.tables
    .filter((t) => t.name !== 'products')
    .map((t) => (t.name === 'items' ? { ...t, fields: t.fields.filter((f) => f.name !== 'product').concat([{ name: 'quantity', generator: 'number.int', options: { min: 1, max: 9 } }]) } : t)),
};

/** A schema in the style of a public Relay API (SWAPI): Node, connections on every list, `film(id: ID, filmID: ID)`, enums, a many-to-many. */
export const FILMS_SDL = /* GraphQL */ `
"An object with an id."
interface Node { id: ID! }
enum Episode { NEWHOPE EMPIRE JEDI }
enum Side { LIGHT DARK }
type PageInfo { hasNextPage: Boolean! hasPreviousPage: Boolean! startCursor: String endCursor: String }
type Film implements Node {
  id: ID!
  title: String!
  episode: Episode!
  releaseDate: String
  openingCrawl: String
  director: Person!
  characterConnection(first: Int, after: String): FilmCharactersConnection
}
type Person implements Node {
  id: ID!
  name: String!
  email: String
  birthYear: Int
  side: Side!
  homeworld: Planet
  filmConnection(first: Int, after: String): PersonFilmsConnection
  directed(first: Int): [Film!]!
}
type Planet implements Node {
  id: ID!
  name: String
  population: Float
  residentConnection(first: Int, after: String): PlanetResidentsConnection
}
type FilmCharactersConnection { edges: [FilmCharactersEdge] pageInfo: PageInfo! totalCount: Int }
type FilmCharactersEdge { node: Person cursor: String! }
type PersonFilmsConnection { edges: [PersonFilmsEdge] pageInfo: PageInfo! totalCount: Int }
type PersonFilmsEdge { node: Film cursor: String! }
type PlanetResidentsConnection { edges: [PlanetResidentsEdge] pageInfo: PageInfo! totalCount: Int }
type PlanetResidentsEdge { node: Person cursor: String! }
type FilmsConnection { edges: [FilmsEdge] pageInfo: PageInfo! totalCount: Int }
type FilmsEdge { node: Film cursor: String! }
type PeopleConnection { edges: [PeopleEdge] pageInfo: PageInfo! totalCount: Int }
type PeopleEdge { node: Person cursor: String! }
type Query {
  allFilms(first: Int, after: String): FilmsConnection
  allPeople(first: Int, after: String): PeopleConnection
  film(id: ID, filmID: ID): Film
  person(id: ID, personID: ID): Person
  planet(id: ID, planetID: ID): Planet
  node(id: ID!): Node
  nodes(ids: [ID!]!): [Node]!
}
type LikeFilmPayload { film: Film }
type Mutation { likeFilm(filmId: ID!): LikeFilmPayload }
`;
