/**
 * The blueprint editor end to end, in Debian's Chromium against the real
 * server on a fresh real database: build a two-table blueprint with a
 * reference and per-parent rows, watch the live preview and the relationship
 * graph, save, survive a conflicting save, open an old revision, and check a
 * VIEWER sees no edit controls. Screenshots go to
 * test-artifacts/screenshots/editor-*.png.
 *
 * Needs /usr/bin/chromium and the built client (`npm run build -w client`).
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserSuite, signUp, DESKTOP, describeInBrowser, gql, PHONE, SCREENSHOTS } from './support';


describeInBrowser('blueprint editor', () => {
  const { newPage, pageErrors } = browserSuite();

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `editor-${name}.png`), fullPage: true });

  /** Waits until the preview of `table` shows rows that are up to date with the draft. */
  async function previewRows(page: Page, table: string) {
    const region = page.getByRole('region', { name: `Preview of ${table}` });
    await region.getByRole('status').filter({ hasText: /^First \d+ of/ }).waitFor();
    return region;
  }

  it('builds a two-table blueprint with a reference, previews, saves, resolves a conflict and shows history', async () => {
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const page = await newPage();
    await signUp(page, 'Ada Owner', `owner-${stamp}@example.com`);

    // A project and a starter blueprint (the project page's own flows are tested with it).
    const { createProject } = await gql(page, 'mutation($input: CreateProjectInput!) { createProject(input: $input) { id slug } }', { input: { name: `Shop ${stamp}` } });
    const projectId = createProject.id;
    const { createBlueprint } = await gql(page, 'mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }', {
      input: { projectId, document: { seedbed: 1, name: 'shop', locale: 'en', seed: 42, tables: [{ name: 'users', rows: 100, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence', options: { start: 1 } }, { name: 'name', generator: 'person.fullName' }] }] } },
    });
    const blueprintId = createBlueprint.id;
    const blueprintPath = `/p/${createProject.slug}/blueprints/${blueprintId}`;
    await page.goto(blueprintPath);
    await page.getByRole('heading', { name: 'shop', exact: true }).waitFor();
    const usersPreview = await previewRows(page, 'users');
    expect(await usersPreview.locator('tbody tr').count()).toBe(20);
    expect(await usersPreview.locator('thead th').allTextContents()).toEqual(['idinteger · unique', 'namestring']);
    await shot(page, '01-new-blueprint');

    // A second table, sized per parent row, with a reference to users.
    await page.getByRole('button', { name: 'Add table' }).click();
    await page.getByLabel('Table name').fill('orders');
    await page.getByLabel('Per parent row').check();
    await page.getByLabel('Parent table').selectOption('users');
    await page.getByLabel('Max per parent').fill('3');
    await page.getByRole('button', { name: 'Add field' }).click();
    await page.getByLabel('Name of field 2', { exact: true }).fill('user_id');
    await page.getByRole('button', { name: 'Generator of user_id: lorem.word' }).click();
    const search = page.getByRole('combobox', { name: 'Search generators' });
    await search.fill('key of a row');
    await page.getByRole('dialog').getByRole('status').filter({ hasText: /^1 of \d+ generators\./ }).waitFor();
    await page.getByRole('listbox').getByRole('option').filter({ has: page.locator('code', { hasText: /^ref$/ }) }).waitFor();
    await shot(page, '02-generator-picker');
    await search.press('Enter');
    await page.getByRole('button', { name: 'Generator of user_id: ref' }).waitFor();
    expect(await page.getByLabel('Table (required)').inputValue()).toBe('users');

    const ordersPreview = await previewRows(page, 'orders');
    expect(await ordersPreview.locator('thead th').allTextContents()).toEqual(['idinteger · unique', 'user_idinteger']);
    expect(await ordersPreview.locator('tbody tr').count()).toBeGreaterThan(0);
    await shot(page, '03-two-tables');

    // The relationship graph follows the draft; its table nodes select a table (click, or Enter).
    const graph = page.getByRole('region', { name: 'Relationship graph' });
    await graph.getByText('orders.user_id → users').waitFor({ state: 'attached' });
    await graph.getByRole('img', { name: 'Relationship graph: 2 tables, 2 relationships.' }).waitFor();
    await graph.getByRole('button', { name: /^Table users,/ }).click();
    await page.getByRole('heading', { name: 'Table users' }).waitFor();
    await graph.getByRole('button', { name: /^Table orders,/ }).press('Enter');
    await page.getByRole('heading', { name: 'Table orders' }).waitFor();
    await graph.screenshot({ path: path.join(SCREENSHOTS, 'editor-graph.png') });

    // An invalid name is reported at its cell and in the summary; fixing it clears both.
    await page.getByLabel('Name of field 2', { exact: true }).fill('user id');
    const nameError = page.locator('.field-row .field-error').filter({ hasText: /must start with a letter/ });
    await nameError.waitFor();
    expect(await page.getByLabel('Name of field 2', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await page.getByRole('heading', { name: /problems? in this blueprint/ }).waitFor();
    await shot(page, '04-inline-issue');
    await page.getByLabel('Name of field 2', { exact: true }).fill('user_id');
    await previewRows(page, 'orders');
    expect(await nameError.count()).toBe(0);

    // Keyboard reorder: Alt+ArrowUp moves the focused row and announces it.
    await page.getByLabel('Name of field 2', { exact: true }).focus();
    await page.keyboard.press('Alt+ArrowUp');
    await page.getByText('Moved field user_id to position 1 of 2.').waitFor({ state: 'attached' });
    expect(await page.getByLabel('Name of field 1', { exact: true }).inputValue()).toBe('user_id');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value)).toBe('user_id');

    // Save: revision 2 appears in the history.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved as revision 2.').waitFor();
    await page.getByRole('tab', { name: /^History/ }).click();
    await page.getByRole('heading', { name: 'Revisions (2)' }).waitFor();
    await page.getByRole('button', { name: 'View revision 2' }).waitFor();
    const saved = await gql(page, 'query($id: ID!) { blueprint(id: $id) { revision document } }', { id: blueprintId });
    expect(saved.blueprint.revision).toBe(2);
    expect(saved.blueprint.document.tables[1]).toMatchObject({
      name: 'orders',
      rows: { perParent: 'users', min: 0, max: 3 },
      fields: [{ name: 'user_id', generator: 'ref', options: { table: 'users' } }, { name: 'id', generator: 'sequence' }],
    });
    await shot(page, '05-saved');

    // Revision 3 is saved in between (by this user, from elsewhere): the next save is a conflict, and "Keep mine" then saves revision 4.
    await gql(page, 'mutation($input: UpdateBlueprintInput!) { updateBlueprint(input: $input) { revision } }', {
      input: { id: blueprintId, baseRevision: 2, document: { ...saved.blueprint.document, seed: 7 } },
    });
    await page.getByLabel('Table name').fill('purchases');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'You saved revision 3 in another tab or window' });
    await conflict.waitFor();
    await shot(page, '06-conflict');
    await conflict.getByRole('button', { name: 'Keep mine' }).click();
    expect(await page.getByLabel('Table name').inputValue()).toBe('purchases');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved as revision 4.').waitFor();
    const after = await gql(page, 'query($id: ID!) { blueprint(id: $id) { revision document } }', { id: blueprintId });
    expect(after.blueprint.revision).toBe(4);
    expect(after.blueprint.document.tables.map((t: { name: string }) => t.name)).toEqual(['users', 'purchases']);

    // An old revision opens read-only; restoring it makes it the draft.
    await page.getByRole('button', { name: 'View revision 1' }).click();
    await page.getByRole('region', { name: 'Viewing revision 1' }).waitFor();
    expect(await page.getByRole('navigation', { name: /Tables/ }).getByRole('listitem').count()).toBe(1);
    expect(await page.getByLabel('Table name').isDisabled()).toBe(true);
    await previewRows(page, 'users');
    await shot(page, '07-old-revision');
    await page.getByRole('button', { name: 'Back to your draft' }).click();
    expect(await page.getByRole('navigation', { name: /Tables/ }).getByRole('listitem').count()).toBe(2);

    // At phone width the page itself does not scroll sideways (the grids scroll inside their boxes).
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: /^users/ }).click();
    await previewRows(page, 'users');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, '08-phone');
    await page.setViewportSize(DESKTOP);

    // A VIEWER sees the blueprint and its preview but no edit controls.
    const viewerEmail = `viewer-${stamp}@example.com`;
    const viewer = await newPage();
    await signUp(viewer, 'Vic Viewer', viewerEmail);
    await gql(page, 'mutation($input: AddMemberInput!) { addMember(input: $input) { id } }', { input: { projectId, email: viewerEmail, role: 'VIEWER' } });
    await viewer.goto(`/p/${projectId}`);
    await viewer.getByRole('link', { name: 'shop' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'New blueprint' }).count()).toBe(0);
    await viewer.goto(blueprintPath);
    await viewer.getByText('read-only (viewer)').waitFor();
    await previewRows(viewer, 'users');
    for (const name of ['Save', 'Add table', 'Add field', 'Discard changes']) {
      expect(await viewer.getByRole('button', { name, exact: true }).count()).toBe(0);
    }
    expect(await viewer.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await viewer.getByLabel('Table name').isDisabled()).toBe(true);
    expect(await viewer.getByLabel('Name of field 1', { exact: true }).isDisabled()).toBe(true);
    expect(await viewer.getByRole('button', { name: /^Generator of/ }).first().isDisabled()).toBe(true);
    await shot(viewer, '09-viewer');

    expect(pageErrors).toEqual([]);
  }, 180_000);
});
