/**
 * Log-in, sign-up, expensive operations and rows streams are bounded per
 * caller (PRODUCT.md §9, §15), and the server keeps answering while they are
 * attacked. Client addresses come from X-Forwarded-For (the server trusts the
 * proxy here), so each test attacks from addresses of its own.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { TestClient } from '../support/client';
import { createApiKey, createBlueprint, createProject, createUser, PASSWORD } from '../support/factories';
import { slowdownMs } from '../../src/modules/auth/login-throttle';
import { startTestServer, type TestServer } from '../support/server';

const FAILURES = 10;
// Above the dozen users this file's other tests sign up from the loopback address.
const SIGN_UPS = 20;
const EXPENSIVE = 3;
const STREAMS = 4;
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({
    env: {
      SEEDBED_TRUST_PROXY: 'true',
      SEEDBED_LOGIN_FAILURES: String(FAILURES),
      SEEDBED_SIGNUPS_PER_HOUR: String(SIGN_UPS),
      SEEDBED_SESSION_EXPENSIVE_PER_MINUTE: String(EXPENSIVE),
      SEEDBED_ROWS_STREAMS: String(STREAMS),
    },
  });
});
afterAll(() => server.stop());

let addresses = 0;
const newAddress = () => `198.51.100.${++addresses}`;

async function gqlFrom(address: string, query: string, variables: Record<string, unknown>, client = new TestClient(server.url)) {
  const response = await client.request('/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  return { status: response.status, data: body.data, error: body.errors?.[0] as { message: string; extensions: Record<string, any> } | undefined };
}

const LOG_IN = `mutation($input: LogInInput!) { logIn(input: $input) { user { id } } }`;
const logIn = (address: string, email: string, password: string) => gqlFrom(address, LOG_IN, { input: { email, password } });
const SIGN_UP = `mutation($input: SignUpInput!) { signUp(input: $input) { user { id } } }`;
const signUp = (address: string) =>
  gqlFrom(address, SIGN_UP, { input: { email: `new-${randomBytes(4).toString('hex')}@example.test`, password: PASSWORD, name: 'New' } });

/** How long a trivial query takes to answer, in ms. */
async function typenameLatency(): Promise<number> {
  const started = Date.now();
  const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
  expect((await response.json()).data.__typename).toBe('Query');
  return Date.now() - started;
}

