/**
 * Runs are shared fairly between users (PRODUCT.md §15): one user's queue of
 * large runs does not hold up another user's small one, every waiting run
 * shows its place, and the caps on queued and running runs per user (API keys
 * counting as the user who made them) and per project are kept. The API
 * takes no run work here; one worker process with a single slot does, so the
 * order it takes shards in is the order the fair rule gives, whatever the
 * machine's speed.
 */
import type { TestClient } from '../support/client';
import { addMember, createApiKey, createBlueprint, createProject, createUser } from '../support/factories';
import { finished, startRun, waitForRun } from '../support/runs';
import { startTestServer, type TestServer } from '../support/server';
import { spawnWorker, type WorkerProcess } from '../support/workers';

jest.setTimeout(120_000);

const BIG_RUNS = 30;
const PER_PROJECT = 35;

let server: TestServer;
let worker: WorkerProcess | undefined;
let alice: TestClient;
let aliceProject: string;
let bigBlueprint: string;
let bob: TestClient;
let bobBlueprint: string;
const bigRuns: string[] = [];
let smallRun: string;

/** Narrow rows: a large run in rows that writes little before it is cancelled. */
function document(name: string, rows: number) {
  return {
    seedbed: 1,
    name,
    seed: 1,
    tables: [{ name: 'items', rows, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, { name: 'n', generator: 'number.int', options: { min: 0, max: 9 } }] }],
  };
}

beforeAll(async () => {
  server = await startTestServer({
    env: {
      SEEDBED_RUN_WORKER: 'false',
      SEEDBED_SHARD_ROWS: '50000',
      SEEDBED_RUNS_PER_USER: String(BIG_RUNS),
      SEEDBED_RUNS_PER_PROJECT: String(PER_PROJECT),
      SEEDBED_QUEUE_SUPERVISE_SECONDS: '1',
    },
  });
  alice = (await createUser(server.url, 'Alice')).client;
  aliceProject = (await createProject(alice)).id;
  bigBlueprint = (await createBlueprint(alice, aliceProject, document('big', 14_000_000))).id;
  bob = (await createUser(server.url, 'Bob')).client;
  bobBlueprint = (await createBlueprint(bob, (await createProject(bob)).id, document('small', 1_000))).id;
});

afterAll(async () => {
  await worker?.kill('SIGKILL');
  await server.stop();
});

const files = { files: { formats: ['CSV'] } };
const positionOf = async (client: TestClient, id: string) =>
  (await client.ok(`query($id: ID!) { run(id: $id) { status queuePosition } }`, { id })).run;

it("queues one user's 30 large runs, then another user's small run, each with its place in the queue", async () => {
  for (let i = 0; i < BIG_RUNS; i++) bigRuns.push((await startRun(alice, bigBlueprint, files)).id);
  smallRun = (await startRun(bob, bobBlueprint, files)).id;
  // In turns: Alice's first run, then Bob's (his first), then Alice's second, and so on.
  expect(await positionOf(alice, bigRuns[0])).toEqual({ status: 'QUEUED', queuePosition: 1 });
  expect(await positionOf(bob, smallRun)).toEqual({ status: 'QUEUED', queuePosition: 2 });
  expect(await positionOf(alice, bigRuns[1])).toEqual({ status: 'QUEUED', queuePosition: 3 });
  expect(await positionOf(alice, bigRuns[BIG_RUNS - 1])).toEqual({ status: 'QUEUED', queuePosition: BIG_RUNS + 1 });
  // In a project's list too.
  const { project } = await alice.ok(`query($id: ID!) { project(id: $id) { runs(first: 2) { edges { node { id queuePosition } } } } }`, { id: aliceProject });
  expect(project.runs.edges.map((e: any) => e.node)).toEqual([
    { id: bigRuns[BIG_RUNS - 1], queuePosition: BIG_RUNS + 1 },
    { id: bigRuns[BIG_RUNS - 2], queuePosition: BIG_RUNS },
  ]);
});

it('refuses a user past the cap on queued and running runs, through a session or an API key alike', async () => {
  const refused = await alice.fails(`mutation($input: StartRunInput!) { startRun(input: $input) { id } }`, { input: { blueprintId: bigBlueprint, target: files } });
  expect(refused).toMatchObject({ code: 'RATE_LIMITED', extensions: { path: 'input', limit: BIG_RUNS, retryAfter: 60 } });
  expect(refused.message).toMatch(/30 runs queued or running/);
  // A key of hers is no way around it: it counts as the user who made it.
  const key = alice.withApiKey((await createApiKey(alice, aliceProject, 'EDITOR')).secret);
  expect((await key.fails(`mutation($input: StartRunInput!) { startRun(input: $input) { id } }`, { input: { blueprintId: bigBlueprint, target: files } })).code).toBe('RATE_LIMITED');
});

it("refuses a project past its cap, whoever of its members starts the run", async () => {
  const carol = (await addMember(alice, aliceProject, 'EDITOR')).client;
  // Ten at once for the five places left: the starts are counted one after another, never past the cap.
  const answers = await Promise.all(
    Array.from({ length: 10 }, () => carol.gql(`mutation($input: StartRunInput!) { startRun(input: $input) { id } }`, { input: { blueprintId: bigBlueprint, target: files } })),
  );
  const carols = answers.filter((a) => a.data?.startRun).map((a) => a.data!.startRun.id as string);
  const refusals = answers.filter((a) => a.errors).map((a) => a.errors![0].extensions);
  expect(carols).toHaveLength(PER_PROJECT - BIG_RUNS);
  expect(refusals).toHaveLength(10 - (PER_PROJECT - BIG_RUNS));
  for (const refused of refusals) expect(refused).toMatchObject({ code: 'RATE_LIMITED', path: 'input', limit: PER_PROJECT });
  // Cancelled runs no longer count.
  for (const id of carols) await carol.ok(`mutation($id: ID!) { cancelRun(id: $id) { status } }`, { id });
  await startRun(carol, bigBlueprint, files).then(({ id }) => carol.ok(`mutation($id: ID!) { cancelRun(id: $id) { status } }`, { id }));
});

it("finishes the small run while the other user's large runs wait, then cancels those", async () => {
  worker = spawnWorker(server, { SEEDBED_WORKER_CONCURRENCY: '1', SEEDBED_RUN_THREADS: '1' });
  await worker.ready;
  const small = await waitForRun(bob, smallRun, finished, 60_000);
  expect(small).toMatchObject({ status: 'SUCCEEDED', rowsDone: 1_000 });
  // The worker took one shard of Alice's first run, then Bob's: her other runs never started, none finished.
  const [{ started, done }] = await server.db.query(
    `SELECT count(*) FILTER (WHERE started_at IS NOT NULL)::int AS started, count(*) FILTER (WHERE status = 'SUCCEEDED')::int AS done FROM runs WHERE id = ANY($1)`,
    [bigRuns],
  );
  expect(done).toBe(0);
  // At most two started (a user's running cap, SEEDBED_RUNNING_RUNS_PER_USER): the rest waited in the queue.
  expect(started).toBeLessThanOrEqual(2);
  for (const id of bigRuns) await alice.ok(`mutation($id: ID!) { cancelRun(id: $id) { status } }`, { id });
  for (const id of bigRuns) expect((await waitForRun(alice, id, finished, 30_000)).status).toBe('CANCELLED');
});
