/**
 * Samples through the real server (issue 12): importPreview and
 * importBlueprint over GraphQL for samples within the body limit, and the
 * upload route for large ones, read as a stream while the server keeps
 * answering; oversized, unauthenticated and malformed uploads refused with a
 * code and a path, nothing created.
 */
import http from 'node:http';
import type { TestClient } from '../support/client';
import { addMember, createProject, createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { customersCsv, grownTypicodeSample, typicodeSample } from './sample-fixtures';

const PREVIEW = `query($input: ImportPreviewInput!) { importPreview(input: $input) { document report { path field generator confidence reason details } skipped { kind name reason } } }`;
const IMPORT = `mutation($input: ImportBlueprintInput!) { importBlueprint(input: $input) { id name revision document } }`;
const UPLOAD_BYTES = 12_000_000;

let server: TestServer;
let owner: TestClient;
let projectId: string;
let viewer: TestClient;

beforeAll(async () => {
  server = await startTestServer({ env: { SEEDBED_SAMPLE_BYTES: String(UPLOAD_BYTES) } });
  owner = (await createUser(server.url)).client;
  projectId = (await createProject(owner)).id;
  viewer = (await addMember(owner, projectId, 'VIEWER')).client;
}, 60_000);
afterAll(() => server.stop());

const blueprintCount = async () => (await server.db.query('SELECT count(*)::int AS n FROM blueprints'))[0].n as number;

async function quickAnswer(): Promise<number> {
  const started = Date.now();
  const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
  expect(response.status).toBe(200);
  return Date.now() - started;
}

describe('samples over GraphQL', () => {
  it('previews a JSON sample with the fitted figures beside the observed ones, saving nothing', async () => {
    const before = await blueprintCount();
    const sample = typicodeSample();
    const text = JSON.stringify({ users: sample.users, posts: sample.posts, comments: sample.comments });
    const { importPreview } = await viewer.ok(PREVIEW, { input: { source: 'JSON_SAMPLE', text, projectId, name: 'typicode' } });
    expect(importPreview.document.tables.map((t: { name: string }) => t.name)).toEqual(['users', 'posts', 'comments']);
    expect(importPreview.document.tables[1].rows).toEqual({ perParent: 'users', min: 10, max: 10 });
    expect(importPreview.report).toContainEqual(expect.objectContaining({ path: 'tables[1].rows', details: expect.objectContaining({ observed: expect.objectContaining({ parents: 10, mean: 10 }) }) }));
    expect(await blueprintCount()).toBe(before);
  });

  it('creates a blueprint from a CSV sample for an editor, and refuses a viewer', async () => {
    const input = { projectId, source: 'CSV_SAMPLE', text: customersCsv(200), name: 'customers' };
    const refused = await viewer.gql(IMPORT, { input });
    expect(refused.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const { importBlueprint } = await owner.ok(IMPORT, { input });
    expect(importBlueprint).toMatchObject({ name: 'customers', revision: 1 });
    expect(importBlueprint.document.tables[0].fields.map((f: { name: string }) => f.name)).toContain('monthly_fee');
  });
});

describe('the sample upload route', () => {
  const upload = (client: TestClient, body: BodyInit, query = 'source=JSON_SAMPLE', type = 'application/json') =>
    client.request(`/api/v1/imports/preview?${query}`, { method: 'POST', headers: { 'content-type': type }, body, duplex: 'half' } as RequestInit);

  it('reads a 10 MB sample as it arrives and answers like importPreview, the server answering others meanwhile', async () => {
    const text = grownTypicodeSample(10 * 1024 * 1024);
    const pending = upload(viewer, text);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) waits.push(await quickAnswer());
    const response = await pending;
    expect(response.status).toBe(200);
    const result = await response.json();
    expect(result.document.tables.map((t: { name: string }) => t.name)).toEqual(['users', 'albums', 'photos']);
    expect(result.document.tables[2].rows).toMatchObject({ perParent: 'albums' });
    expect(Math.max(...waits)).toBeLessThan(1000);
  });

  it('refuses a declared 100 MB upload before reading it', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${server.url}/api/v1/imports/preview?source=CSV_SAMPLE`, { method: 'POST', headers: { cookie: viewer.cookieHeader, 'content-type': 'text/csv', 'content-length': String(100 * 1024 * 1024) } }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      });
      req.on('error', reject);
      req.write('a,b\n1,2\n');
    });
    expect(status).toBe(413);
  });

  it('refuses a body past the limit that did not declare its size, with a code and a path', async () => {
    // Sent chunked (no content-length) until the server answers, as a client streaming a file would.
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${server.url}/api/v1/imports/preview?source=JSON_SAMPLE`, { method: 'POST', headers: { cookie: viewer.cookieHeader, 'content-type': 'application/json' } }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, body }));
      });
      req.on('error', () => {}); // the server closes the connection while we are still sending
      // Records of a kilobyte each: the refusal comes from the byte count, not from the work per record.
      const chunk = `{"text": "${'x'.repeat(1000)}"},`.repeat(1000);
      let sent = 0;
      const send = () => {
        while (sent < 4 * UPLOAD_BYTES && !req.destroyed) {
          sent += chunk.length;
          if (!req.write(sent === chunk.length ? `[${chunk}` : chunk)) return void req.once('drain', send);
        }
        reject(new Error(`no answer after ${sent} bytes`));
      };
      send();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).errors[0].extensions).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', path: 'body' });
  });

  it('refuses a sample that is not UTF-8, an unknown source and a caller without a session', async () => {
    const bad = await upload(viewer, Buffer.from([0x5b, 0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d, 0x5d]));
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors[0]).toMatchObject({ message: expect.stringMatching(/not valid UTF-8/), extensions: { code: 'BAD_USER_INPUT', path: 'body' } });
    const source = await upload(viewer, '[]', 'source=POSTGRES_DDL');
    expect((await source.json()).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', path: 'source' });
    const anonymous = await fetch(`${server.url}/api/v1/imports/preview?source=JSON_SAMPLE`, { method: 'POST', body: '[{"a":1}]' });
    expect(anonymous.status).toBe(401);
  });
});
