/**
 * GRAPHQL_SDL: a schema in the style of a public Relay API (a Node interface,
 * connections on every list, `film(id: ID, filmID: ID)` lookups, enums,
 * nested objects, a many-to-many), imported; queries written against the SDL
 * beforehand run unchanged against the blueprint's mock.
 */
import { parse, printSchema, buildSchema, type ExecutionResult } from 'graphql';
import { compileBlueprint, validateBlueprint } from '@seedbed/engine';
import { readGraphqlSdl } from '../../../packages/import/src/graphql-sdl/read-sdl';
import { buildMockSchema, executeMock, splitDocument } from '../../../packages/mock/src/mock-schema';
import { MemoryOverlayStore } from '../../../packages/mock/src/overlay';
import { FILMS_SDL } from './fixtures';


// Written against the SDL before any import, as an app would have them.
const ALL_FILMS = `query AllFilms($after: String) { allFilms(first: 5, after: $after) { totalCount edges { cursor node { id title episode director { id name } } } pageInfo { hasNextPage endCursor } } }`;
const FILM = `query Film($id: ID) { film(id: $id) { id title releaseDate characterConnection(first: 3) { totalCount edges { node { id name side homeworld { name population } } } } } }`;
const PERSON = `query Person($personID: ID) { person(personID: $personID) { name birthYear filmConnection(first: 50) { totalCount edges { node { id title } } } directed(first: 2) { title } } }`;
const PLANET = `query Planet($id: ID) { planet(id: $id) { id name residentConnection(first: 5) { totalCount edges { node { id homeworld { id } } } } } }`;
const PEOPLE = `query People { allPeople(first: 3) { edges { node { ... on Node { id } ... on Person { name } } } } }`;

