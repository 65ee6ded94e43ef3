/**
 * When our own database cannot be reached, every transport answers JSON 503
 * with SERVICE_UNAVAILABLE and a request id (PRODUCT.md §15), not a 500, an
 * HTML page or a hang. The server reaches PostgreSQL through a TCP proxy
 * that the test cuts, as a network failure or a stopped database would.
 */
import 'reflect-metadata';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { createApp, type App } from '../../src/app';
import { loadConfig } from '../../src/config';
import { createDataSource } from '../../src/db/data-source';
import { createLogger } from '../../src/logger';
import { TestClient } from '../support/client';
import { createBlueprint, createProject, createUser } from '../support/factories';
import { createTestDatabase, type TestDatabase } from '../support/database';

let database: TestDatabase;
let proxy: net.Server;
const sockets = new Set<net.Socket>();
let db: DataSource;
let app: App;
let dataDir: string;
let url: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const target = new URL(database.url);
  proxy = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {});
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const viaProxy = new URL(database.url);
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String((proxy.address() as net.AddressInfo).port);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-unreachable-'));
  db = createDataSource({ url: viaProxy.toString() });
  await db.initialize();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent', SEEDBED_DATA_DIR: dataDir, SEEDBED_SIGNUPS_PER_HOUR: '100000' });
  app = await createApp(config, db, createLogger(config.logLevel));
  url = `http://127.0.0.1:${await app.listen(0)}`;
});

afterAll(async () => {
  // The queue and the pool cannot say goodbye to a database they cannot reach: bound the wait.
  const bounded = async (work: Promise<unknown>) => {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([work.catch(() => {}), new Promise((resolve) => (timer = setTimeout(resolve, 8_000)))]);
    clearTimeout(timer);
  };
  await bounded(app.close());
  await bounded(db.destroy());
  await database.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

async function expect503(response: Response) {
  const text = await response.text();
  expect({ status: response.status, type: response.headers.get('content-type') }).toEqual({ status: 503, type: expect.stringMatching(/^application\/json/) });
  const [error] = JSON.parse(text).errors;
  expect(error.extensions).toMatchObject({ code: 'SERVICE_UNAVAILABLE', requestId: response.headers.get('x-request-id') });
  expect(response.headers.get('retry-after')).toEqual(expect.any(String));
}

it('answers JSON 503 on GraphQL and the rows API while the database is unreachable', async () => {
  const { client: owner } = await createUser(url);
  const projectId = (await createProject(owner)).id;
  const blueprintId = (await createBlueprint(owner, projectId)).id;

  proxy.close();
  for (const socket of sockets) socket.destroy();

  // Signed in: authentication itself needs the database (the HTTP error handler answers).
  await expect503(await owner.request('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ projects(first: 1) { totalCount } }' }) }));
  await expect503(await owner.request(`/api/v1/blueprints/${blueprintId}/rows.csv`));
  // Anonymous: the resolver reaches the database (formatError answers).
  const anonymous = new TestClient(url);
  await expect503(
    await anonymous.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'mutation { logIn(input: { email: "a@example.test", password: "correct horse battery" }) { user { id } } }' }),
    }),
  );
}, 30_000);
