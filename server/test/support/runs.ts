import type { TestClient } from './client';

export const RUN_FIELDS = `id status rowsDone rowsTotal attempts error revision seed expiresAt
  target { kind formats dialect gzip host database }
  artifacts { name table format size sha256 url }`;

export async function startRun(client: TestClient, blueprintId: string, target: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const data = await client.ok(`mutation($input: StartRunInput!) { startRun(input: $input) { ${RUN_FIELDS} } }`, {
    input: { blueprintId, target, ...extra },
  });
  return data.startRun;
}

export async function readRun(client: TestClient, id: string) {
  return (await client.ok(`query($id: ID!) { run(id: $id) { ${RUN_FIELDS} } }`, { id })).run;
}

/** Polls until the run matches, or fails after `timeoutMs` showing its last state. */
export async function waitForRun(client: TestClient, id: string, done: (run: any) => boolean, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let run = await readRun(client, id);
  while (!done(run)) {
    if (Date.now() > deadline) throw new Error(`run ${id} did not get there in ${timeoutMs} ms; last: ${JSON.stringify(run)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    run = await readRun(client, id);
  }
  return run;
}

export const finished = (run: { status: string }) => ['SUCCEEDED', 'FAILED', 'CANCELLED', 'EXPIRED'].includes(run.status);
