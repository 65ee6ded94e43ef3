/**
 * GRAPHQL_SDL through the real server's import (its worker thread), then the
 * imported document's mock served by `seedbed mock` and queried with Apollo
 * Client using queries written against the SDL beforehand.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ApolloClient, HttpLink, InMemoryCache, gql } from '@apollo/client';
import { startTestServer, type TestServer } from '../support/server';
import { createUser } from '../support/factories';
import { FILMS_SDL } from './fixtures';

const ROOT = path.resolve(__dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-sdl-'));
let server: TestServer;
let child: ChildProcess | undefined;

afterAll(async () => {
  child?.kill('SIGKILL');
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

function serveFile(file: string): Promise<string> {
  child = spawn(process.execPath, [path.join(ROOT, 'server/bin/seedbed.js'), 'mock', file, '--port', '0'], { cwd: ROOT });
  return new Promise((resolve, reject) => {
    let text = '';
    child!.stderr!.on('data', (b: Buffer) => {
      text += b.toString();
      const match = /at (http:\/\/\S+\/graphql)/.exec(text);
      if (match) resolve(match[1]);
    });
    child!.on('exit', (code) => reject(new Error(`seedbed mock exited with ${code}: ${text}`)));
  });
}

it('imports a Relay-style SDL on the server, and its mock answers the app’s queries unchanged', async () => {
  server = await startTestServer();
  const { client } = await createUser(server.url, 'Front');
  const preview = await client.ok('query($input: ImportPreviewInput!) { importPreview(input: $input) { document skipped { name reason } } }', { input: { source: 'GRAPHQL_SDL', text: FILMS_SDL, name: 'films' } });
  const { document, skipped } = preview.importPreview;
  expect(document.graphql.sdl).toBe(FILMS_SDL);
  expect(skipped.map((s: { name: string }) => s.name)).toContain('Query.node');
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
