/**
 * Access ends when access ends (issue 24, row 1), over graphql-ws with the
 * real client. A run's subscription reaches its project's blueprints, keys
 * and members; once its holder is removed, demoted, revoked, logged out or
 * has changed their password, it ends at once (the announced change) and,
 * should that notice be missed, at the very next event (each event is
 * authorised again): nothing created afterwards reaches it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildSchema } from 'graphql';
import { resolvers } from '../../src/graphql/resolvers';
import type { TestClient } from '../support/client';
import { addMember, createApiKey, createBlueprint, createProject, createUser, PASSWORD, shopDocument } from '../support/factories';
import { WsClients, watch, type ConnectOptions, type Outcome, type Watch } from '../support/graphql-ws';
import { startRun } from '../support/runs';
import { sqlOn } from '../support/sql';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let owner: TestClient;
let projectId: string;
let blueprintId: string;
/** The run the current test follows: one per test, so no test sees another's events. */
let runId: string;
let wsUrl: string;

beforeAll(async () => {
  // No worker: the run stays QUEUED, and each event is one the test announces.
  server = await startTestServer({ env: { SEEDBED_RUN_WORKER: 'false', SEEDBED_RUNS_PER_USER: '100', SEEDBED_RUNS_PER_PROJECT: '100' } });
  wsUrl = server.url.replace('http', 'ws') + '/graphql';
  owner = (await createUser(server.url)).client;
  projectId = (await createProject(owner)).id;
  blueprintId = (await createBlueprint(owner, projectId, shopDocument())).id;
});
afterAll(() => server.stop());
beforeEach(async () => {
  runId = (await startRun(owner, blueprintId, { files: { formats: ['CSV'] } })).id;
});

const sockets = new WsClients();
afterEach(() => sockets.disposeAll());

/** What the attacker selected: the run, and through it the project's members, keys and blueprint documents. */
const DEEP = `subscription($id: ID!) { runProgress(id: $id) { id status project {
  name
  members(first: 20) { edges { node { role user { email } } } }
  apiKeys(first: 20) { edges { node { name } } }
  blueprints(first: 20) { edges { node { name document } } }
} } }`;

/** Announces a change of the run, as a worker's progress would: one more event for every subscriber. */
const poke = () => server.app.services.runEvents.publish(runId);
const sql = (text: string, params: unknown[] = []) => sqlOn(server.databaseUrl, text, params);

async function subscribed(options: ConnectOptions): Promise<Watch> {
  const sub = watch(sockets.connect(wsUrl, options), DEEP, { id: runId });
  const first = await sub.next();
  expect(first.errors).toBeUndefined();
  expect(first.data.runProgress.project.blueprints.edges.length).toBeGreaterThan(0);
  return sub;
}

/** Things made after access was lost: none may ever reach the subscription. */
async function makeSecrets(tag: string): Promise<string[]> {
  const secret = `secret-${tag}-${Date.now()}`;
  const document = shopDocument({ name: secret });
  document.tables[0].fields.push({ name: 'token', generator: 'constant', options: { value: secret } });
  await owner.ok(`mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }`, { input: { projectId, document } });
  await owner.ok(`mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }`, { input: { projectId, name: `key-${secret}`, role: 'VIEWER' } });
  return [secret, `key-${secret}`];
}

/**
 * Messages from `from` (taken once the change had committed): none carrying any of `secrets`,
 * at most one event that was already under way, and last the error with `code` that ended it.
 */
async function endsWithin(sub: Watch, from: number, code: string | string[], secrets: string[]) {
  await sub.ended;
  const after: Outcome[] = sub.messages.slice(from);
  for (const message of after) for (const secret of secrets) expect(JSON.stringify(message)).not.toContain(secret);
  // The change may have ended it before the mutation's own answer came back (then nothing follows `from`).
  expect(after.filter((message) => message.data).length).toBeLessThanOrEqual(1);
  const final = sub.messages[sub.messages.length - 1];
  expect(final.data ?? null).toBeNull();
  expect([code].flat()).toContain(final.errors?.[0]?.extensions?.code);
}

/** A subscriber with something to lose, the change that takes it away, and the code the subscription ends with. */
interface Case {
  subscriber: () => Promise<{ options: ConnectOptions; change: () => Promise<unknown> }>;
  code: string | string[];
  /** Which of the secrets made afterwards the caller may no longer see (default: all). */
  hidden?: (secrets: string[]) => string[];
}

