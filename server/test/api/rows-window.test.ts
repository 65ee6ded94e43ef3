import { compileBlueprint, streamTable } from '@seedbed/engine';
import { collect } from '../engine/helpers';
import type { TestClient } from '../support/client';
import { createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let owner: TestClient;
let blueprintId: string;
const document = shopDocument();
const PREVIEW = `query($input: PreviewInput!) { preview(input: $input) { table totalRows offset rows } }`;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await createUser(server.url)).client;
  const projectId = (await createProject(owner)).id;
  blueprintId = (await createBlueprint(owner, projectId, document)).id;
});
afterAll(() => server.stop());

const rows = (query: string) => owner.request(`/api/v1/blueprints/${blueprintId}/rows.${query}`);
const ndjson = async (response: Response) => (await response.text()).trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
const ordersCount = compileBlueprint(document).table('orders').layout.rows;

describe('a window of rows means rows offset … offset + count − 1 everywhere', () => {
  it('rows API: a root table grows to hold the window, with the same rows it has at its own size', async () => {
    const response = await rows('ndjson?table=users&offset=90&count=30');
    expect(response.status).toBe(200);
    const got = await ndjson(response);
    expect(got.map((r) => r.id)).toEqual(Array.from({ length: 30 }, (_, i) => 91 + i));
    expect(response.headers.get('x-total-rows')).toBe('120');
    const declared = await ndjson(await rows('ndjson?table=users&offset=90&count=10'));
    expect(got.slice(0, 10)).toEqual(declared);
    const expected = await collect(streamTable(compileBlueprint(document, { rowOverrides: { users: 120 } }), 'users', 'ndjson', { offset: 90, count: 30 }));
    expect(got).toEqual(expected.trim().split('\n').map((l) => JSON.parse(l)));
  });

  it('rows API: a window past the end of a table sized by its parents is refused at count with the real count', async () => {
    const response = await rows(`csv?table=orders&count=${ordersCount + 1}`);
    expect(response.status).toBe(400);
    const error = (await response.json()).errors[0];
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', path: 'count' });
    expect(error.message).toContain(`orders has ${ordersCount.toLocaleString('en-US')} rows`);
    const past = await rows(`csv?table=orders&offset=${ordersCount + 5}`);
    expect(past.status).toBe(400);
    expect((await past.json()).errors[0].extensions.path).toBe('offset');
    const exact = await rows(`ndjson?table=orders&offset=${ordersCount - 3}&count=3`);
    expect(exact.status).toBe(200);
    expect(await ndjson(exact)).toHaveLength(3);
  });

  it('preview: pages through the table as the blueprint sizes it, saying its totalRows; an offset past the end is refused', async () => {
    const last = (await owner.ok(PREVIEW, { input: { blueprintId, table: 'users', offset: 90, limit: 20 } })).preview;
    expect(last).toMatchObject({ totalRows: 100, offset: 90 });
    expect(last.rows).toHaveLength(10);
    const error = await owner.fails(PREVIEW, { input: { blueprintId, table: 'orders', offset: ordersCount, limit: 5 } });
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'input.offset' } });
    expect(error.message).toContain(`orders has ${ordersCount.toLocaleString('en-US')} rows`);
  });
});
