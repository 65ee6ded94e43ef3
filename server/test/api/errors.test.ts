/**
 * One error path (PRODUCT.md §8, §15): whatever a caller sends, the answer is
 * JSON with a code (and the path of the offending input) and a request id,
 * never a 500, an HTML page or a stack; and a refused request stores nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { TestClient } from '../support/client';
import { createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { finished, startRun, waitForRun } from '../support/runs';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let owner: TestClient;
let projectId: string;
let blueprintId: string;

beforeAll(async () => {
  server = await startTestServer();
  owner = (await createUser(server.url)).client;
  projectId = (await createProject(owner, 'Errors')).id;
  blueprintId = (await createBlueprint(owner, projectId, shopDocument())).id;
});
afterAll(() => server.stop());

/** Everything a refused request could have changed. */
const stored = async () =>
  (
    await server.db.query(`SELECT
      (SELECT count(*) FROM projects)::int AS projects,
      (SELECT string_agg(name, ',' ORDER BY id) FROM projects) AS "projectNames",
      (SELECT count(*) FROM blueprints)::int AS blueprints,
      (SELECT count(*) FROM blueprint_revisions)::int AS revisions,
      (SELECT count(*) FROM runs)::int AS runs`)
  )[0];

/** A plain HTTP error: JSON in the GraphQL error shape, a code, a request id (also in the header), no stack. */
async function httpError(response: Response, status: number, code: string, errorPath?: string | RegExp) {
  const text = await response.text();
  expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({ status, type: expect.stringMatching(/^application\/json/) });
  expect(text).not.toMatch(/<html|\bat .+\.(ts|js):\d+/i);
  const body = JSON.parse(text);
  const [error] = body.errors;
  expect(error.extensions.code).toBe(code);
  if (errorPath !== undefined) expect(error.extensions.path).toEqual(typeof errorPath === 'string' ? errorPath : expect.stringMatching(errorPath));
  expect(error.extensions.requestId).toEqual(expect.any(String));
  expect(error.extensions.requestId).toBe(response.headers.get('x-request-id'));
  return error;
}

/** A GraphQL error with its code, path and request id. */
async function gqlError(query: string, variables: Record<string, unknown>, code: string, errorPath?: string) {
  const result = await owner.gql(query, variables);
  expect(result.errors?.[0]?.extensions).toMatchObject({ code, ...(errorPath !== undefined ? { path: errorPath } : {}) });
  expect(result.errors?.[0]?.extensions?.requestId).toBe(result.headers.get('x-request-id'));
  return result.errors![0];
}

const CREATE_PROJECT = 'mutation($input: CreateProjectInput!) { createProject(input: $input) { id } }';
const RENAME_PROJECT = 'mutation($input: UpdateProjectInput!) { updateProject(input: $input) { id } }';
const CREATE_BLUEPRINT = 'mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }';
const PREVIEW = 'query($input: PreviewInput!) { preview(input: $input) { rows } }';

function withField(field: Record<string, unknown>) {
  const document = shopDocument();
  document.tables[0].fields.push(field as never);
  return document;
}

/** A JSON body whose `"DEEP"` string becomes a list nested `depth` levels (JSON.stringify itself would overflow). */
const deepBody = (value: unknown, depth: number) => JSON.stringify(value).replace('"DEEP"', `${'['.repeat(depth)}1${']'.repeat(depth)}`);
const postJson = (body: string) => owner.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body });

function overSocket(query: string, variables?: Record<string, unknown>): Promise<any> {
  const cookie = owner.cookieHeader;
  const ws = createClient({
    url: `${server.url.replace('http', 'ws')}/graphql`,
    retryAttempts: 0,
    webSocketImpl: class extends WebSocket {
      constructor(url: string, protocols: string[]) {
        super(url, protocols, { headers: { cookie } });
      }
    },
  });
  return new Promise<any>((resolve) => {
    ws.subscribe({ query, variables }, { next: resolve, error: (errors) => resolve({ errors }), complete: () => {} });
  }).finally(() => ws.dispose());
}

