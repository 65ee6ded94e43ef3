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
  /** Shown once the screen has loaded. */
  ready(page: Page): Promise<unknown>;
  /** Signed out screens are visited in a fresh context. */
  signedOut?: boolean;
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
  const screens: Screen[] = [
    { name: 'sign-up', path: '/signup', signedOut: true, ready: (pg) => pg.getByRole('button', { name: 'Sign up' }).waitFor() },
    { name: 'log-in', path: '/login', signedOut: true, ready: (pg) => pg.getByRole('button', { name: 'Log in' }).waitFor() },
    { name: 'projects', path: '/', ready: (pg) => pg.getByRole('list', { name: 'Projects' }).waitFor() },
    { name: 'project', path: p, ready: (pg) => pg.getByRole('list', { name: 'Templates' }).waitFor() },
    { name: 'editor', path: `/p/${project.id}/blueprints/${blueprint.id}`, ready: heading('online-shop') },
    { name: 'import', path: `${p}/import`, ready: heading(/import/i) },
    { name: 'runs', path: `${p}/runs`, ready: (pg) => pg.getByText('Succeeded').first().waitFor() },
    { name: 'run', path: `${p}/runs/${run.id}`, ready: (pg) => pg.getByText('Succeeded').first().waitFor() },
    { name: 'settings', path: `${p}/settings`, ready: (pg) => pg.getByRole('button', { name: 'Revoke CI seed job' }).waitFor() },
    { name: 'not-found', path: '/p/no-such-project', ready: (pg) => pg.getByRole('heading', { name: /not found/i }).waitFor() },
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
