import net from 'node:net';
import type { TestClient } from '../support/client';
import { countRows, createEmptyDatabase, type TestDatabase } from '../support/database';
import { createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { finished, startRun, waitForRun } from '../support/runs';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let owner: TestClient;
let blueprintId: string;
let target: TestDatabase;

beforeAll(async () => {
  server = await startTestServer({ env: { SEEDBED_QUEUE_SUPERVISE_SECONDS: '1' } });
  owner = (await createUser(server.url)).client;
  const { id: projectId } = await createProject(owner);
  blueprintId = (await createBlueprint(owner, projectId, shopDocument())).id;
  target = await createEmptyDatabase();
});
afterAll(async () => {
  await server.stop();
  await target.drop();
});

it('loads a blueprint into a PostgreSQL database, showing the target without its password', async () => {
  const started = await startRun(owner, blueprintId, { database: { url: target.url } });
  expect(started.target).toMatchObject({ kind: 'DATABASE', host: '127.0.0.1', database: target.name });
  expect(JSON.stringify(started)).not.toContain(new URL(target.url).password);
  const run = await waitForRun(owner, started.id, finished);
  expect(run).toMatchObject({ status: 'SUCCEEDED', artifacts: [] });
  expect(run.rowsDone).toBe(run.rowsTotal);
  expect((await countRows(target.url, 'users')) + (await countRows(target.url, 'orders'))).toBe(run.rowsTotal);

  // The URL is stored sealed, never in clear.
  const [row] = await server.db.query('SELECT target, target_secret FROM runs WHERE id = $1', [run.id]);
  expect(JSON.stringify(row)).not.toContain(new URL(target.url).password);
  expect(row.target_secret).toBeTruthy();
});

it('reloads with truncate, keeping the same rows', async () => {
  const run = await waitForRun(owner, (await startRun(owner, blueprintId, { database: { url: target.url, truncate: true } })).id, finished);
  expect(run.status).toBe('SUCCEEDED');
  expect(await countRows(target.url, 'users')).toBe(100);
});

it('fails the run with the reason when the target refuses the data, leaving it as it was', async () => {
  // Without truncate, the same primary keys collide.
  const run = await waitForRun(owner, (await startRun(owner, blueprintId, { database: { url: target.url } })).id, finished);
  expect(run.status).toBe('FAILED');
  expect(run.error).toMatch(/users/);
  expect(await countRows(target.url, 'users')).toBe(100);
});

it('fails at once, without retries, when the target cannot be reached', async () => {
  // A port nothing listens on: taken, then given back.
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  const url = `postgres://seedbed:secret@127.0.0.1:${port}/nowhere`;
  const run = await waitForRun(owner, (await startRun(owner, blueprintId, { database: { url } })).id, finished);
  expect(run.status).toBe('FAILED');
  // Said as every failed sign-in is on a server, so a run cannot tell a closed port from a wrong password (issue 24).
  expect(run.error).toMatch(/^TARGET_UNREACHABLE: Could not sign in to 127\.0\.0\.1:\d+\/nowhere as seedbed: the host, port, database, user or password is wrong/);
  // Connection refused is not a passing failure of one shard: the run was tried once.
  expect(run.attempts).toBe(1);
});

it('refuses private targets when the operator does not allow them', async () => {
  const strict = await startTestServer({ env: { SEEDBED_ALLOW_PRIVATE_TARGETS: 'false' } });
  try {
    const user = (await createUser(strict.url)).client;
    const { id: projectId } = await createProject(user);
    const { id } = await createBlueprint(user, projectId, shopDocument());
    const error = await user.fails(`mutation($input: StartRunInput!) { startRun(input: $input) { id } }`, {
      input: { blueprintId: id, target: { database: { url: target.url } } },
    });
    expect(error).toMatchObject({ code: 'TARGET_REFUSED', extensions: { path: 'input.target.database.url' } });
    expect((await strict.db.query('SELECT count(*)::int AS n FROM runs'))[0].n).toBe(0);
  } finally {
    await strict.stop();
  }
});
