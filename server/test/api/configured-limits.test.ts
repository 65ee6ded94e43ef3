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

it('refuses a plan over SEEDBED_PLAN_ROWS on preview, the rows API and runs', async () => {
  const document = table(2000, []);
  expect(await editor.fails(PREVIEW, { input: { document, limit: 1 } })).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[0].rows' } });
  const { id } = await createBlueprint(editor, projectId, document);
  const rows = await editor.request(`/api/v1/blueprints/${id}/rows.csv`);
  expect(rows.status).toBe(400);
  expect((await rows.json()).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', path: 'tables[0].rows' });
  const run = await editor.fails(`mutation($input: StartRunInput!) { startRun(input: $input) { id } }`, { input: { blueprintId: id, target: { files: { formats: ['CSV'] } } } });
  expect(run).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[0].rows' } });
});