describe('the rows API', () => {
  const rows = (query: string) => owner.request(`/api/v1/blueprints/${blueprintId}/rows.csv?${query}`);

  it('refuses a repeated query parameter with its name', async () => {
    await httpError(await rows('table=users&table=orders'), 400, 'BAD_USER_INPUT', 'table');
    await httpError(await rows('dialect=mysql&dialect=sqlite'), 400, 'BAD_USER_INPUT', 'dialect');
  });

  it('refuses seeds above 2^31 - 1 as GraphQL does', async () => {
    const error = await httpError(await rows(`seed=${2 ** 31}`), 400, 'BAD_USER_INPUT', 'seed');
    expect(error.message).toMatch(/2,147,483,647/);
    expect((await rows(`seed=${2 ** 31 - 1}&count=1`)).status).toBe(200);
  });

  it('answers an unknown route and an unknown blueprint with JSON', async () => {
    await httpError(await owner.request('/api/v1/nothing'), 404, 'NOT_FOUND');
    await httpError(await owner.request('/api/v1/blueprints/not-an-id/rows.csv'), 404, 'NOT_FOUND');
    await httpError(await owner.anonymous().request(`/api/v1/blueprints/${blueprintId}/rows.csv`), 401, 'UNAUTHENTICATED');
  });
});

describe('run files', () => {
  it('a file name with a NUL names no file', async () => {
    const run = await waitForRun(owner, (await startRun(owner, blueprintId, { files: { formats: ['CSV'] } })).id, finished);
    expect(run.status).toBe('SUCCEEDED');
    await httpError(await owner.request(`/api/v1/runs/${run.id}/files/users.csv%00x`), 404, 'NOT_FOUND');
    await httpError(await owner.request(`/api/v1/runs/${run.id}/files/users.csv`, { headers: { range: 'bytes=999999-' } }), 416, 'BAD_USER_INPUT');
  });
});

describe('text PostgreSQL cannot store', () => {
  it.each([
    ['a NUL', 'bad\u0000name'],
    ['a lone surrogate', 'bad\ud800name'],
  ])('%s in a project name, a blueprint name or a constant is BAD_USER_INPUT with its path', async (_, text) => {
    const before = await stored();
    await gqlError(CREATE_PROJECT, { input: { name: text } }, 'BAD_USER_INPUT', 'input.name');
    await gqlError(RENAME_PROJECT, { input: { id: projectId, name: text } }, 'BAD_USER_INPUT', 'input.name');
    await gqlError(CREATE_BLUEPRINT, { input: { projectId, document: shopDocument({ name: text }) } }, 'BAD_USER_INPUT', 'name');
    const constant = withField({ name: 'note', generator: 'constant', options: { value: text } });
    await gqlError(CREATE_BLUEPRINT, { input: { projectId, document: constant } }, 'BAD_USER_INPUT', 'tables[0].fields[3].options.value');
    expect(await stored()).toEqual(before);
  });
});

