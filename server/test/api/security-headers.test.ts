/**
 * Every response carries the browser protections: pages a Content-Security-Policy
 * that allows only this server's own files (GraphiQL's too: its page has no
 * inline script), no framing by other sites, nosniff and no Referer; JSON answers nosniff.
 * client/test/e2e/csp.test.ts proves both pages still work in Chromium under them.
 */
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** The policy as directive → sources. */
function policyOf(response: Response): Map<string, string[]> {
  const header = response.headers.get('content-security-policy');
  expect(header).toBeTruthy();
  return new Map(header!.split(';').map((part) => part.trim().split(/\s+/)).filter((words) => words[0]).map(([name, ...sources]) => [name, sources]));
}

function expectBrowserProtections(response: Response) {
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
}

describe('the web app', () => {
  it('is served with a self-only policy that no other site may frame', async () => {
    const response = await fetch(`${server.url}/p/some-project`, { headers: { accept: 'text/html' } });
    expectBrowserProtections(response);
    const policy = policyOf(response);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    // A page over plain http (a laptop, a test) must keep loading its own files.
    expect(policy.has('upgrade-insecure-requests')).toBe(false);
  });
});

describe('GraphiQL', () => {
  it('runs only scripts this server serves: its page has no inline script, only JSON data', async () => {
    const response = await fetch(`${server.url}/graphql`, { headers: { accept: 'text/html' } });
    expect(response.status).toBe(200);
    expectBrowserProtections(response);
    const html = await response.text();
    const policy = policyOf(response);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('worker-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    const inline = [...html.matchAll(/<script(?![^>]*\ssrc=)([^>]*)>/g)].map((m) => m[1].trim());
    expect(inline).toEqual(['type="application/json" id="ide-options"']);
  });
});

describe('API answers', () => {
  it.each([
    ['a GraphQL answer', '/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' }],
    ['an API 404', '/api/v1/nothing-here', {}],
    ['a health probe', '/healthz', {}],
    ['the blueprint JSON Schema', '/schemas/blueprint.json', {}],
  ])('%s is never sniffed into a script or a page', async (_name, path, init) => {
    const response = await fetch(server.url + path, init as RequestInit);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
  });
});
