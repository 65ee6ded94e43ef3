/**
 * GRAPHQL_SDL through the real server's import (its worker thread): saved by
 * `importBlueprint` and served by the server's mock route, and previewed then
 * served by `seedbed mock`, each queried with Apollo Client using queries
 * written against the SDL beforehand.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { buildClientSchema, buildSchema, getIntrospectionQuery, printSchema } from 'graphql';
import { startTestServer, type TestServer } from '../support/server';
import { startSeedbedMock } from '../support/seedbed-mock';
import { createApiKey, createProject, createUser } from '../support/factories';
import { FILMS_SDL } from './fixtures';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-sdl-'));
let server: TestServer;
let child: ChildProcess | undefined;

afterAll(async () => {
  child?.kill('SIGKILL');
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function serveFile(file: string): Promise<string> {
  const started = await startSeedbedMock(file);
  child = started.child;
  return started.url;
}

it('imports a Relay-style SDL on the server, and its mock answers the app’s queries unchanged', async () => {
  server = await startTestServer();
  const { client } = await createUser(server.url, 'Front');
  const preview = await client.ok('query($input: ImportPreviewInput!) { importPreview(input: $input) { document skipped { name reason } } }', { input: { source: 'GRAPHQL_SDL', text: FILMS_SDL, name: 'films' } });
  const { document, skipped } = preview.importPreview;
  expect(document.graphql.sdl).toBe(FILMS_SDL);
  expect(skipped).toEqual([]);
  const file = path.join(dir, 'films.json');
  fs.writeFileSync(file, JSON.stringify(document));

  const apollo = new ApolloClient({ link: new HttpLink({ uri: await serveFile(file), fetch }), cache: new InMemoryCache(), defaultOptions: { query: { fetchPolicy: 'no-cache' } } });
  const films = await apollo.query({ query: gql('query AllFilms { allFilms(first: 10) { totalCount edges { cursor node { id title episode director { id name homeworld { name } } } } pageInfo { hasNextPage endCursor } } }') });
  expect(films.error).toBeUndefined();
  const edges = (films.data as any).allFilms.edges;
  expect(edges).toHaveLength(10);
  const film = edges[0].node;
  const byLegacyId = await apollo.query({ query: gql('query($filmID: ID) { film(filmID: $filmID) { id title characterConnection(first: 5) { totalCount edges { node { id name } } } } }'), variables: { filmID: film.id } });
  expect(byLegacyId.error).toBeUndefined();
  expect((byLegacyId.data as any).film).toMatchObject({ id: film.id, title: film.title });
  const director = await apollo.query({ query: gql('query($id: ID) { person(id: $id) { name directed(first: 5) { id } } }'), variables: { id: film.director.id } });
  expect((director.data as any).person.name).toBe(film.director.name);
  expect((director.data as any).person.directed.map((f: { id: string }) => f.id)).toContain(film.id);
}, 120_000);

// Written against the SDL before any import, as an app would have them.
const APP_QUERIES = {
  films: 'query AllFilms($after: String) { allFilms(first: 5, after: $after) { totalCount edges { cursor node { id title episode releaseDate director { id name homeworld { id name } } } } pageInfo { hasNextPage endCursor } } }',
  film: 'query Film($id: ID) { film(id: $id) { id title characterConnection(first: 3) { totalCount edges { node { id name side } } } } }',
  person: 'query Person($personID: ID) { person(personID: $personID) { id name filmConnection(first: 10) { totalCount edges { node { id title } } } directed(first: 5) { id title } } }',
  people: 'query People { allPeople(first: 3) { edges { node { ... on Node { id } ... on Person { name side } } } } }',
};

it('saves an SDL with importBlueprint, and the saved blueprint’s mock serves exactly that SDL and answers the app’s queries', async () => {
  server ??= await startTestServer();
  const { client: owner } = await createUser(server.url, 'Owner');
  const project = await createProject(owner);
  const saved = await owner.ok('mutation($input: ImportBlueprintInput!) { importBlueprint(input: $input) { id mockPath revision } }', {
    input: { projectId: project.id, source: 'GRAPHQL_SDL', text: FILMS_SDL, name: 'films' },
  });
  const { mockPath } = saved.importBlueprint;
  const key = (await createApiKey(owner, project.id, 'VIEWER')).secret;
  const apollo = new ApolloClient({ link: new HttpLink({ uri: `${server.url}${mockPath}`, fetch, headers: { authorization: `Bearer ${key}` } }), cache: new InMemoryCache(), defaultOptions: { query: { fetchPolicy: 'no-cache' } } });
  const run = async (query: string, variables?: Record<string, unknown>) => {
    const result = await apollo.query({ query: gql(query), variables });
    expect(result.error).toBeUndefined();
    return result.data as any;
  };

  const introspection = await run(getIntrospectionQuery());
  expect(printSchema(buildClientSchema(introspection))).toBe(printSchema(buildSchema(FILMS_SDL)));

  const films = await run(APP_QUERIES.films);
  expect(films.allFilms.totalCount).toBeGreaterThan(5);
  expect(films.allFilms.edges).toHaveLength(5);
  const next = await run(APP_QUERIES.films, { after: films.allFilms.pageInfo.endCursor });
  expect(next.allFilms.edges[0].node.id).not.toBe(films.allFilms.edges[0].node.id);
  const [{ node: first }] = films.allFilms.edges;
  expect(first).toMatchObject({ id: expect.any(String), title: expect.any(String), director: { id: expect.any(String), name: expect.any(String) } });
  const film = await run(APP_QUERIES.film, { id: first.id });
  expect(film.film).toMatchObject({ id: first.id, title: first.title, characterConnection: { totalCount: expect.any(Number) } });
  const person = await run(APP_QUERIES.person, { personID: first.director.id });
  expect(person.person).toMatchObject({ id: first.director.id, name: first.director.name });
  expect(person.person.directed.map((f: { id: string }) => f.id)).toContain(first.id);
  const people = await run(APP_QUERIES.people);
  expect(people.allPeople.edges.length).toBe(3);
  for (const { node } of people.allPeople.edges) expect(node).toMatchObject({ id: expect.any(String), name: expect.any(String), side: expect.stringMatching(/^(LIGHT|DARK)$/) });

  // A saved mapping that names what is not there is refused at its path, and nothing is saved.
  const { blueprint } = await owner.ok('query($id: ID!) { blueprint(id: $id) { document } }', { id: saved.importBlueprint.id });
  const broken = structuredClone(blueprint.document);
  broken.graphql.mapping.types.Film.fields.title.column = 'headline';
  broken.graphql.mapping.roots.allPeople.list = 'People';
  const refused = await owner.gql('mutation($input: UpdateBlueprintInput!) { updateBlueprint(input: $input) { revision } }', { input: { id: saved.importBlueprint.id, baseRevision: 1, document: broken } });
  const issues = refused.errors![0].extensions!.issues as { path: string; message: string }[];
  expect(refused.errors![0].extensions!.code).toBe('BAD_USER_INPUT');
  expect(issues).toEqual(
    expect.arrayContaining([
      { path: 'graphql.mapping.types.Film.fields.title.column', message: 'names no field of table "films"' },
      { path: 'graphql.mapping.roots.allPeople.list', message: 'names no table of this blueprint (did you mean "people"?)' },
    ]),
  );
  expect((await owner.ok('query($id: ID!) { blueprint(id: $id) { revision } }', { id: saved.importBlueprint.id })).blueprint.revision).toBe(1);

  // An SDL that does not build a schema is refused when saved, not on the mock's first request.
  const unbuildable = structuredClone(blueprint.document);
  unbuildable.graphql.sdl = `${unbuildable.graphql.sdl}\ntype Extra { film: Flim }`;
  const sdlRefused = await owner.gql('mutation($input: UpdateBlueprintInput!) { updateBlueprint(input: $input) { revision } }', { input: { id: saved.importBlueprint.id, baseRevision: 1, document: unbuildable } });
  expect(sdlRefused.errors![0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', issues: [{ path: 'graphql.sdl', message: expect.stringMatching(/^is not a GraphQL schema the mock can serve: .*Flim/) }] });
  expect((await owner.ok('query($id: ID!) { blueprint(id: $id) { revision } }', { id: saved.importBlueprint.id })).blueprint.revision).toBe(1);
}, 120_000);
