/**
 * Runs and settings end to end, in Debian's Chromium against the real server
 * (with its run worker) on a fresh real database: start a CSV run of a
 * two-table blueprint from its page, watch the live progress bar reach 100%,
 * download the files and count their rows; cancel a running run; create an
 * API key (secret shown once, used with the page's curl command), revoke it;
 * add a VIEWER and check they see no controls they may not use.
 * Screenshots go to test-artifacts/screenshots/runs-*.png.
 *
 * Needs /usr/bin/chromium and the built client (`npm run build -w client`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { browserSuite, createProject, signUp, DESKTOP, describeInBrowser, gql, PHONE, SCREENSHOTS } from './support';

const USERS = 25;

/** Two tables, orders referencing users, 1–3 orders per user. */
const BLUEPRINT = {
  seedbed: 1,
  name: 'shop',
  locale: 'en',
  seed: 42,
  tables: [
    {
      name: 'users',
      rows: USERS,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'first_name', generator: 'person.firstName' },
      ],
    },
    {
      name: 'orders',
      rows: { perParent: 'users', min: 1, max: 3 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'user_id', generator: 'ref', options: { table: 'users' } },
      ],
    },
  ],
};

/** Data rows of a CSV with a header line (CRLF per RFC 4180; the generated values hold no line breaks). */
const csvRows = (text: string) => text.trimEnd().split(/\r?\n/).length - 1;

