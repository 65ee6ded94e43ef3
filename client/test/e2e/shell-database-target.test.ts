/**
 * The run form's database target at 1280 and 390 px: the URL is a password
 * field with Show/Hide, and "Test connection" answers reachable or not, with
 * the reason, through the server's run target guard. A VIEWER sees neither,
 * and is not told to create an API key.
 */
import net from 'node:net';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { createEmptyDatabase, type TestDatabase } from '../../../server/test/support/database';
import { browserSuite, DESKTOP, describeInBrowser, gql, PHONE, SCREENSHOTS, signUp } from './support';

const DOCUMENT = {
  seedbed: 1,
  name: 'people',
  tables: [{ name: 'people', rows: 10, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }] }],
};

async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** The editor may keep its panels in tabs: open the one showing `target`, trying tabs whose name matches `names`. */
async function revealInTabs(page: Page, target: ReturnType<Page['getByText']>, names: RegExp): Promise<void> {
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  if (await target.isVisible()) return;
  const tabs = page.getByRole('tab', { name: names });
  for (let i = 0; i < (await tabs.count()); i++) {
    await tabs.nth(i).click();
    if (await target.isVisible()) return;
  }
  await target.waitFor();
}

describeInBrowser('database target: hidden URL and Test connection', () => {
  const { newPage, pageErrors } = browserSuite({ timeoutMs: 15_000 });
  // A database of the PostgreSQL that holds targets: the server's own is never one.
  let target: TestDatabase;
  beforeAll(async () => {
    target = await createEmptyDatabase();
  });
  afterAll(() => target?.drop());

  it.each([
    ['1280', DESKTOP],
    ['390', PHONE],
  ])('at %s px', async (_width, viewport) => {
    const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    const page = await newPage(viewport);
    await signUp(page, 'Dana Editor', `target-${stamp}@example.com`);
    const { createProject: project } = await gql(page, 'mutation($input: CreateProjectInput!) { createProject(input: $input) { id slug } }', { input: { name: `Targets ${stamp}` } });
    const { createBlueprint: blueprint } = await gql(page, 'mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }', { input: { projectId: project.id, document: DOCUMENT } });
    const editor = `/p/${project.id}/blueprints/${blueprint.id}`;
    await page.goto(editor);
    const form = page.getByRole('form', { name: 'Start a run' });
    await revealInTabs(page, form, /run/i);
    await form.getByLabel('PostgreSQL database').check();

    const url = form.getByLabel('Database URL', { exact: true });
    expect(await url.getAttribute('type')).toBe('password');
    await url.fill(`postgres://seed:secret@127.0.0.1:${await closedPort()}/app`);
    await form.getByRole('button', { name: 'Show database URL' }).click();
    expect(await url.getAttribute('type')).toBe('text');
    await form.getByRole('button', { name: 'Hide database URL' }).click();
    expect(await url.getAttribute('type')).toBe('password');

    await form.getByRole('button', { name: 'Test connection' }).click();
    // One answer for every failed sign-in, after one fixed time (no port scanner): the reason is in the server's log.
    await form.getByText(/^Unreachable: Could not sign in to 127\.0\.0\.1:\d+\/app as seed/).waitFor();

    await url.fill(target.url);
    await form.getByRole('button', { name: 'Test connection' }).click();
    await form.getByText(/^Reachable\. Connected to .* \(PostgreSQL/).waitFor();
    await form.screenshot({ path: path.join(SCREENSHOTS, `database-target-${viewport.width}.png`) });
    // Editing the URL clears an answer about another URL.
    await url.fill(`${target.url}x`);
    expect(await form.getByText(/^Reachable\./).count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // A VIEWER: no run form, and the rows API says whom to ask for a key.
    const viewer = await newPage(viewport);
    const viewerEmail = `viewer-${stamp}@example.com`;
    await signUp(viewer, 'Vic Viewer', viewerEmail);
    await gql(page, 'mutation($input: AddMemberInput!) { addMember(input: $input) { id } }', { input: { projectId: project.id, email: viewerEmail, role: 'VIEWER' } });
    await viewer.goto(editor);
    await revealInTabs(viewer, viewer.getByText(/owner or editor/i).first(), /run|api/i);
    // In no panel is a VIEWER sent to create a key or offered a database test.
    const offending = () => viewer.getByText(/create an API key|create one in the project/i).count();
    expect(await offending()).toBe(0);
    const tabs = viewer.getByRole('tab');
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      expect(await offending()).toBe(0);
      expect(await viewer.getByRole('button', { name: 'Test connection' }).count()).toBe(0);
    }
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
