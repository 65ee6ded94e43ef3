import { createHash } from 'node:crypto';
import type { TestClient } from '../support/client';
import { createApiKey } from '../support/factories';
import { startServerWithProject } from '../support/project-server';
import type { TestServer } from '../support/server';

let server: TestServer;
let owner: TestClient;
let projectId: string;
beforeAll(async () => ({ server, owner, projectId } = await startServerWithProject()));
afterAll(() => server.stop());

const PROJECTS = `{ projects(first: 10) { edges { node { id myRole } } } }`;
const REVOKE = `mutation($id: ID!) { revokeApiKey(id: $id) { status revokedAt } }`;

describe('API keys', () => {
  it('has the sbk_ + 40 base62 format, shows the secret once and stores only its SHA-256', async () => {
    const { id, secret, apiKey } = await createApiKey(owner, projectId, 'VIEWER');
    expect(secret).toMatch(/^sbk_[0-9A-Za-z]{40}$/);
    expect(apiKey).toMatchObject({ prefix: secret.slice(0, 8), last4: secret.slice(-4), status: 'ACTIVE', role: 'VIEWER' });
    const [row] = await server.db.query('SELECT * FROM api_keys WHERE id = $1', [id]);
    expect(row.secret_hash).toBe(createHash('sha256').update(secret).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secret.slice(8, -4));
    const listed = await owner.ok(`query($id: ID!) { project(id: $id) { apiKeys(first: 10) { edges { node { id prefix } } } } }`, { id: projectId });
    expect(JSON.stringify(listed)).not.toContain(secret);
  });

  it('authenticates with Authorization: Bearer, in its own project only, and tracks lastUsedAt', async () => {
    const { id, secret } = await createApiKey(owner, projectId, 'EDITOR');
    const key = owner.withApiKey(secret);
    expect((await key.ok(PROJECTS)).projects.edges).toEqual([{ node: { id: projectId, myRole: 'EDITOR' } }]);
    expect((await key.ok(`{ me { id } }`)).me).toBeNull();
    const [row] = await server.db.query('SELECT last_used_at FROM api_keys WHERE id = $1', [id]);
    expect(Date.now() - new Date(row.last_used_at).getTime()).toBeLessThan(60_000);
  });

  it('cannot create API keys, so a leaked key dies with its revocation', async () => {
    const { secret } = await createApiKey(owner, projectId, 'EDITOR');
    const key = owner.withApiKey(secret);
    const minted = await key.fails(
      `mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }`,
      { input: { projectId, name: 'offspring', role: 'VIEWER' } },
    );
    expect(minted.code).toBe('FORBIDDEN');
    expect(minted.message).toMatch(/sign in/);
    const keys = await owner.ok(`query($id: ID!) { project(id: $id) { apiKeys(first: 100) { edges { node { name } } } } }`, { id: projectId });
    expect(keys.project.apiKeys.edges.map((e: any) => e.node.name)).not.toContain('offspring');
  });

  it('refuses a revoked key, and a key cannot be revoked twice', async () => {
    const { id, secret } = await createApiKey(owner, projectId, 'VIEWER');
    const revoked = (await owner.ok(REVOKE, { id })).revokeApiKey;
    expect(revoked.status).toBe('REVOKED');
    expect(revoked.revokedAt).toBeTruthy();
    const refused = await owner.withApiKey(secret).gql(PROJECTS);
    expect(refused.status).toBe(401);
    expect(refused.errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await owner.fails(REVOKE, { id })).code).toBe('CONFLICT');
  });

  it('refuses an expired key, which stays EXPIRED', async () => {
    const { id, secret } = await createApiKey(owner, projectId, 'VIEWER', { expiresAt: new Date(Date.now() + 60_000).toISOString() });
    await server.db.query(`UPDATE api_keys SET expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
    expect((await owner.withApiKey(secret).gql(PROJECTS)).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    const keys = await owner.ok(`query($id: ID!) { project(id: $id) { apiKeys(first: 50) { edges { node { id status } } } } }`, { id: projectId });
    expect(keys.project.apiKeys.edges.find((e: any) => e.node.id === id).node.status).toBe('EXPIRED');
    expect((await owner.fails(REVOKE, { id })).code).toBe('CONFLICT');
  });

  it('refuses unknown and malformed bearer tokens outright', async () => {
    for (const token of ['sbk_' + 'A'.repeat(40), 'not-a-key', '']) {
      const response = await owner.anonymous().request('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: '{ me { id } }' }),
      });
      expect(response.status).toBe(401);
      expect((await response.json()).errors[0].extensions.code).toBe('UNAUTHENTICATED');
    }
  });

  it('rejects an expiry in the past', async () => {
    const error = await owner.fails(`mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }`, {
      input: { projectId, name: 'old', role: 'VIEWER', expiresAt: '2020-01-01T00:00:00Z' },
    });
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'input.expiresAt' } });
  });
});
