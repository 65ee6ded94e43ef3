/**
 * /metrics can be closed to outsiders with SEEDBED_METRICS_TOKEN, and what it
 * counts is labelled by the route the request was really for.
 */
import { startTestServer, type TestServer } from '../support/server';

const TOKEN = 'scrape-me-4f1c2a';
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { SEEDBED_METRICS_TOKEN: TOKEN } });
});
afterAll(() => server.stop());

const scrape = (authorization?: string) =>
  fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });

describe('with SEEDBED_METRICS_TOKEN set', () => {
  it.each([
    ['no credentials', undefined],
    ['a wrong token', 'Bearer not-the-token'],
    ['the token with a suffix', `Bearer ${TOKEN}x`],
    ['the token without the Bearer scheme', TOKEN],
  ])('refuses a scrape with %s: 401 JSON, no numbers', async (_name, authorization) => {
    const response = await scrape(authorization);
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    const body = await response.json();
    expect(body.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    expect(JSON.stringify(body)).not.toMatch(/seedbed_/);
  });

  it('answers a scrape bearing the token', async () => {
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/^seedbed_process_resident_memory_bytes \d+/m);
  });
});

it('counts GraphQL requests under route="/graphql", not "other"', async () => {
  const counted = async () => {
    const text = await (await scrape(`Bearer ${TOKEN}`)).text();
    const line = /^seedbed_http_requests_total\{route="\/graphql",status="200"\} (\d+)/m.exec(text);
    return { graphql: Number(line?.[1] ?? 0), other: /route="other"/.test(text) };
  };
  const before = await counted();
  for (let i = 0; i < 3; i++) {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(response.status).toBe(200);
  }
  const after = await counted();
  expect(after.graphql - before.graphql).toBe(3);
  expect(after.other).toBe(false);
});
