/**
 * importPreview and importBlueprint over HTTP against the real server:
 * roles, nothing stored on refusal, and hostile input answered with a clear
 * error and its path while the server keeps answering others.
 */
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { TestClient } from '../support/client';
import { addMember, createProject, createUser } from '../support/factories';
import { createEmptyDatabase } from '../support/database';
import { startTestServer, type TestServer } from '../support/server';
import { sqlOn } from '../support/sql';
import { availableSources } from '../../../packages/import/src/sources';
import { IMPORT_SOURCES } from '../../../packages/import/src/types';
import { withStableKeys } from '@seedbed/engine';

const fixture = (name: string) => fs.readFileSync(path.join(__dirname, 'fixtures', name), 'utf8');

const SMALL_DDL = `
CREATE TABLE public.customer (id integer PRIMARY KEY, first_name varchar(40) NOT NULL, email text UNIQUE);
CREATE TABLE public.orders (id bigint PRIMARY KEY, customer_id integer NOT NULL REFERENCES public.customer(id), total numeric(8,2) NOT NULL CHECK (total > 0));
CREATE VIEW public.big_orders AS SELECT * FROM public.orders WHERE total > 100;`;

const PREVIEW = `query($input: ImportPreviewInput!) { importPreview(input: $input) { document report { path table field generator confidence reason samples } skipped { kind name reason path } } }`;
const IMPORT = `mutation($input: ImportBlueprintInput!) { importBlueprint(input: $input) { id name revision document } }`;

let server: TestServer;
let owner: TestClient;
let projectId: string;
let editor: TestClient;
let viewer: TestClient;
let outsider: TestClient;

beforeAll(async () => {
  server = await startTestServer({ env: { SEEDBED_IMPORT_BYTES: '950000' } });
  owner = (await createUser(server.url)).client;
  projectId = (await createProject(owner)).id;
  editor = (await addMember(owner, projectId, 'EDITOR')).client;
  viewer = (await addMember(owner, projectId, 'VIEWER')).client;
  outsider = (await createUser(server.url, 'Outsider')).client;
}, 60_000);
afterAll(() => server.stop());

const blueprintCount = async () => (await server.db.query('SELECT count(*)::int AS n FROM blueprints'))[0].n as number;

