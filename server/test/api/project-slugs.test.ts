/** Projects are reached by slug as well as id (issue 15); templates are served to everyone. */
import { addMember, createProject, createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';
import type { TestClient } from '../support/client';

let server: TestServer;
let owner: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  ({ client: owner } = await createUser(server.url, 'Owner'));
});
afterAll(() => server.stop());

const PROJECT = `query($id: ID!) { project(id: $id) { id name slug myRole } }`;

describe('project slugs', () => {
  it('derives a readable slug from the name and numbers repeats', async () => {
    const first = await createProject(owner, 'Shop demo');
    const second = await createProject(owner, 'Shop  Demo!');
    const third = await createProject(owner, 'shop-demo');
    expect([first.slug, second.slug, third.slug]).toEqual(['shop-demo', 'shop-demo-2', 'shop-demo-3']);
  });

  it('finds a project by slug or by id, and hides it from non-members alike', async () => {
    const project = await createProject(owner, 'Ünïcode Café');
    expect(project.slug).toBe('unicode-cafe');
    const bySlug = await owner.ok(PROJECT, { id: 'unicode-cafe' });
    const byId = await owner.ok(PROJECT, { id: project.id });
    expect(bySlug.project).toEqual(byId.project);
    expect(bySlug.project.myRole).toBe('OWNER');

    const { client: outsider } = await createUser(server.url, 'Outsider');
    expect((await outsider.ok(PROJECT, { id: 'unicode-cafe' })).project).toBeNull();
    expect((await owner.ok(PROJECT, { id: 'no-such-project' })).project).toBeNull();
  });

  it('never makes a slug that reads as an id', async () => {
    const name = '123e4567-e89b-12d3-a456-426614174000';
    const project = await createProject(owner, name);
    expect(project.slug).toBe(`p-${name}`);
    expect((await owner.ok(PROJECT, { id: project.slug })).project.id).toBe(project.id);
  });

  it('keeps the slug when the project is renamed, and deletes by id', async () => {
    const project = await createProject(owner, 'Before rename');
    const renamed = await owner.ok(`mutation($input: UpdateProjectInput!) { updateProject(input: $input) { name slug } }`, {
      input: { id: project.id, name: 'After rename' },
    });
    expect(renamed.updateProject).toEqual({ name: 'After rename', slug: 'before-rename' });
    const editor = await addMember(owner, project.id, 'EDITOR');
    expect((await editor.client.fails(`mutation($id: ID!) { deleteProject(id: $id) }`, { id: project.id })).code).toBe('FORBIDDEN');
    expect((await owner.ok(`mutation($id: ID!) { deleteProject(id: $id) }`, { id: project.id })).deleteProject).toBe(true);
    expect((await owner.ok(PROJECT, { id: 'before-rename' })).project).toBeNull();
  });
});

describe('templates', () => {
  const TEMPLATES = `query($id: ID) { templates(id: $id) { id name description tables document } }`;

  it('are served without signing in, each previewable as a document', async () => {
    const { templates } = await owner.anonymous().ok(TEMPLATES);
    expect(templates.length).toBeGreaterThanOrEqual(8);
    for (const template of templates) {
      expect(template.tables).toEqual(template.document.tables.map((t: { name: string }) => t.name));
      const { preview } = await owner.ok(
        `query($input: PreviewInput!) { preview(input: $input) { totalRows rows } }`,
        { input: { document: template.document, table: template.tables.at(-1), limit: 5 } },
      );
      expect(preview.rows.length).toBeGreaterThan(0);
    }
  });

  it('can be asked for by id, and an unknown id is an empty list', async () => {
    expect((await owner.ok(TEMPLATES, { id: 'online-shop' })).templates.map((t: { id: string }) => t.id)).toEqual(['online-shop']);
    expect((await owner.ok(TEMPLATES, { id: 'nope' })).templates).toEqual([]);
  });
});
