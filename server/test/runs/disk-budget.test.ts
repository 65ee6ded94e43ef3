/**
 * Run files cannot fill the disk (PRODUCT.md §15): a project's run files are
 * held to its quota, and the artifact folder's disk keeps a floor of free
 * space. A run that would pass either is refused when it starts, or failed
 * with PAYLOAD_TOO_LARGE while it writes, its files removed.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { TestClient } from '../support/client';
import { createBlueprint, createProject, createUser } from '../support/factories';
import { finished, startRun, waitForRun } from '../support/runs';
import { startTestServer, type TestServer } from '../support/server';

jest.setTimeout(90_000);

/** 3 MB: a few shards of the people table below. */
const QUOTA = 3_000_000;

let server: TestServer;
let owner: TestClient;
let projectId: string;
let peopleId: string;

/** About 100 bytes a row in CSV, three fields: the least a run of it can write is 3 bytes a row. */
function people(rows: number) {
  return {
    seedbed: 1,
    name: 'people',
    seed: 3,
    tables: [
      {
        name: 'people',
        rows,
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'uuid' },
          { name: 'name', generator: 'person.fullName' },
          { name: 'email', generator: 'internet.email' },
        ],
      },
    ],
  };
}

beforeAll(async () => {
  server = await startTestServer({ env: { SEEDBED_PROJECT_ARTIFACT_BYTES: String(QUOTA), SEEDBED_SHARD_ROWS: '10000' } });
  owner = (await createUser(server.url)).client;
  projectId = (await createProject(owner)).id;
  peopleId = (await createBlueprint(owner, projectId, people(200_000))).id;
});
afterAll(() => server.stop());

/** The run's folder once it is gone, or after 10 s: the workers that were writing its other shards remove what they wrote as they stop. */
async function folderGone(runId: string): Promise<boolean> {
  const folder = path.join(server.config.runs.artifactDir, runId);
  for (const deadline = Date.now() + 10_000; fs.existsSync(folder) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
  return !fs.existsSync(folder);
}

const startRunMutation = `mutation($input: StartRunInput!) { startRun(input: $input) { id } }`;
const files = { files: { formats: ['CSV'] } };

it('refuses at the start a run that cannot fit in the project quota whatever its values', async () => {
  // 1,100,000 rows of three fields: at least 3.3 MB of CSV.
  const refused = await owner.fails(startRunMutation, { input: { blueprintId: peopleId, rows: 1_100_000, target: files } });
  expect(refused).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', extensions: { path: 'input.rows' } });
  expect(refused.message).toMatch(/quota of 3\.0 MB .* at least 3\.3 MB more/);
  expect((await server.db.query(`SELECT count(*)::int AS n FROM runs WHERE project_id = $1`, [projectId]))[0].n).toBe(0);
});

it('fails a run whose files outgrow the quota while it writes, and removes them', async () => {
  // Its least (600 KB) fits; its ~20 MB do not: the shard that would pass the quota is never written.
  const { id } = await startRun(owner, peopleId, files);
  const run = await waitForRun(owner, id, finished);
  expect(run.status).toBe('FAILED');
  expect(run.error).toMatch(/^PAYLOAD_TOO_LARGE: the project's run files would pass its quota of 3\.0 MB/);
  expect(run.artifacts).toEqual([]);
  expect(await folderGone(id)).toBe(true);
  // Nothing of it counts against the project any more: a run that fits starts and succeeds.
  const small = await waitForRun(owner, (await startRun(owner, peopleId, files, { rows: 10_000 })).id, finished);
  expect(small).toMatchObject({ status: 'SUCCEEDED', error: null });
  // Its files count now: the next run's least no longer fits beside them.
  const held = small.artifacts[0].size;
  const rows = Math.ceil((QUOTA - held) / 3) + 1;
  expect((await owner.fails(startRunMutation, { input: { blueprintId: peopleId, rows, target: files } })).code).toBe('PAYLOAD_TOO_LARGE');
});

it("refuses, or fails, a run that would leave the disk with less than its free space floor", async () => {
  const floor = server.config.runs.minFreeBytes;
  try {
    // As if the disk were nearly full: more free space asked for than any disk has.
    server.config.runs.minFreeBytes = Number.MAX_SAFE_INTEGER;
    const refused = await owner.fails(startRunMutation, { input: { blueprintId: peopleId, rows: 1_000, target: files } });
    expect(refused).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', extensions: { path: 'input.rows' } });
    expect(refused.message).toMatch(/disk that holds run files would have less than .* free/);
  } finally {
    server.config.runs.minFreeBytes = floor;
  }
  // Started while there was room, then the disk filled (the floor rises as the run waits for its shard).
  const { id } = await startRun(owner, peopleId, files, { rows: 30_000 });
  server.config.runs.minFreeBytes = Number.MAX_SAFE_INTEGER;
  try {
    const run = await waitForRun(owner, id, finished);
    expect(run.status).toBe('FAILED');
    expect(run.error).toMatch(/^PAYLOAD_TOO_LARGE: the disk that holds run files would have less than/);
    expect(await folderGone(id)).toBe(true);
  } finally {
    server.config.runs.minFreeBytes = floor;
  }
});
