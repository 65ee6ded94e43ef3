/**
 * The role × action matrix of PRODUCT.md §6, over HTTP against the real server.
 * Runs, preview and import come with later issues; their rows are added then.
 */
import { TestClient, type GraphQLResponse } from '../support/client';
import { addMember, createApiKey, createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const ACTORS = ['owner', 'editor', 'viewer', 'editorKey', 'viewerKey', 'outsider', 'anonymous'] as const;
type Actor = (typeof ACTORS)[number];
/** 'ok': the action succeeded; 'null'/'false': it answered that without errors; else the error code. */
type Outcome = 'ok' | 'null' | 'false' | 'FORBIDDEN' | 'NOT_FOUND' | 'UNAUTHENTICATED' | 'BAD_USER_INPUT';

/** One project with a client per actor: the users are shared, the keys belong to this project. */
interface Fixture {
  projectId: string;
  as: Record<Actor, TestClient>;
}

let server: TestServer;
let users: Record<'owner' | 'editor' | 'viewer' | 'outsider', { client: TestClient; id: string; email: string }>;
let main: Fixture;

async function projectWithActors(): Promise<Fixture> {
  const owner = users.owner.client;
  const { id: projectId } = await createProject(owner);
  for (const role of ['EDITOR', 'VIEWER'] as const) {
    await owner.ok(`mutation($input: AddMemberInput!) { addMember(input: $input) { id } }`, {
      input: { projectId, email: users[role === 'EDITOR' ? 'editor' : 'viewer'].email, role },
    });
  }
  const editorKey = await createApiKey(owner, projectId, 'EDITOR');
  const viewerKey = await createApiKey(owner, projectId, 'VIEWER');
  const as = {
    owner, editor: users.editor.client, viewer: users.viewer.client, outsider: users.outsider.client,
    editorKey: owner.anonymous().withApiKey(editorKey.secret), viewerKey: owner.anonymous().withApiKey(viewerKey.secret),
    anonymous: owner.anonymous(),
  };
  return { projectId, as };
}

beforeAll(async () => {
  server = await startTestServer();
  const [owner, editor, viewer, outsider] = await Promise.all(['Owner', 'Editor', 'Viewer', 'Outsider'].map((n) => createUser(server.url, n)));
  users = { owner, editor, viewer, outsider };
  main = await projectWithActors();
});
afterAll(() => server?.stop());

const sql = (text: string, params: unknown[]) => server.db.query(text, params);
const one = async (text: string, params: unknown[]) => (await sql(text, params))[0];

function outcomeOf(response: GraphQLResponse): { outcome: Outcome; path?: string } {
  if (response.errors?.length) {
    const [error] = response.errors;
    return { outcome: String(error.extensions?.code) as Outcome, path: error.extensions?.path };
  }
  const [value] = Object.values(response.data ?? {});
  return { outcome: value === null ? 'null' : value === false ? 'false' : 'ok' };
}

interface Action<S = any> {
  /** Makes the fresh object this row acts on (as the OWNER). */
  prepare?(fx: Fixture): Promise<S>;
  attempt(as: TestClient, fx: Fixture, state: S): Promise<GraphQLResponse>;
  /** After a refusal: nothing changed. */
  unchanged?(fx: Fixture, state: S): Promise<void>;
  /** Needs a project of its own (deleting the shared one would break the other rows). */
  ownProject?: boolean;
  badInputPath?: string;
}

const MEMBERSHIP_ROLE = `SELECT role FROM memberships WHERE id = $1`;
const freshMember = (fx: Fixture) => addMember(fx.as.owner, fx.projectId, 'VIEWER');
const freshKey = (fx: Fixture) => createApiKey(fx.as.owner, fx.projectId, 'VIEWER');
const blueprintRevision = async (id: string) => (await one(`SELECT current_revision AS r FROM blueprints WHERE id = $1`, [id]))?.r;
const apiKeyCount = async (projectId: string) => (await one(`SELECT count(*)::int AS n FROM api_keys WHERE project_id = $1`, [projectId])).n;
const projectField = (field: string) => (as: TestClient, fx: Fixture) =>
  as.gql(`query($id: ID!) { project(id: $id) { id ${field} } }`, { id: fx.projectId });

const ACTIONS: Record<string, Action> = {
  'read the project': {
    attempt: projectField('name slug myRole members(first: 10) { totalCount edges { node { role user { email } } } }'),
  },
  'list blueprints': { prepare: (fx) => createBlueprint(fx.as.owner, fx.projectId), attempt: projectField('blueprints(first: 10) { totalCount edges { node { id name } } }') },
  'read a blueprint with document and revisions': {
    prepare: (fx) => createBlueprint(fx.as.owner, fx.projectId),
    attempt: (as, _fx, bp) => as.gql(
      `query($id: ID!) { blueprint(id: $id) { id revision document revisionCount revisions(first: 10) { edges { node { number document } } } } }`,
      { id: bp.id },
    ),
  },
  createBlueprint: {
    prepare: async (fx) => ({ before: (await one(`SELECT count(*)::int AS n FROM blueprints WHERE project_id = $1`, [fx.projectId])).n }),
    attempt: (as, fx) => as.gql(`mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id revision } }`, {
      input: { projectId: fx.projectId, document: shopDocument() },
    }),
    unchanged: async (fx, { before }) => expect((await one(`SELECT count(*)::int AS n FROM blueprints WHERE project_id = $1`, [fx.projectId])).n).toBe(before),
  },
  updateBlueprint: {
    prepare: (fx) => createBlueprint(fx.as.owner, fx.projectId),
    attempt: (as, _fx, bp) => as.gql(`mutation($input: UpdateBlueprintInput!) { updateBlueprint(input: $input) { id revision } }`, {
      input: { id: bp.id, baseRevision: bp.revision, document: shopDocument({ name: 'renamed' }) },
    }),
    unchanged: async (_fx, bp) => expect(await blueprintRevision(bp.id)).toBe(1),
  },
  deleteBlueprint: {
    prepare: (fx) => createBlueprint(fx.as.owner, fx.projectId),
    attempt: (as, _fx, bp) => as.gql(`mutation($id: ID!) { deleteBlueprint(id: $id) }`, { id: bp.id }),
    unchanged: async (_fx, bp) => expect(await blueprintRevision(bp.id)).toBe(1),
  },
  ...Object.fromEntries((['VIEWER', 'EDITOR', 'OWNER'] as const).map((role) => [`createApiKey(${role})`, {
    prepare: async (fx: Fixture) => ({ before: await apiKeyCount(fx.projectId) }),
    attempt: (as: TestClient, fx: Fixture) => as.gql(
      `mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret apiKey { id role } } }`,
      { input: { projectId: fx.projectId, name: `a ${role} key`, role } },
    ),
    unchanged: async (fx: Fixture, { before }: { before: number }) => expect(await apiKeyCount(fx.projectId)).toBe(before),
    badInputPath: 'input.role',
  } satisfies Action])),
  revokeApiKey: {
    prepare: freshKey,
    attempt: (as, _fx, key) => as.gql(`mutation($id: ID!) { revokeApiKey(id: $id) { id status } }`, { id: key.id }),
    unchanged: async (_fx, key) => expect((await one(`SELECT revoked_at FROM api_keys WHERE id = $1`, [key.id])).revoked_at).toBeNull(),
  },
  'list project.apiKeys': { attempt: projectField('apiKeys(first: 10) { totalCount edges { node { id role status } } }') },
  addMember: {
    prepare: () => createUser(server.url, 'Newcomer'),
    attempt: (as, fx, user) => as.gql(`mutation($input: AddMemberInput!) { addMember(input: $input) { id role } }`, {
      input: { projectId: fx.projectId, email: user.email, role: 'VIEWER' },
    }),
    unchanged: async (fx, user) => expect(await sql(`SELECT 1 FROM memberships WHERE user_id = $1 AND project_id = $2`, [user.id, fx.projectId])).toEqual([]),
  },
  setMemberRole: {
    prepare: freshMember,
    attempt: (as, _fx, m) => as.gql(`mutation($input: SetMemberRoleInput!) { setMemberRole(input: $input) { id role } }`, {
      input: { membershipId: m.membershipId, role: 'EDITOR' },
    }),
    unchanged: async (_fx, m) => expect((await one(MEMBERSHIP_ROLE, [m.membershipId])).role).toBe('VIEWER'),
  },
  removeMember: {
    prepare: freshMember,
    attempt: (as, _fx, m) => as.gql(`mutation($input: RemoveMemberInput!) { removeMember(input: $input) }`, { input: { membershipId: m.membershipId } }),
    unchanged: async (_fx, m) => expect((await one(MEMBERSHIP_ROLE, [m.membershipId]))?.role).toBe('VIEWER'),
  },
  'updateProject (rename)': {
    prepare: async (fx) => ({ name: (await one(`SELECT name FROM projects WHERE id = $1`, [fx.projectId])).name }),
    attempt: (as, fx) => as.gql(`mutation($input: UpdateProjectInput!) { updateProject(input: $input) { id name } }`, {
      input: { id: fx.projectId, name: `Renamed ${Date.now()}` },
    }),
    unchanged: async (fx, { name }) => expect((await one(`SELECT name FROM projects WHERE id = $1`, [fx.projectId])).name).toBe(name),
  },
  deleteProject: {
    ownProject: true,
    attempt: (as, fx) => as.gql(`mutation($id: ID!) { deleteProject(id: $id) }`, { id: fx.projectId }),
    unchanged: async (fx) => expect(await sql(`SELECT 1 FROM projects WHERE id = $1`, [fx.projectId])).toHaveLength(1),
  },
  'read project.auditEvents': { attempt: projectField('auditEvents(first: 10) { totalCount edges { node { action } } }') },
};

// prettier-ignore
const MATRIX: [action: keyof typeof ACTIONS, ...outcomes: Outcome[]][] = [
  //                                               owner             editor            viewer       editorKey         viewerKey    outsider     anonymous
  ['read the project',                             'ok',             'ok',             'ok',        'ok',             'ok',        'null',      'null'],
  ['list blueprints',                              'ok',             'ok',             'ok',        'ok',             'ok',        'null',      'null'],
  ['read a blueprint with document and revisions', 'ok',             'ok',             'ok',        'ok',             'ok',        'null',      'null'],
  ['createBlueprint',                              'ok',             'ok',             'FORBIDDEN', 'ok',             'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED'],
  ['updateBlueprint',                              'ok',             'ok',             'FORBIDDEN', 'ok',             'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED'],
  ['deleteBlueprint',                              'ok',             'ok',             'FORBIDDEN', 'ok',             'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED'],
  ['createApiKey(VIEWER)',                         'ok',             'ok',             'FORBIDDEN', 'FORBIDDEN',      'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED'],
  ['createApiKey(EDITOR)',                         'ok',             'ok',             'FORBIDDEN', 'FORBIDDEN',      'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED'],
  ['createApiKey(OWNER)',                          'BAD_USER_INPUT', 'BAD_USER_INPUT', 'FORBIDDEN', 'FORBIDDEN',      'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED'],
  ['revokeApiKey',                                 'ok',             'ok',             'FORBIDDEN', 'ok',             'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED'],
  ['list project.apiKeys',                         'ok',             'ok',             'FORBIDDEN', 'ok',             'FORBIDDEN', 'null',      'null'],
  ['addMember',                                    'ok',             'FORBIDDEN',      'FORBIDDEN', 'FORBIDDEN',      'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED'],
  ['setMemberRole',                                'ok',             'FORBIDDEN',      'FORBIDDEN', 'FORBIDDEN',      'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED'],
  ['removeMember',                                 'ok',             'FORBIDDEN',      'FORBIDDEN', 'FORBIDDEN',      'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED'],
  ['updateProject (rename)',                       'ok',             'FORBIDDEN',      'FORBIDDEN', 'FORBIDDEN',      'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED'],
  ['deleteProject',                                'ok',             'FORBIDDEN',      'FORBIDDEN', 'FORBIDDEN',      'FORBIDDEN', 'NOT_FOUND', 'UNAUTHENTICATED'],
  ['read project.auditEvents',                     'ok',             'FORBIDDEN',      'FORBIDDEN', 'FORBIDDEN',      'FORBIDDEN', 'null',      'null'],
];

const ROWS = MATRIX.flatMap(([action, ...outcomes]) => ACTORS.map((actor, i) => [action, actor, outcomes[i]] as const));

describe('role × action matrix (PRODUCT.md §6)', () => {
  it.each(ROWS)('%s as %s → %s', async (name, actor, expected) => {
    const action = ACTIONS[name];
    const fx = action.ownProject ? await projectWithActors() : main;
    const state = await action.prepare?.(fx);
    const result = outcomeOf(await action.attempt(fx.as[actor], fx, state));
    expect(result.outcome).toBe(expected);
    if (expected === 'BAD_USER_INPUT') expect(result.path).toBe(action.badInputPath);
    if (result.outcome !== 'ok' && expected !== 'ok') await action.unchanged?.(fx, state);
  });

  it.each([
    ['owner', 'OWNER'], ['editor', 'EDITOR'], ['viewer', 'VIEWER'], ['editorKey', 'EDITOR'], ['viewerKey', 'VIEWER'],
  ] as const)('project.myRole for %s is %s', async (actor, role) => {
    const data = await main.as[actor].ok(`query($id: ID!) { project(id: $id) { myRole } }`, { id: main.projectId });
    expect(data.project.myRole).toBe(role);
  });
});

describe('API keys', () => {
  it('act only in their own project, even one their creator owns', async () => {
    const other = await createProject(users.owner.client);
    const key = main.as.editorKey;
    expect((await key.ok(`query($id: ID!) { project(id: $id) { id } }`, { id: other.id })).project).toBeNull();
    const error = await key.fails(`mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }`, {
      input: { projectId: other.id, document: shopDocument() },
    });
    expect(error.code).toBe('NOT_FOUND');
    const listed = await key.ok(`{ projects(first: 10) { edges { node { id } } } }`);
    expect(listed.projects.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual([main.projectId]);
  });

  it('audits creation and revocation', async () => {
    const key = await createApiKey(main.as.editor, main.projectId, 'VIEWER');
    await main.as.owner.ok(`mutation($id: ID!) { revokeApiKey(id: $id) { id } }`, { id: key.id });
    const rows = await sql(`SELECT action, actor_user_id, project_id FROM audit_events WHERE target_id = $1 ORDER BY created_at`, [key.id]);
    expect(rows).toEqual([
      { action: 'apiKey.create', actor_user_id: users.editor.id, project_id: main.projectId },
      { action: 'apiKey.revoke', actor_user_id: users.owner.id, project_id: main.projectId },
    ]);
  });
});

describe('the last OWNER', () => {
  const SET_ROLE = `mutation($input: SetMemberRoleInput!) { setMemberRole(input: $input) { id role } }`;
  const REMOVE = `mutation($input: RemoveMemberInput!) { removeMember(input: $input) }`;

  it('cannot be demoted or removed until a second OWNER exists', async () => {
    const { client: owner, id: ownerId } = await createUser(server.url, 'Founder');
    const { id: projectId } = await createProject(owner);
    const [{ id: ownMembership }] = await sql(`SELECT id FROM memberships WHERE user_id = $1 AND project_id = $2`, [ownerId, projectId]);

    expect((await owner.fails(SET_ROLE, { input: { membershipId: ownMembership, role: 'EDITOR' } })).code).toBe('CONFLICT');
    expect((await owner.fails(REMOVE, { input: { membershipId: ownMembership } })).code).toBe('CONFLICT');
    expect((await one(MEMBERSHIP_ROLE, [ownMembership])).role).toBe('OWNER');

    const second = await addMember(owner, projectId, 'EDITOR');
    await owner.ok(SET_ROLE, { input: { membershipId: second.membershipId, role: 'OWNER' } });
    expect((await owner.ok(SET_ROLE, { input: { membershipId: ownMembership, role: 'EDITOR' } })).setMemberRole.role).toBe('EDITOR');
    // Now the second one is the last OWNER, and the first (an EDITOR) can be removed by it.
    expect((await second.client.fails(SET_ROLE, { input: { membershipId: second.membershipId, role: 'VIEWER' } })).code).toBe('CONFLICT');
    expect((await second.client.ok(REMOVE, { input: { membershipId: ownMembership } })).removeMember).toBe(true);
  });

  it('an OWNER can be removed once another OWNER exists', async () => {
    const { client: owner } = await createUser(server.url, 'Founder');
    const { id: projectId } = await createProject(owner);
    const coOwner = await addMember(owner, projectId, 'OWNER');
    expect((await owner.ok(REMOVE, { input: { membershipId: coOwner.membershipId } })).removeMember).toBe(true);
  });

  it('role changes are audited with from and to', async () => {
    const member = await addMember(main.as.owner, main.projectId, 'VIEWER');
    await main.as.owner.ok(SET_ROLE, { input: { membershipId: member.membershipId, role: 'EDITOR' } });
    const rows = await sql(`SELECT action, actor_user_id, data FROM audit_events WHERE target_id = $1 AND action = 'member.role'`, [member.membershipId]);
    expect(rows).toEqual([{ action: 'member.role', actor_user_id: users.owner.id, data: { userId: member.id, from: 'VIEWER', to: 'EDITOR' } }]);
  });
});
