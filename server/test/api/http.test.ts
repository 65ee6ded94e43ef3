import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { TestClient } from '../support/client';
import { createBlueprint, createProject, createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let user: TestClient;
let projectId: string;
// A web client build of this test's own: an index.html and one hashed bundle, as Vite writes them.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-dist-'));
const BUNDLE = `console.log(${JSON.stringify('x'.repeat(20_000))});`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><script type="module" src="/assets/index-AbC123.js"></script>');
fs.writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), BUNDLE);
beforeAll(async () => {
  server = await startTestServer({ env: { SEEDBED_CLIENT_DIST: dist } });
  user = (await createUser(server.url)).client;
  projectId = (await createProject(user)).id;
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(dist, { recursive: true, force: true });
});

const counts = async () =>
  (await server.db.query(`SELECT (SELECT count(*) FROM projects)::int AS projects, (SELECT count(*) FROM blueprint_revisions)::int AS revisions`))[0];

async function post(body: string, headers: Record<string, string> = { 'content-type': 'application/json' }) {
  const response = await user.request('/graphql', { method: 'POST', headers, body });
  return { status: response.status, body: await response.json().catch(() => null) };
}

describe('bad requests get a 4xx with a code and change nothing', () => {
  it('malformed JSON → 400 BAD_USER_INPUT', async () => {
    const before = await counts();
    const { status, body } = await post('{"query": "mutation { createProject(input: {name: \\"x\\"}) { id } }"');
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(await counts()).toEqual(before);
  });

  it('wrong variable types → 400 BAD_USER_INPUT', async () => {
    const before = await counts();
    const { status, body } = await post(JSON.stringify({
      query: 'mutation($input: CreateProjectInput!) { createProject(input: $input) { id } }',
      variables: { input: { name: 42 } },
    }));
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(await counts()).toEqual(before);
  });

  it('a body over 1 MB → 413 PAYLOAD_TOO_LARGE', async () => {
    const before = await counts();
    const huge = { seedbed: 1, name: 'x'.repeat(1_100_000), tables: [] };
    const { status, body } = await post(JSON.stringify({
      query: 'mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }',
      variables: { input: { projectId, document: huge } },
    }));
    expect(status).toBe(413);
    expect(body.errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await counts()).toEqual(before);
  });

  it('an unknown field → 400 BAD_USER_INPUT without suggesting field names', async () => {
    const { status, body } = await post(JSON.stringify({ query: '{ projectz(first: 1) { totalCount } }' }));
    expect(status).toBe(400);
    expect(body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(body.errors[0].message).not.toMatch(/Did you mean/);
  });

  it('a simple-request POST (text/plain, as a cross-site form would send) is refused by CSRF prevention', async () => {
    const before = await counts();
    const { status, body } = await post(JSON.stringify({ query: 'mutation { createProject(input: {name: "csrf"}) { id } }' }), { 'content-type': 'text/plain' });
    expect(status).toBe(400);
    expect(body.errors[0].message).toMatch(/Cross-Site Request Forgery/);
    expect(await counts()).toEqual(before);
  });
});

describe('query limits (PRODUCT.md §9)', () => {
  it('refuses a query deeper than 10 with QUERY_TOO_COMPLEX', async () => {
    const deep = `{ projects(first: 1) { edges { node { blueprints(first: 1) { edges { node { project { members(first: 1) { edges { node { project { name } } } } } } } } } } } }`;
    const { body } = await post(JSON.stringify({ query: deep }));
    expect(body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses more than 15 aliases with QUERY_TOO_COMPLEX', async () => {
    const aliases = Array.from({ length: 16 }, (_, i) => `a${i}: me { id }`).join(' ');
    const { body } = await post(JSON.stringify({ query: `{ ${aliases} }` }));
    expect(body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });

  it('refuses a query costing over 5000 with QUERY_TOO_COMPLEX', async () => {
    const fields = 'id name slug createdAt myRole';
    const wide = Array.from({ length: 14 }, (_, i) => `p${i}: projects(first: 100) { edges { node { ${fields} members(first: 100) { edges { node { id role createdAt user { id name email } } } } } } }`).join(' ');
    const { body } = await post(JSON.stringify({ query: `{ ${wide} }` }));
    expect(body.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
  });
});

describe('internal errors', () => {
  it('are masked, with a request id that is also the x-request-id header', async () => {
    const { id } = await createBlueprint(user, projectId);
    await server.db.query('DELETE FROM blueprint_revisions WHERE blueprint_id = $1', [id]); // an impossible state
    const result = await user.gql(`query($id: ID!) { blueprint(id: $id) { document } }`, { id });
    const [error] = result.errors!;
    expect(error.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    expect(error.message).not.toMatch(/lacks its revision/);
    expect(error.extensions?.requestId).toBe(result.headers.get('x-request-id'));
  });
});

describe('the HTTP surface', () => {
  it('answers /healthz and /readyz', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${server.url}/readyz`)).json()).toEqual({ status: 'ready' });
  });

  it('serves Prometheus metrics, counting requests by route without ids', async () => {
    await fetch(`${server.url}/healthz`);
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(text).toMatch(/^seedbed_http_requests_total\{route="\/healthz",status="200"\} [1-9]/m);
    expect(text).toMatch(/^seedbed_process_resident_memory_bytes \d+/m);
    expect(text).toMatch(/# TYPE seedbed_runs gauge/);
    expect(text).not.toMatch(/route="[^"]*[0-9a-f]{8}-[0-9a-f]{4}/);
  });

  it('gives a browser GraphiQL from local assets, with no CDN, as a small page of cached, compressed assets', async () => {
    const response = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
    const html = await response.text();
    expect(response.status).toBe(200);
    expect(html).toMatch(/graphiql/i);
    expect(html).not.toMatch(/<(script|link)[^>]+(src|href)="https?:\/\//);
    // It was one 9 MB page, sent whole on every GET.
    expect(Buffer.byteLength(html)).toBeLessThan(4096);
    const assets = [...html.matchAll(/(?:src|href)="(\/ide\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(4);
    const script = assets.find((a) => /\/ide\/graphiql-[\w-]+\.js$/.test(a))!;
    const raw = await fetch(server.url + script, { headers: { 'accept-encoding': 'identity' } });
    const size = (await raw.arrayBuffer()).byteLength;
    expect(size).toBeGreaterThan(1_000_000);
    expect(raw.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // Node's fetch would decompress: read the bytes as sent.
    const compressed = await new Promise<{ encoding?: string; body: Buffer; etag?: string }>((resolve, reject) => {
      require('node:http').get(server.url + script, { headers: { 'accept-encoding': 'gzip, br' } }, (res: import('node:http').IncomingMessage) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c)).on('end', () => resolve({ encoding: res.headers['content-encoding'], body: Buffer.concat(chunks), etag: res.headers.etag }));
      }).on('error', reject);
    });
    expect(compressed.encoding).toBe('br');
    expect(compressed.body.length).toBeLessThan(size / 3);
    expect(zlib.brotliDecompressSync(compressed.body).length).toBe(size);
    const again = await fetch(server.url + script, { headers: { 'accept-encoding': 'br', 'if-none-match': compressed.etag! } });
    expect(again.status).toBe(304);
  });

  it('opens the IDE with ?query= for a browser, and answers the query for an API client', async () => {
    const query = encodeURIComponent('{ __typename }');
    const page = await fetch(`${server.url}/graphql?query=${query}`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    for (const accept of ['*/*', 'application/json']) {
      const answer = await fetch(`${server.url}/graphql?query=${query}`, { headers: { accept, 'apollo-require-preflight': 'true' } });
      expect(await answer.json()).toEqual({ data: { __typename: 'Query' } });
    }
  });

  it('answers a mock API page without a session or key with a short 401 page, not the IDE', async () => {
    const response = await fetch(`${server.url}/mock/some-project/00000000-0000-0000-0000-000000000000/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(Buffer.byteLength(html)).toBeLessThan(1024);
    expect(html).toContain('href="/login"');
  });

  it('serves the web client: its page checked on every visit, its hashed bundles immutable and compressed', async () => {
    const index = await fetch(`${server.url}/p/some-project`, { headers: { accept: 'text/html' } });
    expect(index.headers.get('cache-control')).toBe('no-cache');
    const bundle = await fetch(`${server.url}/assets/index-AbC123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(bundle.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(bundle.headers.get('content-encoding')).toBe('gzip');
    expect(bundle.headers.get('etag')).toMatch(/^"[\w-]+-gzip"$/);
    expect(await bundle.text()).toBe(BUNDLE);
    expect((await fetch(`${server.url}/assets/missing-1.js`, { headers: { accept: 'text/html' } })).headers.get('cache-control')).not.toMatch(/immutable/);
  });

  it('serves subscriptions over graphql-ws on /graphql, to a signed-in caller', async () => {
    const cookie = user.cookieHeader;
    const client = createClient({
      url: server.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols: string[]) {
          super(url, protocols, { headers: { cookie } });
        }
      },
    });
    const beats: string[] = [];
    await new Promise<void>((resolve, reject) =>
      client.subscribe<{ heartbeat: string }>(
        { query: 'subscription { heartbeat(count: 2, intervalMs: 20) }' },
        { next: (v) => beats.push(v.data!.heartbeat), error: reject, complete: resolve },
      ),
    );
    await client.dispose();
    expect(beats).toHaveLength(2);
    expect(Date.parse(beats[1])).toBeGreaterThanOrEqual(Date.parse(beats[0]));
  });
});

describe('idle connections', () => {
  it('are kept longer than clients and proxies keep theirs, so a reused connection is never reset by the server first', async () => {
    const response = await fetch(`${server.url}/healthz`);
    await response.text();
    // Node advertises its keep-alive timeout; undici and proxies close their side before it.
    expect(response.headers.get('keep-alive')).toBe('timeout=65');
  });
});
