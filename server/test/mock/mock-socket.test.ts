/**
 * The mock API over graphql-ws (real client, real server): the same path,
 * the same data as over HTTP, the same refusals with the same codes (depth,
 * aliases, roles, non-members, message size), and a session's budget of
 * expensive operations spent across both transports.
 */
import WebSocket from 'ws';
import { startTestServer, type TestServer } from '../support/server';
import type { TestClient } from '../support/client';
import { createApiKey, createBlueprint, createProject, createUser } from '../support/factories';
import { codeOf, run, WsClients, type ConnectOptions } from '../support/graphql-ws';
import { SHOP_FAST } from './fixtures';

const EXPENSIVE = 3;
let server: TestServer;
let owner: TestClient;
let project: { id: string };
let mockPath: string;
let viewerKey: string;

beforeAll(async () => {
  server = await startTestServer({ env: { SEEDBED_SESSION_EXPENSIVE_PER_MINUTE: String(EXPENSIVE) } });
  owner = (await createUser(server.url, 'Owner')).client;
  project = await createProject(owner);
  const blueprint = await createBlueprint(owner, project.id, SHOP_FAST);
  mockPath = `/mock/${project.id}/${blueprint.id}/graphql`;
  viewerKey = (await createApiKey(owner, project.id, 'VIEWER')).secret;
}, 60_000);
afterAll(() => server?.stop());

const sockets = new WsClients();
afterEach(() => sockets.disposeAll());

const connect = (path: string, options: ConnectOptions) => sockets.connect(server.url.replace('http', 'ws') + path, options);

async function post(path: string, query: string, headers: Record<string, string>) {
  const response = await fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });
  return { status: response.status, body: await response.json() };
}

const bearer = (key: string) => ({ authorization: `Bearer ${key}` });

it('answers a query over WebSocket at the mock’s path with the data HTTP gives, revision and seed included', async () => {
  const query = '{ allUsers(first: 3) { totalCount nodes { id name orders(first: 2) { nodes { id status } } } } }';
  const socket = connect(`${mockPath}?seed=3`, { connectionParams: { apiKey: viewerKey } });
  const overSocket = await run(socket, query);
  expect(overSocket.errors).toBeUndefined();
  expect(overSocket.data.allUsers.nodes).toHaveLength(3);
  expect(overSocket.data).toEqual((await post(`${mockPath}?seed=3`, query, bearer(viewerKey))).body.data);
  expect(overSocket.data).not.toEqual((await post(`${mockPath}?seed=4`, query, bearer(viewerKey))).body.data);
});

it('refuses hostile operations with the codes HTTP answers: depth, aliases, a write by a VIEWER, a non-member', async () => {
  let deep = '{ id }';
  for (let i = 0; i < 6; i++) deep = `{ user { id orders(first: 1) { nodes ${deep} } } }`;
  const hostile = {
    depth: `{ orderById(id: "00000000-0000-4000-8000-000000000000") ${deep} }`,
    aliases: `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: userById(id: ${i + 10}) { id }`).join(' ')} }`,
    write: 'mutation { resetMock }',
  };
  const socket = connect(mockPath, { connectionParams: { apiKey: viewerKey } });
  for (const query of Object.values(hostile)) {
    const overSocket = await run(socket, query);
    const overHttp = await post(mockPath, query, bearer(viewerKey));
    expect(codeOf(overSocket)).toBe(overHttp.body.errors[0].extensions.code);
  }
  expect(codeOf(await run(socket, hostile.depth))).toBe('QUERY_TOO_COMPLEX');
  expect(codeOf(await run(socket, hostile.write))).toBe('FORBIDDEN');

  const outsider = await createUser(server.url, 'Outsider');
  const theirs = connect(mockPath, { headers: { cookie: outsider.client.cookieHeader } });
  expect(codeOf(await run(theirs, '{ allUsers(first: 1) { totalCount } }'))).toBe('NOT_FOUND');
  // The server still answers.
  expect((await owner.gql('{ __typename }')).data).toEqual({ __typename: 'Query' });
});

it('closes the socket on a message over 1 MB, and refuses an upgrade to a path that serves nothing', async () => {
  const socket = new WebSocket(server.url.replace('http', 'ws') + mockPath, 'graphql-transport-ws', { headers: bearer(viewerKey) });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  socket.on('error', () => undefined);
  await new Promise((resolve) => socket.once('open', resolve));
  socket.send(JSON.stringify({ type: 'connection_init', payload: {} }));
  socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: `{ __typename } # ${'x'.repeat(2_000_000)}` } }));
  expect(await closed).toBe(1009);

  const nowhere = new WebSocket(server.url.replace('http', 'ws') + '/mock/nothing-here', 'graphql-transport-ws');
  nowhere.on('error', () => undefined);
  expect(await new Promise<number>((resolve) => nowhere.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)))).toBe(404);
});

it(`spends a session's ${EXPENSIVE} expensive operations a minute on mock reads, over HTTP and WebSocket alike`, async () => {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
  const query = '{ allUsers(first: 1) { totalCount } }';
  const cookie = { cookie: owner.cookieHeader };
  for (let i = 0; i < EXPENSIVE - 1; i++) expect((await post(mockPath, query, cookie)).status).toBe(200);
  expect((await run(connect(mockPath, { headers: cookie }), query)).data.allUsers.totalCount).toBe(300);
  const refused = await post(mockPath, query, cookie);
  expect([refused.status, refused.body.errors[0].extensions.code]).toEqual([429, 'RATE_LIMITED']);
  expect(refused.body.errors[0].extensions.retryAfter).toBeGreaterThan(0);
  expect(codeOf(await run(connect(mockPath, { headers: cookie }), query))).toBe('RATE_LIMITED');
  // An API key is held to its own per-minute requests instead.
  expect((await post(mockPath, query, bearer(viewerKey))).status).toBe(200);
});

it('lets pages of the origins the project lists open the mock’s socket, and refuses others with 403', async () => {
  await owner.ok('mutation($input: SetMockOriginsInput!) { setMockOrigins(input: $input) { mockOrigins } }', { input: { projectId: project.id, origins: ['http://localhost:5173'] } });
  const upgrade = (origin: string) =>
    new Promise<number>((resolve) => {
      const socket = new WebSocket(server.url.replace('http', 'ws') + mockPath, 'graphql-transport-ws', { headers: { origin, ...bearer(viewerKey) } });
      socket.on('error', () => undefined);
      socket.on('open', () => (socket.close(), resolve(101)));
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    });
  expect(await upgrade('http://localhost:5173')).toBe(101);
  expect(await upgrade('http://evil.test')).toBe(403);
});

it('answers a variable of the wrong type with BAD_USER_INPUT, as HTTP does', async () => {
  const query = 'query($id: Int!) { userById(id: $id) { id } }';
  const socket = connect(mockPath, { connectionParams: { apiKey: viewerKey } });
  const overSocket = await run(socket, query, { id: 'x' });
  const overHttp = await fetch(`${server.url}${mockPath}`, { method: 'POST', headers: { 'content-type': 'application/json', ...bearer(viewerKey) }, body: JSON.stringify({ query, variables: { id: 'x' } }) });
  expect(codeOf(overSocket)).toBe((await overHttp.json()).errors[0].extensions.code);
  expect(codeOf(overSocket)).toBe('BAD_USER_INPUT');
});
