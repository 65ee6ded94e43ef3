/**
 * The web app and the GraphQL IDE still work in Chromium under the server's
 * Content-Security-Policy, and the browser reports no violation while they do:
 * a violation means either a broken feature or a policy that is too wide.
 *
 * Needs Debian's Chromium and the built client, like the other e2e tests.
 */
import path from 'node:path';
import type { BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { browserSuite, describeInBrowser, SCREENSHOTS, signUp } from './support';

describeInBrowser('the pages under their Content-Security-Policy', () => {
  const suite = browserSuite({ timeoutMs: 20_000 });

  /** Violations as the page's own `securitypolicyviolation` events, and as Chromium's console reports them. */
  async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
    const consoleReports: string[] = [];
    const isViolation = (message: ConsoleMessage) => /Content Security Policy|Refused to/i.test(message.text());
    page.on('console', (message) => void (isViolation(message) && consoleReports.push(message.text())));
    // An init script runs before the page's own and is not itself subject to the policy.
    await (page.context() as BrowserContext).addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} (${event.sourceFile}:${event.lineNumber})`),
      );
    });
    // Blocked data: URLs are whole fonts: the start of each report is enough to tell what was blocked.
    return async () =>
      [...consoleReports, ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations))].map((report) =>
        report.length > 240 ? `${report.slice(0, 120)} … ${report.slice(-120)}` : report,
      );
  }

  it('the web app renders its sign-in page, signs up and opens its WebSocket', async () => {
    const page = await suite.newPage();
    const violations = await watchViolations(page);
    const response = await page.goto('/');
    // Zero violations only counts if a policy was there to be violated.
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self';.*frame-ancestors 'none'|frame-ancestors 'none'.*script-src 'self';/);
    await page.getByRole('button', { name: /log in|sign in/i }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'csp-app-sign-in.png') });

    await signUp(page, 'Ada', `ada-${Date.now()}@example.com`);
    await page.getByLabel('Project name').waitFor();
    // The app's subscriptions ride a same-origin WebSocket: connect-src must let it open.
    const opened = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) => {
          const socket = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
          socket.onopen = () => (socket.close(), resolve(true));
          socket.onerror = () => resolve(false);
        }),
    );
    expect(opened).toBe(true);
    expect(await violations()).toEqual([]);
    expect(suite.pageErrors).toEqual([]);
  });

  it('GraphiQL renders and runs { __typename }', async () => {
    const page = await suite.newPage();
    const violations = await watchViolations(page);
    const response = await page.goto('/graphql');
    expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self';/);

    const editor = page.locator('.graphiql-query-editor').first();
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+A');
    // The editor closes brackets as one types: whatever it added after the cursor goes before the last brace is typed.
    await page.keyboard.type('{ __typename ');
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('Delete');
    await page.keyboard.type('}');
    await page.getByRole('button', { name: /execute query/i }).first().click();
    await page.locator('.graphiql-response').getByText('"Query"').waitFor();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'csp-graphiql.png') });

    expect(await violations()).toEqual([]);
    expect(suite.pageErrors).toEqual([]);
  });
});
