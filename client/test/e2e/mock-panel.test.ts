/**
 * The editor's mock API panel in Chromium against the real server: its URL
 * and example query answer from the page as shown, and an editor sets the
 * origins a dev server may call it from.
 *
 * Needs /usr/bin/chromium and the built client (`npm run build -w client`).
 */
import { browserSuite, createProject, describeInBrowser, gql, signUp } from './support';

describeInBrowser('mock API panel', () => {
  const { newPage, pageErrors } = browserSuite();

  it('shows a URL and a query that answer as shown, and saves the origins', async () => {
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const page = await newPage();
    await signUp(page, 'Fran Front', `front-${stamp}@example.com`);
    const project = await createProject(page, `Mock ${stamp}`);
    const document = {
      seedbed: 1, name: 'shop', seed: 3,
      tables: [{ name: 'users', rows: 50, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, { name: 'email', generator: 'internet.email' }] }],
    };
    const { createBlueprint } = await gql(page, 'mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }', { input: { projectId: project.id, document } });
    await page.goto(`/p/${project.id}/blueprints/${createBlueprint.id}`);
    await page.getByRole('heading', { name: 'shop', exact: true }).waitFor();
    // In a tab where the editor has tabs.
    const tab = page.getByRole('tab', { name: 'Mock API' });
    if (await tab.count()) await tab.click();

    const url = (await page.getByLabel('Mock API URL').textContent())!;
    expect(url).toBe(`${new URL(page.url()).origin}/mock/${project.id}/${createBlueprint.id}/graphql`);
    const query = (await page.getByLabel('Example mock query').textContent())!;
    expect(await page.getByLabel('fetch snippet').textContent()).toContain(url);
    const answer = await page.evaluate(async ({ url, query }) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) })).json(), { url, query });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.allUsers.totalCount).toBe(50);
    expect(answer.data.allUsers.nodes).toHaveLength(5);

    await page.getByLabel('Origins browsers may call it from').fill('http://localhost:5173');
    await page.getByRole('button', { name: 'Save origins' }).click();
    let origins: string[] = [];
    for (let i = 0; i < 50 && !origins.length; i++) {
      await page.waitForTimeout(100);
      origins = (await gql(page, 'query($id: ID!) { project(id: $id) { mockOrigins } }', { id: project.id })).project.mockOrigins;
    }
    expect(origins).toEqual(['http://localhost:5173']);
    expect(pageErrors).toEqual([]);
  });

  it('lists how each field of an imported SDL is answered, and its first query answers as shown', async () => {
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const page = await newPage();
    await signUp(page, 'Sam Schema', `sdl-${stamp}@example.com`);
    const project = await createProject(page, `SDL ${stamp}`);
    const text = 'type Query { book(id: ID!): Book books(page: Int, filter: BookFilter): Books }\ntype Books { info: Info results: [Book] }\ntype Info { count: Int pages: Int next: Int prev: Int }\ntype Book { id: ID title: String }\ninput BookFilter { title: String }\ntype Mutation { likeBook(id: ID!): Book }';
    const { importBlueprint } = await gql(page, 'mutation($input: ImportBlueprintInput!) { importBlueprint(input: $input) { id } }', { input: { projectId: project.id, source: 'GRAPHQL_SDL', text, name: 'books' } });
    await page.goto(`/p/${project.id}/blueprints/${importBlueprint.id}`);
    await page.getByRole('heading', { name: 'books', exact: true }).waitFor();
    const tab = page.getByRole('tab', { name: 'Mock API' });
    if (await tab.count()) await tab.click();
    const table = page.getByRole('table', { name: 'How each field of the SDL is answered' });
    await table.waitFor();
    expect(await table.getByRole('row', { name: /Query\.books/ }).textContent()).toMatch(/^Query\.booksPage.*filter \(fields contain their text.*page: page number; 20 rows per page$/);
    expect(await table.getByRole('row', { name: /Mutation\.likeBook/ }).textContent()).toMatch(/Answered, not written.*the Book whose key id names/);
    const url = (await page.getByLabel('Mock API URL').textContent())!;
    const query = (await page.getByLabel('Example mock query').textContent())!;
    const answer = await page.evaluate(async ({ url, query }) => (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) })).json(), { url, query });
    expect(answer.errors).toBeUndefined();
    expect(answer.data.books.results.length).toBe(20);
    expect(answer.data.books.info.count).toBeGreaterThan(20);
    expect(pageErrors).toEqual([]);
  });
});
