/**
 * The editor as issue 25 asks for it, in Chromium at 1280 and 390 px against
 * the real server: a new `ref` points where its name says; the generator
 * picker puts what was typed first; a rename keeps the preview's values;
 * deleting a table others reference says so and Ctrl+Z brings it all back;
 * two related tables built with the keyboard alone; History compares two
 * revisions; the API tab's link opens the IDE with its query, which runs.
 * Each state is screenshotted in light and dark (test-artifacts/screenshots/
 * flows-*.png) and checked by axe-core in both. One sign-up and one browser
 * for the file; the bullets run in order on one blueprint per width. The
 * editor's first walk (a two-table blueprint by mouse, the graph, a conflict,
 * an old revision, a VIEWER) shares the file's server and browser.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { seriousViolations } from './axe';
import { browserSuite, describeInBrowser, DESKTOP, gql, PHONE, SCREENSHOTS, signUp } from './support';

const DOCUMENT = {
  seedbed: 1,
  name: 'flows',
  locale: 'en',
  seed: 42,
  tables: [
    {
      name: 'customers',
      rows: 50,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'full_name', generator: 'person.fullName' },
        { name: 'country', generator: 'location.country' },
      ],
    },
    {
      name: 'products',
      rows: 30,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'title', generator: 'commerce.productName' },
      ],
    },
    {
      name: 'orders',
      rows: { perParent: 'customers', min: 0, max: 3 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'uuid' },
        { name: 'customer_id', generator: 'ref', options: { table: 'customers' } },
        { name: 'status', generator: 'weighted', options: { values: { paid: 70, pending: 25, refunded: 5 } } },
      ],
    },
  ],
};

describeInBrowser('editor flows of issue 25', () => {
  const suite = browserSuite({ timeoutMs: 15_000 });
  let storageState: Awaited<ReturnType<import('playwright-core').BrowserContext['storageState']>>;
  let projectSlug: string;
  let projectId: string;

  beforeAll(async () => {
    const page = await suite.newPage(DESKTOP);
    await signUp(page, 'Flo Editor', `flows-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`);
    const { createProject } = await gql(page, 'mutation { createProject(input: { name: "Flows" }) { id slug } }');
    ({ id: projectId, slug: projectSlug } = createProject);
    storageState = await page.context().storageState();
  }, 60_000);

  /** A page signed in as the file's user; bypassCSP lets axe-core be injected (csp.test.ts checks the policy). */
  const signedIn = (viewport: typeof DESKTOP) => suite.newPage(viewport, { bypassCSP: true, storageState });

  async function createBlueprint(page: Page, document: object): Promise<string> {
    const { createBlueprint: created } = await gql(page, 'mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }', { input: { projectId, document } });
    return created.id;
  }

  async function savedDocument(page: Page, id: string) {
    return (await gql(page, 'query($id: ID!) { blueprint(id: $id) { revision document } }', { id })).blueprint;
  }

  /** The preview of `table` once it shows rows up to date with the draft. */
  async function preview(page: Page, table: string) {
    const region = page.getByRole('region', { name: `Preview of ${table}` });
    await region.getByRole('status').filter({ hasText: /^First \d+ of/ }).waitFor();
    await region.locator('.grid-scroll:not(.stale)').waitFor();
    return region;
  }

  async function column(page: Page, table: string, name: string): Promise<string[]> {
    const region = await preview(page, table);
    const headers = await region.locator('thead th').evaluateAll((ths) => ths.map((th) => th.getAttribute('data-column')));
    const index = headers.indexOf(name);
    expect(index).toBeGreaterThanOrEqual(0);
    return region.locator(`tbody tr td:nth-child(${index + 1})`).allTextContents();
  }

  /** Screenshot and axe-core in light and in dark: each finding prefixed with its scheme. */
  async function look(page: Page, name: string) {
    const found = [];
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme, reducedMotion: 'reduce' });
      await page.screenshot({ path: path.join(SCREENSHOTS, `flows-${name}-${page.viewportSize()!.width}-${scheme}.png`), fullPage: true });
      found.push(...(await seriousViolations(page)).map((v) => ({ scheme, ...v })));
    }
    await page.emulateMedia({ colorScheme: 'light' });
    expect([name, found]).toEqual([name, []]);
  }

  const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  /** Playwright's evaluate has no timeout of its own: bounded here, a stall names its step instead of the test's timeout. */
  const within = <T,>(ms: number, what: string, work: Promise<T>) =>
    Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} took over ${ms} ms`)), ms).unref())]);

  /** Presses Tab until the focused element's accessible name matches: proves it can be reached without a mouse. */
  async function tabTo(page: Page, name: RegExp, max = 80) {
    for (let i = 0; i < max; i++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        return el ? el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '' : '';
      });
      if (name.test(focused)) return;
    }
    throw new Error(`Tab never reached ${name}`);
  }


  // The editor's first end-to-end walk (moved here from editor.test.ts to share this file's server and browser).
  const shotOf = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `editor-${name}.png`), fullPage: true });

  /** Waits until the preview of `table` shows rows that are up to date with the draft. */
  async function previewShowing(page: Page, table: string) {
    const region = page.getByRole('region', { name: `Preview of ${table}` });
    await region.getByRole('status').filter({ hasText: /^First \d+ of/ }).waitFor();
    return region;
  }

  it('builds a two-table blueprint with a reference, previews, saves, resolves a conflict and shows history', async () => {
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const page = await suite.newPage();
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
    const usersPreview = await previewShowing(page, 'users');
    expect(await usersPreview.locator('tbody tr').count()).toBe(20);
    expect(await usersPreview.locator('thead th').allTextContents()).toEqual(['idinteger · unique', 'namestring']);
    await shotOf(page, '01-new-blueprint');

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
    await shotOf(page, '02-generator-picker');
    await search.press('Enter');
    await page.getByRole('button', { name: 'Generator of user_id: ref' }).waitFor();
    expect(await page.getByLabel('Table (required)').inputValue()).toBe('users');

    const ordersPreview = await previewShowing(page, 'orders');
    expect(await ordersPreview.locator('thead th').allTextContents()).toEqual(['idinteger · unique', 'user_idinteger']);
    expect(await ordersPreview.locator('tbody tr').count()).toBeGreaterThan(0);
    await shotOf(page, '03-two-tables');

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
    await shotOf(page, '04-inline-issue');
    await page.getByLabel('Name of field 2', { exact: true }).fill('user_id');
    await previewShowing(page, 'orders');
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
    await shotOf(page, '05-saved');

    // Revision 3 is saved in between (by this user, from elsewhere): the next save is a conflict, and "Keep mine" then saves revision 4.
    await gql(page, 'mutation($input: UpdateBlueprintInput!) { updateBlueprint(input: $input) { revision } }', {
      input: { id: blueprintId, baseRevision: 2, document: { ...saved.blueprint.document, seed: 7 } },
    });
    await page.getByLabel('Table name').fill('purchases');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const conflict = page.getByRole('alert').filter({ hasText: 'You saved revision 3 in another tab or window' });
    await conflict.waitFor();
    await shotOf(page, '06-conflict');
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
    await previewShowing(page, 'users');
    await shotOf(page, '07-old-revision');
    await page.getByRole('button', { name: 'Back to your draft' }).click();
    expect(await page.getByRole('navigation', { name: /Tables/ }).getByRole('listitem').count()).toBe(2);

    // At phone width the page itself does not scroll sideways (the grids scroll inside their boxes).
    await page.setViewportSize(PHONE);
    await page.getByRole('button', { name: /^users/ }).click();
    await previewShowing(page, 'users');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shotOf(page, '08-phone');
    await page.setViewportSize(DESKTOP);

    // A VIEWER sees the blueprint and its preview but no edit controls.
    const viewerEmail = `viewer-${stamp}@example.com`;
    const viewer = await suite.newPage();
    await signUp(viewer, 'Vic Viewer', viewerEmail);
    await gql(page, 'mutation($input: AddMemberInput!) { addMember(input: $input) { id } }', { input: { projectId, email: viewerEmail, role: 'VIEWER' } });
    await viewer.goto(`/p/${projectId}`);
    await viewer.getByRole('link', { name: 'shop' }).waitFor();
    expect(await viewer.getByRole('button', { name: 'New blueprint' }).count()).toBe(0);
    await viewer.goto(blueprintPath);
    await viewer.getByText('read-only (viewer)').waitFor();
    await previewShowing(viewer, 'users');
    for (const name of ['Save', 'Add table', 'Add field', 'Discard changes']) {
      expect(await viewer.getByRole('button', { name, exact: true }).count()).toBe(0);
    }
    expect(await viewer.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await viewer.getByLabel('Table name').isDisabled()).toBe(true);
    expect(await viewer.getByLabel('Name of field 1', { exact: true }).isDisabled()).toBe(true);
    expect(await viewer.getByRole('button', { name: /^Generator of/ }).first().isDisabled()).toBe(true);
    await shotOf(viewer, '09-viewer');

    expect(suite.pageErrors).toEqual([]);
  }, 180_000);

  describe.each([
    ['1280', DESKTOP],
    ['390', PHONE],
  ])('at %s px', (width, viewport) => {
    let page: Page;
    let blueprintId: string;

    beforeAll(async () => {
      page = await signedIn(viewport);
      await page.goto('/');
      blueprintId = await createBlueprint(page, DOCUMENT);
      await page.goto(`/p/${projectSlug}/blueprints/${blueprintId}`);
      await preview(page, 'customers');
    }, 60_000);

    it('gives a new ref the table its name points at', async () => {
      await page.getByRole('button', { name: /^orders/ }).click();
      await preview(page, 'orders');
      await page.getByRole('button', { name: 'Add field' }).click();
      // The new field's name has the focus, selected: typing replaces it.
      await page.keyboard.type('product_id');
      expect(await page.getByLabel('Name of field 4', { exact: true }).inputValue()).toBe('product_id');
      await page.getByRole('button', { name: 'Generator of product_id: lorem.word' }).click();
      await page.getByRole('combobox', { name: 'Search generators' }).fill('ref');
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Generator of product_id: ref' }).waitFor();
      // Enter took the best match of what was typed, even pressed before the list was drawn again.
      // The focus is back on the button, not on the page.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Generator of product_id: ref');
      expect(await page.getByLabel('Table (required)').inputValue()).toBe('products');
      const ids = (await column(page, 'orders', 'product_id')).map(Number);
      expect(ids.every((id) => id >= 1 && id <= 30)).toBe(true);
      await look(page, '01-ref-default');
    }, 60_000);

    it('ranks the picker by what was typed: ref, phone, email, uuid, date', async () => {
      await page.getByRole('button', { name: 'Generator of product_id: ref' }).click();
      const dialog = page.getByRole('dialog');
      const search = dialog.getByRole('combobox', { name: 'Search generators' });
      const top = async (term: string, n: number) => {
        await search.fill(term);
        await dialog.getByRole('status').filter({ hasText: /^\d+ of \d+ generators/ }).waitFor();
        return (await dialog.locator('.picker-option .picker-id code').allTextContents()).slice(0, n);
      };
      expect(await top('ref', 1)).toEqual(['ref']);
      expect(await top('phone', 2)).toEqual(['phone.number', 'phone.imei']);
      expect(await top('email', 1)).toEqual(['internet.email']);
      expect(await top('uuid', 2)).toEqual(['uuid', 'string.uuid']);
      expect(await top('date', 2)).toEqual(['date.between', 'date.past']);
      // The first is the one Enter takes.
      expect(await dialog.locator('.picker-option[aria-selected="true"] .picker-id code').textContent()).toBe('date.between');
      await look(page, '02-picker');
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
    }, 60_000);

    it("keeps the preview's values through a rename of a field and of a table", async () => {
      const statuses = await column(page, 'orders', 'status');
      await page.getByLabel('Name of field 3', { exact: true }).fill('state');
      await page.locator('.preview th[data-column="state"]').waitFor();
      expect(await column(page, 'orders', 'state')).toEqual(statuses);

      await page.getByRole('button', { name: /^customers/ }).click();
      const names = await column(page, 'customers', 'full_name');
      await page.getByLabel('Table name').fill('clients');
      expect(await column(page, 'clients', 'full_name')).toEqual(names);
      await look(page, '03-renamed');
    }, 60_000);

    it('says what deleting a referenced table breaks, and Ctrl+Z restores it with its references', async () => {
      await page.getByRole('button', { name: /^products/ }).click();
      await preview(page, 'products');
      await page.getByRole('button', { name: 'Delete table products' }).click();
      const confirm = page.getByRole('alertdialog', { name: 'Delete table products?' });
      await confirm.waitFor();
      expect(await confirm.getByRole('listitem').allTextContents()).toEqual(['orders.product_id references products']);
      await look(page, '04-confirm-delete');
      await confirm.getByRole('button', { name: 'Delete table products' }).click();
      const tables = page.getByRole('navigation', { name: /Tables/ }).getByRole('listitem');
      await page.getByText('Deleted table products and its 2 fields.').waitFor();
      expect(await tables.count()).toBe(2);
      await page.getByRole('region', { name: /problems? in this blueprint/ }).waitFor();

      await page.keyboard.press('ControlOrMeta+z');
      await page.getByText('Undid: delete table products.').waitFor();
      expect(await tables.allTextContents()).toEqual([expect.stringMatching(/^clients/), expect.stringMatching(/^products/), expect.stringMatching(/^orders/)]);
      await page.getByRole('region', { name: /problems? in this blueprint/ }).waitFor({ state: 'detached' });
      await page.getByRole('button', { name: /^orders/ }).click();
      await page.getByRole('button', { name: /^Options.* of product_id$/ }).click();
      expect(await page.getByLabel('Table (required)').inputValue()).toBe('products');
      expect(await page.getByRole('button', { name: 'Redo: delete table products' }).isEnabled()).toBe(true);
    }, 60_000);

    it('compares two revisions in History', async () => {
      await page.keyboard.press('ControlOrMeta+s');
      await page.getByText('Saved as revision 2.').waitFor();
      // Saving starts the history again.
      expect(await page.getByRole('button', { name: /^Undo/ }).isDisabled()).toBe(true);
      await page.getByRole('tab', { name: /^History/ }).click();
      const compare = page.getByRole('region', { name: 'Compare revisions' });
      const changes = compare.getByRole('list', { name: 'Changes' });
      await changes.waitFor();
      const text = ((await changes.textContent()) ?? '').replace(/\s+/g, ' ');
      expect(text).toContain('~Changed table clients (renamed from customers)');
      expect(text).toContain('~Changed field state (renamed from status)');
      expect(text).toContain('+Added field product_id: ref');
      expect(await compare.getByLabel('From').inputValue()).toBe('1');
      expect(await compare.getByLabel('To').inputValue()).toBe('2');
      await look(page, '05-diff');
      const saved = await savedDocument(page, blueprintId);
      expect(saved.document.tables[0]).toMatchObject({ key: 'customers', name: 'clients' });
    }, 60_000);

    it("opens the IDE with the API tab's query, in one tab per blueprint, and runs it", async () => {
      await page.getByRole('tab', { name: 'API', exact: true }).click();
      const link = page.getByRole('link', { name: 'Open the GraphQL IDE with this query' });
      const [ide] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
      const editor = ide.locator('.graphiql-query-editor').first();
      await editor.waitFor();
      await ide.waitForFunction(() => document.querySelector('.graphiql-query-editor')?.textContent?.includes('preview(input'));
      // On a loaded machine the button can be on screen before GraphiQL handles its click (a click then does nothing):
      // click until the answer shows, each wait bounded, so a real failure still names this step.
      const answer = ide.locator('.graphiql-response').getByText('"columns"');
      for (let attempt = 1; ; attempt++) {
        await ide.getByRole('button', { name: /execute query/i }).first().click();
        const shown = await answer.waitFor({ timeout: 10_000 }).then(() => true, (error) => (attempt < 6 ? false : Promise.reject(error)));
        if (shown) break;
      }
      expect(await within(15_000, 'measuring the IDE', overflow(ide))).toBeLessThanOrEqual(0);
      // The result is on screen at 390 px too (it was off to the right).
      const response = (await ide.locator('.graphiql-response').boundingBox())!;
      expect(response.x + Math.min(response.width, 100)).toBeLessThanOrEqual(viewport.width);
      await ide.screenshot({ path: path.join(SCREENSHOTS, `flows-06-ide-${width}.png`), fullPage: true });
      // A second click goes back to the same tab.
      const pages = page.context().pages().length;
      await link.click();
      await ide.waitForLoadState();
      expect(page.context().pages().length).toBe(pages);
      // Closing is cleanup, not under test: under load Chromium took over 15 s to tear down the IDE's editor workers
      // (a CI rehearsal), so it is not waited for; the suite's browser closes whatever is left.
      void ide.close().catch(() => undefined);
      expect(suite.pageErrors).toEqual([]);
      // The first open in a test server compresses the IDE's assets on demand (a server readies them after start-up, tests do not).
    }, 120_000);

    it('builds two related tables with the keyboard alone', async () => {
      const id = await createBlueprint(page, { seedbed: 1, name: 'keyboard', seed: 1, tables: [{ name: 'users', rows: 20, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, { name: 'name', generator: 'person.fullName' }] }] });
      await page.goto(`/p/${projectSlug}/blueprints/${id}`);
      await preview(page, 'users');
      await tabTo(page, /^Add table$/);
      await page.keyboard.press('Enter');
      await page.keyboard.type('orders');
      await tabTo(page, /^Add field$/);
      await page.keyboard.press('Enter');
      await page.keyboard.type('user_id');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.keyboard.type('ref');
      await page.getByRole('dialog').locator('.picker-option.active .picker-id code').filter({ hasText: /^ref$/ }).waitFor();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: 'Generator of user_id: ref' }).waitFor();
      await page.keyboard.press('ControlOrMeta+s');
      await page.getByText('Saved as revision 2.').waitFor();
      const saved = await savedDocument(page, id);
      expect(saved.document.tables[1]).toMatchObject({ name: 'orders', fields: [{ name: 'id' }, { name: 'user_id', generator: 'ref', options: { table: 'users' } }] });
      await look(page, '07-keyboard');
      expect(suite.pageErrors).toEqual([]);
    }, 60_000);
  });
});
