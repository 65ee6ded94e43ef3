import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { canMove, transition } from '../../src/modules/run/run-states';
import type { RunStatus } from '../../src/modules/run/run.entity';
import { createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { finished, startRun, waitForRun } from '../support/runs';
import { startTestServer, type TestServer } from '../support/server';

const STATUSES: RunStatus[] = ['QUEUED', 'RUNNING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'EXPIRED'];
const ALLOWED = new Set([
  'QUEUED→RUNNING', 'QUEUED→CANCELLED',
  'RUNNING→SUCCEEDED', 'RUNNING→FAILED', 'RUNNING→CANCELLED', 'RUNNING→QUEUED',
  'SUCCEEDED→EXPIRED',
]);

let server: TestServer;
let blueprintId: string;
let owner: Awaited<ReturnType<typeof createUser>>['client'];

beforeAll(async () => {
  // An artifact folder under a regular file can never be created: every attempt fails. Each is
  // retried at once (no back-off): the test waits on the attempts, not on the clock.
  const blocker = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-blocker-')), 'file');
  fs.writeFileSync(blocker, '');
  server = await startTestServer({ env: { SEEDBED_RUN_WORKER: 'true', SEEDBED_ARTIFACT_DIR: path.join(blocker, 'artifacts'), SEEDBED_RUN_RETRY_SECONDS: '0' } });
  owner = (await createUser(server.url)).client;
  const { id: projectId } = await createProject(owner);
  blueprintId = (await createBlueprint(owner, projectId, shopDocument())).id;
});
afterAll(() => server.stop());

/** A run row in `status`, made directly: the machine is tested here, not the workers. */
async function runIn(status: RunStatus): Promise<string> {
  const [project] = await server.db.query('SELECT project_id FROM blueprints WHERE id = $1', [blueprintId]);
  const [row] = await server.db.query(
    `INSERT INTO runs (project_id, owner_id, blueprint_id, revision, document, seed, target, status, rows_total, shards_total)
     VALUES ($1, $1, $2, 1, '{}', 1, '{"kind":"FILES","formats":["csv"],"dialect":"postgres","gzip":false}', $3, 0, 0) RETURNING id`,
    [project.project_id, blueprintId, status],
  );
  return row.id;
}

describe('the run state machine (PRODUCT.md §4)', () => {
  const pairs = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s', async (from, to) => {
    const allowed = ALLOWED.has(`${from}→${to}`);
    expect(canMove(from, to)).toBe(allowed);
    const id = await runIn(from);
    expect(await transition(server.db, id, to)).toBe(allowed);
    const [{ status }] = await server.db.query('SELECT status FROM runs WHERE id = $1', [id]);
    expect(status).toBe(allowed ? to : from);
  });
});

it('fails a run after its 3 attempts, keeping the last error', async () => {
  const run = await waitForRun(owner, (await startRun(owner, blueprintId, { files: { formats: ['CSV'] } })).id, finished, 60_000);
  expect(run.status).toBe('FAILED');
  expect(run.attempts).toBe(3);
  expect(run.error).toMatch(/ENOTDIR/);
});
