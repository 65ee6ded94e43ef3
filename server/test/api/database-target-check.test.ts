/**
 * "Test connection" (issue 15): the run target guard, then one sign-in, and a
 * clear answer within the check's few seconds whatever the target does.
 */
import net from 'node:net';
import { addMember, createProject, createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import type { TestClient } from '../support/client';

let server: TestServer;
let owner: TestClient;
let projectId: string;
/** A port that accepts TCP connections and never says a word: a firewall that drops, as far as the client can tell. */
let silent: net.Server;
const sockets = new Set<net.Socket>();

const CHECK = `mutation($input: TestDatabaseTargetInput!) { testDatabaseTarget(input: $input) { reachable code message elapsedMs } }`;
const check = (client: TestClient, url: string) => client.gql(CHECK, { input: { projectId, url } });

beforeAll(async () => {
  server = await startTestServer();
  ({ client: owner } = await createUser(server.url, 'Owner'));
  ({ id: projectId } = await createProject(owner));
  silent = net.createServer((socket) => void sockets.add(socket));
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
  await server.stop();
});

async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe('testDatabaseTarget', () => {
  it('signs in to a reachable database and says which', async () => {
    const { data, errors } = await check(owner, server.databaseUrl);
    expect(errors).toBeUndefined();
    expect(data.testDatabaseTarget).toMatchObject({ reachable: true, code: null });
    expect(data.testDatabaseTarget.message).toMatch(/^Connected to .* \(PostgreSQL \d+/);
  });

  it('says the password was not accepted', async () => {
    const url = new URL(server.databaseUrl);
    url.password = 'wrong-password';
    url.username = url.username || 'postgres';
    const { data } = await check(owner, url.toString());
    expect(data.testDatabaseTarget.reachable).toBe(false);
    expect(data.testDatabaseTarget.code).toBe('TARGET_REFUSED');
  });

  it('answers a closed port at once, and a silent one within the check timeout, not a minute of retries', async () => {
    const closed = (await check(owner, `postgres://u:p@127.0.0.1:${await closedPort()}/db`)).data.testDatabaseTarget;
    expect(closed).toMatchObject({ reachable: false, code: 'TARGET_UNREACHABLE' });
    expect(closed.message).toMatch(/ECONNREFUSED/);

    const { port } = silent.address() as net.AddressInfo;
    const started = Date.now();
    const hung = (await check(owner, `postgres://u:p@127.0.0.1:${port}/db`)).data.testDatabaseTarget;
    expect(hung).toMatchObject({ reachable: false, code: 'TARGET_UNREACHABLE' });
    expect(hung.message).toMatch(/no answer within 5 s/);
    // Generous: the point is "seconds, not the run's minute".
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('refuses what the run guard refuses, with its reason', async () => {
    const metadata = (await check(owner, 'postgres://u:p@169.254.169.254/db')).data.testDatabaseTarget;
    expect(metadata).toMatchObject({ reachable: false, code: 'TARGET_REFUSED' });
    expect(metadata.message).toMatch(/metadata/);
    const notPostgres = (await check(owner, 'mysql://u:p@example.com/db')).data.testDatabaseTarget;
    expect(notPostgres.message).toMatch(/postgres:\/\//);
  });

  it('is for editors and owners of the project only', async () => {
    const viewer = await addMember(owner, projectId, 'VIEWER');
    expect((await viewer.client.fails(CHECK, { input: { projectId, url: server.databaseUrl } })).code).toBe('FORBIDDEN');
    const { client: outsider } = await createUser(server.url, 'Outsider');
    expect((await outsider.fails(CHECK, { input: { projectId, url: server.databaseUrl } })).code).toBe('NOT_FOUND');
    const editor = await addMember(owner, projectId, 'EDITOR');
    expect((await check(editor.client, server.databaseUrl)).data.testDatabaseTarget.reachable).toBe(true);
  });
});
