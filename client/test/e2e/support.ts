/**
 * What every browser end-to-end test needs: Debian's Chromium launched the way
 * this network allows, the real server (with its run worker) on a fresh real
 * database serving the built client, and GraphQL calls made from inside a page
 * so they carry that visitor's session.
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';

const CHROMIUM = '/usr/bin/chromium';
const ROOT = path.resolve(__dirname, '..', '..', '..');
// SEEDBED_CLIENT_DIST (as the server reads it) lets a test use a build of its own.
const CLIENT_INDEX = path.join(process.env.SEEDBED_CLIENT_DIST ?? path.join(ROOT, 'client', 'dist'), 'index.html');

export const SCREENSHOTS = path.join(ROOT, 'test-artifacts', 'screenshots');
export const DESKTOP = { width: 1280, height: 900 };
export const PHONE = { width: 390, height: 844 };

/** `describe`, or `describe.skip` with a note when Chromium is not installed (CI installs it). */
export function describeInBrowser(name: string, body: () => void): void {
  if (fs.existsSync(CHROMIUM)) return describe(name, body);
  console.warn(`Skipping "${name}": ${CHROMIUM} is missing (apt-get install -y chromium).`);
  describe.skip(name, body);
}

export interface RunningServer {
  url: string;
  /** The server's own PostgreSQL (absent with SEEDBED_E2E_URL): a database target that answers. */
  databaseUrl?: string;
  stop(): Promise<void>;
}

/** SEEDBED_E2E_URL points the tests at a server already up; otherwise a fresh one is started. */
export async function startServer(): Promise<RunningServer> {
  const external = process.env.SEEDBED_E2E_URL;
  if (external) return { url: external.replace(/\/$/, ''), stop: async () => {} };
  if (!fs.existsSync(CLIENT_INDEX)) throw new Error(`${CLIENT_INDEX} is missing: run \`npm run build -w client\` before this test.`);
  // Required lazily so that a machine without Chromium skips without booting anything.
  const { startTestServer } = require('../../../server/test/support/server') as {
    startTestServer(options: { env?: Record<string, string> }): Promise<RunningServer>;
  };
  // The test server reads only the env it is given: pass the build this test checked for.
  const server = await startTestServer({ env: { SEEDBED_CLIENT_DIST: path.dirname(CLIENT_INDEX) } });
  return { ...server, url: server.url.replace(/\/$/, '') };
}

/** Without the background-networking flags Chromium keeps dialling hosts this closed network refuses. */
export function launchChromium(): Promise<Browser> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
  });
}

/** A GraphQL call made from inside the page, so it carries that visitor's session cookie. */
export async function gql<T = any>(page: Page, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const body = await page.evaluate(
    async ({ query, variables }) => {
      const response = await fetch('/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) });
      return response.json();
    },
    { query, variables },
  );
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data as T;
}

/**
 * One server and one Chromium for a describe block. Every page gets a context
 * of its own (its own session), and uncaught page errors are collected so a
 * test can assert there were none.
 */
export function browserSuite(options: { timeoutMs?: number } = {}) {
  let server: RunningServer;
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(), launchChromium()]);
  }, 120_000);

  afterAll(async () => {
    for (const context of contexts) await context.close();
    await browser?.close();
    await server?.stop();
  });

  return {
    pageErrors,
    serverUrl: () => server.url,
    databaseUrl: () => server.databaseUrl,
    /** `options`: more context options, such as `bypassCSP` for tests that inject a script (axe). */
    async newPage(viewport = DESKTOP, options: BrowserContextOptions = {}): Promise<Page> {
      const context = await browser.newContext({ viewport, baseURL: server.url, acceptDownloads: true, ...options });
      context.setDefaultTimeout(options.timeoutMs ?? 10_000);
      contexts.push(context);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(String(error)));
      return page;
    },
  };
}

export const PASSWORD = 'correct horse battery';

/** Signs up through the form, as a visitor would, and waits for the projects page. */
export async function signUp(page: Page, name: string, email: string): Promise<void> {
  await page.goto('/signup');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/**
 * Creates a project from the projects page, as a visitor would: the app opens
 * it at its slug URL (`/p/shop-demo`). Returns its id and slug, and leaves the
 * page at `/p/<id>` (id URLs keep working), where tests read the id from the URL.
 */
export async function createProject(page: Page, name: string): Promise<{ id: string; slug: string }> {
  await page.getByLabel('Project name').fill(name);
  await page.getByRole('button', { name: 'Create project' }).click();
  await page.waitForURL(/\/p\/[^/]+$/);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  const slug = decodeURIComponent(new URL(page.url()).pathname.split('/')[2]);
  const { project } = await gql<{ project: { id: string; slug: string } }>(page, 'query($id: ID!) { project(id: $id) { id slug } }', { id: slug });
  await page.goto(`/p/${project.id}`);
  await page.getByRole('heading', { name, level: 1 }).waitFor();
  return project;
}