describe('importPreview', () => {
  it('shows the inferred document, each decision with its reason, and what was skipped, saving nothing', async () => {
    const before = await blueprintCount();
    const { importPreview } = await viewer.ok(PREVIEW, { input: { source: 'POSTGRES_DDL', text: SMALL_DDL, projectId } });
    expect(importPreview.document.tables.map((t: { name: string }) => t.name)).toEqual(['customer', 'orders']);
    const orders = importPreview.document.tables[1];
    // Orders are events of the customer who places them: the largest table, sized per customer.
    expect(orders.rows).toEqual({ perParent: 'customer', min: 0, max: 15 });
    expect(orders.fields.find((f: { name: string }) => f.name === 'customer_id')).toMatchObject({ generator: 'ref', options: { table: 'customer' } });
    expect(importPreview.report).toContainEqual(expect.objectContaining({ path: 'tables[0].fields[1]', field: 'first_name', generator: 'person.firstName' }));
    // Each decision shows three of the values it makes.
    const firstName = importPreview.report.find((d: { field: string }) => d.field === 'first_name');
    expect(firstName.samples).toHaveLength(3);
    for (const value of firstName.samples) expect(value).toMatch(/^[A-Z][a-z'-]+$/);
    expect(importPreview.skipped).toContainEqual(expect.objectContaining({ kind: 'view', name: 'big_orders' }));
    expect(await blueprintCount()).toBe(before);
  });

  it('needs no project, but hides a project the caller is not a member of', async () => {
    await outsider.ok(PREVIEW, { input: { source: 'SQLITE_DDL', text: 'CREATE TABLE t (id INTEGER PRIMARY KEY, email TEXT);' } });
    expect(await outsider.fails(PREVIEW, { input: { source: 'SQLITE_DDL', text: 'CREATE TABLE t (id INTEGER PRIMARY KEY);', projectId } })).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reads a live PostgreSQL through the worker thread: catalog and statistics, never personal values', async () => {
    const live = await createEmptyDatabase();
    const emails = Array.from({ length: 50 }, (_, i) => `person${i}@example.test`);
    try {
      await sqlOn(live.url, 'CREATE TABLE users (id serial PRIMARY KEY, email text NOT NULL UNIQUE)');
      await sqlOn(live.url, 'INSERT INTO users (email) SELECT unnest($1::text[])', [emails]);
      await sqlOn(live.url, 'ANALYZE');
      const { importPreview } = await editor.ok(PREVIEW, { input: { source: 'POSTGRES_URL', url: live.url } });
      const users = importPreview.document.tables.find((t: { name: string }) => t.name === 'users');
      expect(users.fields.find((f: { name: string }) => f.name === 'email')).toMatchObject({ generator: 'internet.email', unique: true });
      // The addresses exist in that database; none may reach the document.
      for (const email of emails) expect(JSON.stringify(importPreview)).not.toContain(email);
    } finally {
      await live.drop();
    }
  });

  it("never reads the server's own database (issue 24)", async () => {
    const refused = await editor.gql(PREVIEW, { input: { source: 'POSTGRES_URL', url: server.databaseUrl } });
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'TARGET_REFUSED', path: 'input.url' } });
    expect(refused.errors?.[0].message).toMatch(/own database/);
  });

  it('reads mysqldump and sqlite3 output', async () => {
    const mysql = (await editor.ok(PREVIEW, { input: { source: 'MYSQL_DDL', text: fixture('mysqldump.sql') } })).importPreview;
    expect(mysql.document.sqlDialect).toBe('mysql');
    expect(mysql.skipped.map((s: { kind: string }) => s.kind)).toEqual(expect.arrayContaining(['view', 'trigger', 'function']));
    const sqlite = (await editor.ok(PREVIEW, { input: { source: 'SQLITE_DDL', text: fixture('sqlite3-schema.sql') } })).importPreview;
    expect(sqlite.document.tables.map((t: { name: string }) => t.name)).toEqual(['authors', 'tags', 'posts', 'post_tags', 'comments']);
  });
});

describe('importBlueprint', () => {
  it('creates revision 1 for an EDITOR, the same document the preview showed', async () => {
    const input = { source: 'POSTGRES_DDL', text: SMALL_DDL, projectId, name: 'shop from pg_dump' };
    const preview = (await editor.ok(PREVIEW, { input })).importPreview;
    const { importBlueprint } = await editor.ok(IMPORT, { input });
    expect(importBlueprint).toMatchObject({ name: 'shop from pg_dump', revision: 1 });
    expect(importBlueprint.document).toEqual(withStableKeys(preview.document));
  });

  it('refuses a VIEWER (FORBIDDEN) and a non-member (NOT_FOUND), creating nothing', async () => {
    const before = await blueprintCount();
    const input = { source: 'POSTGRES_DDL', text: SMALL_DDL, projectId };
    expect(await viewer.fails(IMPORT, { input })).toMatchObject({ code: 'FORBIDDEN' });
    expect(await outsider.fails(IMPORT, { input })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await blueprintCount()).toBe(before);
  });

  it('refuses a document the blueprint validator refuses (more than 1,000 tables), creating nothing', async () => {
    const before = await blueprintCount();
    const text = Array.from({ length: 1001 }, (_, i) => `CREATE TABLE t${i} (id integer PRIMARY KEY);`).join('\n');
    const error = await editor.fails(IMPORT, { input: { source: 'POSTGRES_DDL', text, projectId } });
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(await blueprintCount()).toBe(before);
  });
});

