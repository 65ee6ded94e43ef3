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
  server = await startTestServer({ env: { SEEDBED_RUN_WORKER: 'false' } });
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

describe('an access change announced by the API ends the subscription at once', () => {
  it('when the member is removed', async () => {
    const editor = await addMember(owner, projectId, 'EDITOR');
    const sub = await subscribed({ headers: { cookie: editor.client.cookieHeader } });
    await owner.ok(`mutation($input: RemoveMemberInput!) { removeMember(input: $input) }`, { input: { membershipId: editor.membershipId } });
    const seen = sub.messages.length;
    const secrets = await makeSecrets('removed');
    await poke();
    await endsWithin(sub, seen, ['FORBIDDEN', 'NOT_FOUND'], secrets);
  });

  it('when the member becomes a VIEWER', async () => {
    const editor = await addMember(owner, projectId, 'EDITOR');
    const sub = await subscribed({ headers: { cookie: editor.client.cookieHeader } });
    expect(sub.messages[0].data.runProgress.project.apiKeys.edges).toEqual(expect.any(Array));
    await owner.ok(`mutation($input: SetMemberRoleInput!) { setMemberRole(input: $input) { role } }`, { input: { membershipId: editor.membershipId, role: 'VIEWER' } });
    const seen = sub.messages.length;
    const secrets = await makeSecrets('demoted');
    await poke();
    await endsWithin(sub, seen, 'FORBIDDEN', [secrets[1]]);
  });

  it('when the API key is revoked', async () => {
    const key = await createApiKey(owner, projectId, 'EDITOR');
    const sub = await subscribed({ connectionParams: { apiKey: key.secret } });
    await owner.ok(`mutation($id: ID!) { revokeApiKey(id: $id) { id } }`, { id: key.id });
    const seen = sub.messages.length;
    const secrets = await makeSecrets('revoked');
    await poke();
    await endsWithin(sub, seen, 'UNAUTHENTICATED', secrets);
  });

  it('when the session logs out, over HTTP, from another connection', async () => {
    const editor = await addMember(owner, projectId, 'EDITOR');
    const sub = await subscribed({ headers: { cookie: editor.client.cookieHeader } });
    expect(await editor.client.ok('mutation { logOut }')).toEqual({ logOut: true });
    const seen = sub.messages.length;
    const secrets = await makeSecrets('logged-out');
    await poke();
    await endsWithin(sub, seen, 'UNAUTHENTICATED', secrets);
  });

  it("when the account's password is changed, and the other sessions are signed out", async () => {
    const editor = await addMember(owner, projectId, 'EDITOR');
    const elsewhere = editor.client.anonymous();
    await elsewhere.ok(`mutation($input: LogInInput!) { logIn(input: $input) { user { id } } }`, { input: { email: editor.email, password: PASSWORD } });
    const sub = await subscribed({ headers: { cookie: elsewhere.cookieHeader } });
    const change = `mutation($input: ChangePasswordInput!) { changePassword(input: $input) }`;
    expect((await editor.client.fails(change, { input: { currentPassword: 'not the password', newPassword: 'a brand new passphrase' } })).extensions?.path).toBe('input.currentPassword');
    expect(await editor.client.ok(change, { input: { currentPassword: PASSWORD, newPassword: 'a brand new passphrase' } })).toEqual({ changePassword: true });
    const seen = sub.messages.length;
    const secrets = await makeSecrets('password');
    await poke();
    await endsWithin(sub, seen, 'UNAUTHENTICATED', secrets);
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
    const sub = await subscribed({ connectionParams: { apiKey: made.secret } });
    await owner.ok(`mutation($input: RemoveMemberInput!) { removeMember(input: $input) }`, { input: { membershipId: editor.membershipId } });
    const seen = sub.messages.length;
    const secrets = await makeSecrets('key-of-removed');
    await poke();
    await endsWithin(sub, seen, 'UNAUTHENTICATED', secrets);
    expect([await status(made.id), await status(alsoMade.id)]).toEqual(['REVOKED', 'REVOKED']);
  });

  it('made a VIEWER: their EDITOR keys are revoked, their VIEWER keys stay', async () => {
    const editor = await addMember(owner, projectId, 'EDITOR');
    const [editorKey, viewerKey] = [await createApiKey(editor.client, projectId, 'EDITOR'), await createApiKey(editor.client, projectId, 'VIEWER')];
    await owner.ok(`mutation($input: SetMemberRoleInput!) { setMemberRole(input: $input) { role } }`, { input: { membershipId: editor.membershipId, role: 'VIEWER' } });
    expect([await status(editorKey.id), await status(viewerKey.id)]).toEqual(['REVOKED', 'ACTIVE']);
  });
});

describe('a change no notice announced ends the subscription at its next event', () => {
  // Written straight into the database: no NOTIFY, as if the listener had dropped; only the per-event check stands.
  it('after a removal', async () => {
    const editor = await addMember(owner, projectId, 'EDITOR');
    const sub = await subscribed({ headers: { cookie: editor.client.cookieHeader } });
    await sql('DELETE FROM memberships WHERE id = $1', [editor.membershipId]);
    const seen = sub.messages.length;
    const secrets = await makeSecrets('silently-removed');
    await poke();
    await endsWithin(sub, seen, 'NOT_FOUND', secrets);
  });

  it('after a revocation', async () => {
    const key = await createApiKey(owner, projectId, 'EDITOR');
    const sub = await subscribed({ connectionParams: { apiKey: key.secret } });
    await sql('UPDATE api_keys SET revoked_at = now() WHERE id = $1', [key.id]);
    const seen = sub.messages.length;
    const secrets = await makeSecrets('silently-revoked');
    await poke();
    await endsWithin(sub, seen, 'UNAUTHENTICATED', secrets);
  });

  it('after a log-out', async () => {
    const editor = await addMember(owner, projectId, 'EDITOR');
    const sub = await subscribed({ headers: { cookie: editor.client.cookieHeader } });
    await sql('DELETE FROM sessions WHERE user_id = $1', [editor.id]);
    const seen = sub.messages.length;
    const secrets = await makeSecrets('silently-logged-out');
    await poke();
    await endsWithin(sub, seen, 'UNAUTHENTICATED', secrets);
  });

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
