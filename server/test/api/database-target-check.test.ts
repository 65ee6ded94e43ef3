/**
 * "Test connection" (issue 15): the run target guard, then one sign-in. It
 * is no port scanner and no password oracle (issue 24, row 2): a closed
 * port, a silent one, a port that is not PostgreSQL, a wrong password, the
 * server's own database, a refused address and a name that does not resolve
 * all get one answer after one time; only "signed in" differs. At most 10
 * checks a minute per user.
 */
import net from 'node:net';
import { addMember, createApiKey, createProject, createUser } from '../support/factories';
import { createEmptyDatabase, type TestDatabase } from '../support/database';
import { startTestServer, type TestServer } from '../support/server';
import type { TestClient } from '../support/client';

const DEADLINE_MS = 1500;
let server: TestServer;
let owner: TestClient;
let projectId: string;
let target: TestDatabase;
/** A port that accepts TCP connections and never says a word: a firewall that drops, as far as the client can tell. */
let silent: net.Server;
/** A port that answers, but not as PostgreSQL does. */
let chatty: net.Server;
const sockets = new Set<net.Socket>();

const CHECK = `mutation($input: TestDatabaseTargetInput!) { testDatabaseTarget(input: $input) { reachable code message elapsedMs } }`;
const checkIn = (project: string) => (client: TestClient, url: string) => client.gql(CHECK, { input: { projectId: project, url } });
const check = checkIn('');

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as net.AddressInfo).port;
}

beforeAll(async () => {
  server = await startTestServer({ env: { SEEDBED_TARGET_CHECK_MS: String(DEADLINE_MS) } });
  ({ client: owner } = await createUser(server.url, 'Owner'));
  ({ id: projectId } = await createProject(owner));
  target = await createEmptyDatabase();
  silent = net.createServer((socket) => void sockets.add(socket));
  chatty = net.createServer((socket) => {
    sockets.add(socket);
    socket.end('HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n');
  });
  await Promise.all([listen(silent), listen(chatty)]);
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await Promise.all([silent, chatty].map((s) => new Promise((resolve) => s.close(resolve))));
  await target.drop();
  await server.stop();
});

async function closedPort(): Promise<number> {
  const probe = net.createServer();
  const port = await listen(probe);
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A user of their own (checks are limited per user), EDITOR in the project. */
async function editor() {
  return (await addMember(owner, projectId, 'EDITOR')).client;
}

describe('testDatabaseTarget', () => {
  it('signs in to a reachable database and says which, at once', async () => {
    const { data, errors } = await checkIn(projectId)(owner, target.url);
    expect(errors).toBeUndefined();
    expect(data.testDatabaseTarget).toMatchObject({ reachable: true, code: null });
    expect(data.testDatabaseTarget.message).toMatch(/^Connected to .* \(PostgreSQL \d+/);
  });

  it('answers every other failure alike: same code, same words, after the same time', async () => {
    const client = await editor();
    const wrongPassword = new URL(target.url);
    wrongPassword.password = 'wrong-password';
    const own = new URL(server.databaseUrl);
    const cases: Record<string, string> = {
      'a closed port': `postgres://postgres:guess@127.0.0.1:${await closedPort()}/postgres`,
      'a silent port': `postgres://postgres:guess@127.0.0.1:${(silent.address() as net.AddressInfo).port}/postgres`,
      'a port that is not PostgreSQL': `postgres://postgres:guess@127.0.0.1:${(chatty.address() as net.AddressInfo).port}/postgres`,
      'a wrong password': wrongPassword.toString(),
      "the server's own database, with its real password": own.toString(),
      'a metadata address': 'postgres://postgres:guess@169.254.169.254/postgres',
      'a name that does not resolve': 'postgres://postgres:guess@no-such-host.invalid/postgres',
    };
    const answers = await Promise.all(Object.entries(cases).map(async ([what, url]) => ({ what, ...(await checkIn(projectId)(client, url)).data.testDatabaseTarget })));
    for (const answer of answers) {
      expect(answer).toMatchObject({ reachable: false, code: 'TARGET_UNREACHABLE' });
      // One timing class: nothing answers before the deadline.
      expect([answer.what, answer.elapsedMs >= DEADLINE_MS - 5]).toEqual([answer.what, true]);
      expect(answer.message).toMatch(/the server's log has the reason under check [0-9a-f]{12}\.$/i);
      expect(answer.message).not.toMatch(/ECONNREFUSED|not accepted|terminated|metadata|resolved|own database|timeout|within/i);
    }
    // Apart from what the URL itself said (host, port, database, user) and the check id, the words are the same.
    const shape = (answer: { message: string }, url: string) => {
      const { hostname, port, pathname, username } = new URL(url);
      return answer.message.replace(/[0-9a-f]{12}\.$/, 'ID.').replace(`${hostname.replace(/^\[|\]$/g, '')}:${port || 5432}${pathname}`, 'WHERE').replace(` as ${decodeURIComponent(username)}:`, ' as USER:');
    };
    const shapes = new Set(answers.map((answer) => shape(answer, cases[answer.what])));
    expect([...shapes]).toHaveLength(1);
  });

  it('tells a URL that does not parse at once, with its reason (its text alone says it)', async () => {
    const answer = (await checkIn(projectId)(await editor(), 'mongodb://u:p@example.com/db')).data.testDatabaseTarget;
    expect(answer).toMatchObject({ reachable: false, code: 'TARGET_REFUSED' });
    expect(answer.message).toMatch(/postgres:\/\//);
  });

  it('allows 10 checks a minute per user, however many keys they make', async () => {
    const { client: user, email } = await createUser(server.url, 'Prober');
    await owner.ok(`mutation($input: AddMemberInput!) { addMember(input: $input) { id } }`, { input: { projectId, email, role: 'EDITOR' } });
    const keys = await Promise.all([1, 2].map(() => createApiKey(user, projectId, 'EDITOR')));
    const callers = [user, user.withApiKey(keys[0].secret), user.withApiKey(keys[1].secret)];
    // URLs that do not parse answer at once and count the same.
    for (let i = 0; i < 10; i++) expect((await checkIn(projectId)(callers[i % 3], 'mongodb://u:p@example.com/db')).data.testDatabaseTarget.code).toBe('TARGET_REFUSED');
    for (const caller of callers) {
      const refused = await checkIn(projectId)(caller, target.url);
      expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    }
    // Another user still has their own ten.
    expect((await checkIn(projectId)(owner, target.url)).data.testDatabaseTarget.reachable).toBe(true);
  });

  it('is for editors and owners of the project only', async () => {
    const viewer = await addMember(owner, projectId, 'VIEWER');
    expect((await viewer.client.fails(CHECK, { input: { projectId, url: target.url } })).code).toBe('FORBIDDEN');
    const { client: outsider } = await createUser(server.url, 'Outsider');
    expect((await outsider.fails(CHECK, { input: { projectId, url: target.url } })).code).toBe('NOT_FOUND');
    expect((await check(outsider, target.url)).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });
});
