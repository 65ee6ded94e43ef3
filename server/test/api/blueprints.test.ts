import type { TestClient } from '../support/client';
import { createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import { withStableKeys } from '@seedbed/engine';

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
const UPDATE = `mutation($input: UpdateBlueprintInput!) { updateBlueprint(input: $input) { id revision name document } }`;
const READ = `query($id: ID!) {
  blueprint(id: $id) { name locale defaultSeed revision revisionCount document author { name }
    revisions(first: 10) { totalCount edges { node { number document } } }
    first: revisionByNumber(number: 1) { number document } } }`;

const blueprintRows = async () => (await server.db.query('SELECT count(*)::int AS n FROM blueprint_revisions'))[0].n;

describe('blueprints as immutable revisions', () => {
  it('stores the document as sent, each table and field given its stable key, as revision 1', async () => {
    const document = shopDocument({ name: 'Shop', locale: 'de', seed: 7 });
    const { id, revision } = await createBlueprint(editor, projectId, document);
    expect(revision).toBe(1);
    const { blueprint } = await editor.ok(READ, { id });
    expect(blueprint).toMatchObject({ name: 'Shop', locale: 'de', defaultSeed: 7, revision: 1, revisionCount: 1, author: { name: 'Tester' } });
    // The keys of a document without them are its names: the data is what it always was, and renames keep it.
    expect(blueprint.document).toEqual(withStableKeys(document));
    expect(blueprint.document.tables[1]).toMatchObject({ key: 'orders', name: 'orders', fields: expect.arrayContaining([{ key: 'user_id', name: 'user_id', generator: 'ref', options: { table: 'users' } }]) });
  });

  it('saves an edit as a new revision and keeps the old one unchanged', async () => {
    const original = shopDocument();
    const { id } = await createBlueprint(editor, projectId, original);
    const edited = shopDocument({ name: 'shop v2' });
    const saved = (await editor.ok(UPDATE, { input: { id, baseRevision: 1, document: edited } })).updateBlueprint;
    expect(saved).toMatchObject({ revision: 2, name: 'shop v2', document: edited });
    const { blueprint } = await editor.ok(READ, { id });
    expect(blueprint.revisions.totalCount).toBe(2);
    expect(blueprint.revisions.edges.map((e: any) => e.node.number)).toEqual([2, 1]);
    expect(blueprint.first.document).toEqual(withStableKeys(original));
  });

  it('refuses an edit based on an older revision with CONFLICT, losing nothing', async () => {
    const { id } = await createBlueprint(editor, projectId);
    await editor.ok(UPDATE, { input: { id, baseRevision: 1, document: shopDocument({ name: 'first editor' }) } });
    const stale = await editor.fails(UPDATE, { input: { id, baseRevision: 1, document: shopDocument({ name: 'second editor' }) } });
    expect(stale).toMatchObject({ code: 'CONFLICT', extensions: { currentRevision: 2 } });
    const { blueprint } = await editor.ok(READ, { id });
    expect(blueprint).toMatchObject({ revision: 2, name: 'first editor', revisionCount: 2 });
  });

  it('lets exactly one of two concurrent saves on the same base win', async () => {
    const { id } = await createBlueprint(editor, projectId);
    const results = await Promise.all(
      ['a', 'b', 'c'].map((name) => editor.gql(UPDATE, { input: { id, baseRevision: 1, document: shopDocument({ name }) } })),
    );
    const codes = results.map((r) => r.errors?.[0]?.extensions?.code ?? 'ok').sort();
    expect(codes).toEqual(['CONFLICT', 'CONFLICT', 'ok']);
    expect((await editor.ok(READ, { id })).blueprint.revisionCount).toBe(2);
  });

  it('deletes a blueprint with its revisions', async () => {
    const { id } = await createBlueprint(editor, projectId);
    expect((await editor.ok(`mutation($id: ID!) { deleteBlueprint(id: $id) }`, { id })).deleteBlueprint).toBe(true);
    expect((await editor.ok(READ, { id })).blueprint).toBeNull();
    expect((await server.db.query('SELECT count(*)::int AS n FROM blueprint_revisions WHERE blueprint_id = $1', [id]))[0].n).toBe(0);
  });

  it('pages the project blueprints newest first with Relay cursors, first in 1..100', async () => {
    const { id: pid } = await createProject(editor);
    for (const name of ['one', 'two', 'three']) await createBlueprint(editor, pid, shopDocument({ name }));
    const PAGE = `query($id: ID!, $first: Int!, $after: String) { project(id: $id) { blueprints(first: $first, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { name } } } } }`;
    const page1 = (await editor.ok(PAGE, { id: pid, first: 2 })).project.blueprints;
    expect(page1.edges.map((e: any) => e.node.name)).toEqual(['three', 'two']);
    expect(page1).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } });
    const page2 = (await editor.ok(PAGE, { id: pid, first: 2, after: page1.pageInfo.endCursor })).project.blueprints;
    expect(page2.edges.map((e: any) => e.node.name)).toEqual(['one']);
    expect(page2.pageInfo.hasNextPage).toBe(false);
    for (const first of [0, 101]) {
      expect(await editor.fails(PAGE, { id: pid, first })).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'first' } });
    }
    expect(await editor.fails(PAGE, { id: pid, first: 2, after: 'garbage' })).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'after' } });
  });
});