describe('log-in', () => {
  it(`never locks the owner out: ${FAILURES} wrong passwords from one address refuse that address, and the owner signs in from another`, async () => {
    const { email, id } = await createUser(server.url);
    const attacker = newAddress();
    for (let i = 0; i < FAILURES; i++) expect((await logIn(attacker, email, 'wrong password!')).error?.extensions.code).toBe('UNAUTHENTICATED');
    const refused = await logIn(attacker, email, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.error?.extensions.code).toBe('RATE_LIMITED');
    expect(refused.error?.extensions.retryAfter).toBeGreaterThan(0);
    expect(refused.error?.extensions.retryAfter).toBeLessThanOrEqual(15 * 60);
    // However the address is typed.
    expect((await logIn(attacker, email.toUpperCase(), PASSWORD)).error?.extensions.code).toBe('RATE_LIMITED');
    // The owner, from an address that has not failed: in (before, 896 s of 429 for everyone).
    expect((await logIn(newAddress(), email, PASSWORD)).data.logIn.user.id).toBe(id);
  });

  it('counts the address the proxy saw, whatever the client writes before it in X-Forwarded-For', async () => {
    const { email } = await createUser(server.url);
    const attacker = newAddress();
    for (let i = 0; i < FAILURES; i++) await logIn(`203.0.113.${i}, ${attacker}`, email, 'wrong password!');
    expect((await logIn(`203.0.113.99, ${attacker}`, email, 'wrong password!')).error?.extensions.code).toBe('RATE_LIMITED');
  });

  it('makes the wait grow with every attempt from a refused address, up to an hour', async () => {
    const { email } = await createUser(server.url);
    const attacker = newAddress();
    for (let i = 0; i < FAILURES; i++) await logIn(attacker, email, 'wrong password!');
    const waits: number[] = [];
    for (let i = 0; i < 8; i++) waits.push((await logIn(attacker, email, 'wrong password!')).error?.extensions.retryAfter);
    for (let i = 1; i < waits.length; i++) expect(waits[i]).toBeGreaterThanOrEqual(waits[i - 1] - 1);
    expect(waits[waits.length - 1]).toBeGreaterThan(waits[0] + 60);
    expect(Math.max(...waits)).toBeLessThanOrEqual(3600);
  });

  it('gives a guesser with many addresses no lock-out of the owner either', async () => {
    const { email, id } = await createUser(server.url);
    // Past the account's own count: every attempt on it now waits a little, but none is refused.
    for (let i = 0; i < FAILURES + 2; i++) expect((await logIn(newAddress(), email, 'wrong password!')).error?.extensions.code).toBe('UNAUTHENTICATED');
    expect((await logIn(newAddress(), email, PASSWORD)).data.logIn.user.id).toBe(id);
  });

  it('slows an account under attack by 250 ms past its count, doubling per count, never more than 4 s', () => {
    expect([10, 11, 20, 21, 31, 1000].map((hits) => slowdownMs(hits, 10))).toEqual([0, 250, 250, 500, 1000, 4000]);
  });

  it(`refuses an address after ${FAILURES} failures across accounts, and only that address`, async () => {
    const { email } = await createUser(server.url);
    const attacker = newAddress();
    for (let i = 0; i < FAILURES; i++) await logIn(attacker, `nobody-${i}@example.test`, 'wrong password!');
    const refused = await logIn(attacker, email, PASSWORD);
    expect(refused.error?.extensions.code).toBe('RATE_LIMITED');
    expect(refused.error?.extensions.retryAfter).toBeGreaterThan(0);
    expect((await logIn(newAddress(), email, PASSWORD)).data.logIn.user.id).toEqual(expect.any(String));
  });

  it('does not give an address more guesses when it signs in to an account of its own', async () => {
    const own = await createUser(server.url);
    const attacker = newAddress();
    for (let i = 0; i < FAILURES / 2; i++) await logIn(attacker, `victim-${i}@example.test`, 'wrong password!');
    expect((await logIn(attacker, own.email, PASSWORD)).data.logIn.user.id).toBe(own.id);
    for (let i = 0; i < FAILURES / 2; i++) await logIn(attacker, `victim-${i}@example.test`, 'wrong password!');
    expect((await logIn(attacker, 'victim-0@example.test', 'another guess!!')).error?.extensions.code).toBe('RATE_LIMITED');
  });

  it('lets no more than the limit through when guesses arrive at once, and keeps answering others meanwhile', async () => {
    const burst = async (size: number) => {
      const { email } = await createUser(server.url);
      const attacker = newAddress();
      return Array.from({ length: size }, (_, i) => logIn(attacker, email, `guess number ${i}`));
    };
    // The first burst also opens the database pool's connections; the second shows what an attack costs once warm.
    for (const guesses of [await burst(60), await burst(200)]) {
      const latency = await typenameLatency();
      const codes = (await Promise.all(guesses)).map((r) => r.error?.extensions.code);
      expect(codes.filter((c) => c === 'UNAUTHENTICATED').length).toBeLessThanOrEqual(FAILURES);
      expect(codes.filter((c) => c === 'RATE_LIMITED').length).toBeGreaterThanOrEqual(guesses.length - FAILURES);
      if (guesses.length === 200) expect(latency).toBeLessThan(1000);
    }
  });
});

describe('sign-up', () => {
  it(`allows ${SIGN_UPS} sign-ups per address per hour`, async () => {
    const address = newAddress();
    for (let i = 0; i < SIGN_UPS; i++) expect((await signUp(address)).data.signUp.user.id).toEqual(expect.any(String));
    const refused = await signUp(address);
    expect(refused.status).toBe(429);
    expect(refused.error?.extensions.code).toBe('RATE_LIMITED');
    expect(refused.error?.extensions.retryAfter).toBeGreaterThan(0);
    expect(refused.error?.extensions.retryAfter).toBeLessThanOrEqual(3600);
    expect((await signUp(newAddress())).data.signUp.user.id).toEqual(expect.any(String));
  });
});