describeInBrowser('runs and settings', () => {
  const { newPage, pageErrors, serverUrl } = browserSuite({ timeoutMs: 15_000 });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `runs-${name}.png`), fullPage: true });
  const pageOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

  it('starts a CSV run from the blueprint page, follows it to 100%, downloads the files, cancels a run; keys and members in settings; a VIEWER sees no controls', async () => {
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const page = await newPage();
    await signUp(page, 'Ada Owner', `owner-${stamp}@example.com`);
    await createProject(page, `Shop ${stamp}`);
    const projectId = new URL(page.url()).pathname.split('/')[2];
    await page.getByText('No runs yet.').waitFor();

    // The blueprint is created through the API to save time, then opened in the UI.
    const { createBlueprint } = await gql(page, 'mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }', { input: { projectId, document: BLUEPRINT } });
    const blueprintId: string = createBlueprint.id;
    await page.reload();
    await page.getByRole('link', { name: 'shop', exact: true }).click();
    await page.waitForURL(`**/p/${projectId}/blueprints/${blueprintId}`);

    // The editor's Download panel: a curl command with this origin and a placeholder for the key.
    const panels = page.getByRole('tablist', { name: 'Blueprint panels' });
    await panels.getByRole('tab', { name: 'Download' }).click();
    const command = (await page.getByLabel('curl command').textContent()) ?? '';
    expect(command).toMatch(/^curl -H "Authorization: Bearer \$SEEDBED_KEY" /);
    expect(command).toContain(`"${serverUrl()}/api/v1/blueprints/${blueprintId}/rows.csv?`);
    expect(command).toContain('table=users');
    expect(command).toContain('count=100');

    // The form (in the Runs panel) checks itself before asking the server.
    await panels.getByRole('tab', { name: 'Runs' }).click();
    const form = page.getByRole('form', { name: 'Start a run' });
    await form.getByLabel('CSV').uncheck();
    await form.getByRole('button', { name: 'Start run' }).click();
    await form.getByText('Choose at least one format.').waitFor();
    await form.getByLabel('CSV').check();
    await form.getByLabel('Seed').fill('7');
    await shot(page, '01-start-run-form');
    await form.getByRole('button', { name: 'Start run' }).click();
    await page.waitForURL(new RegExp(`/p/${projectId}/runs/[^/]+$`));
    const runPath = new URL(page.url()).pathname;
    const runId = runPath.split('/').pop()!;

    // The live progress bar reaches 100% and the run SUCCEEDED, with one CSV per table.
    const progress = page.getByRole('progressbar', { name: 'Progress of the run' });
    await progress.waitFor();
    await page.locator('[role="progressbar"][aria-valuenow="100"]').waitFor({ timeout: 60_000 });
    await page.locator('.run-heading').getByText('Succeeded').waitFor();
    expect(await progress.getAttribute('aria-valuemin')).toBe('0');
    expect(await progress.getAttribute('aria-valuemax')).toBe('100');
    const files = page.getByRole('list', { name: 'Files' });
    await files.getByRole('link', { name: 'Download users.csv' }).waitFor();
    expect(await page.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
    await shot(page, '02-run-page');

    const { run } = await gql(page, 'query($id: ID!) { run(id: $id) { status seed rowsDone rowsTotal artifacts { name size } } }', { id: runId });
    expect(run).toMatchObject({ status: 'SUCCEEDED', seed: 7 });
    expect(run.rowsDone).toBe(run.rowsTotal);

    // A real download of users.csv: as many rows as the blueprint says.
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), files.getByRole('link', { name: 'Download users.csv' }).click()]);
    expect(download.suggestedFilename()).toBe('users.csv');
    const users = fs.readFileSync((await download.path())!, 'utf8');
    expect(users.split(/\r?\n/)[0]).toBe('id,first_name');
    expect(csvRows(users)).toBe(USERS);
    // orders.csv through the same link, fetched with the page's cookie: together they hold every row of the run.
    const ordersUrl = await files.getByRole('link', { name: 'Download orders.csv' }).getAttribute('href');
    const orders = await page.evaluate(async (url) => (await fetch(url!)).text(), ordersUrl);
    expect(csvRows(orders)).toBeGreaterThanOrEqual(USERS);
    expect(USERS + csvRows(orders)).toBe(run.rowsTotal);

    // The runs list and the project page's recent runs show it.
    await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Runs' }).click();
    await page.getByRole('heading', { name: 'Runs', exact: true }).waitFor();
    const runsTable = page.getByRole('table', { name: /^Runs 1 to 1 of 1/ });
    await runsTable.getByText('Succeeded').waitFor();
    expect(await runsTable.getByRole('cell', { name: 'CSV' }).count()).toBe(1);
    await shot(page, '03-runs-list');
    await page.setViewportSize(PHONE);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, '04-runs-list-phone');
    await page.goto(runPath);
    await page.locator('.run-heading').getByText('Succeeded').waitFor();
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, '05-run-page-phone');
    await page.setViewportSize(DESKTOP);
    await page.getByRole('link', { name: `Shop ${stamp}` }).click();
    await page.getByRole('table', { name: 'Recent runs' }).getByText('Succeeded').waitFor();

    // Settings: an API key's secret is shown once, works with the curl command's URL, then is revoked.
    await page.getByRole('navigation', { name: 'Project sections' }).getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await page.getByLabel('Key name').fill('CI seed job');
    await page.getByLabel('Key role').selectOption('VIEWER');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'API key “CI seed job” created' });
    await dialog.waitFor();
    const secret = await dialog.getByLabel('Secret').inputValue();
    expect(secret).toMatch(/^sbk_[A-Za-z0-9]{40}$/);
    await dialog.getByText('shown only this once').waitFor();
    await shot(page, '06-api-key-secret');
    await dialog.getByRole('button', { name: 'Copy secret' }).click();
    await dialog.getByRole('status').filter({ hasText: /Copied|Could not copy/ }).waitFor();
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
    expect(await page.content()).not.toContain(secret);
    const keyRow = page.getByRole('row').filter({ hasText: 'CI seed job' });
    await keyRow.getByText(`${secret.slice(0, 8)}…${secret.slice(-4)}`).waitFor().catch(async () => {
      // The visible prefix length is the server's choice; the last four are fixed.
      await keyRow.getByText(new RegExp(`…${secret.slice(-4)}$`)).waitFor();
    });
    await keyRow.getByText('Active').waitFor();

    const rowsUrl = command.match(/"(http[^"]+)"/)![1];
    const withKey = await fetch(rowsUrl, { headers: { authorization: `Bearer ${secret}` } });
    expect(withKey.status).toBe(200);
    // count=100 of a root table: rows 0..99, the table growing to the window (one meaning of a window everywhere, issue 15).
    expect(csvRows(await withKey.text())).toBe(100);

    await keyRow.getByRole('button', { name: 'Revoke CI seed job' }).click();
    await keyRow.getByRole('group', { name: 'Confirm revoking CI seed job' }).getByRole('button', { name: 'Revoke now' }).click();
    await keyRow.getByText('Revoked').waitFor();
    expect(await keyRow.getByRole('button', { name: /Revoke/ }).count()).toBe(0);
    expect((await fetch(rowsUrl, { headers: { authorization: `Bearer ${secret}` } })).status).toBe(401);

    // An email nobody signed up with: the server's message reads as a sentence under the field, not glued to its label.
    await page.getByLabel('Email', { exact: true }).fill(`nobody-${stamp}@example.com`);
    await page.getByRole('button', { name: 'Add member' }).click();
    const emailError = page.locator('.field-error').filter({ hasText: /Seedbed account/ });
    await emailError.waitFor();
    expect(await emailError.textContent()).toBe('No Seedbed account has this email.');
    // Add a VIEWER by email, through the form.
    const viewerEmail = `viewer-${stamp}@example.com`;
    const viewer = await newPage();
    await signUp(viewer, 'Vic Viewer', viewerEmail);
    await page.getByLabel('Email', { exact: true }).fill(viewerEmail);
    await page.getByLabel('Role', { exact: true }).selectOption('VIEWER');
    await page.getByRole('button', { name: 'Add member' }).click();
    await page.getByText('Added Vic Viewer as viewer.').waitFor();
    expect(await page.getByLabel('Role of Vic Viewer').inputValue()).toBe('VIEWER');
    await page.getByRole('heading', { name: 'Members (2)' }).waitFor();
    // The last OWNER cannot be demoted: the server says so and the role stays.
    await page.getByLabel('Role of Ada Owner').selectOption('EDITOR');
    await page.getByRole('alert').filter({ hasText: 'at least one OWNER' }).waitFor();
    expect(await page.getByLabel('Role of Ada Owner').inputValue()).toBe('OWNER');
    await shot(page, '07-settings-owner');
    await page.setViewportSize(PHONE);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    await shot(page, '07-settings-owner-phone');
    await page.setViewportSize(DESKTOP);

    // A run that is still going: the owner may cancel it, the VIEWER sees it without the button.
    const { startRun } = await gql(page, 'mutation($input: StartRunInput!) { startRun(input: $input) { id } }', {
      input: { blueprintId, rows: 20_000_000, target: { files: { formats: ['CSV'] } } },
    });
    const bigRunPath = `/p/${projectId}/runs/${startRun.id}`;
    await Promise.all([page.goto(bigRunPath), viewer.goto(bigRunPath)]);
    await viewer.getByRole('progressbar', { name: 'Progress of the run' }).waitFor();
    await page.getByRole('button', { name: 'Cancel run' }).click();
    expect(await viewer.getByRole('button', { name: 'Cancel run' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Yes, cancel the run' }).click();
    await page.locator('.run-heading').getByText('Cancelled').waitFor();
    await viewer.locator('.run-heading').getByText('Cancelled').waitFor();

    // The VIEWER: no New blueprint, Start run, member management or API keys.
    await viewer.goto(`/p/${projectId}`);
    await viewer.getByRole('link', { name: 'shop', exact: true }).waitFor();
    expect(await viewer.getByRole('button', { name: 'New blueprint' }).count()).toBe(0);
    await viewer.goto(`/p/${projectId}/blueprints/${blueprintId}`);
    await viewer.getByText('read-only (viewer)').waitFor();
    await viewer.getByRole('tab', { name: 'Download' }).click();
    await viewer.getByText('The same rows from a script').click();
    await viewer.getByLabel('curl command').waitFor();
    await viewer.getByText('ask an owner or editor of the project for one').waitFor();
    await viewer.getByRole('tab', { name: 'Runs' }).click();
    expect(await viewer.getByRole('form', { name: 'Start a run' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Start run' }).count()).toBe(0);
    expect(await viewer.getByRole('button', { name: 'Save', exact: true }).count()).toBe(0);
    await viewer.goto(`/p/${projectId}/settings`);
    await viewer.getByRole('heading', { name: 'Members (2)' }).waitFor();
    await viewer.getByText('Only owners can add members or change roles.').waitFor();
    for (const name of ['Add member', 'Create API key', 'Remove', 'Revoke']) {
      expect(await viewer.getByRole('button', { name }).count()).toBe(0);
    }
    expect(await viewer.getByRole('combobox').count()).toBe(0);
    await shot(viewer, '08-settings-viewer');

    expect(pageErrors).toEqual([]);
  }, 240_000);
  it.each([
    ['1280', DESKTOP],
    ['390', PHONE],
  ])('at %s px: starts a CSV run with a semicolon and no header row; the file has exactly the bytes the rows API writes for those options', async (width, viewport) => {
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    // bypassCSP lets axe-core be injected; the app's own scripts do not need it.
    const page = await newPage(viewport, { bypassCSP: true });
    await signUp(page, 'Olga Output', `output-${stamp}@example.com`);
    const { createProject: project } = await gql(page, 'mutation($input: CreateProjectInput!) { createProject(input: $input) { id slug } }', { input: { name: `Output ${stamp}` } });
    const { createBlueprint } = await gql(page, 'mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }', { input: { projectId: project.id, document: BLUEPRINT } });
    const blueprintId: string = createBlueprint.id;
    await page.goto(`/p/${project.slug}/blueprints/${blueprintId}`);
    await page.getByRole('tablist', { name: 'Blueprint panels' }).getByRole('tab', { name: 'Runs' }).click();
    const form = page.getByRole('form', { name: 'Start a run' });

    // Options show only for the formats they affect: CSV's for CSV, pretty for JSON, none for SQL alone.
    await form.getByLabel('Delimiter').waitFor();
    expect(await form.getByLabel('Pretty-printed').count()).toBe(0);
    await form.getByLabel('CSV').uncheck();
    await form.getByLabel('SQL', { exact: true }).check();
    expect(await form.getByLabel('Delimiter').count()).toBe(0);
    expect(await form.getByLabel('Header row').count()).toBe(0);
    await form.getByLabel('JSON', { exact: true }).check();
    await form.getByLabel('Pretty-printed').waitFor();
    expect(await form.getByLabel('Delimiter').count()).toBe(0);
    await form.getByLabel('JSON', { exact: true }).uncheck();
    await form.getByLabel('SQL', { exact: true }).uncheck();
    await form.getByLabel('CSV').check();

    // Checked before asking, as the server would: the message sits under the option it is about.
    await form.getByLabel('Delimiter').selectOption(';');
    await form.getByLabel('NULL marker').fill('n;a');
    await form.getByRole('button', { name: 'Start run' }).click();
    const markerError = form.locator('.field-error').filter({ hasText: 'The NULL marker cannot hold the CSV delimiter.' });
    await markerError.waitFor();
    expect(await form.getByLabel('NULL marker').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('NULL marker').getAttribute('aria-describedby')).toBe(await markerError.getAttribute('id'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await shot(page, `09-run-output-options-${width}`);
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect([colorScheme, await seriousViolations(page)]).toEqual([colorScheme, []]);
    }
    await page.emulateMedia({ colorScheme: 'light' });
    await form.getByLabel('NULL marker').fill('');
    await markerError.waitFor({ state: 'detached' });

    await form.getByLabel('Header row').uncheck();
    await form.getByLabel('Seed').fill('7');
    await form.getByRole('button', { name: 'Start run' }).click();
    await page.waitForURL(new RegExp(`/p/[^/]+/runs/[^/]+$`));
    await page.locator('.run-heading').getByText('Succeeded').waitFor({ timeout: 60_000 });
    const files = page.getByRole('list', { name: 'Files' });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), files.getByRole('link', { name: 'Download users.csv' }).click()]);
    const bytes = fs.readFileSync((await download.path())!);
    const text = bytes.toString('utf8');

    // No header row; semicolons between fields; CSV's own CRLF line ending kept.
    const lines = text.split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(USERS);
    expect(lines[0]).toMatch(/^1;[^;,]+$/);
    for (const [i, line] of lines.entries()) expect(line).toMatch(new RegExp(`^${i + 1};[^;,\\r\\n]+$`));
    // The same bytes as the rows API answers for the same table, seed and options.
    const api = await page.evaluate(
      async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())),
      `/api/v1/blueprints/${blueprintId}/rows.csv?table=users&count=${USERS}&seed=7&delimiter=%3B&header=false`,
    );
    expect(Buffer.from(api).equals(bytes)).toBe(true);
    expect(pageErrors).toEqual([]);
  }, 120_000);
});
