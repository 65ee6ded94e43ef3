/**
 * PRODUCT.md §6: a non-member cannot tell an object exists. For every
 * operation that takes an id, a signed-in non-member and an API key of another
 * project get exactly the same answer for our existing object as for a random
 * missing uuid and for a malformed id, once the id itself is masked.
 */
import { randomUUID } from 'node:crypto';
import type { GraphQLResponse, TestClient } from '../support/client';
import { addMember, createApiKey, createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

type Target = 'project' | 'blueprint' | 'membership' | 'apiKey';
type Kind = 'query' | 'mutation';
type Operation = [name: string, kind: Kind, target: Target, request: (id: string) => [query: string, variables: Record<string, unknown>]];

let server: TestServer;
let ours: Record<Target, string>;
let callers: Record<'outsider' | 'foreignKey', TestClient>;
let newcomerEmail: string;
let ownerClient: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  const { client: owner } = await createUser(server.url, 'Owner');
  ownerClient = owner;
  const project = await createProject(owner);
  const blueprint = await createBlueprint(owner, project.id);
  const member = await addMember(owner, project.id, 'EDITOR');
  const key = await createApiKey(owner, project.id, 'EDITOR');
  ours = { project: project.id, blueprint: blueprint.id, membership: member.membershipId, apiKey: key.id };

  // The outsider owns a project of its own (so it is a real, active user), and that project has an EDITOR key.
  const outsider = await createUser(server.url, 'Outsider');
  const theirs = await createProject(outsider.client);
  const foreignKey = await createApiKey(outsider.client, theirs.id, 'EDITOR');
  callers = { outsider: outsider.client, foreignKey: outsider.client.anonymous().withApiKey(foreignKey.secret) };
  newcomerEmail = (await createUser(server.url, 'Newcomer')).email;
});
afterAll(() => server?.stop());

const PROJECT_NESTED = `
  id name slug myRole
  members(first: 5) { totalCount edges { node { id role user { email } } } }
  blueprints(first: 5) { totalCount edges { node { id name } } }
  apiKeys(first: 5) { totalCount edges { node { id prefix } } }
  auditEvents(first: 5) { totalCount edges { node { action } } }`;

// prettier-ignore
const OPERATIONS: Operation[] = [
  ['project',                       'query',    'project',    (id) => [`query($id: ID!) { project(id: $id) { id name } }`, { id }]],
  ['project with its nested fields', 'query',   'project',    (id) => [`query($id: ID!) { project(id: $id) { ${PROJECT_NESTED} } }`, { id }]],
  ['blueprint',                     'query',    'blueprint',  (id) => [`query($id: ID!) { blueprint(id: $id) { id name document revisionCount revisions(first: 5) { edges { node { number } } } project { ${PROJECT_NESTED} } } }`, { id }]],
  ['updateProject',                 'mutation', 'project',    (id) => [`mutation($input: UpdateProjectInput!) { updateProject(input: $input) { id } }`, { input: { id, name: 'Taken over' } }]],
  ['deleteProject',                 'mutation', 'project',    (id) => [`mutation($id: ID!) { deleteProject(id: $id) }`, { id }]],
  ['addMember',                     'mutation', 'project',    (id) => [`mutation($input: AddMemberInput!) { addMember(input: $input) { id } }`, { input: { projectId: id, email: newcomerEmail, role: 'VIEWER' } }]],
  ['setMemberRole',                 'mutation', 'membership', (id) => [`mutation($input: SetMemberRoleInput!) { setMemberRole(input: $input) { id } }`, { input: { membershipId: id, role: 'VIEWER' } }]],
  ['removeMember',                  'mutation', 'membership', (id) => [`mutation($input: RemoveMemberInput!) { removeMember(input: $input) }`, { input: { membershipId: id } }]],
  ['createApiKey',                  'mutation', 'project',    (id) => [`mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }`, { input: { projectId: id, name: 'stolen', role: 'VIEWER' } }]],
  ['revokeApiKey',                  'mutation', 'apiKey',     (id) => [`mutation($id: ID!) { revokeApiKey(id: $id) { id } }`, { id }]],
  ['createBlueprint',               'mutation', 'project',    (id) => [`mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }`, { input: { projectId: id, document: shopDocument() } }]],
  ['updateBlueprint',               'mutation', 'blueprint',  (id) => [`mutation($input: UpdateBlueprintInput!) { updateBlueprint(input: $input) { id } }`, { input: { id, baseRevision: 1, document: shopDocument({ name: 'hijacked' }) } }]],
  ['deleteBlueprint',               'mutation', 'blueprint',  (id) => [`mutation($id: ID!) { deleteBlueprint(id: $id) }`, { id }]],
];

