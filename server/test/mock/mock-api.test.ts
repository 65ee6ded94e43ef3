/**
 * The mock API against the real server, through a real client (Apollo
 * Client over HTTP): the same rows as the rows API, relations that agree
 * both ways, key lookups, an overlay for mutations, roles and limits.
 */
import { ApolloClient, HttpLink, InMemoryCache, gql, type OperationVariables } from '@apollo/client';
import { startTestServer, type TestServer } from '../support/server';
import { TestClient } from '../support/client';
import { createApiKey, createBlueprint, createProject, createUser } from '../support/factories';
import { compileBlueprint, previewRows, type BlueprintDocument } from '@seedbed/engine';
import { SHOP_FAST } from './fixtures';

let server: TestServer;
let owner: TestClient;
let project: { id: string; slug: string };
let blueprint: { id: string };
let mockPath: string;
let viewerKey: string;
let editorKey: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await createUser(server.url, 'Owner')).client;
  project = await createProject(owner);
  blueprint = await createBlueprint(owner, project.id, SHOP_FAST);
  mockPath = (await owner.ok('query($id: ID!) { blueprint(id: $id) { mockPath } }', { id: blueprint.id })).blueprint.mockPath;
  viewerKey = (await createApiKey(owner, project.id, 'VIEWER')).secret;
  editorKey = (await createApiKey(owner, project.id, 'EDITOR')).secret;
}, 60_000);
afterAll(() => server?.stop());

function apollo(key: string, query = '') {
  return new ApolloClient({
    link: new HttpLink({ uri: `${server.url}${mockPath}${query}`, fetch, headers: { authorization: `Bearer ${key}` } }),
    cache: new InMemoryCache(),
    defaultOptions: { query: { fetchPolicy: 'no-cache' } },
  });
}

async function read<T = any>(client: ApolloClient, query: string, variables?: OperationVariables): Promise<T> {
  const result = await client.query({ query: gql(query), variables });
  expect(result.error).toBeUndefined();
  return result.data as T;
}

async function post(key: string | undefined, query: string, variables?: Record<string, unknown>, path = mockPath) {
  const response = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, body: await response.json() };
}

async function rowsApi(table: string, seed: number, blueprintId = blueprint.id): Promise<Record<string, unknown>[]> {
  const response = await fetch(`${server.url}/api/v1/blueprints/${blueprintId}/rows.json?table=${table}&seed=${seed}`, { headers: { authorization: `Bearer ${viewerKey}` } });
  expect(response.status).toBe(200);
  return response.json();
}