describe('JSON nested 10,000 deep', () => {
  it('in a request body: 400 BAD_USER_INPUT with its path, and the server goes on', async () => {
    const before = await stored();
    const response = await postJson(deepBody({ query: CREATE_PROJECT, variables: { input: { name: 'deep', extra: 'DEEP' } } }, 10_000));
    await httpError(response, 400, 'BAD_USER_INPUT', /^variables\.input\.extra(\[0\])+$/);
    expect(await stored()).toEqual(before);
    expect((await owner.gql('{ __typename }')).data).toEqual({ __typename: 'Query' });
  });

  it('in a blueprint document, saved or previewed, over HTTP and WebSocket', async () => {
    const before = await stored();
    const deep = withField({ name: 'note', generator: 'constant', options: { value: 'DEEP' } });
    const saved = await postJson(deepBody({ query: CREATE_BLUEPRINT, variables: { input: { projectId, document: deep } } }, 10_000));
    await httpError(saved, 400, 'BAD_USER_INPUT', /^variables\.input\.document\.tables\[0\]\.fields\[3\]\.options\.value(\[0\])+$/);
    const previewed = await postJson(deepBody({ query: PREVIEW, variables: { input: { document: deep } } }, 10_000));
    await httpError(previewed, 400, 'BAD_USER_INPUT', /^variables\.input\.document\./);

    const variables = JSON.parse(deepBody({ input: { projectId, document: deep } }, 1_000));
    const overWs = await overSocket(CREATE_BLUEPRINT, variables);
    expect(overWs.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', path: expect.stringMatching(/^variables\.input\.document\./), requestId: expect.any(String) });
    expect(await stored()).toEqual(before);
  });
});

describe('pagination cursors that are not ours', () => {
  const PROJECTS = 'query($after: String) { projects(first: 5, after: $after) { totalCount } }';
  const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it.each([
    ['garbage', 'garbage'],
    ['an id that is no uuid', cursor(['2020-01-01T00:00:00.000Z', 'x'])],
    ['a number for a time', cursor([5, '00000000-0000-0000-0000-000000000000'])],
    ['a year PostgreSQL cannot hold', cursor(['+275760-09-13T00:00:00.000Z', '00000000-0000-0000-0000-000000000000'])],
  ])('%s is BAD_USER_INPUT at after', async (_, after) => {
    await gqlError(PROJECTS, { after }, 'BAD_USER_INPUT', 'after');
  });
});

describe('generator options out of their safe range', () => {
  const options = (generator: string, opts: Record<string, unknown>) => withField({ name: 'x', generator, options: opts });
  const base = 'tables[0].fields[3].options';

  it.each([
    ['number.binary', { min: 5 }, `${base}.min`],
    ['number.octal', { min: 9 }, `${base}.min`],
    ['number.hex', { min: 17 }, `${base}.min`],
    ['number.int', { min: -1e308, max: 1e308 }, `${base}.min`],
    ['number.int', { min: 3e9 }, `${base}.min`],
    ['number.float', { min: -1e308, max: 1e308 }, `${base}.min`],
    ['number.float', { min: 0, max: 1e15, precision: 1e-9 }, `${base}.precision`],
    ['date.past', { years: 1e308 }, `${base}.years`],
    ['date.soon', { days: 1e308 }, `${base}.days`],
  ])('%s with %j is refused at validation', async (generator, opts, errorPath) => {
    const before = await stored();
    await gqlError(CREATE_BLUEPRINT, { input: { projectId, document: options(generator, opts) } }, 'BAD_USER_INPUT', errorPath);
    await gqlError(PREVIEW, { input: { document: options(generator, opts) } }, 'BAD_USER_INPUT', errorPath);
    expect(await stored()).toEqual(before);
  });

  it('a constant of 1e309 (Infinity once parsed) is refused, not saved as null', async () => {
    const before = await stored();
    const body = `{"query": ${JSON.stringify(CREATE_BLUEPRINT)}, "variables": {"input": {"projectId": "${projectId}", "document": ${JSON.stringify(
      options('constant', { value: 'PLACEHOLDER' }),
    ).replace('"PLACEHOLDER"', '1e309')}}}}`;
    const response = await owner.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const result = await response.json();
    expect(result.errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', path: `${base}.value` });
    expect(await stored()).toEqual(before);
  });
});

describe('GraphQL syntax', () => {
  it('a syntax error is 400 BAD_USER_INPUT, a query over the token limit QUERY_TOO_COMPLEX, on both transports', async () => {
    const syntax = await owner.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ projects(first: 1) { totalCount }' }) });
    expect(syntax.status).toBe(400);
    const syntaxBody = await syntax.json();
    expect(syntaxBody.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(syntaxBody.errors[0].message).toMatch(/^Syntax Error/);

    const long = `{ ${Array.from({ length: 1200 }, () => '__typename').join(' ')} }`;
    const tooLong = await owner.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: long }) });
    expect(tooLong.status).toBe(400);
    const tooLongBody = await tooLong.json();
    expect(tooLongBody.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(tooLongBody.errors[0].message).not.toMatch(/^Syntax Error/);

    const [wsSyntax, wsLong] = [await overSocket('{ projects(first: 1) { totalCount }'), await overSocket(long)];
    expect(wsSyntax.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(wsSyntax.errors[0].message).toBe(syntaxBody.errors[0].message);
    expect(wsLong.errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
    expect(wsLong.errors[0].message).toBe(tooLongBody.errors[0].message);
  });
});

describe('the layering', () => {
  const src = path.resolve(__dirname, '../../src');
  const filesUnder = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(full) : entry.name.endsWith('.ts') ? [full] : [];
    });
  const importsOf = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/\bfrom\s+'([^']+)'/g)].map((m) => m[1]);

  it('no module imports the GraphQL layer', () => {
    const offenders = filesUnder(path.join(src, 'modules')).flatMap((file) =>
      importsOf(file)
        .filter((spec) => spec.startsWith('.') && path.resolve(path.dirname(file), spec).startsWith(path.join(src, 'graphql')))
        .map((spec) => `${path.relative(src, file)} → ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("graphql's GraphQLError is imported only by the GraphQL layer", () => {
    // The transports: HTTP's GraphQL layer, the WebSocket adapter (and its per-event authorisation), and `seedbed mock`'s own small HTTP server;
    // and the query limits' validation rules (shared by the API and the mock), which graphql-js reports as GraphQLErrors.
    const allowed = [path.join(src, 'graphql'), path.join(src, 'modules', 'query-limits'), path.join(src, 'http', 'websocket.ts'), path.join(src, 'http', 'socket-operations.ts'), path.join(src, 'cli', 'mock.ts')];
    const offenders = filesUnder(src).filter(
      (file) => !allowed.some((a) => file.startsWith(a)) && /import\s*{[^}]*\bGraphQLError\b[^}]*}\s*from\s*'graphql'/.test(fs.readFileSync(file, 'utf8')),
    );
    expect(offenders.map((f) => path.relative(src, f))).toEqual([]);
  });
});