const CASES = OPERATIONS.flatMap((op) => (['outsider', 'foreignKey'] as const).map((caller) => [op[0], caller, op] as const));

/** Everything a caller can see in a response except the id it sent (headers aside: they carry no body detail). */
function masked(response: GraphQLResponse, id: string): string {
  // Every error carries its own request's id: not part of what could tell objects apart.
  const errors = response.errors?.map((e) => ({ ...e, extensions: { ...e.extensions, requestId: '<request>' } })) ?? null;
  return JSON.stringify({ status: response.status, data: response.data ?? null, errors }).replaceAll(id, '<id>');
}

describe('a non-member cannot tell an object exists', () => {
  it.each(CASES)('%s as %s: existing, missing and malformed ids answer alike', async (_name, caller, [, kind, target, request]) => {
    const as = callers[caller];
    const ids = { existing: ours[target], missing: randomUUID(), malformed: 'nope' };
    const answers: Record<string, string> = {};
    for (const [label, id] of Object.entries(ids)) {
      const response = await as.gql(...request(id));
      if (kind === 'query') {
        expect({ label, errors: response.errors }).toEqual({ label, errors: undefined });
        expect(Object.values(response.data ?? {})).toEqual([null]);
      } else {
        expect({ label, code: response.errors?.[0]?.extensions?.code }).toEqual({ label, code: 'NOT_FOUND' });
        expect(response.errors?.[0]?.message).toContain(id);
      }
      answers[label] = masked(response, id);
    }
    expect(answers.existing).toBe(answers.missing);
    expect(answers.malformed).toBe(answers.missing);
  });

  it('leaves our objects untouched', async () => {
    const [row] = await server.db.query(
      `SELECT p.name,
              (SELECT current_revision FROM blueprints WHERE id = $2) AS revision,
              (SELECT role FROM memberships WHERE id = $3) AS member_role,
              (SELECT revoked_at FROM api_keys WHERE id = $4) AS revoked_at,
              (SELECT count(*)::int FROM api_keys WHERE project_id = p.id) AS keys,
              (SELECT count(*)::int FROM blueprints WHERE project_id = p.id) AS blueprints,
              (SELECT count(*)::int FROM memberships WHERE project_id = p.id) AS members
         FROM projects p WHERE p.id = $1`,
      [ours.project, ours.blueprint, ours.membership, ours.apiKey],
    );
    expect(row).toMatchObject({ revision: 1, member_role: 'EDITOR', revoked_at: null, keys: 1, blueprints: 1, members: 2 });
    expect(row.name).not.toBe('Taken over');
  });

  it('control: the ids above are real, and the owner sees them', async () => {
    const data = await ownerClient.ok(`query($p: ID!, $b: ID!) { project(id: $p) { ${PROJECT_NESTED} } blueprint(id: $b) { id } }`, {
      p: ours.project, b: ours.blueprint,
    });
    expect(data.project.id).toBe(ours.project);
    expect(data.blueprint.id).toBe(ours.blueprint);
    expect(data.project.members.edges.map((e: { node: { id: string } }) => e.node.id)).toContain(ours.membership);
    expect(data.project.apiKeys.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([ours.apiKey]);
  });
});