const member = async (change: (editor: Awaited<ReturnType<typeof addMember>>) => Promise<unknown>) => {
  const editor = await addMember(owner, projectId, 'EDITOR');
  return { options: { headers: { cookie: editor.client.cookieHeader } }, change: () => change(editor) };
};
const key = async (change: (made: Awaited<ReturnType<typeof createApiKey>>) => Promise<unknown>) => {
  const made = await createApiKey(owner, projectId, 'EDITOR');
  return { options: { connectionParams: { apiKey: made.secret } }, change: () => change(made) };
};
const removeMember = (membershipId: string) => owner.ok(`mutation($input: RemoveMemberInput!) { removeMember(input: $input) }`, { input: { membershipId } });
const makeViewer = (membershipId: string) => owner.ok(`mutation($input: SetMemberRoleInput!) { setMemberRole(input: $input) { role } }`, { input: { membershipId, role: 'VIEWER' } });

/** Subscribes, takes access away, makes new secrets, announces an event: the subscription ends within it, carrying none of them. */
async function expectEnds({ subscriber, code, hidden = (all) => all }: Case, tag: string) {
  const { options, change } = await subscriber();
  const sub = await subscribed(options);
  await change();
  const seen = sub.messages.length;
  const secrets = await makeSecrets(tag);
  await poke();
  await endsWithin(sub, seen, code, hidden(secrets));
  return sub;
}

