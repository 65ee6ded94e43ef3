import { createApiKey, createProject, createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SEEDBED_API_RATE_PER_MINUTE: '5' } });
});
afterAll(() => server.stop());

const query = JSON.stringify({ query: '{ projects(first: 1) { totalCount } }' });

it('holds an API key to its requests per minute, with x-ratelimit headers and RATE_LIMITED', async () => {
  const owner = (await createUser(server.url)).client;
  const { id: projectId } = await createProject(owner);
  const { secret } = await createApiKey(owner, projectId, 'VIEWER');
  const other = await createApiKey(owner, projectId, 'VIEWER');

  // A key's first window starts at its first request, so these all fall in one.
  const send = (key: string) =>
    fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: query });
  const remaining: string[] = [];
  for (let i = 0; i < 5; i++) {
    const response = await send(secret);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('5');
    remaining.push(response.headers.get('x-ratelimit-remaining')!);
  }
  expect(remaining).toEqual(['4', '3', '2', '1', '0']);

  const refused = await send(secret);
  expect(refused.status).toBe(429);
  const body = await refused.json();
  expect(body.errors[0].extensions.code).toBe('RATE_LIMITED');
  expect(body.errors[0].extensions.retryAfter).toBeGreaterThan(0);
  expect(Number(refused.headers.get('retry-after'))).toBe(body.errors[0].extensions.retryAfter);

  // Another key of the same project spends from the project's budget: making keys adds nothing.
  const shared = await send(other.secret);
  expect(shared.status).toBe(429);
  expect((await shared.json()).errors[0].message).toBe("This project's API keys made more than 5 requests in the last minute.");
  // A key of another project of another user has a budget of its own; sessions are not limited per key.
  const stranger = (await createUser(server.url)).client;
  const strangerKey = await createApiKey(stranger, (await createProject(stranger)).id, 'VIEWER');
  expect((await send(strangerKey.secret)).status).toBe(200);
  const session = await owner.gql('{ me { id } }');
  expect(session.status).toBe(200);
  expect(session.headers.get('x-ratelimit-limit')).toBeNull();
});
