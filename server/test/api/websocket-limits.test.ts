/** GraphQL over WebSocket is held to the limits of HTTP (PRODUCT.md §9, §15), with the real graphql-ws client. */
import WebSocket from 'ws';
import type { TestClient } from '../support/client';
import { createApiKey, createBlueprint, createProject, createUser } from '../support/factories';
import { codeOf, run, WsClients, type ConnectOptions } from '../support/graphql-ws';
import { startTestServer, type TestServer } from '../support/server';

const RATE = 5;
const SUBSCRIPTIONS = 3;
const EXPENSIVE = 2;
const PER_ADDRESS = 30;
let server: TestServer;
let owner: TestClient;
let projectId: string;
let wsUrl: string;
beforeAll(async () => {
  server = await startTestServer({ env: { SEEDBED_API_RATE_PER_MINUTE: String(RATE), SEEDBED_WS_SUBSCRIPTIONS: String(SUBSCRIPTIONS), SEEDBED_SESSION_EXPENSIVE_PER_MINUTE: String(EXPENSIVE), SEEDBED_WS_CONNECTIONS_PER_ADDRESS: String(PER_ADDRESS) } });
  wsUrl = server.url.replace('http', 'ws') + '/graphql';
  owner = (await createUser(server.url)).client;
  projectId = (await createProject(owner)).id;
});
afterAll(() => server.stop());

const sockets = new WsClients();
afterEach(() => sockets.disposeAll());

const connect = (options: ConnectOptions = {}) => sockets.connect(wsUrl, options);

/** A key of a project and user of its own: keys of one project or one user share one budget (issue 23 row 7). */
async function budgetOfItsOwn(): Promise<{ secret: string; client: TestClient; project: string }> {
  const client = (await createUser(server.url)).client;
  const project = (await createProject(client)).id;
  return { secret: (await createApiKey(client, project, 'VIEWER')).secret, client, project };
}

const asOwner = () => connect({ headers: { cookie: owner.cookieHeader } });

/** A bare socket, to see exactly what the server sends and how it closes. */
function rawSocket(headers: Record<string, string> = {}, init: Record<string, unknown> = {}) {
  const socket = new WebSocket(wsUrl, 'graphql-transport-ws', { headers });
  const messages: any[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(String(data))));
  socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: init })));
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  const refused = new Promise<number>((resolve) => socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)));
  socket.on('error', () => undefined);
  return { socket, messages, closed, refused };
}

describe('the validation rules of HTTP', () => {
  it('refuses a query 34 levels deep with QUERY_TOO_COMPLEX', async () => {
    let selection = 'name';
    for (let level = 0; level < 8; level++) selection = `blueprints(first: 1) { edges { node { project { ${selection} } } } }`;
    const deep = `{ projects(first: 1) { edges { node { ${selection} } } } }`;
    const outcome = await run(asOwner(), deep);
    expect(codeOf(outcome)).toBe('QUERY_TOO_COMPLEX');
    expect(outcome.data).toBeUndefined();
  });

  it('refuses 500 aliases with QUERY_TOO_COMPLEX', async () => {
    const aliases = Array.from({ length: 500 }, (_, i) => `a${i}: me { id }`).join(' ');
    expect(codeOf(await run(asOwner(), `{ ${aliases} }`))).toBe('QUERY_TOO_COMPLEX');
  });

  it('answers an unknown field with BAD_USER_INPUT and no field suggestions, like HTTP', async () => {
    const outcome = await run(asOwner(), '{ projectz(first: 1) { totalCount } }');
    expect(codeOf(outcome)).toBe('BAD_USER_INPUT');
    expect(outcome.errors![0].message).not.toMatch(/Did you mean/);
  });

  it('still runs an ordinary operation', async () => {
    expect((await run(asOwner(), '{ me { id } }')).data.me.id).toEqual(expect.any(String));
  });
});

describe('messages and operations per connection', () => {
  it('closes the socket with 1009 on a 2 MB message, and keeps serving others', async () => {
    const { socket, messages, closed } = rawSocket({ cookie: owner.cookieHeader });
    await new Promise((resolve) => socket.once('open', resolve));
    const query = `{ me { id } } # ${'x'.repeat(2_000_000)}`;
    socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query } }));
    expect((await closed).code).toBe(1009);
    expect(messages.filter((m) => m.type === 'next')).toEqual([]);
    expect((await run(asOwner(), '{ __typename }')).data).toEqual({ __typename: 'Query' });
  });

  it(`refuses a subscription beyond ${SUBSCRIPTIONS} open on one connection, and takes one again once another ends`, async () => {
    const client = asOwner();
    const endless = 'subscription { heartbeat(count: 1000, intervalMs: 60000) }';
    const stops = Array.from({ length: SUBSCRIPTIONS }, () => client.subscribe({ query: endless }, { next: () => undefined, error: () => undefined, complete: () => undefined }));
    const refused = await run(client, endless);
    expect(codeOf(refused)).toBe('RATE_LIMITED');
    expect(refused.errors![0].extensions!.retryAfter).toBeGreaterThan(0);

    stops[0]();
    // The server frees the slot when the complete message arrives; a short query right after must fit.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await run(client, '{ __typename }')).data).toEqual({ __typename: 'Query' });
    stops.slice(1).forEach((stop) => stop());
  });
});

