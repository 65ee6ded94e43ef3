/**
 * /healthz and /readyz tell the truth: 503 JSON while the server's database
 * does not answer (as while the embedded PostgreSQL is being restarted), and
 * 200 again once it does, without restarting the server.
 */
import { Client } from 'pg';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await setConnectionsAllowed(true);
  await server.stop();
});

/** What an outage looks like from the server: its connections dropped and no new ones accepted. */
async function setConnectionsAllowed(allowed: boolean) {
  const name = new URL(server.databaseUrl).pathname.slice(1);
  const admin = new Client({ connectionString: process.env.SEEDBED_TEST_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(`ALTER DATABASE ${name} ALLOW_CONNECTIONS ${allowed}`);
    if (!allowed) await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [name]);
  } finally {
    await admin.end();
  }
}

async function probe(path: string) {
  const started = Date.now();
  const response = await fetch(server.url + path);
  return { status: response.status, body: await response.json(), ms: Date.now() - started };
}

/** Probes every 200 ms (the answer is reused for a second) until `path` answers `status`, for up to 10 s. */
async function eventually(path: string, status: number) {
  let last = await probe(path);
  for (let i = 0; i < 50 && last.status !== status; i++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    last = await probe(path);
  }
  return last;
}

it('answers 200 while the database answers', async () => {
  expect(await probe('/healthz')).toMatchObject({ status: 200, body: { status: 'ok' } });
  expect(await probe('/readyz')).toMatchObject({ status: 200, body: { status: 'ready' } });
});

it('answers 503 JSON while the database is unreachable, and 200 once it is back', async () => {
  await setConnectionsAllowed(false);
  const down = await eventually('/healthz', 503);
  expect(down).toMatchObject({ status: 503, body: { status: 'database unreachable' } });
  // A probe still answers quickly: the check has a deadline and is shared, it never waits for the pool.
  expect(down.ms).toBeLessThan(3_000);
  expect(await eventually('/readyz', 503)).toMatchObject({ status: 503, body: { status: 'database unreachable' } });

  await setConnectionsAllowed(true);
  expect(await eventually('/healthz', 200)).toMatchObject({ status: 200, body: { status: 'ok' } });
  expect(await eventually('/readyz', 200)).toMatchObject({ status: 200, body: { status: 'ready' } });
});
