/** The usual start of an API test: a server of its own, a signed-up owner and a project of theirs. */
import type { TestClient } from './client';
import { createProject, createUser } from './factories';
import { startTestServer, type TestServer } from './server';

export async function startServerWithProject(options: Parameters<typeof startTestServer>[0] = {}): Promise<{ server: TestServer; owner: TestClient; projectId: string }> {
  const server = await startTestServer(options);
  const owner = (await createUser(server.url)).client;
  const projectId = (await createProject(owner)).id;
  return { server, owner, projectId };
}
