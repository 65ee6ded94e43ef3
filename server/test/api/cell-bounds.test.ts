import type { TestClient } from '../support/client';
import { createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let editor: TestClient;
let projectId: string;
beforeAll(async () => {
  server = await startTestServer();
  editor = (await createUser(server.url)).client;
  projectId = (await createProject(editor)).id;
});
afterAll(() => server.stop());

const CREATE = `mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id revision } }`;
const UPDATE = `mutation($input: UpdateBlueprintInput!) { updateBlueprint(input: $input) { id revision } }`;
const READ = `query($id: ID!) { blueprint(id: $id) { revision revisionCount } }`;
const PREVIEW = `query($input: PreviewInput!) { preview(input: $input) { table rows } }`;

const repeat = (s: string, times: number) => Array(times).fill(s).join('');
const revisionRows = async () => (await server.db.query('SELECT count(*)::int AS n FROM blueprint_revisions'))[0].n;

function attack(fields: { name: string; generator: string; options?: Record<string, unknown> }[], rows = 10) {
  return { seedbed: 1, name: 'attack', seed: 1, tables: [{ name: 't', rows, fields: [{ name: 'id', generator: 'sequence' }, ...fields] }] };
}

// On main these took 26 s (nested regex), 8 s (.{100000}) and 2 s (chained templates) for a 10-row preview.
const attacks: [string, ReturnType<typeof attack>, string][] = [
  ['a nested regex', attack([{ name: 'x', generator: 'regex', options: { pattern: '((a{1000}){100}){100}' } }]), 'tables[0].fields[1].options.pattern'],
  ['a regex of 100,000 characters', attack([{ name: 'x', generator: 'regex', options: { pattern: '.{100000}' } }]), 'tables[0].fields[1].options.pattern'],
  [
    'templates chained through fields',
    attack([
      { name: 'a', generator: 'regex', options: { pattern: '[a-z]{100}' } },
      { name: 'b', generator: 'template', options: { template: repeat('{a}', 500) } },
      { name: 'c', generator: 'template', options: { template: repeat('{b}', 100) } },
    ]),
    'tables[0].fields[3].options.template',
  ],
];

/** The attack's answer, with how long a `{ __typename }` POST sent while it ran took to answer. */
async function whileServing<T>(attackRequest: Promise<T>): Promise<{ answer: T; typenameMs: number }> {
  await new Promise((resolve) => setTimeout(resolve, 20));
  const started = Date.now();
  const typename = await editor.ok('{ __typename }');
  const typenameMs = Date.now() - started;
  expect(typename).toEqual({ __typename: 'Query' });
  return { answer: await attackRequest, typenameMs };
}

describe('values larger than a cell (PRODUCT.md §9)', () => {
  it.each(attacks)('refuses saving %s at its path, storing nothing, while the server keeps answering', async (_, document, path) => {
    const before = await revisionRows();
    const { answer, typenameMs } = await whileServing(editor.fails(CREATE, { input: { projectId, document } }));
    expect(answer).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path } });
    expect(answer.message).toMatch(/can make up to [\d,]+ bytes.*; at most 65,536 per cell/);
    expect(typenameMs).toBeLessThan(1000);
    expect(await revisionRows()).toBe(before);
  });

  it.each(attacks)('refuses an edit to %s, leaving the current revision in place', async (_, document, path) => {
    const { id } = await createBlueprint(editor, projectId, shopDocument());
    const error = await editor.fails(UPDATE, { input: { id, baseRevision: 1, document } });
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path } });
    expect((await editor.ok(READ, { id })).blueprint).toEqual({ revision: 1, revisionCount: 1 });
  });

  it.each(attacks)('refuses a preview of %s at its path, while the server keeps answering', async (_, document, path) => {
    const { answer, typenameMs } = await whileServing(editor.fails(PREVIEW, { input: { document, limit: 10 } }));
    expect(answer).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path } });
    expect(typenameMs).toBeLessThan(1000);
  });

  it('stops a preview whose formula outgrows a cell while generating, naming the field', async () => {
    const document = attack([
      { name: 'a', generator: 'lorem.paragraphs', options: { count: 20 } },
      { name: 'b', generator: 'formula', options: { expr: repeat('a & ', 999) + 'a' } },
    ]);
    const { answer, typenameMs } = await whileServing(editor.fails(PREVIEW, { input: { document, limit: 10 } }));
    expect(answer).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[0].fields[2]' } });
    expect(answer.message).toMatch(/makes a value of at least [\d,]+ bytes; at most 65,536 per cell/);
    expect(typenameMs).toBeLessThan(1000);
  });

  it('refuses a preview larger than 10 MB, saying how many rows fit', async () => {
    // 20 cells of 60 kB a row, from one constant (the request body stays under 1 MB).
    const wide = [{ name: 'c0', generator: 'constant', options: { value: 'x'.repeat(60_000) } as Record<string, unknown> }];
    for (let i = 1; i < 20; i++) wide.push({ name: `c${i}`, generator: 'template', options: { template: '{c0}' } });
    const document = attack(wide, 100);
    const { answer, typenameMs } = await whileServing(editor.fails(PREVIEW, { input: { document, limit: 100 } }));
    expect(answer).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'input.limit' } });
    expect(answer.message).toMatch(/ask for at most 8 rows$/);
    expect(typenameMs).toBeLessThan(1000);
    const { preview } = await editor.ok(PREVIEW, { input: { document, limit: 8 } });
    expect(preview.rows).toHaveLength(8);
  });

  it('still previews a legal large regex at its full length', async () => {
    const document = attack([{ name: 'x', generator: 'regex', options: { pattern: '[a-z]{1000}' } }]);
    const { preview } = await editor.ok(PREVIEW, { input: { document, limit: 10 } });
    expect(preview.rows).toHaveLength(10);
    for (const row of preview.rows) expect(row[1]).toMatch(/^[a-z]{1000}$/);
  });
});