describe('bad and hostile input: a clear error with its path, nothing created', () => {
  const expectRefused = async (input: Record<string, unknown>, code: string, errorPath: string, message?: RegExp) => {
    const before = await blueprintCount();
    const error = await editor.fails(IMPORT, { input: { projectId, ...input } });
    expect(error).toMatchObject({ code, extensions: { path: errorPath } });
    if (message) expect(error.message).toMatch(message);
    expect(await blueprintCount()).toBe(before);
  };

  it('asks for the input the source reads', async () => {
    await expectRefused({ source: 'POSTGRES_DDL' }, 'BAD_USER_INPUT', 'input.text');
    await expectRefused({ source: 'POSTGRES_URL', text: SMALL_DDL }, 'BAD_USER_INPUT', 'input.url');
    await expectRefused({ source: 'POSTGRES_DDL', text: SMALL_DDL, name: 'x'.repeat(101) }, 'BAD_USER_INPUT', 'input.name');
  });

  it('has an importer for every source the schema lists, and GraphQL refuses a source it does not list', async () => {
    // The enum, the list the server checks and the registered importers are one list: a new enum value needs its importer.
    const { __type } = await editor.ok('{ __type(name: "ImportSource") { enumValues { name } } }');
    expect(__type.enumValues.map((v: { name: string }) => v.name).sort()).toEqual([...IMPORT_SOURCES].sort());
    expect([...availableSources()].sort()).toEqual([...IMPORT_SOURCES].sort());
    const before = await blueprintCount();
    const error = await editor.fails(IMPORT, { input: { projectId, source: 'ORACLE_DDL', text: SMALL_DDL } });
    expect(error.code).toBe('BAD_USER_INPUT');
    expect(error.message).toMatch(/"ORACLE_DDL".*ImportSource/);
    expect(await blueprintCount()).toBe(before);
  });

  it('refuses a text over the import size limit before reading it', async () => {
    await expectRefused({ source: 'POSTGRES_DDL', text: `-- ${'x'.repeat(960_000)}` }, 'PAYLOAD_TOO_LARGE', 'input.text', /950,000/);
  });

  it('answers a 900 kB DDL of nonsense with BAD_USER_INPUT while the server keeps answering', async () => {
    const words = ['CREATE', 'TABLE', '(', ')', 'SELECT', ',', 'foo', "'", 'bar', ';', 'int', 'NOT NULL', 'zz9', '$$'];
    let seed = 7;
    const nonsense = Array.from({ length: 150_000 }, () => words[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % words.length]).join(' ').slice(0, 900_000);
    const before = await blueprintCount();
    const pending = editor.fails(IMPORT, { input: { projectId, source: 'POSTGRES_DDL', text: nonsense } });
    const started = Date.now();
    await owner.ok('{ __typename }');
    expect(Date.now() - started).toBeLessThan(1000);
    const error = await pending;
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'input.text' } });
    expect(error.message).toMatch(/line \d+/);
    expect(await blueprintCount()).toBe(before);
  }, 60_000);

  it('refuses 10,000 tables', async () => {
    const text = Array.from({ length: 10_000 }, (_, i) => `CREATE TABLE t${i} (id int);`).join('\n');
    await expectRefused({ source: 'POSTGRES_DDL', text }, 'BAD_USER_INPUT', 'input.text', /has more than 1,000 tables \(line 1,001\)/);
  }, 60_000);

  it('refuses names over 63 characters and names that clash once normalised', async () => {
    const long = `t_${'x'.repeat(70)}`;
    await expectRefused({ source: 'MYSQL_DDL', text: `CREATE TABLE \`${long}\` (id int PRIMARY KEY);` }, 'BAD_USER_INPUT', 'input.text', /at most 63/);
    // PostgreSQL's parser cuts long names to 63 bytes without a word; the name as written is what is checked.
    await expectRefused({ source: 'POSTGRES_DDL', text: `CREATE TABLE public.${long} (id int PRIMARY KEY);` }, 'BAD_USER_INPUT', 'input.text', /table "t_x+" \(line 1\) has 72 characters; names are at most 63/);
    await expectRefused({ source: 'POSTGRES_DDL', text: `CREATE TABLE t (id int PRIMARY KEY);\nCREATE TABLE u (\n  id int PRIMARY KEY,\n  "${long}" text\n);` }, 'BAD_USER_INPUT', 'input.text', /column "u\.t_x+" \(line 4\) has 72 characters; names are at most 63/);
    await expectRefused({ source: 'SQLITE_DDL', text: `CREATE TABLE t (id INTEGER PRIMARY KEY);\nCREATE TABLE "${long}" (id INTEGER PRIMARY KEY);` }, 'BAD_USER_INPUT', 'input.text', /table "t_x+" \(line 2\) has 72 characters; names are at most 63/);
    await expectRefused({ source: 'SQLITE_DDL', text: `CREATE TABLE t (id INTEGER PRIMARY KEY, ${long} TEXT);` }, 'BAD_USER_INPUT', 'input.text', /column "t\.t_x+" \(line 1\) has 72 characters; names are at most 63/);
    await expectRefused({ source: 'POSTGRES_DDL', text: 'CREATE TABLE "Order" (id int); CREATE TABLE "order" (id int);' }, 'BAD_USER_INPUT', 'input.text', /"Order" and "order"/);
    await expectRefused({ source: 'SQLITE_DDL', text: 'CREATE TABLE t ("a-b" int, "a_b" int);' }, 'BAD_USER_INPUT', 'input.text', /"a-b" and "a_b"/);
  });

  it('refuses a CHECK no row can satisfy and a cycle of NOT NULL keys, each with its line', async () => {
    await expectRefused(
      { source: 'POSTGRES_DDL', text: 'CREATE TABLE t (\n  id int PRIMARY KEY,\n  x int NOT NULL CHECK (x > 5 AND x < 3)\n);' },
      'BAD_USER_INPUT',
      'input.text',
      /^line 3: CHECK \(x > 5 AND x < 3\) on t\.x: no value satisfies it/,
    );
    await expectRefused(
      { source: 'POSTGRES_DDL', text: 'CREATE TABLE a (id int PRIMARY KEY, b_id int NOT NULL);\nCREATE TABLE b (id int PRIMARY KEY, a_id int NOT NULL REFERENCES a);\nALTER TABLE a ADD FOREIGN KEY (b_id) REFERENCES b;' },
      'BAD_USER_INPUT',
      'input.text',
      /^line 3: a → b → a reference each other through NOT NULL foreign keys/,
    );
  });

  it('refuses a URL to a metadata or malformed address with TARGET_REFUSED at input.url', async () => {
    await expectRefused({ source: 'POSTGRES_URL', url: 'postgres://u:p@169.254.169.254/db' }, 'TARGET_REFUSED', 'input.url', /metadata/);
    await expectRefused({ source: 'POSTGRES_URL', url: 'mysql://u:p@example.com/db' }, 'TARGET_REFUSED', 'input.url');
    await expectRefused({ source: 'POSTGRES_URL', url: 'postgres://u:p@127.0.0.1:1/db' }, 'TARGET_UNREACHABLE', 'input.url');
  });

  it('answers a closed port, a port that is not PostgreSQL and a wrong password alike: no network map, no password oracle (issue 24)', async () => {
    const live = await createEmptyDatabase();
    const sockets = new Set<net.Socket>();
    const chatty = net.createServer((socket) => {
      sockets.add(socket);
      socket.end('SSH-2.0-OpenSSH_9.2\r\n');
    });
    await new Promise<void>((resolve) => chatty.listen(0, '127.0.0.1', resolve));
    try {
      const wrong = new URL(live.url);
      wrong.password = 'not-the-password';
      const urls = [`postgres://postgres:guess@127.0.0.1:1/${live.name}`, `postgres://postgres:guess@127.0.0.1:${(chatty.address() as net.AddressInfo).port}/${live.name}`, wrong.toString()];
      // Three callers at once: each failure waits out the same connect time.
      const answers = await Promise.all(urls.map((url, i) => [editor, viewer, owner][i].gql(PREVIEW, { input: { source: 'POSTGRES_URL', url } })));
      const shapes = answers.map((answer, i) => {
        const { hostname, port } = new URL(urls[i]);
        const error = answer.errors![0];
        expect(error.extensions).toMatchObject({ code: 'TARGET_UNREACHABLE', path: 'input.url' });
        return error.message.replace(`${hostname}:${port}/`, 'HOST/').replace(/ as \w+:/, ' as USER:');
      });
      expect(new Set(shapes).size).toBe(1);
      expect(shapes[0]).not.toMatch(/ECONNREFUSED|password authentication|terminated|SSH/i);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => chatty.close(resolve));
      await live.drop();
    }
  }, 60_000);
});
