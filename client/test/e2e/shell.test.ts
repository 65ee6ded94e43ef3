/**
 * The web client shell end to end, in a real browser against the real server
 * on a fresh real database: sign up, create a project, open it, log out, log
 * back in. Screenshots of each screen go to test-artifacts/screenshots/.
 *
 * Needs Debian's Chromium (`apt-get install -y chromium`) and the built client
 * (`npm run build -w client`). Set SEEDBED_E2E_URL to run against a server
 * that is already up instead of booting one.
 */
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, describeInBrowser, launchChromium, PHONE, SCREENSHOTS, startServer, type RunningServer } from './support';

/** A small valid blueprint document (PRODUCT.md §10). */
const BLUEPRINT = {
  seedbed: 1,
  name: 'people',
  locale: 'en',
  seed: 42,
  tables: [
    {
      name: 'users',
      rows: 10,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'first_name', generator: 'person.firstName' },
      ],
    },
  ],
};

describeInBrowser('web client shell', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([
      startServer(),
      launchChromium(),
    ]);
    context = await newVisitor(DESKTOP);
    page = await context.newPage();
    page.on('pageerror', (error) => pageErrors.push(String(error)));
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  /** A separate browser profile: its own cookies, so its own session. */
  async function newVisitor(viewport: { width: number; height: number }) {
    const visitor = await browser.newContext({ viewport, baseURL: server.url });
    visitor.setDefaultTimeout(10_000);
    return visitor;
  }

  async function screenshot(name: string) {
    await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
  }

  async function expectPath(pathname: string | RegExp) {
    await page.waitForURL((url) => (typeof pathname === 'string' ? url.pathname === pathname : pathname.test(url.pathname)));
  }

  /** The page must fit the viewport: no sideways scrolling on a phone. */
  async function expectNoHorizontalScroll() {
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  }

  it('signs up, creates and opens a project, logs out and back in', async () => {
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const user = { name: 'Ada Lovelace', email: `ada-${stamp}@example.com`, password: 'correct horse battery' };
    const projectName = `Shop fixtures ${stamp}`;

    // A visitor without a session is sent to /login.
    await page.goto('/');
    await expectPath('/login');
    await page.getByRole('heading', { name: 'Log in to Seedbed' }).waitFor();
    await screenshot('01-login-redirect');

    // Sign up; a too-short password is reported next to the Password field.
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expectPath('/signup');
    await page.getByLabel('Name').fill(user.name);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Sign up' }).click();
    const passwordError = page.locator('.field-error').filter({ hasText: /12 characters/ });
    await passwordError.waitFor();
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    expect(page.url()).toMatch(/\/signup$/);
    await screenshot('02-signup-error');

    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign up' }).click();
    await expectPath('/');
    await page.getByRole('heading', { name: 'Projects', exact: true }).waitFor();
    await page.getByRole('banner').getByText(user.name).waitFor();
    await page.getByText('No projects yet').waitFor();
    await screenshot('03-projects-empty');

    // Create a project: it opens at once, at a URL made from its name; a new project has no blueprints.
    await page.getByLabel('Project name').fill(projectName);
    await page.getByRole('button', { name: 'Create project' }).click();
    await expectPath(`/p/shop-fixtures-${stamp}`);
    await page.getByRole('heading', { name: projectName }).waitFor();
    await page.getByText('No blueprints yet').waitFor();
    const projectPath = new URL(page.url()).pathname;
    await screenshot('05-project-empty');

    // It is in the list.
    await page.getByRole('link', { name: 'Projects' }).first().click();
    const projectLink = page.getByRole('list', { name: 'Projects' }).getByRole('link', { name: projectName });
    await projectLink.waitFor();
    expect(await page.getByLabel('Project name').inputValue()).toBe('');
    await screenshot('04-projects-created');
    await projectLink.click();
    await expectPath(projectPath);

    // Log out: back at /login, and the app is closed again.
    await page.getByRole('button', { name: 'Log out' }).click();
    await expectPath('/login');
    await screenshot('06-logged-out');
    await page.goto(projectPath);
    await expectPath('/login');

    // Log in again: returned to the page that asked for it, the project is still there.
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').first().waitFor();
    expect(page.url()).toMatch(/\/login$/);
    await screenshot('07-login-error');

    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expectPath(projectPath);
    await page.getByRole('heading', { name: projectName }).waitFor();
    await page.getByRole('link', { name: 'Projects' }).first().click();
    await expectPath('/');
    await projectLink.waitFor();
    await screenshot('08-logged-in-again');

    // A blueprint created through the API is listed on its project and opens
    // in the editor with its fields and revisions (client/test/e2e/editor.test.ts covers editing).
    const { project } = await page.evaluate(async (slug) => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query: 'query($id: ID!) { project(id: $id) { id } }', variables: { id: slug } }),
      });
      return (await response.json()).data;
    }, projectPath.split('/')[2]);
    const projectId = project.id as string;
    const created = await page.evaluate(
      async ({ projectId, document }) => {
        const response = await fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            query: 'mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }',
            variables: { input: { projectId, document } },
          }),
        });
        return response.json();
      },
      { projectId, document: BLUEPRINT },
    );
    expect(created.errors).toBeUndefined();
    await projectLink.click();
    const blueprintLink = page.getByRole('link', { name: BLUEPRINT.name });
    await blueprintLink.waitFor();
    await screenshot('09-project-with-blueprint');
    await blueprintLink.click();
    await expectPath(`${projectPath}/blueprints/${created.data.createBlueprint.id}`);
    await page.getByRole('heading', { name: BLUEPRINT.name }).waitFor();
    expect(await page.getByLabel('Name of field 2', { exact: true }).inputValue()).toBe('first_name');
    await page.getByRole('tablist', { name: 'Blueprint panels' }).getByRole('tab', { name: /History/ }).click();
    await page.getByRole('heading', { name: 'Revisions (1)' }).waitFor();
    await screenshot('10-blueprint');
    await page.getByRole('link', { name: 'Projects' }).first().click();
    await projectLink.waitFor();

    // The same screens at phone width.
    await page.setViewportSize(PHONE);
    await page.reload();
    await projectLink.waitFor();
    await expectNoHorizontalScroll();
    await screenshot('11-projects-phone');
    await projectLink.click();
    await page.getByRole('link', { name: BLUEPRINT.name }).waitFor();
    await expectNoHorizontalScroll();
    await screenshot('12-project-phone');

    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('reports an email that is already registered next to the Email field', async () => {
    const email = `taken-${Date.now()}@example.com`;
    const visitor = await newVisitor(PHONE);
    try {
      const tab = await visitor.newPage();
      for (const attempt of [1, 2]) {
        await tab.goto('/signup');
        await tab.getByLabel('Name').fill('Grace Hopper');
        await tab.getByLabel('Email').fill(email);
        await tab.getByLabel('Password').fill('a long enough password');
        await tab.getByRole('button', { name: 'Sign up' }).click();
        if (attempt === 1) {
          await tab.waitForURL((url) => url.pathname === '/');
          await tab.getByRole('button', { name: 'Log out' }).click();
          await tab.waitForURL((url) => url.pathname === '/login');
        }
      }
      await tab.locator('.field-error').filter({ hasText: /already/ }).waitFor();
      expect(await tab.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
      expect(new URL(tab.url()).pathname).toBe('/signup');
      await tab.screenshot({ path: path.join(SCREENSHOTS, '13-signup-email-taken-phone.png'), fullPage: true });
    } finally {
      await visitor.close();
    }
  }, 60_000);

  it('sends a user whose session ended in another tab to /login on their next action', async () => {
    const visitor = await newVisitor(DESKTOP);
    try {
      const first = await visitor.newPage();
      await first.goto('/signup');
      await first.getByLabel('Name').fill('Tab One');
      await first.getByLabel('Email').fill(`tabs-${Date.now()}@example.com`);
      await first.getByLabel('Password').fill('a long enough password');
      await first.getByRole('button', { name: 'Sign up' }).click();
      await first.getByText('No projects yet').waitFor();

      const second = await visitor.newPage();
      await second.goto('/');
      await second.getByRole('button', { name: 'Log out' }).click();
      await second.waitForURL((url) => url.pathname === '/login');

      await first.getByLabel('Project name').fill('Too late');
      await first.getByRole('button', { name: 'Create project' }).click();
      await first.waitForURL((url) => url.pathname === '/login');
    } finally {
      await visitor.close();
    }
  }, 60_000);
});
