/**
 * Runs into MySQL/MariaDB (issue 20): the run's target takes `mysql://`
 * beside `postgres://`, through the same guard, in one transaction, with the
 * loader's error detail; a failed sign-in answers as every one does on a
 * server (no password or port oracle); `sqlite:` is refused with why. Against
 * the real MariaDB of this machine (skipped, saying so, where it is absent).
 */
import { freePort } from '../../src/db/embedded-postgres';
import { mariaDbMissing, startMariaDb, type MariaDb } from '../engine/mariadb-server';
import type { TestClient } from '../support/client';
import { createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { finished, startRun, waitForRun } from '../support/runs';
import { startTestServer, type TestServer } from '../support/server';

const describeMariaDb = mariaDbMissing ? describe.skip : describe;
if (mariaDbMissing) console.warn(`MySQL/MariaDB run targets skipped: ${mariaDbMissing}`);

describeMariaDb('a run into MariaDB', () => {
  let server: TestServer;
  let mariadb: MariaDb;
  let owner: TestClient;
  let projectId: string;
  let blueprintId: string;
  let url: string;

  const count = (table: string) => Number(mariadb.client('shop', `SELECT COUNT(*) FROM ${table}`, '--batch', '--skip-column-names').stdout.trim());

  beforeAll(async () => {
    [server, mariadb] = await Promise.all([startTestServer({ env: { SEEDBED_QUEUE_SUPERVISE_SECONDS: '1' } }), startMariaDb({ tcpPort: await freePort() })]);
    expect(mariadb.client('mysql', 'CREATE DATABASE shop').status).toBe(0);
    url = `mysql://root@127.0.0.1:${mariadb.port}/shop`;
    owner = (await createUser(server.url)).client;
    ({ id: projectId } = await createProject(owner));
    blueprintId = (await createBlueprint(owner, projectId, shopDocument())).id;
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await mariadb?.stop();
  });

  it('tests the connection and loads every row in one transaction, the target shown as MySQL without its URL', async () => {
    const check = await owner.ok('mutation($input: TestDatabaseTargetInput!) { testDatabaseTarget(input: $input) { reachable code message } }', { input: { projectId, url } });
    expect(check.testDatabaseTarget).toMatchObject({ reachable: true, code: null, message: expect.stringMatching(/^Connected to 127\.0\.0\.1:\d+\/shop as root \(MariaDB \d+\.\d+/) });

    const started = await startRun(owner, blueprintId, { database: { url } });
    expect(started.target).toMatchObject({ kind: 'DATABASE', dialect: 'MYSQL', host: '127.0.0.1', database: 'shop' });
    const run = await waitForRun(owner, started.id, finished);
    expect(run).toMatchObject({ status: 'SUCCEEDED', artifacts: [] });
    expect(count('users')).toBe(100);
    expect(count('users') + count('orders')).toBe(run.rowsTotal);
    // The tables were made with their keys: every order's user exists, as the database itself says.
    expect(count('orders o LEFT JOIN users u ON u.id = o.user_id WHERE u.id IS NULL')).toBe(0);
    const fks = mariadb.client('shop', "SELECT COUNT(*) FROM information_schema.referential_constraints WHERE constraint_schema = 'shop'", '--batch', '--skip-column-names');
    expect(Number(fks.stdout.trim())).toBeGreaterThan(0);
  }, 120_000);

  it('fails a load the target refuses with the table and that nothing changed, and reloads with truncate', async () => {
    const before = [count('users'), count('orders')];
    // Without truncate the same keys collide: the whole load is rolled back.
    const refused = await waitForRun(owner, (await startRun(owner, blueprintId, { database: { url } })).id, finished);
    expect(refused.status).toBe('FAILED');
    expect(refused.error).toMatch(/^TARGET_REFUSED: Loading table "users", rows 1–100 failed: Duplicate entry '1' for key 'PRIMARY'\. The transaction was rolled back; the target is as it was\.$/);
    expect([count('users'), count('orders')]).toEqual(before);

    const again = await waitForRun(owner, (await startRun(owner, blueprintId, { database: { url, truncate: true } })).id, finished);
    expect(again.status).toBe('SUCCEEDED');
    expect([count('users'), count('orders')]).toEqual(before);
  }, 120_000);

  it('answers a wrong password and a closed port alike, once, as every failed sign-in on a server', async () => {
    const closed = await freePort();
    const [wrong, nowhere] = await Promise.all(
      [`mysql://root:not-the-password@127.0.0.1:${mariadb.port}/shop`, `mysql://root:secret@127.0.0.1:${closed}/shop`].map(async (target) => waitForRun(owner, (await startRun(owner, blueprintId, { database: { url: target } })).id, finished)),
    );
    for (const run of [wrong, nowhere]) {
      expect(run.status).toBe('FAILED');
      expect(run.error).toMatch(/^TARGET_UNREACHABLE: Could not sign in to 127\.0\.0\.1:\d+\/shop as root: the host, port, database, user or password is wrong, or this server may not connect there\.$/);
      expect(run.attempts).toBe(1);
    }
  }, 120_000);

  it('refuses a sqlite: target at once, saying why, and stores no run', async () => {
    const before = (await server.db.query('SELECT count(*)::int AS n FROM runs'))[0].n;
    const error = await owner.fails('mutation($input: StartRunInput!) { startRun(input: $input) { id } }', {
      input: { blueprintId, target: { database: { url: 'sqlite:/var/lib/seedbed/seedbed.db' } } },
    });
    expect(error).toMatchObject({ code: 'TARGET_REFUSED', extensions: { path: 'input.target.database.url' } });
    expect(error.message).toMatch(/names a file on this server's own disk, which a load may not write/);
    expect((await server.db.query('SELECT count(*)::int AS n FROM runs'))[0].n).toBe(before);
  });
});
