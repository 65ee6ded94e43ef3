/**
 * The template gallery end to end at 1280 and 390 px: at least eight
 * templates, each previewed with rows the server generates from its document
 * before anything is created, then created and opened in the editor. The
 * open preview has no serious or critical axe-core violation, in light or dark.
 */
import path from 'node:path';
import { seriousViolations } from './axe';
import { browserSuite, DESKTOP, describeInBrowser, gql, PHONE, SCREENSHOTS, signUp } from './support';

describeInBrowser('templates', () => {
  const { newPage, pageErrors } = browserSuite({ timeoutMs: 15_000 });

  it.each([
    ['1280', DESKTOP],
    ['390', PHONE],
  ])('at %s px: previews templates table by table, then creates a blueprint from one', async (_width, viewport) => {
    const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
    // bypassCSP lets axe-core be injected; the app's own scripts do not need it.
    const page = await newPage(viewport, { bypassCSP: true });
    await signUp(page, 'Tess Template', `templates-${stamp}@example.com`);
    const { createProject: project } = await gql(page, 'mutation($input: CreateProjectInput!) { createProject(input: $input) { id slug } }', { input: { name: `Templates ${stamp}` } });
    await page.goto(`/p/${project.slug}`);

    const gallery = page.getByRole('list', { name: 'Templates' });
    await gallery.waitFor();
    const names = await gallery.getByRole('heading', { level: 3 }).allTextContents();
    expect(names.length).toBeGreaterThanOrEqual(8);
    expect(names).toEqual(expect.arrayContaining(['People', 'Online shop', 'Blog', 'Support desk', 'Bank ledger']));
    // Nothing is created by looking.
    const count = async () => (await gql(page, 'query($id: ID!) { project(id: $id) { blueprints(first: 1) { totalCount } } }', { id: project.id })).project.blueprints.totalCount;

    // Preview each: real rows of its first table.
    for (const name of names) {
      await page.getByRole('button', { name: `Preview ${name}` }).click();
      const preview = page.getByRole('region', { name: /^Rows of / });
      await preview.waitFor();
      expect(await preview.locator('tbody tr').count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: `Hide preview ${name}` }).click();
    }
    expect(await count()).toBe(0);

    // Another table of one template, then create it.
    await page.getByRole('button', { name: 'Preview Online shop' }).click();
    await page.getByRole('heading', { name: 'Preview: Online shop' }).waitFor();
    await page.getByLabel('Table').selectOption('orders');
    const orders = page.getByRole('region', { name: 'Rows of orders' });
    await orders.waitFor();
    expect(await orders.getByRole('columnheader').allTextContents()).toEqual(['id', 'customer_id', 'status', 'ordered_at']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(SCREENSHOTS, `templates-preview-${viewport.width}.png`), fullPage: true });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      expect([colorScheme, await seriousViolations(page)]).toEqual([colorScheme, []]);
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await page.getByRole('button', { name: 'Create blueprint from Online shop' }).click();
    await page.waitForURL(new RegExp(`/p/${project.slug}/blueprints/[^/]+$`));
    await page.getByRole('heading', { name: 'online-shop' }).first().waitFor();
    expect(await count()).toBe(1);
    expect(pageErrors).toEqual([]);
  }, 90_000);
});
