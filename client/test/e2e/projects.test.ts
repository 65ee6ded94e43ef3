/**
 * Projects end to end at 1280 and 390 px (issue 15): a project opens at its
 * slug URL when created and its id URL keeps working; the OWNER renames and
 * deletes it; blueprints are duplicated and deleted from the project page;
 * the header keeps "Log out" on one line and shows a long name whole (with a
 * title); member and API key tables need no sideways scrolling; a VIEWER is
 * not told to create an API key; the app links to the GraphQL IDE.
 */
import type { Page } from 'playwright-core';
import { browserSuite, DESKTOP, describeInBrowser, gql, PHONE, signUp } from './support';

const DOCUMENT = {
  seedbed: 1,
  name: 'people',
  tables: [{ name: 'people', rows: 10, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, { name: 'name', generator: 'person.fullName' }] }],
};

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/** Whether the element's box lies inside the viewport horizontally (reachable without scrolling sideways). */
const insideViewport = (page: Page, selector: ReturnType<Page['getByRole']>) =>
  selector.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.left >= 0 && r.right <= window.innerWidth;
  });

describeInBrowser('projects: slugs, rename and delete, blueprint actions, the header and settings on a phone', () => {
  const { newPage, pageErrors } = browserSuite({ timeoutMs: 15_000 });

  describe.each([
    ['1280', DESKTOP],
    ['390', PHONE],
  ])('at %s px', (_width, viewport) => {
    it('opens a new project at its slug, keeps the id URL, renames and deletes it', async () => {
      const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
      const page = await newPage(viewport);
      const longName = 'Maximiliana Theodora Featherstonehaugh-Worthington';
      await signUp(page, longName, `owner-${stamp}@example.com`);

      // The header: a long name is shown whole (on a phone on a line of its own, as a phone shows no title
      // tooltip), and its title adds the email; Log out stays on one line.
      const name = page.getByRole('banner').getByText(longName);
      expect(await name.getAttribute('title')).toContain(longName);
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth && el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
      const logOut = page.getByRole('button', { name: 'Log out' });
      const { height, lineHeight } = await logOut.evaluate((el) => ({ height: el.getBoundingClientRect().height, lineHeight: parseFloat(getComputedStyle(el).lineHeight) }));
      expect(height).toBeLessThan(lineHeight * 2);
      expect(await insideViewport(page, logOut)).toBe(true);
      // The GraphQL IDE is one click away, and it is the IDE.
      const ide = page.getByRole('banner').getByRole('link', { name: 'GraphQL API' });
      expect(await ide.getAttribute('href')).toBe('/graphql');

      await page.getByLabel('Project name').fill(`Shop demo ${stamp}`);
      await page.getByRole('button', { name: 'Create project' }).click();
      await page.waitForURL((url) => url.pathname === `/p/shop-demo-${stamp}`);
      await page.getByRole('heading', { name: `Shop demo ${stamp}`, level: 1 }).waitFor();
      const { project } = await gql(page, 'query($id: ID!) { project(id: $id) { id slug } }', { id: `shop-demo-${stamp}` });
      expect(project.slug).toBe(`shop-demo-${stamp}`);

      // The id URL keeps working, for links made before slugs.
      await page.goto(`/p/${project.id}`);
      await page.getByRole('heading', { name: `Shop demo ${stamp}`, level: 1 }).waitFor();
      await page.goto(`/p/shop-demo-${stamp}-nope`);
      await page.getByRole('heading', { name: 'Not found' }).waitFor();

      // Rename in settings: the heading follows, the address stays.
      await page.goto(`/p/shop-demo-${stamp}/settings`);
      const rename = page.getByRole('form', { name: 'Rename' });
      await rename.getByLabel('Project name').fill(`Renamed shop ${stamp}`);
      await rename.getByRole('button', { name: 'Rename project' }).click();
      await page.getByText(`Renamed to “Renamed shop ${stamp}”.`).waitFor();
      await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: `Renamed shop ${stamp}` }).click();
      await page.waitForURL((url) => url.pathname === `/p/shop-demo-${stamp}`);
      await page.getByRole('heading', { name: `Renamed shop ${stamp}`, level: 1 }).waitFor();

      // Delete: only once the name is typed.
      await page.goto(`/p/shop-demo-${stamp}/settings`);
      const remove = page.getByRole('form', { name: 'Delete this project' });
      const button = remove.getByRole('button', { name: 'Delete project' });
      expect(await button.isDisabled()).toBe(true);
      await remove.getByLabel(/to confirm/).fill(`Renamed shop ${stamp}`);
      await button.click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.getByText(`Deleted project “Renamed shop ${stamp}”.`).waitFor();
      expect(await page.getByRole('link', { name: `Renamed shop ${stamp}` }).count()).toBe(0);
      expect((await gql(page, 'query($id: ID!) { project(id: $id) { id } }', { id: project.id })).project).toBeNull();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
    }, 90_000);

    it('duplicates and deletes blueprints; members and keys fit a phone; a VIEWER is not told to make keys', async () => {
      const stamp = `${Date.now()}${Math.random().toString(36).slice(2, 6)}`;
      const page = await newPage(viewport);
      await signUp(page, 'Olivia Owner', `owner2-${stamp}@example.com`);
      const { createProject: project } = await gql(page, 'mutation($input: CreateProjectInput!) { createProject(input: $input) { id slug } }', { input: { name: `Blueprints ${stamp}` } });
      await gql(page, 'mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }', { input: { projectId: project.id, document: DOCUMENT } });

      await page.goto(`/p/${project.slug}`);
      await page.getByRole('button', { name: 'Duplicate people' }).click();
      await page.getByText('Copied “people” as “people copy”.').waitFor();
      await page.getByRole('link', { name: 'people copy' }).waitFor();
      await page.getByRole('heading', { name: 'Blueprints (2)' }).waitFor();
      const copy = await gql(page, 'query($id: ID!) { project(id: $id) { blueprints(first: 10) { edges { node { name document } } } } }', { id: project.id });
      const documentOf = (name: string) => copy.project.blueprints.edges.find((e: { node: { name: string } }) => e.node.name === name).node.document;
      // The copy keeps the original's tables, stable keys and all, so it makes the same data.
      expect(documentOf('people copy').tables).toEqual(documentOf('people').tables);
      expect(documentOf('people copy').tables).toMatchObject(DOCUMENT.tables);
      expect(await overflow(page)).toBeLessThanOrEqual(0);

      await page.getByRole('button', { name: 'Delete people copy' }).click();
      await page.getByRole('group', { name: 'Confirm deleting people copy' }).getByRole('button', { name: 'Delete people copy' }).click();
      await page.getByText('Deleted “people copy” and its revisions.').waitFor();
      await page.getByRole('heading', { name: 'Blueprints (1)' }).waitFor();
      expect(await page.getByRole('link', { name: 'people copy' }).count()).toBe(0);

      // A member with a long address, and a key: on a phone both tables stack, with Remove and Revoke in view.
      const viewer = await newPage(viewport);
      const viewerEmail = `a.viewer.with.a.rather.long.address-${stamp}@subdomain.example.com`;
      await signUp(viewer, 'Victor Viewer', viewerEmail);
      await gql(page, 'mutation($input: AddMemberInput!) { addMember(input: $input) { id } }', { input: { projectId: project.id, email: viewerEmail, role: 'VIEWER' } });
      await gql(page, 'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }', { input: { projectId: project.id, name: 'nightly seed', role: 'VIEWER' } });
      await page.goto(`/p/${project.slug}/settings`);
      const removeViewer = page.getByRole('button', { name: 'Remove Victor Viewer' });
      const revokeKey = page.getByRole('button', { name: 'Revoke nightly seed' });
      await revokeKey.waitFor();
      expect(await overflow(page)).toBeLessThanOrEqual(0);
      for (const button of [removeViewer, revokeKey]) {
        await button.scrollIntoViewIfNeeded();
        expect(await insideViewport(page, button)).toBe(true);
      }

      // The VIEWER: told whom to ask, never to create a key they cannot create.
      await viewer.goto(`/p/${project.slug}/settings`);
      await viewer.getByText('ask an owner or editor for a key').waitFor();
      expect(await viewer.getByRole('button', { name: /Create API key/ }).count()).toBe(0);
      expect(await viewer.getByText(/Create an API key/i).count()).toBe(0);
      expect(await viewer.getByRole('button', { name: /Duplicate|Delete/ }).count()).toBe(0);
      expect(await overflow(viewer)).toBeLessThanOrEqual(0);
      expect(pageErrors).toEqual([]);
    }, 90_000);
  });
});