/** Each case breaks one rule of PRODUCT.md §5 in an otherwise valid document. */
const invalid: [string, (d: any) => void, string][] = [
  ['a table name that is not an SQL identifier', (d) => (d.tables[1].name = '2orders'), 'tables[1].name'],
  ['a field name longer than 63 characters', (d) => (d.tables[0].fields[1].name = 'x'.repeat(64)), 'tables[0].fields[1].name'],
  ['table names equal but for case', (d) => (d.tables[1].name = 'USERS'), 'tables[1].name'],
  ['field names equal but for case', (d) => (d.tables[0].fields[2].name = 'First_Name'), 'tables[0].fields[2].name'],
  ['more than 1,000 tables', (d) => (d.tables = Array.from({ length: 1001 }, (_, i) => ({ name: `t${i}`, rows: 1, fields: [{ name: 'a', generator: 'uuid' }] }))), 'tables'],
  ['more than 500 fields', (d) => (d.tables[0].fields = Array.from({ length: 501 }, (_, i) => ({ name: `f${i}`, generator: 'uuid' }))), 'tables[0].fields'],
  ['a null rate above 1', (d) => (d.tables[0].fields[1].nullRate = 1.5), 'tables[0].fields[1].nullRate'],
  ['a negative null rate', (d) => (d.tables[0].fields[1].nullRate = -0.1), 'tables[0].fields[1].nullRate'],
  ['a nullable primary key', (d) => (d.tables[0].fields[0].nullRate = 0.1), 'tables[0].fields[0].nullRate'],
  ['a nullable unique field', (d) => (d.tables[0].fields[2].nullRate = 0.1), 'tables[0].fields[2].nullRate'],
  ['a primary key naming no field', (d) => (d.tables[0].primaryKey = 'uid'), 'tables[0].primaryKey'],
  ['a reference to a missing table', (d) => (d.tables[1].fields[1].options.table = 'customers'), 'tables[1].fields[1].options.table'],
  ['a reference to a non-key field', (d) => (d.tables[1].fields[1].options.field = 'first_name'), 'tables[1].fields[1].options.field'],
  ['a per-parent count of a missing table', (d) => (d.tables[1].rows.perParent = 'customers'), 'tables[1].rows.perParent'],
  ['a per-parent min above max', (d) => Object.assign(d.tables[1].rows, { min: 6, max: 5 }), 'tables[1].rows.min'],
  ['a negative row count', (d) => (d.tables[0].rows = -1), 'tables[0].rows'],
  ['an unknown key', (d) => (d.tables[0].fields[0].nulRate = 0.1), 'tables[0].fields[0].nulRate'],
  ['a missing generator', (d) => delete d.tables[0].fields[1].generator, 'tables[0].fields[1].generator'],
  ['a wrong document version', (d) => (d.seedbed = 2), 'seedbed'],
  ['a refDate that is not a date', (d) => (d.refDate = 'next year'), 'refDate'],
  [
    'a reference cycle with no nullable edge',
    (d) => {
      d.tables[0].fields.push({ name: 'last_order', generator: 'ref', options: { table: 'orders' } });
      d.tables[1].rows = 10;
    },
    // The reference just added closes the cycle; orders.user_id is the usual child → parent link.
    'tables[0].fields[3].options.table',
  ],
];

describe('document validation (PRODUCT.md §5)', () => {
  it.each(invalid)('rejects %s at its path, storing nothing', async (_, breakIt, path) => {
    const document = structuredClone(shopDocument()) as any;
    breakIt(document);
    const before = await blueprintRows();
    const error = await editor.fails(CREATE, { input: { projectId, document } });
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.extensions!.path).toBe(path);
    expect(error.message).toContain(path);
    expect(await blueprintRows()).toBe(before);
  });

  it('accepts a cycle when one of its references is nullable', async () => {
    const document = shopDocument() as any;
    document.tables[0].fields.push({ name: 'last_order', generator: 'ref', options: { table: 'orders' }, nullRate: 0.5 });
    document.tables[1].rows = 10;
    await createBlueprint(editor, projectId, document);
  });

  it('lists every problem of a document, each with its path', async () => {
    const document = shopDocument() as any;
    document.tables[1].name = 'USERS';
    document.tables[0].primaryKey = 'uid';
    const error = await editor.fails(CREATE, { input: { projectId, document } });
    expect((error.extensions!.issues as { path: string }[]).map((i) => i.path).sort()).toEqual(['tables[0].primaryKey', 'tables[1].name']);
  });

  it('validates an edit too, leaving the current revision in place', async () => {
    const { id } = await createBlueprint(editor, projectId);
    const document = shopDocument() as any;
    document.tables[0].fields[1].nullRate = 3;
    const error = await editor.fails(UPDATE, { input: { id, baseRevision: 1, document } });
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[0].fields[1].nullRate' } });
    expect((await editor.ok(READ, { id })).blueprint.revision).toBe(1);
  });

  it('publishes the JSON Schema it validates with', async () => {
    const response = await fetch(`${server.url}/schemas/blueprint.json`);
    expect(response.headers.get('content-type')).toMatch(/application\/schema\+json/);
    const schema = await response.json();
    expect(schema.required).toEqual(['seedbed', 'name', 'tables']);
    expect(schema.definitions.field.properties.name.pattern).toBe('^[A-Za-z_][A-Za-z0-9_]{0,62}$');
  });
});
