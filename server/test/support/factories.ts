/**
 * Test data through the public API, the way a user makes it, so every test
 * seeds what it needs and never depends on another test's rows.
 */
import { randomBytes } from 'node:crypto';
import type { BlueprintDocument } from '../../../packages/engine/src/document/types';
import { TestClient } from './client';

const unique = () => randomBytes(4).toString('hex');
export const PASSWORD = 'correct horse battery';

export async function createUser(baseUrl: string, name = 'Tester'): Promise<{ client: TestClient; id: string; email: string }> {
  const client = new TestClient(baseUrl);
  const email = `${name.toLowerCase().replace(/\W/g, '')}-${unique()}@example.test`;
  const data = await client.ok(
    `mutation($input: SignUpInput!) { signUp(input: $input) { user { id } } }`,
    { input: { email, password: PASSWORD, name } },
  );
  return { client, id: data.signUp.user.id, email };
}

export async function createProject(owner: TestClient, name = `Project ${unique()}`): Promise<{ id: string; slug: string }> {
  const data = await owner.ok(`mutation($input: CreateProjectInput!) { createProject(input: $input) { id slug } }`, { input: { name } });
  return data.createProject;
}

export async function addMember(owner: TestClient, projectId: string, role: 'OWNER' | 'EDITOR' | 'VIEWER') {
  const user = await createUser(owner.baseUrl, role);
  const data = await owner.ok(
    `mutation($input: AddMemberInput!) { addMember(input: $input) { id } }`,
    { input: { projectId, email: user.email, role } },
  );
  return { ...user, membershipId: data.addMember.id as string };
}

export async function createApiKey(creator: TestClient, projectId: string, role: 'EDITOR' | 'VIEWER', extra: Record<string, unknown> = {}) {
  const data = await creator.ok(
    `mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret apiKey { id prefix last4 role status } } }`,
    { input: { projectId, name: `${role} key`, role, ...extra } },
  );
  return { id: data.createApiKey.apiKey.id as string, secret: data.createApiKey.secret as string, apiKey: data.createApiKey.apiKey };
}

export function shopDocument(overrides: Partial<BlueprintDocument> = {}): BlueprintDocument {
  return {
    seedbed: 1,
    name: 'shop',
    locale: 'en',
    seed: 42,
    tables: [
      {
        name: 'users',
        rows: 100,
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'sequence', options: { start: 1 } },
          { name: 'first_name', generator: 'person.firstName' },
          { name: 'email', generator: 'internet.email', options: { firstName: '{first_name}' }, unique: true },
        ],
      },
      {
        name: 'orders',
        rows: { perParent: 'users', min: 0, max: 5 },
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'uuid' },
          { name: 'user_id', generator: 'ref', options: { table: 'users' } },
        ],
      },
    ],
    ...overrides,
  };
}

export async function createBlueprint(client: TestClient, projectId: string, document: unknown = shopDocument()) {
  const data = await client.ok(
    `mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id revision } }`,
    { input: { projectId, document } },
  );
  return data.createBlueprint as { id: string; revision: number };
}