describe('the API-key rate limit, shared with HTTP', () => {
  const query = '{ projects(first: 1) { totalCount } }';
  const postAs = (secret: string) =>
    fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify({ query }) });

  beforeEach(async () => {
    // The windows are whole minutes: start well inside one so every hit shares it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
  });

  it('refuses over WebSocket a key that spent its minute over HTTP, with RATE_LIMITED and retryAfter', async () => {
    const { secret } = await budgetOfItsOwn();
    for (let i = 0; i < RATE; i++) expect((await postAs(secret)).status).toBe(200);
    expect((await postAs(secret)).status).toBe(429);

    const outcome = await run(connect({ connectionParams: { apiKey: secret } }), query);
    expect(codeOf(outcome)).toBe('RATE_LIMITED');
    expect(outcome.errors![0].extensions!.retryAfter).toBeGreaterThan(0);
  });

  it('counts every WebSocket operation against the same budget as HTTP requests', async () => {
    const { secret } = await budgetOfItsOwn();
    const client = connect({ connectionParams: { authorization: `Bearer ${secret}` } });
    for (let i = 0; i < RATE - 1; i++) expect((await run(client, query)).data.projects.totalCount).toBe(1);
    expect((await postAs(secret)).status).toBe(200);
    expect(codeOf(await run(client, query))).toBe('RATE_LIMITED');
    expect((await postAs(secret)).status).toBe(429);
  });
});

describe('expensive fields of an API key', () => {
  it('spend one request each, aliases included, over HTTP as over WebSocket', async () => {
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    const { secret, client, project } = await budgetOfItsOwn();
    const { id: blueprintId } = await createBlueprint(client, project);
    const previews = (n: number) => `{ ${Array.from({ length: n }, (_, i) => `p${i}: preview(input: { blueprintId: "${blueprintId}", limit: 1 }) { totalRows }`).join(' ')} }`;
    const post = (query: string) =>
      fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify({ query }) });

    expect((await post(previews(RATE - 2))).status).toBe(200);
    expect((await run(connect({ connectionParams: { apiKey: secret } }), previews(1))).data.p0.totalRows).toBe(100);
    expect((await post(previews(1))).status).toBe(200);
    const refused = await post(previews(1));
    expect(refused.status).toBe(429);
    expect((await refused.json()).errors[0].extensions.code).toBe('RATE_LIMITED');
  });
});

describe('the budget of a session, shared with HTTP', () => {
  it('counts previews over WebSocket, so HTTP refuses once the minute is spent there, and the reverse', async () => {
    const { client } = await createUser(server.url);
    const { id: project } = await createProject(client);
    const { id: blueprintId } = await createBlueprint(client, project);
    const preview = `{ preview(input: { blueprintId: "${blueprintId}", limit: 1 }) { totalRows } }`;
    const socket = connect({ headers: { cookie: client.cookieHeader } });
    for (let i = 0; i < EXPENSIVE; i++) expect((await run(socket, preview)).data.preview.totalRows).toBe(100);
    expect((await client.gql(preview)).errors![0].extensions!.code).toBe('RATE_LIMITED');

    const outcome = await run(socket, preview);
    expect(codeOf(outcome)).toBe('RATE_LIMITED');
    expect(outcome.errors![0].extensions!.retryAfter).toBeGreaterThan(0);
    expect(outcome.errors![0].extensions!.http).toBeUndefined();
  });
});

/** Polls `check` every 50 ms until it holds (a test's own timeout bounds it). */
async function until(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
}

