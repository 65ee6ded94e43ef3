/**
 * Issue 23 row 4: each import runs alone in a thread of a pool; a timeout
 * ends only its own import, the exit of a thread so replaced is ignored, a
 * caller has at most 2 imports at once, and schemas past the bounds of a
 * quick scan (statements, tables, columns, nesting, fields per type) fail
 * alone, at once, before any parser runs. Meanwhile another user's imports
 * and `{ __typename }` keep being answered. On main a 600 KB text of nested
 * `/*!40101` comments held the one import thread 20 s, its timeout ended a
 * 47-byte import another user had queued, and the next import failed
 * INTERNAL_SERVER_ERROR.
 */
import net from 'node:net';
import type { TestClient } from '../support/client';
import { createApiKey, createProject, createUser } from '../support/factories';
import { eventually, underProbe } from '../support/probe';
import { startTestServer, type TestServer } from '../support/server';

// Generous bounds for a machine busy with other work: the niced threads that make rows get little CPU then.
jest.setTimeout(90_000);

const PREVIEW = `query($input: ImportPreviewInput!) { importPreview(input: $input) { document } }`;
const SMALL = 'CREATE TABLE t (id int PRIMARY KEY);';
const TIMEOUT_SECONDS = 3;

let server: TestServer;
let attacker: TestClient;
let bystander: TestClient;
/** A TCP server that accepts connections and never answers: a PostgreSQL URL import to it waits until it is stopped. */
let silent: net.Server;
let silentUrl: string;
const held: net.Socket[] = [];

beforeAll(async () => {
  server = await startTestServer({ env: { SEEDBED_IMPORT_SECONDS: String(TIMEOUT_SECONDS) } });
  attacker = (await createUser(server.url, 'Attacker')).client;
  bystander = (await createUser(server.url, 'Bystander')).client;
  silent = net.createServer((socket) => void held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  silentUrl = `postgres://u:p@127.0.0.1:${(silent.address() as net.AddressInfo).port}/db`;
});
afterAll(async () => {
  held.forEach((socket) => socket.destroy());
  await new Promise((resolve) => silent.close(resolve));
  await server.stop();
});

const load = () => server.app.services.imports.load;
const importOf = (client: TestClient, source: string, text: string) => client.gql(PREVIEW, { input: { source, text } });
const stall = (client: TestClient) => client.gql(PREVIEW, { input: { source: 'POSTGRES_URL', url: silentUrl } });

function manyTables(tables: number, columns: number): string {
  return Array.from({ length: tables }, (_, t) => `create table t${t}(${Array.from({ length: columns }, (_, c) => (c % 4 === 0 ? `c${c} int check(c${c}>0)` : `c${c} int`)).join(',')});`).join('\n');
}

describe('imports isolated per task (issue 23 row 4)', () => {
  it("ends a stalled import alone on its timeout: another user's import meanwhile and the next one both succeed", async () => {
    const stalled = stall(attacker);
    await eventually(() => load().running === 1, 30_000, 'the stalled import to start');
    const small = await importOf(bystander, 'POSTGRES_DDL', SMALL);
    expect(small.errors).toBeUndefined();
    expect(small.data.importPreview.document.tables[0].name).toBe('t');
    const ended = await stalled;
    expect(ended.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', path: 'input.url' } });
    expect(ended.errors?.[0].message).toMatch(`took longer than ${TIMEOUT_SECONDS} s`);
    // The replaced thread's exit is not taken for the new one's.
    const next = await importOf(bystander, 'POSTGRES_DDL', SMALL);
    expect(next.errors).toBeUndefined();
  });

  it('holds a caller to 2 imports at once, whichever key or session it uses, and not another user', async () => {
    const projectId = (await createProject(attacker)).id;
    const key = attacker.withApiKey((await createApiKey(attacker, projectId, 'EDITOR')).secret);
    const stalls = [stall(attacker), stall(key)];
    await eventually(() => load().running === 2, 30_000, 'both imports to start');
    const third = await importOf(key, 'POSTGRES_DDL', SMALL);
    expect(third.errors?.[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: 1 });
    expect((await importOf(bystander, 'POSTGRES_DDL', SMALL)).errors).toBeUndefined();
    await Promise.all(stalls);
  });

  it.each([
    ['600 KB of nested /*!40101 comments', 'MYSQL_DDL', `${'/*!40101 '.repeat(60_000)}SELECT 1${' */'.repeat(60_000)};\n${SMALL}`, /nests comments more than 16 deep \(line 1\)/],
    ['2,000 tables of 40 columns with CHECKs', 'POSTGRES_DDL', manyTables(2_000, 40), /has more than 25,000 columns and constraints in all \(line 626\)/],
    ['1,001 tables', 'POSTGRES_DDL', manyTables(1_001, 2), /has more than 1,000 tables \(line 1,001\)/],
    ['a table of 1,200 columns', 'POSTGRES_DDL', manyTables(1, 1_200), /a table with more than 1,000 columns and constraints/],
    ['an SDL type of 20,000 fields', 'GRAPHQL_SDL', `type Query { thing: Thing }\ntype Thing {\n${Array.from({ length: 20_000 }, (_, i) => `  f${i}: Int`).join('\n')}\n}\n`, /a type \(Thing\) with more than 1,000 fields \(line 2\)/],
  ])('refuses %s before any parser runs, while another user imports and is answered', async (_, source, text, message) => {
    const threads = server.app.services.imports;
    const seen = await underProbe(bystander, Promise.all([importOf(attacker, source, text), importOf(bystander, 'POSTGRES_DDL', SMALL)]));
    const [hostile, small] = seen.result;
    expect(hostile.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', path: 'input.text' } });
    expect(hostile.errors?.[0].message).toMatch(message);
    expect(small.errors).toBeUndefined();
    expect(seen.worstMs).toBeLessThan(1000);
    expect(threads.load).toEqual({ running: 0, waiting: 0 });
  });
});
