import type { TestClient } from '../support/client';
import { createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let owner: TestClient;
beforeAll(async () => {
  // No run worker, queue supervision or retention sweep: their timers' statements would land in the count.
  server = await startTestServer({ countQueries: true, env: { SEEDBED_RUN_WORKER: 'false', SEEDBED_QUEUE_SUPERVISE_SECONDS: '3600', SEEDBED_RETENTION_SWEEP_SECONDS: '3600' } });
  owner = (await createUser(server.url)).client;
});
afterAll(() => server.stop());

const LIST = `query($id: ID!, $first: Int!) { project(id: $id) { blueprints(first: $first) { edges { node {
  id name revision revisionCount document project { id name myRole } author { id name } } } } } }`;

/** SQL statements one listing of `n` blueprints costs, each with its project, author and revision count. */
async function statementsToList(n: number): Promise<number> {
  const { id } = await createProject(owner);
  // Several authors, so the author loader really has several keys to batch.
  const authors = [owner];
  for (let i = 1; i < 3; i++) {
    const { client, email } = await createUser(server.url, `Author${i}`);
    await owner.ok(`mutation($input: AddMemberInput!) { addMember(input: $input) { id } }`, { input: { projectId: id, email, role: 'EDITOR' } });
    authors.push(client);
  }
  for (let i = 0; i < n; i++) await createBlueprint(authors[i % authors.length], id, shopDocument({ name: `bp${i}` }));

  server.resetQueries();
  const data = await owner.ok(LIST, { id, first: n });
  expect(data.project.blueprints.edges).toHaveLength(n);
  expect(new Set(data.project.blueprints.edges.map((e: any) => e.node.author.name)).size).toBe(Math.min(n, 3));
  return server.queries.length;
}

it('lists 50 blueprints with project, author and revision count in as many statements as 5', async () => {
  const few = await statementsToList(5);
  const many = await statementsToList(50);
  expect(many).toBe(few);
  expect(many).toBeLessThanOrEqual(12);
});
