import { parse } from 'csv-parse/sync';
import { compileBlueprint, sharedWorkerPool, streamTable } from '@seedbed/engine';
import { collect } from '../engine/helpers';
import type { TestClient } from '../support/client';
import { addMember, createApiKey, createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let owner: TestClient;
let outsider: TestClient;
let projectId: string;
let blueprintId: string;
const document = shopDocument();

beforeAll(async () => {
  server = await startTestServer({ env: { SEEDBED_INSTANT_ROWS: '50000', SEEDBED_ENGINE_THREADS: '2' } });
  owner = (await createUser(server.url)).client;
  outsider = (await createUser(server.url, 'Outsider')).client;
  projectId = (await createProject(owner)).id;
  blueprintId = (await createBlueprint(owner, projectId, document)).id;
});
afterAll(() => server.stop());

const PREVIEW = `query($input: PreviewInput!) { preview(input: $input) {
  table totalRows offset columns { name type nullable unique sqlType { postgres mysql sqlite } } rows } }`;

describe('the generator catalog', () => {
  it('has at least 150 generators in at least 15 categories, each described with examples', async () => {
    const { generators, generatorCategories } = await owner.ok(`{ generators { id category description outputType optionsSchema examples sqlType { postgres } } generatorCategories }`);
    expect(generators.length).toBeGreaterThanOrEqual(150);
    expect(generatorCategories.length).toBeGreaterThanOrEqual(15);
    for (const id of ['sequence', 'uuid', 'ref', 'weighted', 'regex', 'formula', 'template', 'constant', 'list', 'person.firstName', 'internet.email']) {
      expect(generators.map((g: { id: string }) => g.id)).toContain(id);
    }
    for (const g of generators) {
      expect(g.description).toBeTruthy();
      expect(typeof g.optionsSchema).toBe('object');
      expect(g.sqlType.postgres).toBeTruthy();
    }
  });

  it('searches by words and filters by category', async () => {
    const { generators } = await owner.ok(`{ generators(search: "first name") { id } }`);
    expect(generators.map((g: { id: string }) => g.id)).toContain('person.firstName');
    const { byCategory } = await owner.ok(`{ byCategory: generators(category: "person") { category } }`);
    expect(byCategory.length).toBeGreaterThan(3);
    expect(new Set(byCategory.map((g: { category: string }) => g.category))).toEqual(new Set(['person']));
  });
});

describe('preview', () => {
  it('shows rows of a saved blueprint with their column types', async () => {
    const { preview } = await owner.ok(PREVIEW, { input: { blueprintId, limit: 5 } });
    expect(preview).toMatchObject({ table: 'users', totalRows: 100, offset: 0 });
    expect(preview.columns.map((c: { name: string; type: string }) => [c.name, c.type])).toEqual([['id', 'INTEGER'], ['first_name', 'STRING'], ['email', 'STRING']]);
    expect(preview.rows).toHaveLength(5);
    expect(preview.rows.map((r: unknown[]) => r[0])).toEqual([1, 2, 3, 4, 5]);
  });

  it('gives rows at an offset equal to the same rows of the full output', async () => {
    const all = (await owner.ok(PREVIEW, { input: { blueprintId, table: 'orders', limit: 60 } })).preview.rows;
    const later = (await owner.ok(PREVIEW, { input: { blueprintId, table: 'orders', offset: 40, limit: 20 } })).preview.rows;
    expect(later).toEqual(all.slice(40, 60));
  });

  it('previews an unsaved document, giving the same rows as the saved one with the same seed', async () => {
    const saved = (await owner.ok(PREVIEW, { input: { blueprintId, limit: 10 } })).preview.rows;
    const unsaved = (await outsider.ok(PREVIEW, { input: { document, limit: 10 } })).preview.rows;
    expect(unsaved).toEqual(saved);
    const reseeded = (await outsider.ok(PREVIEW, { input: { document, limit: 10, seed: 7 } })).preview.rows;
    expect(reseeded).not.toEqual(saved);
  });

  it('reads a past revision when asked', async () => {
    const { id } = await createBlueprint(owner, projectId, document);
    await owner.ok(`mutation($input: UpdateBlueprintInput!) { updateBlueprint(input: $input) { revision } }`, {
      input: { id, baseRevision: 1, document: { ...document, seed: 999 } },
    });
    const old = (await owner.ok(PREVIEW, { input: { blueprintId: id, revision: 1, limit: 5 } })).preview.rows;
    const current = (await owner.ok(PREVIEW, { input: { blueprintId: id, limit: 5 } })).preview.rows;
    expect(old).toEqual((await owner.ok(PREVIEW, { input: { blueprintId, limit: 5 } })).preview.rows);
    expect(current).not.toEqual(old);
  });

  it('refuses bad limits, unknown tables, anonymous callers and non-members', async () => {
    for (const limit of [0, 101]) {
      expect(await owner.fails(PREVIEW, { input: { blueprintId, limit } })).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'input.limit' } });
    }
    expect(await owner.fails(PREVIEW, { input: { blueprintId, table: 'nope' } })).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'input.table' } });
    expect((await owner.anonymous().fails(PREVIEW, { input: { document } })).code).toBe('UNAUTHENTICATED');
    expect((await outsider.fails(PREVIEW, { input: { blueprintId } })).code).toBe('NOT_FOUND');
  });

  it('reports an invalid unsaved document with the path of the problem', async () => {
    const broken = structuredClone(document) as any;
    broken.tables[0].fields[1].generator = 'person.nickname';
    expect(await owner.fails(PREVIEW, { input: { document: broken } })).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[0].fields[1].generator' } });
  });
});