describe('an access change announced by the API ends the subscription at once', () => {
  const cases: [string, Case][] = [
    ['the member is removed', { subscriber: () => member((m) => removeMember(m.membershipId)), code: ['FORBIDDEN', 'NOT_FOUND'] }],
    // A VIEWER may still read the run and blueprints; not the keys.
    ['the member becomes a VIEWER', { subscriber: () => member((m) => makeViewer(m.membershipId)), code: 'FORBIDDEN', hidden: ([, keyName]) => [keyName] }],
    ['the API key is revoked', { subscriber: () => key((k) => owner.ok(`mutation($id: ID!) { revokeApiKey(id: $id) { id } }`, { id: k.id })), code: 'UNAUTHENTICATED' }],
    ['the session logs out, over HTTP, from another connection', { subscriber: () => member((m) => m.client.ok('mutation { logOut }')), code: 'UNAUTHENTICATED' }],
  ];
  it.each(cases)('when %s', (what, test) => expectEnds(test, what.replace(/\W+/g, '-')));

  it("when the account's password is changed, and the other sessions are signed out", async () => {
    const editor = await addMember(owner, projectId, 'EDITOR');
    const elsewhere = editor.client.anonymous();
    await elsewhere.ok(`mutation($input: LogInInput!) { logIn(input: $input) { user { id } } }`, { input: { email: editor.email, password: PASSWORD } });
    const change = `mutation($input: ChangePasswordInput!) { changePassword(input: $input) }`;
    expect((await editor.client.fails(change, { input: { currentPassword: 'not the password', newPassword: 'a brand new passphrase' } })).extensions?.path).toBe('input.currentPassword');
    const subscriber = async () => ({
      options: { headers: { cookie: elsewhere.cookieHeader } },
      change: () => editor.client.ok(change, { input: { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' } }),
    });
    await expectEnds({ subscriber, code: 'UNAUTHENTICATED' }, 'password');
    // The other session is over; the one that changed the password goes on.
    expect((await elsewhere.gql('{ me { id } }')).data).toEqual({ me: null });
    expect((await editor.client.ok('{ me { id } }')).me.id).toBe(editor.id);
  });
});

describe("the keys a member made go with the member's access", () => {
  const status = async (id: string) =>
    (await owner.ok(`query($p: ID!) { project(id: $p) { apiKeys(first: 100) { edges { node { id status } } } } }`, { p: projectId })).project.apiKeys.edges.find((e: any) => e.node.id === id).node.status;

  it('removed: every key they made is revoked, and a subscription through one ends', async () => {
    const editor = await addMember(owner, projectId, 'EDITOR');
    const [made, alsoMade] = [await createApiKey(editor.client, projectId, 'EDITOR'), await createApiKey(editor.client, projectId, 'VIEWER')];
    const subscriber = async () => ({ options: { connectionParams: { apiKey: made.secret } }, change: () => removeMember(editor.membershipId) });
    await expectEnds({ subscriber, code: 'UNAUTHENTICATED' }, 'key-of-removed');
    expect([await status(made.id), await status(alsoMade.id)]).toEqual(['REVOKED', 'REVOKED']);
  });

  it('made a VIEWER: their EDITOR keys are revoked, their VIEWER keys stay', async () => {
    const editor = await addMember(owner, projectId, 'EDITOR');
    const [editorKey, viewerKey] = [await createApiKey(editor.client, projectId, 'EDITOR'), await createApiKey(editor.client, projectId, 'VIEWER')];
    await makeViewer(editor.membershipId);
    expect([await status(editorKey.id), await status(viewerKey.id)]).toEqual(['REVOKED', 'ACTIVE']);
  });
});

describe('a change no notice announced ends the subscription at its next event', () => {
  // Written straight into the database: no NOTIFY, as if the listener had dropped; only the per-event check stands.
  const cases: [string, Case][] = [
    ['a removal', { subscriber: () => member((m) => sql('DELETE FROM memberships WHERE id = $1', [m.membershipId])), code: 'NOT_FOUND' }],
    ['a revocation', { subscriber: () => key((k) => sql('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [k.id])), code: 'UNAUTHENTICATED' }],
    ['a log-out', { subscriber: () => member((m) => sql('DELETE FROM sessions WHERE user_id = $1', [m.id])), code: 'UNAUTHENTICATED' }],
  ];
  it.each(cases)('after %s', (what, test) => expectEnds(test, `silently-${what.replace(/\W+/g, '-')}`));

  it('after a change to VIEWER: the next event carries no API keys', async () => {
    const editor = await addMember(owner, projectId, 'EDITOR');
    const sub = await subscribed({ headers: { cookie: editor.client.cookieHeader } });
    await sql(`UPDATE memberships SET role = 'VIEWER' WHERE id = $1`, [editor.membershipId]);
    const seen = sub.messages.length;
    const [, keyName] = await makeSecrets('silently-demoted');
    await poke();
    // The poke's event, or a backstop poll's: either is authorised with the role of now.
    await sub.next();
    const next = sub.messages[sub.messages.length - 1];
    for (const message of sub.messages.slice(seen)) expect(JSON.stringify(message)).not.toContain(keyName);
    expect(next.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

describe('who may subscribe', () => {
  it("gives every Subscription field a resolve of its own, run in each event's fresh context", () => {
    // Without one, graphql-js hands the source's object out as it was read, with the access of subscription time.
    const schema = buildSchema(fs.readFileSync(path.resolve(__dirname, '../../../schema.graphql'), 'utf8'));
    const defined: Record<string, { resolve?: unknown }> = Object.assign({}, ...resolvers.map((r) => r.Subscription ?? {}));
    for (const field of Object.keys(schema.getSubscriptionType()!.getFields())) expect([field, typeof defined[field]?.resolve]).toEqual([field, 'function']);
  });

  it('refuses a subscription from an anonymous caller, and still answers its queries', async () => {
    const anonymous = sockets.connect(wsUrl);
    const sub = watch(anonymous, 'subscription { heartbeat(count: 1, intervalMs: 10) }');
    await sub.ended;
    expect(sub.messages[0].errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const query = watch(anonymous, '{ __typename }');
    await query.ended;
    expect(query.messages[0].data).toEqual({ __typename: 'Query' });
  });

  it('lets a member whose access is unchanged keep following the run', async () => {
    const viewer = await addMember(owner, projectId, 'VIEWER');
    const sub = watch(sockets.connect(wsUrl, { headers: { cookie: viewer.client.cookieHeader } }), 'subscription($id: ID!) { runProgress(id: $id) { status project { name } } }', { id: runId });
    expect((await sub.next()).data.runProgress.status).toBe('QUEUED');
    // Someone else losing access ends only their own subscriptions.
    const other = await addMember(owner, projectId, 'EDITOR');
    await owner.ok(`mutation($input: RemoveMemberInput!) { removeMember(input: $input) }`, { input: { membershipId: other.membershipId } });
    await poke();
    expect((await sub.next()).data.runProgress.status).toBe('QUEUED');
    sub.stop();
  });
});
