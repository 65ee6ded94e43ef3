/**
 * Every screen of the app with real data behind it, for the screen tour
 * (screenshots, sideways scrolling and axe in one visit): a project made from a template, a finished run, a
 * member and an API key, so tables and lists are not empty.
 */
import type { Page } from 'playwright-core';
import { gql, signUp } from './support';

export interface Screen {
  name: string;
  path: string;
  /** Shown once the screen has loaded and can be used. */
  ready(page: Page): Promise<unknown>;
  /** Signed out screens are visited in a fresh context. */
  signedOut?: boolean;
  /** How soon it must be usable after the navigation starts, in ms (issue 25: 1 s; the IDE's first open 1.5 s). */
  budgetMs: number;
  /** Its own page, not the app's (the GraphQL IDE): axe checks the app's screens. */
  notTheApp?: boolean;
}

/** A blueprint of 20 related tables, as large as the editor's speed budget is measured on. */
export function twentyTables() {
  const tables = Array.from({ length: 20 }, (_, i) => {
    const parent = i > 0 ? `table_${Math.floor((i - 1) / 2) + 1}` : undefined;
    return {
      name: `table_${i + 1}`,
      rows: parent ? { perParent: parent, min: 0, max: 3 } : 200,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        ...(parent ? [{ name: `${parent}_id`, generator: 'ref', options: { table: parent } }] : []),
        { name: 'name', generator: 'person.fullName' },
        { name: 'email', generator: 'internet.email' },
        { name: 'city', generator: 'location.city' },
        { name: 'created_at', generator: 'date.between', options: { from: '2020-01-01', to: '2025-12-31' } },
        { name: 'amount', generator: 'number.float', options: { min: 1, max: 500, precision: 0.01 } },
        { name: 'note', generator: 'lorem.sentence', nullRate: 0.2 },
      ],
    };
  });
  return { seedbed: 1, name: 'twenty tables', locale: 'en', seed: 7, tables };
}

export interface Tour {
  screens: Screen[];
  projectId: string;
  slug: string;
}

/** Signs `page` up and makes what the screens show; returns the screens in visiting order. */
export async function prepareTour(page: Page, stamp: string): Promise<Tour> {
  await signUp(page, 'Grace Hopper-Montgomery Wellington-Smythe', `tour-${stamp}@example.com`);
  const { createProject: project } = await gql(page, 'mutation($input: CreateProjectInput!) { createProject(input: $input) { id slug } }', {
    input: { name: `Shop demo ${stamp}` },
  });
  const { templates } = await gql(page, 'query { templates(id: "online-shop") { document } }');
  const { createBlueprint: blueprint } = await gql(page, 'mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }', {
    input: { projectId: project.id, document: templates[0].document },
  });
  const { createBlueprint: large } = await gql(page, 'mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }', {
    input: { projectId: project.id, document: twentyTables() },
  });
  const { startRun: run } = await gql(page, 'mutation($input: StartRunInput!) { startRun(input: $input) { id } }', {
    input: { blueprintId: blueprint.id, rows: 20, target: { files: { formats: ['CSV', 'JSON'] } } },
  });
  // A second account to list as a member, with a long address that must not widen a phone's page.
  const member = `a.very.long.member.address.${stamp}@subdomain.example.com`;
  await page.evaluate(
    async ({ member }) => {
      await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Signing up from the page would switch its session: use a cookie-less request instead.
        credentials: 'omit',
        body: JSON.stringify({
          query: 'mutation($input: SignUpInput!) { signUp(input: $input) { user { id } } }',
          variables: { input: { email: member, password: 'correct horse battery', name: 'Member Two' } },
        }),
      });
    },
    { member },
  );
  await gql(page, 'mutation($input: AddMemberInput!) { addMember(input: $input) { id } }', { input: { projectId: project.id, email: member, role: 'EDITOR' } });
  await gql(page, 'mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }', { input: { projectId: project.id, name: 'CI seed job', role: 'VIEWER' } });
  await waitForRun(page, run.id);

  const p = `/p/${project.slug}`;
  const heading = (name: string | RegExp) => (page_: Page) => page_.getByRole('heading', { name, level: 1 }).waitFor();
  const APP = 1000;
  // The editor is usable once its grid is there; its preview's rows are a server round trip on top, timed as part of it.
  const editorReady = (table: string) => async (pg: Page) => {
    await pg.getByRole('table', { name: `Fields of ${table}` }).waitFor();
    await pg.getByRole('region', { name: `Preview of ${table}` }).getByRole('status').filter({ hasText: /^First \d+ of/ }).waitFor();
  };
  const screens: Screen[] = [
    { name: 'sign-up', path: '/signup', signedOut: true, budgetMs: APP, ready: (pg) => pg.getByRole('button', { name: 'Sign up' }).waitFor() },
    { name: 'log-in', path: '/login', signedOut: true, budgetMs: APP, ready: (pg) => pg.getByRole('button', { name: 'Log in' }).waitFor() },
    { name: 'projects', path: '/', budgetMs: APP, ready: (pg) => pg.getByRole('list', { name: 'Projects' }).waitFor() },
    { name: 'project', path: p, budgetMs: APP, ready: (pg) => pg.getByRole('list', { name: 'Templates' }).waitFor() },
    { name: 'editor', path: `${p}/blueprints/${blueprint.id}`, budgetMs: APP, ready: editorReady('customers') },
    { name: 'editor-20-tables', path: `${p}/blueprints/${large.id}`, budgetMs: APP, ready: editorReady('table_1') },
    { name: 'import', path: `${p}/import`, budgetMs: APP, ready: heading(/import/i) },
    { name: 'runs', path: `${p}/runs`, budgetMs: APP, ready: (pg) => pg.getByText('Succeeded').first().waitFor() },
    { name: 'run', path: `${p}/runs/${run.id}`, budgetMs: APP, ready: (pg) => pg.getByText('Succeeded').first().waitFor() },
    { name: 'settings', path: `${p}/settings`, budgetMs: APP, ready: (pg) => pg.getByRole('button', { name: 'Revoke CI seed job' }).waitFor() },
    { name: 'not-found', path: '/p/no-such-project', budgetMs: APP, ready: (pg) => pg.getByRole('heading', { name: /not found/i }).waitFor() },
    {
      name: 'graphql-ide',
      path: `/graphql?query=${encodeURIComponent('{ __typename }')}`,
      budgetMs: 1500,
      notTheApp: true,
      ready: (pg) => pg.locator('.graphiql-query-editor .view-lines').first().waitFor(),
    },
  ];
  return { screens, projectId: project.id, slug: project.slug };
}

async function waitForRun(page: Page, id: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const { run } = await gql(page, 'query($id: ID!) { run(id: $id) { status error } }', { id });
    if (run.status === 'SUCCEEDED') return;
    if (run.status === 'FAILED' || run.status === 'CANCELLED') throw new Error(`the tour's run ended ${run.status}: ${run.error}`);
    await page.waitForTimeout(100);
  }
  throw new Error('the tour run did not finish');
}