describe('the upgrade: origin and credentials', () => {
  it('refuses a page from another origin with 403, and lets the own origin and non-browsers in', async () => {
    expect(await rawSocket({ origin: 'https://evil.example', cookie: owner.cookieHeader }).refused).toBe(403);
    const own = rawSocket({ origin: server.url, cookie: owner.cookieHeader });
    const noOrigin = rawSocket({ cookie: owner.cookieHeader });
    for (const { socket, messages } of [own, noOrigin]) {
      // Polled, not awaited as an event: the second socket's ack may come while the first is awaited, before a listener would be added.
      await until(async () => messages.length > 0);
      expect(messages[0].type).toBe('connection_ack');
      socket.close();
    }
  });

  it('closes with 4403 and no ack for a bad, malformed or revoked key, wherever it is sent', async () => {
    const { id, secret } = await createApiKey(owner, projectId, 'VIEWER');
    await owner.ok(`mutation($id: ID!) { revokeApiKey(id: $id) { id } }`, { id });
    const attempts = [
      rawSocket({ authorization: 'Bearer sbk_nottherightkey' }),
      rawSocket({ authorization: 'Basic abc' }),
      rawSocket({ authorization: `Bearer ${secret}` }),
      rawSocket({}, { authorization: `Bearer ${secret}` }),
      rawSocket({}, { apiKey: 'sbk_unknown' }),
      rawSocket({}, { apiKey: 42 }),
    ];
    for (const attempt of attempts) {
      expect((await attempt.closed).code).toBe(4403);
      expect(attempt.messages).toEqual([]);
    }
  });

  it('accepts an API key in connection_init, and stops it once revoked', async () => {
    const { id, secret } = await createApiKey(owner, projectId, 'VIEWER');
    // Not lazy: the same connection must carry on past the revocation (a new one would be refused at once).
    const client = connect({ connectionParams: { authorization: `Bearer ${secret}` }, lazy: false });
    expect((await run(client, '{ project(id: "' + projectId + '") { id } }')).data.project.id).toBe(projectId);
    const byField = connect({ connectionParams: { apiKey: secret } });
    expect((await run(byField, '{ project(id: "' + projectId + '") { id } }')).data.project.id).toBe(projectId);

    await owner.ok(`mutation($id: ID!) { revokeApiKey(id: $id) { id } }`, { id });
    expect(codeOf(await run(client, '{ project(id: "' + projectId + '") { id } }'))).toBe('UNAUTHENTICATED');
  });
});

describe('connections per address, and what a closed one leaves behind (issue 23, row 5)', () => {
  /** The WebSocket gauges of /metrics. */
  async function gauges(): Promise<{ connections: number; subscriptions: number }> {
    const text = await (await fetch(`${server.url}/metrics`)).text();
    const read = (name: string) => Number(new RegExp(`^${name} (\\d+)$`, 'm').exec(text)?.[1]);
    return { connections: read('seedbed_websocket_connections'), subscriptions: read('seedbed_websocket_subscriptions') };
  }

  it(`takes ${PER_ADDRESS} connections from one address and answers the other 1,470 of 1,500 with 429 JSON`, async () => {
    const attempts = Array.from({ length: 1500 }, () => rawSocket());
    const outcomes = await Promise.all(
      attempts.map(({ socket, refused, messages }) =>
        Promise.race([
          refused.then((status) => ({ status })),
          new Promise<{ status: number }>((resolve) => socket.on('message', () => messages.length === 1 && resolve({ status: 101 }))),
        ]),
      ),
    );
    expect(outcomes.filter((o) => o.status === 101)).toHaveLength(PER_ADDRESS);
    expect(outcomes.filter((o) => o.status === 429)).toHaveLength(1500 - PER_ADDRESS);

    // Anonymous: acknowledged, but no subscription (they hold memory for as long as they like).
    const open = attempts.filter((a) => a.messages[0]?.type === 'connection_ack');
    open[0].socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { heartbeat(count: 100, intervalMs: 60000) }' } }));
    await until(async () => open[0].messages.length > 1);
    expect(open[0].messages[1]).toMatchObject({ id: '1', type: 'error', payload: [{ extensions: { code: 'UNAUTHENTICATED' } }] });

    // Another user is served meanwhile, and a new connection fits once one has closed.
    expect((await owner.ok('{ me { id } }')).me.id).toEqual(expect.any(String));
    open[0].socket.close();
    await open[0].closed;
    await until(async () => (await gauges()).connections < PER_ADDRESS);
    const again = rawSocket();
    await until(async () => again.messages.length > 0);
    expect(again.messages[0].type).toBe('connection_ack');
    for (const { socket } of [...open, again]) socket.close();
    await until(async () => (await gauges()).connections === 0);
  });

  it('lets go of every subscription of closed connections at once, even those waiting a minute for their next event', async () => {
    const signedIn = Array.from({ length: PER_ADDRESS }, () => rawSocket({ cookie: owner.cookieHeader }));
    await Promise.all(signedIn.map(({ messages }) => until(async () => messages.length > 0)));
    signedIn.forEach(({ socket }) => {
      for (let id = 0; id < SUBSCRIPTIONS; id++) {
        socket.send(JSON.stringify({ id: String(id), type: 'subscribe', payload: { query: 'subscription { heartbeat(count: 100, intervalMs: 60000) }' } }));
      }
    });
    await until(async () => (await gauges()).subscriptions === PER_ADDRESS * SUBSCRIPTIONS);
    // Each has had its first beat and now waits 60 s for the next: closing must not wait for it.
    await Promise.all(signedIn.map(({ messages }) => until(async () => messages.filter((m) => m.type === 'next').length === SUBSCRIPTIONS)));
    signedIn.forEach(({ socket }) => socket.close());
    await until(async () => {
      const now = await gauges();
      return now.connections === 0 && now.subscriptions === 0;
    });
  });
});