describe('saving checks generators and their options', () => {
  const CREATE = `mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }`;
  it.each([
    ['an unknown generator', (d: any) => (d.tables[0].fields[1].generator = 'person.nickname'), 'tables[0].fields[1].generator'],
    ['min above max', (d: any) => d.tables[0].fields.push({ name: 'age', generator: 'number.int', options: { min: 9, max: 1 } }), 'tables[0].fields[3].options'],
    ['an invalid regex', (d: any) => d.tables[0].fields.push({ name: 'code', generator: 'regex', options: { pattern: '[a-' } }), 'tables[0].fields[3].options.pattern'],
    ['an unknown locale', (d: any) => (d.locale = 'xx-nowhere'), 'locale'],
  ])('rejects %s', async (_, breakIt, path) => {
    const broken = structuredClone(document) as any;
    breakIt(broken);
    const error = await owner.fails(CREATE, { input: { projectId, document: broken } });
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(String(error.extensions!.path)).toMatch(new RegExp(`^${path.replace(/[[\].]/g, '\\$&')}`));
  });
});

describe('GET /api/v1/blueprints/:id/rows.<format>', () => {
  const rows = (client: TestClient, query: string) => client.request(`/api/v1/blueprints/${blueprintId}/rows.${query}`);

  it('streams CSV with its content type and file name, equal to the preview', async () => {
    const response = await rows(owner, 'csv?table=orders&offset=5&count=10');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="orders.csv"');
    const records: Record<string, string>[] = parse(await response.text(), { columns: true });
    const preview = (await owner.ok(PREVIEW, { input: { blueprintId, table: 'orders', offset: 5, limit: 10 } })).preview;
    expect(records.map((r: Record<string, string>) => [r.id, Number(r.user_id)])).toEqual(preview.rows.map((r: unknown[]) => [r[0], r[1]]));
  });

  it('serves NDJSON, JSON, TSV and SQL', async () => {
    const ndjson = (await (await rows(owner, 'ndjson?count=3')).text()).trim().split('\n').map((l) => JSON.parse(l));
    expect(ndjson.map((r) => r.id)).toEqual([1, 2, 3]);
    const json = await (await rows(owner, 'json?count=3')).json();
    expect(json).toEqual(ndjson);
    expect((await (await rows(owner, 'tsv?count=1')).text()).split('\n')[0]).toBe('id\tfirst_name\temail');
    expect(await (await rows(owner, 'sql?count=2&dialect=mysql')).text()).toMatch(/CREATE TABLE `users`[\s\S]*INSERT INTO `users`/);
  });

  it('works with a VIEWER API key and the same seed gives the same bytes', async () => {
    const viewer = owner.withApiKey((await createApiKey(owner, projectId, 'VIEWER')).secret);
    const a = await (await rows(viewer, 'csv?seed=5&count=50')).text();
    const b = await (await rows(owner, 'csv?seed=5&count=50')).text();
    expect(a).toBe(b);
    expect(a).not.toBe(await (await rows(owner, 'csv?seed=6&count=50')).text());
  });

  it('answers bad requests with a status and a code', async () => {
    const cases: [TestClient, string, number, string][] = [
      [owner.anonymous(), 'csv', 401, 'UNAUTHENTICATED'],
      [outsider, 'csv', 404, 'NOT_FOUND'],
      [owner, 'xml', 400, 'BAD_USER_INPUT'],
      [owner, 'csv?count=-1', 400, 'BAD_USER_INPUT'],
      [owner, 'csv?count=50001', 400, 'BAD_USER_INPUT'],
      [owner, 'csv?table=nope', 400, 'BAD_USER_INPUT'],
      [owner, 'sql?dialect=oracle', 400, 'BAD_USER_INPUT'],
    ];
    for (const [client, query, status, code] of cases) {
      const response = await rows(client, query);
      expect({ query, status: response.status }).toEqual({ query, status });
      expect((await response.json()).errors[0].extensions.code).toBe(code);
    }
  });

  it('streams a large request from worker threads, with the same bytes as one thread', async () => {
    const big = shopDocument({ name: 'big', tables: [{ ...document.tables[0], rows: 40_000 }] });
    const { id } = await createBlueprint(owner, projectId, big);
    const expected = await collect(streamTable(compileBlueprint(big), 'users', 'sql', { dialect: 'sqlite' }));
    const response = await owner.request(`/api/v1/blueprints/${id}/rows.sql?table=users&dialect=sqlite`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(expected);
    expect(sharedWorkerPool().liveThreads).toBe(2);
  });

  it('lets a client hang up mid-stream without disturbing the server', async () => {
    const member = await addMember(owner, projectId, 'VIEWER');
    const controller = new AbortController();
    const response = await member.client.request(`/api/v1/blueprints/${blueprintId}/rows.csv?table=users&count=5000`, { signal: controller.signal });
    const reader = response.body!.getReader();
    await reader.read();
    controller.abort();
    await expect(reader.read()).rejects.toThrow();
    expect((await rows(owner, 'csv?count=1')).status).toBe(200);
  });
});
