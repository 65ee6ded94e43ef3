/** The §9 limits an operator sets reach every path that generates: saving, preview, the rows API and runs. */
import type { TestClient } from '../support/client';
import { createBlueprint, createProject, createUser } from '../support/factories';
import { finished, startRun, waitForRun } from '../support/runs';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let editor: TestClient;
let projectId: string;
beforeAll(async () => {
  server = await startTestServer({ env: { SEEDBED_CELL_BYTES: '200', SEEDBED_PREVIEW_BYTES: '5000', SEEDBED_PLAN_ROWS: '1000' } });
  editor = (await createUser(server.url)).client;
  projectId = (await createProject(editor)).id;
});
afterAll(() => server.stop());

const CREATE = `mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }`;
const PREVIEW = `query($input: PreviewInput!) { preview(input: $input) { rows } }`;

const table = (rows: number, fields: unknown[]) => ({ seedbed: 1, name: 'limits', seed: 1, tables: [{ name: 't', rows, fields: [{ name: 'id', generator: 'sequence' }, ...fields] }] });

it('refuses to save a regex that can make more than SEEDBED_CELL_BYTES', async () => {
  const error = await editor.fails(CREATE, { input: { projectId, document: table(10, [{ name: 'x', generator: 'regex', options: { pattern: '[a-z]{300}' } }]) } });
  expect(error).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[0].fields[1].options.pattern' } });
  expect(error.message).toMatch(/at most 200/);
  // The engine's own default (65,536) would have taken it.
  await createBlueprint(editor, projectId, table(10, [{ name: 'x', generator: 'regex', options: { pattern: '[a-z]{150}' } }]));
});

it('fails a run whose formula outgrows SEEDBED_CELL_BYTES while generating, naming the field', async () => {
  const { id } = await createBlueprint(editor, projectId, table(10, [
    // A sentence's length is known only once it is made, so only generation can tell.
    { name: 'words', generator: 'lorem.sentence' },
    { name: 'often', generator: 'formula', options: { expr: 'words & words & words & words & words & words & words & words' } },
  ]));
  const run = await waitForRun(editor, (await startRun(editor, id, { files: { formats: ['CSV'] } })).id, finished);
  expect(run.status).toBe('FAILED');
  expect(run.error).toMatch(/tables\[0\]\.fields\[2\]/);
});

it('stops a preview at SEEDBED_PREVIEW_BYTES', async () => {
  const document = table(100, [{ name: 'x', generator: 'regex', options: { pattern: '[a-z]{150}' } }]);
  const error = await editor.fails(PREVIEW, { input: { document, limit: 100 } });
  expect(error).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'input.limit' } });
  expect((await editor.ok(PREVIEW, { input: { document, limit: 10 } })).preview.rows).toHaveLength(10);
});

it('refuses a plan over SEEDBED_PLAN_ROWS on save, preview, the rows API and runs', async () => {
  const document = table(2000, []);
  expect(await editor.fails(PREVIEW, { input: { document, limit: 1 } })).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[0].rows' } });
  const save = await editor.fails(`mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }`, { input: { projectId, document } });
  expect(save).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[0].rows' } });
  // A revision saved before the bound was lowered is still refused where it is used.
  const { id } = await createBlueprint(editor, projectId, table(10, []));
  await server.db.query('UPDATE blueprint_revisions SET document = $1 WHERE blueprint_id = $2', [document, id]);
  const rows = await editor.request(`/api/v1/blueprints/${id}/rows.csv`);
  expect(rows.status).toBe(400);
  expect((await rows.json()).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', path: 'tables[0].rows' });
  const run = await editor.fails(`mutation($input: StartRunInput!) { startRun(input: $input) { id } }`, { input: { blueprintId: id, target: { files: { formats: ['CSV'] } } } });
  expect(run).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[0].rows' } });
});

describe('a table whose unique values depend on the rows before', () => {
  // A unique formula is kept distinct by retrying against earlier values: row K needs rows 0..K-1.
  const retryTable = (rows: number) => ({
    seedbed: 1, name: 'retry', seed: 1,
    tables: [{ name: 'codes', rows, fields: [{ name: 'id', generator: 'sequence' }, { name: 'code', generator: 'formula', options: { expr: "'c' & id" }, unique: true }] }],
  });
  let server2: TestServer;
  let owner: TestClient;
  let project: string;
  beforeAll(async () => {
    server2 = await startTestServer();
    owner = (await createUser(server2.url)).client;
    project = (await createProject(owner)).id;
  });
  afterAll(() => server2.stop());

  it('is previewed near its start, and refused deep into it instead of replaying millions of rows on the API thread', async () => {
    const document = retryTable(50_000_000);
    expect((await owner.ok(PREVIEW, { input: { document, offset: 1000, limit: 3 } })).preview.rows.map((r: unknown[]) => r[1])).toEqual(['c1001', 'c1002', 'c1003']);
    const started = Date.now();
    const deep = await owner.fails(PREVIEW, { input: { document, offset: 40_000_000, limit: 3 } });
    expect(Date.now() - started).toBeLessThan(5000); // replaying would take about half a minute
    expect(deep).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'input.offset' } });
    expect(deep.message).toMatch(/start a run/);
    const { id } = await createBlueprint(owner, project, document);
    const rows = await owner.request(`/api/v1/blueprints/${id}/rows.csv?offset=40000000&count=10`);
    expect(rows.status).toBe(400);
    expect((await rows.json()).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', path: 'offset' });
  });
});
