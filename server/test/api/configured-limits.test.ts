/** The §9 limits an operator sets reach every path that generates: saving, preview, the rows API and runs. */
import type { TestClient } from '../support/client';
import { createBlueprint, createProject, createUser } from '../support/factories';
import { finished, startRun, waitForRun } from '../support/runs';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let editor: TestClient;
let projectId: string;
beforeAll(async () => {
  server = await startTestServer({ env: { SEEDBED_CELL_BYTES: '200', SEEDBED_PREVIEW_BYTES: '5000', SEEDBED_PLAN_ROWS: '1000', SEEDBED_MAX_TABLES: '4', SEEDBED_MAX_FIELDS: '6' } });
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

it('refuses more tables or fields than SEEDBED_MAX_TABLES / SEEDBED_MAX_FIELDS on save, preview and import, naming the setting', async () => {
  const fields = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `f${i}`, generator: 'uuid' }));
  const wide = table(10, fields(6));
  const save = await editor.fails(CREATE, { input: { projectId, document: wide } });
  expect(save).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[0].fields' } });
  expect(save.message).toMatch(/has 7 fields; a table holds at most 6 \(the operator raises it with SEEDBED_MAX_FIELDS/);
  expect(await editor.fails(PREVIEW, { input: { document: wide, limit: 1 } })).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[0].fields' } });
  const many = { ...table(1, []), tables: Array.from({ length: 5 }, (_, t) => ({ name: `t${t}`, rows: 1, fields: fields(1) })) };
  expect(await editor.fails(CREATE, { input: { projectId, document: many } })).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables' }, message: expect.stringMatching(/has 5 tables; a blueprint holds at most 4 .*SEEDBED_MAX_TABLES/) });
  await createBlueprint(editor, projectId, table(10, fields(5)));

  const IMPORT_PREVIEW = `query($input: ImportPreviewInput!) { importPreview(input: $input) { document } }`;
  const ddl = (tables: number, columns: number) => Array.from({ length: tables }, (_, t) => `CREATE TABLE t${t} (${Array.from({ length: columns }, (_, c) => `c${c} int`).join(', ')});`).join('\n');
  // Five tables: refused by the scan before any parser; seven columns: by the schema's own count, before inference.
  expect(await editor.fails(IMPORT_PREVIEW, { input: { source: 'POSTGRES_DDL', text: ddl(5, 1) } })).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'input.text' }, message: expect.stringMatching(/more than 4 tables \(line 5\).*SEEDBED_MAX_TABLES/) });
  expect(await editor.fails(IMPORT_PREVIEW, { input: { source: 'POSTGRES_DDL', text: ddl(1, 7) } })).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'input.text' }, message: expect.stringMatching(/The table t0 .*has 7 columns; a table holds at most 6.*SEEDBED_MAX_FIELDS/) });
});

it('imports a chain of per-parent tables within SEEDBED_PLAN_ROWS, so the blueprint saves here', async () => {
  const chain = [
    'CREATE TABLE users (id bigint PRIMARY KEY, email varchar(120) NOT NULL);',
    'CREATE TABLE projects (id bigint PRIMARY KEY, user_id bigint NOT NULL REFERENCES users (id), name text NOT NULL);',
    'CREATE TABLE tasks (id bigint PRIMARY KEY, project_id bigint NOT NULL REFERENCES projects (id), title text NOT NULL);',
    'CREATE TABLE comments (id bigint PRIMARY KEY, task_id bigint NOT NULL REFERENCES tasks (id), body text NOT NULL);',
  ].join('\n');
  const { importBlueprint } = await editor.ok(`mutation($input: ImportBlueprintInput!) { importBlueprint(input: $input) { id document } }`, { input: { projectId, source: 'POSTGRES_DDL', text: chain } });
  const rows = importBlueprint.document.tables.map((t: { rows: unknown }) => t.rows);
  expect(rows.some((r: unknown) => typeof r === 'object')).toBe(true);
  // Saved, so within the server's 1,000 rows; a preview of its last table compiles the whole plan.
  expect((await editor.ok(PREVIEW, { input: { blueprintId: importBlueprint.id, table: 'comments', limit: 1 } })).preview.rows.length).toBeLessThanOrEqual(1);
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