describe('GRAPHQL_SDL import and its mock', () => {
  let result: Awaited<ReturnType<typeof readGraphqlSdl>>;
  let run: (query: string, variables?: Record<string, unknown>) => Promise<ExecutionResult<any>>;

  beforeAll(async () => {
    result = await readGraphqlSdl(FILMS_SDL, { name: 'films', allowPrivateTargets: false });
    const { generation, graphql } = splitDocument(result.document);
    const mock = buildMockSchema(compileBlueprint(generation), { maxScan: 100_000 }, graphql);
    run = (query, variables) => executeMock(mock, new MemoryOverlayStore(), { document: parse(query), variables }, () => {});
  });

  it('makes tables of the object types only, keeps the SDL, and says what it skipped', () => {
    const tables = result.document.tables.map((t) => t.name);
    expect(tables).toEqual(expect.arrayContaining(['films', 'people', 'planets']));
    expect(tables.some((t) => /connection|edge|page_info|payload|quer|mutation/i.test(t))).toBe(false);
    expect(tables).toHaveLength(4); // and one junction for films ⇄ people
    const films = result.document.tables.find((t) => t.name === 'films')!;
    expect(films.rows).toEqual(expect.objectContaining({ perParent: 'people' }));
    expect(films.fields.find((f) => f.name === 'episode')).toMatchObject({ generator: 'weighted', options: { values: { EMPIRE: 1, JEDI: 1, NEWHOPE: 1 } } });
    expect(validateBlueprint(splitDocument(result.document).generation)).toEqual([]);
    expect((result.document as any).graphql.sdl).toBe(FILMS_SDL);
    // Relay's node(id:) is answered; a mutation whose name says neither create, update nor delete is answered from its arguments without writing, and the report says so.
    expect(result.skipped).toEqual([]);
    expect(result.mockAnswers?.find((a) => a.field === 'Query.node')).toMatchObject({ kind: 'NODE' });
    expect(result.mockAnswers?.find((a) => a.field === 'Mutation.likeFilm')).toMatchObject({ kind: 'ANSWERED', answer: expect.stringMatching(/^answered, not written .*film: the Film whose key filmId names/) });
    expect(result.report.find((d) => d.table === 'people' && d.field === 'email')?.generator).toBe('internet.email');
  });

  it('serves exactly the imported SDL', async () => {
    const { generation, graphql } = splitDocument(result.document);
    const served = buildMockSchema(compileBlueprint(generation), { maxScan: 100_000 }, graphql).schema;
    expect(printSchema(served)).toBe(printSchema(buildSchema(FILMS_SDL)));
  });

  it('runs the queries written before the import, unchanged, with no errors and data that agrees', async () => {
    const all = await run(ALL_FILMS);
    expect(all.errors).toBeUndefined();
    expect(all.data!.allFilms.totalCount).toBeGreaterThan(5);
    const second = await run(ALL_FILMS, { after: all.data!.allFilms.pageInfo.endCursor });
    expect(second.data!.allFilms.edges[0].node.id).not.toBe(all.data!.allFilms.edges[0].node.id);
    const [first] = all.data!.allFilms.edges;
    expect(['NEWHOPE', 'EMPIRE', 'JEDI']).toContain(first.node.episode);

    const film = await run(FILM, { id: first.node.id });
    expect(film.errors).toBeUndefined();
    expect(film.data!.film).toMatchObject({ id: first.node.id, title: first.node.title });
    expect(film.data!.film.characterConnection.totalCount).toBeGreaterThanOrEqual(film.data!.film.characterConnection.edges.length);

    const director = await run(PERSON, { personID: first.node.director.id });
    expect(director.errors).toBeUndefined();
    expect(director.data!.person.name).toBe(first.node.director.name);
    expect(director.data!.person.directed.map((f: { title: string }) => f.title)).toContain(first.node.title);

    // Many-to-many, both ways: a film's characters list that film among theirs.
    const withCast = [];
    for (const { node } of [...all.data!.allFilms.edges, ...second.data!.allFilms.edges]) {
      const cast = (await run(FILM, { id: node.id })).data!.film.characterConnection.edges;
      if (cast.length) withCast.push({ film: node.id, character: cast[0].node.id });
    }
    expect(withCast.length).toBeGreaterThan(0);
    for (const { film, character } of withCast) {
      const appears = await run(PERSON, { personID: character });
      expect(appears.data!.person.filmConnection.edges.map((e: any) => e.node.id)).toContain(film);
    }

    const people = await run(PEOPLE);
    expect(people.errors).toBeUndefined();
    expect(people.data!.allPeople.edges.every((e: any) => e.node.id && e.node.name)).toBe(true);
    const homeworld = await run('query($id: ID) { person(id: $id) { homeworld { id } } }', { id: people.data!.allPeople.edges[0].node.id });
    const planet = await run(PLANET, { id: homeworld.data!.person.homeworld.id });
    expect(planet.errors).toBeUndefined();
    expect(planet.data!.planet.residentConnection.totalCount).toBeGreaterThan(0);
    for (const edge of planet.data!.planet.residentConnection.edges) expect(edge.node.homeworld.id).toBe(planet.data!.planet.id);
    // Relay's node(id:) and nodes(ids:): rows of any type by global id, null for an id of no row.
    const person = people.data!.allPeople.edges[0].node;
    const nodes = await run('query($ids: [ID!]!) { nodes(ids: $ids) { __typename id ... on Person { name } ... on Planet { name } } }', { ids: [person.id, planet.data!.planet.id, 'bm9wZToxMjM='] });
    expect(nodes.errors).toBeUndefined();
    expect(nodes.data!.nodes).toEqual([{ __typename: 'Person', id: person.id, name: person.name }, { __typename: 'Planet', id: planet.data!.planet.id, name: planet.data!.planet.name }, null]);
    expect((await run('query($id: ID!) { node(id: $id) { ... on Person { name } } }', { id: person.id })).data!.node).toEqual({ name: person.name });
    // More ids than an answer may hold: refused before any row is made, with its code.
    const many = await run('query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { ids: Array.from({ length: 6000 }, () => person.id) });
    expect(many.errors?.[0].extensions?.code).toBe('QUERY_TOO_COMPLEX');
    // The same query twice, the same answer.
    expect(await run(FILM, { id: first.node.id })).toEqual(film);
  });
});

describe('a list of a type nothing else names', () => {
  it('makes its rows children of the row that lists them (an order and its lines), not a many-to-many', async () => {
    const sdl = `type Order { id: ID! number: String! lines: [OrderLine!]! }
type OrderLine { id: ID! quantity: Int! product: Product! }
type Product { id: ID! title: String! }
type Query { orders: [Order!]! products: [Product!]! }`;
    const { document } = await readGraphqlSdl(sdl, { name: 'shop', allowPrivateTargets: false });
    const lines = document.tables.find((t) => t.name === 'order_lines')!;
    expect(lines.rows).toEqual(expect.objectContaining({ perParent: 'orders' }));
    expect(lines.fields.find((f) => f.name === 'order_id')).toMatchObject({ generator: 'ref', options: { table: 'orders' } });
    // Products are named by a root field too: a line points at one, no junction is made.
    expect(document.tables.map((t) => t.name).sort()).toEqual(['order_lines', 'orders', 'products']);
    const { generation, graphql } = splitDocument(document);
    const mock = buildMockSchema(compileBlueprint(generation), { maxScan: 100_000 }, graphql);
    const answer = (await executeMock(mock, new MemoryOverlayStore(), { document: parse('{ orders { id lines { quantity product { title } } } }') }, () => {})) as ExecutionResult<any>;
    expect(answer.errors).toBeUndefined();
    const withLines = answer.data!.orders.filter((o: any) => o.lines.length);
    expect(withLines.length).toBeGreaterThan(answer.data!.orders.length / 2);
  });
});

describe("a person's fields", () => {
  it('make the email from the same row’s names, as a DDL import does', async () => {
    const sdl = 'type User { id: ID! firstName: String! lastName: String! email: String! } type Query { users: [User!]! }';
    const { document } = await readGraphqlSdl(sdl, { name: 'people', allowPrivateTargets: false });
    const email = document.tables[0].fields.find((f) => f.name === 'email')!;
    expect(email.options).toMatchObject({ firstName: '{first_name}', lastName: '{last_name}' });
    const { generation, graphql } = splitDocument(document);
    const mock = buildMockSchema(compileBlueprint(generation), { maxScan: 100_000 }, graphql);
    const answer = (await executeMock(mock, new MemoryOverlayStore(), { document: parse('{ users { firstName email } }') }, () => {})) as ExecutionResult<any>;
    const users: { firstName: string; email: string }[] = answer.data!.users;
    const plain = (s: string) => s.normalize('NFKD').replace(/[^A-Za-z]/g, '').toLowerCase();
    expect(users.filter((u) => u.email.startsWith(plain(u.firstName))).length).toBeGreaterThan(users.length * 0.9);
  });
});