describe('the mock GraphQL API', () => {
  it('pages through a table with Relay cursors: every row exactly once, equal to the rows API for the same seed', async () => {
    const client = apollo(viewerKey, '?seed=3');
    const nodes: { id: string; userId: number; status: string }[] = [];
    let after: string | null = null;
    let pages = 0;
    for (;;) {
      const data: any = await read(client, 'query Orders($after: Cursor) { allOrders(first: 100, after: $after) { totalCount edges { cursor node { id userId status } } pageInfo { hasNextPage endCursor } } }', { after });
      nodes.push(...data.allOrders.edges.map((e: any) => ({ id: e.node.id, userId: e.node.userId, status: e.node.status })));
      pages++;
      if (!data.allOrders.pageInfo.hasNextPage) break;
      after = data.allOrders.pageInfo.endCursor;
    }
    const rows = await rowsApi('orders', 3);
    expect(pages).toBeGreaterThan(3);
    expect(new Set(nodes.map((n) => n.id)).size).toBe(nodes.length);
    expect(nodes).toEqual(rows.map((r) => ({ id: r.id, userId: r.user_id, status: r.status })));
    // Another seed is other data.
    const other: any = await read(apollo(viewerKey, '?seed=4'), '{ allOrders(first: 1) { nodes { id } } }');
    expect(other.allOrders.nodes[0].id).not.toBe(nodes[0].id);
  });

  it('answers nested queries consistently both ways, and the same query twice alike', async () => {
    const query = '{ users(first: 15) { nodes { id orders(first: 5) { nodes { id items(first: 5) { nodes { id order { id user { id } } } } } } } } }';
    const data: any = await read(apollo(viewerKey), query);
    let items = 0;
    for (const user of data.users.nodes) {
      for (const order of user.orders.nodes) {
        for (const item of order.items.nodes) {
          items++;
          expect(item.order).toMatchObject({ id: order.id, user: { id: user.id } });
        }
      }
    }
    expect(items).toBeGreaterThan(15);
    expect(await read(apollo(editorKey), query)).toEqual(data);
  });

  it('looks rows up by sequence and by uuid key', async () => {
    const [order] = (await rowsApi('orders', 7)).slice(17, 18);
    const data: any = await read(apollo(viewerKey), 'query($id: UUID!) { orderById(id: $id) { id userId user { id orders(first: 5) { nodes { id } } } } userById(id: 20) { id } missing: userById(id: 9) { id } }', { id: order.id });
    expect(data.orderById).toMatchObject({ id: order.id, userId: order.user_id, user: { id: order.user_id } });
    expect(data.orderById.user.orders.nodes.map((o: any) => o.id)).toContain(order.id);
    expect(data.userById).toEqual({ __typename: 'User', id: 20 });
    expect(data.missing).toBeNull();
  });

  it('shows mutations to the next read, and forgets them after resetMock', async () => {
    const editor = apollo(editorKey);
    const created: any = await editor.mutate({ mutation: gql('mutation { createUser(input: { user: { name: "Ada" } }) { user { id name } } }') });
    const id = created.data.createUser.user.id;
    await editor.mutate({ mutation: gql('mutation { updateUserById(input: { id: 10, userPatch: { name: "Grace" } }) { user { id } } }') });
    const seen: any = await read(editor, 'query($id: Int!) { created: userById(id: $id) { name } changed: userById(id: 10) { name } allUsers(first: 1) { totalCount } }', { id });
    expect(seen).toMatchObject({ created: { name: 'Ada' }, changed: { name: 'Grace' }, allUsers: { totalCount: 301 } });
    // Another revision or seed is another mock, without these changes.
    expect((await read(apollo(viewerKey, '?seed=5'), '{ allUsers(first: 1) { totalCount } }')).allUsers.totalCount).toBe(300);
    const reset: any = await editor.mutate({ mutation: gql('mutation { resetMock }') });
    expect(reset.data.resetMock).toBe(2);
    const after: any = await read(editor, 'query($id: Int!) { created: userById(id: $id) { name } changed: userById(id: 10) { name } allUsers(first: 1) { totalCount } }', { id });
    expect(after.created).toBeNull();
    expect(after.changed.name).not.toBe('Grace');
    expect(after.allUsers.totalCount).toBe(300);
  });

  it('lets VIEWERs read but not write, and answers NOT_FOUND to non-members and 401 to nobody', async () => {
    const refused = await post(viewerKey, 'mutation { resetMock }');
    expect(refused.body.errors[0].extensions.code).toBe('FORBIDDEN');
    const outsider = await createUser(server.url, 'Outsider');
    const response = await outsider.client.request(mockPath, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ allUsers(first: 1) { totalCount } }' }) });
    expect(response.status).toBe(404);
    expect((await response.json()).errors[0].extensions.code).toBe('NOT_FOUND');
    const otherProject = await createProject(outsider.client);
    const theirKey = (await createApiKey(outsider.client, otherProject.id, 'EDITOR')).secret;
    expect((await post(theirKey, '{ allUsers(first: 1) { totalCount } }')).status).toBe(404);
    // The blueprint under another project's path is not found either.
    expect((await post(theirKey, '{ allUsers(first: 1) { totalCount } }', undefined, `/mock/${otherProject.id}/${blueprint.id}/graphql`)).status).toBe(404);
    const anonymous = await post(undefined, '{ allUsers(first: 1) { totalCount } }');
    expect([anonymous.status, anonymous.body.errors[0].extensions.code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('refuses hostile queries with a code: depth, aliases, cost, and a filter over a billion rows', async () => {
    let deep = '{ id }';
    for (let i = 0; i < 6; i++) deep = `{ user { id orders(first: 1) { nodes ${deep} } } }`;
    const depth = await post(viewerKey, `{ orderById(id: "00000000-0000-4000-8000-000000000000") ${deep} }`);
    expect([depth.status, depth.body.errors[0].extensions.code]).toEqual([400, 'QUERY_TOO_COMPLEX']);
    const aliases = await post(viewerKey, `{ ${Array.from({ length: 16 }, (_, i) => `a${i}: userById(id: ${i + 10}) { id }`).join(' ')} }`);
    expect(aliases.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    const badVariable = await post(viewerKey, 'query($id: Int!) { userById(id: $id) { id } }', { id: 'x' });
    expect([badVariable.status, badVariable.body.errors[0].extensions.code]).toEqual([400, 'BAD_USER_INPUT']);
    const cost = await post(viewerKey, '{ allUsers(first: 100) { nodes { orders(first: 100) { nodes { items(first: 100) { nodes { id } } } } } } }');
    expect(cost.body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');

    const huge = await createBlueprint(owner, project.id, { seedbed: 1, name: 'huge', seed: 1, tables: [{ name: 'events', rows: 1_000_000_000, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, { name: 'kind', generator: 'list', options: { values: ['a', 'b'] } }] }] });
    const hugePath = `/mock/${project.id}/${huge.id}/graphql`;
    const filter = await post(viewerKey, '{ allEvents(first: 10, condition: { kind: "c" }) { nodes { id } } }', undefined, hugePath);
    expect(filter.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(filter.body.errors[0].message).toMatch(/would scan 1,000,000,000 rows; at most 100,000/);
    // Paging and lookups stay instant at any depth of the table.
    const far = await post(viewerKey, '{ allEvents(first: 2, offset: 999999998) { totalCount nodes { id } } eventById(id: 123456789) { id } }', undefined, hugePath);
    expect(far.body.data).toEqual({ allEvents: { totalCount: 1_000_000_000, nodes: [{ id: 999999999 }, { id: 1_000_000_000 }] }, eventById: { id: 123456789 } });
    // The server still answers.
    expect((await owner.gql('{ __typename }')).data).toEqual({ __typename: 'Query' });
  });

  it('serves the revision and seed the URL names: the current revision by default, an older one by ?revision=, other data by ?seed=', async () => {
    // Revision 1 is SHOP_FAST (300 users with first names); revision 2 has 120 users with last names.
    const first: BlueprintDocument = SHOP_FAST;
    const second: BlueprintDocument = { ...SHOP_FAST, tables: SHOP_FAST.tables.map((t) => (t.name === 'users' ? { ...t, rows: 120, fields: t.fields.map((f) => (f.name === 'name' ? { ...f, generator: 'person.lastName' } : f)) } : t)) };
    const versioned = await createBlueprint(owner, project.id, first);
    const path = `/mock/${project.id}/${versioned.id}/graphql`;
    // The rows API serves the current revision: read revision 1's rows while it is current.
    const firstRows = (await rowsApi('users', 7, versioned.id)).slice(0, 100);
    const saved = await owner.ok('mutation($input: UpdateBlueprintInput!) { updateBlueprint(input: $input) { revision } }', { input: { id: versioned.id, baseRevision: 1, document: second } });
    expect(saved.updateBlueprint.revision).toBe(2);
    const secondRows = (await rowsApi('users', 7, versioned.id)).slice(0, 100);

    const users = '{ allUsers(first: 100) { totalCount nodes { id name email } } }';
    const ask = async (query: string) => {
      const answer = await post(viewerKey, users, undefined, `${path}${query}`);
      expect([answer.status, answer.body.errors]).toEqual([200, undefined]);
      return answer.body.data.allUsers as { totalCount: number; nodes: Record<string, unknown>[] };
    };
    const engineRows = (document: BlueprintDocument, seed: number) =>
      previewRows(compileBlueprint(document, { seed }), 'users', 0, 100).rows.map(([id, name, email]) => ({ id, name, email }));

    const current = await ask('');
    expect(current.totalCount).toBe(120);
    expect(current.nodes).toEqual(secondRows);
    expect(current.nodes).toEqual(engineRows(second, 7));
    expect(await ask('?revision=2')).toEqual(current);

    const older = await ask('?revision=1');
    expect(older.totalCount).toBe(300);
    expect(older.nodes).toEqual(firstRows);
    expect(older.nodes).toEqual(engineRows(first, 7));
    expect(older.nodes).not.toEqual(current.nodes);

    // Another seed is other data, the same every time, and the engine's for that seed (as the rows API's).
    const seeded = await ask('?seed=11');
    expect(seeded.totalCount).toBe(120);
    expect(seeded.nodes).not.toEqual(current.nodes);
    expect(seeded.nodes).toEqual(engineRows(second, 11));
    expect(seeded.nodes).toEqual((await rowsApi('users', 11, versioned.id)).slice(0, 100));
    expect(await ask('?seed=11')).toEqual(seeded);
    expect((await ask('?revision=1&seed=11')).nodes).toEqual(engineRows(first, 11));

    // A revision that does not exist is not found; one that cannot exist is the caller's input, at its parameter.
    const missing = await post(viewerKey, users, undefined, `${path}?revision=99`);
    expect([missing.status, missing.body.errors[0].extensions.code]).toEqual([404, 'NOT_FOUND']);
    for (const bad of ['0', 'two', '1.5']) {
      const refused = await post(viewerKey, users, undefined, `${path}?revision=${bad}`);
      expect([refused.status, refused.body.errors[0].extensions]).toMatchObject([400, { code: 'BAD_USER_INPUT', path: 'revision' }]);
    }
    const badSeed = await post(viewerKey, users, undefined, `${path}?seed=-1`);
    expect([badSeed.status, badSeed.body.errors[0].extensions]).toMatchObject([400, { code: 'BAD_USER_INPUT', path: 'seed' }]);
  });

  it("gives the editor a first query that runs against the mock as written", async () => {
    const { mockExample } = (await owner.ok('query($id: ID!) { blueprint(id: $id) { mockExample } }', { id: blueprint.id })).blueprint;
    expect(mockExample).toContain('allUsers(first: 5)');
    const answer = await post(viewerKey, mockExample);
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data.allUsers.nodes).toHaveLength(5);
  });

  it('answers CORS preflights for the origins the project lists, and serves the IDE to a browser', async () => {
    await owner.ok('mutation($input: SetMockOriginsInput!) { setMockOrigins(input: $input) { mockOrigins } }', { input: { projectId: project.id, origins: ['http://localhost:5173/'] } });
    const preflight = (origin: string) => fetch(`${server.url}${mockPath}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    const allowed = await preflight('http://localhost:5173');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(allowed.headers.get('access-control-allow-headers')).toContain('authorization');
    expect((await preflight('http://evil.test')).headers.get('access-control-allow-origin')).toBeNull();
    const bad = await owner.fails('mutation($input: SetMockOriginsInput!) { setMockOrigins(input: $input) { id } }', { input: { projectId: project.id, origins: ['javascript:alert(1)'] } });
    expect([bad.code, bad.extensions?.path]).toEqual(['BAD_USER_INPUT', 'input.origins[0]']);
    const ide = await owner.request(mockPath, { headers: { accept: 'text/html' } });
    expect(ide.status).toBe(200);
    expect(await ide.text()).toContain(mockPath);
  });
});