describe('expensive operations of a session', () => {
  const PREVIEW = `query($input: PreviewInput!) { preview(input: $input) { totalRows } }`;

  it(`allows ${EXPENSIVE} previews or downloads a minute, counting each alias, and leaves other queries alone`, async () => {
    const { client, email } = await createUser(server.url);
    const { id: projectId } = await createProject(client);
    const { id: blueprintId } = await createBlueprint(client, projectId);
    for (let i = 0; i < EXPENSIVE - 1; i++) await client.ok(PREVIEW, { input: { blueprintId, limit: 1 } });
    expect((await client.request(`/api/v1/blueprints/${blueprintId}/rows.csv?count=1`)).status).toBe(200);

    const refused = await client.gql(PREVIEW, { input: { blueprintId, limit: 1 } });
    expect(refused.status).toBe(429);
    expect(refused.errors![0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect(Number(refused.headers.get('retry-after'))).toBe(refused.errors![0].extensions!.retryAfter);
    const rows = await client.request(`/api/v1/blueprints/${blueprintId}/rows.csv?count=1`);
    expect(rows.status).toBe(429);
    expect((await rows.json()).errors[0].extensions.code).toBe('RATE_LIMITED');
    expect((await client.ok('{ me { id } }')).me.id).toEqual(expect.any(String));

    // Logging in again adds nothing: every session of the user spends from one budget.
    const second = new TestClient(server.url);
    await second.ok(LOG_IN, { input: { email, password: PASSWORD } });
    expect((await second.gql(PREVIEW, { input: { blueprintId, limit: 1 } })).errors![0].extensions!.code).toBe('RATE_LIMITED');
    // Another user has a budget of their own, but one request of aliased previews spends one per alias.
    const other = (await createUser(server.url)).client;
    const { id: otherBlueprint } = await createBlueprint(other, (await createProject(other)).id);
    const aliases = Array.from({ length: EXPENSIVE + 1 }, (_, i) => `p${i}: preview(input: $input) { totalRows }`).join(' ');
    const aliased = await other.gql(`query($input: PreviewInput!) { ${aliases} }`, { input: { blueprintId: otherBlueprint, limit: 1 } });
    expect(aliased.errors![0].extensions!.code).toBe('RATE_LIMITED');
    expect(aliased.data).toBeUndefined();
  });
});

describe('rows streams', () => {
  it(`refuses a caller's ${STREAMS + 1}th concurrent stream with 429 JSON, and takes another once one closes`, async () => {
    const { client } = await createUser(server.url);
    const { id: projectId } = await createProject(client);
    const big = { seedbed: 1, name: 'big', seed: 1, tables: [{ name: 't', rows: 1_000_000, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, { name: 'words', generator: 'lorem.sentence' }] }] };
    const { id: blueprintId } = await createBlueprint(client, projectId, big);
    const { secret } = await createApiKey(client, projectId, 'VIEWER');
    const path = `/api/v1/blueprints/${blueprintId}/rows.csv?count=1000000`;

    const open: http.ClientRequest[] = [];
    /** A client that reads the status and then stops reading: the stream stays open, held up by backpressure. */
    const stall = () =>
      new Promise<number>((resolve, reject) => {
        const request = http.get(server.url + path, { headers: { authorization: `Bearer ${secret}` } }, (response) => {
          response.pause();
          resolve(response.statusCode!);
        });
        request.on('error', reject);
        open.push(request);
      });
    try {
      for (let i = 0; i < STREAMS; i++) expect(await stall()).toBe(200);
      const refused = await fetch(server.url + path, { headers: { authorization: `Bearer ${secret}` } });
      expect(refused.status).toBe(429);
      expect(refused.headers.get('content-type')).toMatch(/json/);
      expect((await refused.json()).errors[0].extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
      expect(await typenameLatency()).toBeLessThan(1000);

      open.shift()!.destroy();
      let status = 0;
      for (let attempt = 0; attempt < 50 && status !== 200; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        const response = await fetch(server.url + path.replace('1000000', '10'), { headers: { authorization: `Bearer ${secret}` } });
        status = response.status;
        await response.arrayBuffer();
      }
      expect(status).toBe(200);
    } finally {
      open.forEach((request) => request.destroy());
    }
  });
});
