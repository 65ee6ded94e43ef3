/**
 * Crash safety and sharing across processes: runs made by separate worker
 * processes (npm run worker), one of them killed with SIGKILL mid-run.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { TestClient } from '../support/client';
import { createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { finished, startRun, waitForRun } from '../support/runs';
import { startTestServer, type TestServer } from '../support/server';
import { spawnWorker, type WorkerProcess } from '../support/workers';

jest.setTimeout(120_000);

let server: TestServer;
let owner: TestClient;
let blueprintId: string;
const workers: WorkerProcess[] = [];

beforeAll(async () => {
  // The server itself takes no run work here: only the spawned processes do.
  server = await startTestServer({
    env: { SEEDBED_RUN_WORKER: 'false', SEEDBED_SHARD_ROWS: '25000', SEEDBED_QUEUE_SUPERVISE_SECONDS: '1', SEEDBED_WORKER_LOST_SECONDS: '3' },
  });
  owner = (await createUser(server.url)).client;
  const { id: projectId } = await createProject(owner);
  blueprintId = (await createBlueprint(owner, projectId, shopDocument())).id;
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.kill('SIGKILL')));
  await server.stop();
});

async function worker(env: Record<string, string> = {}) {
  const w = spawnWorker(server, env);
  workers.push(w);
  await w.ready;
  return w;
}

const target = { files: { formats: ['CSV', 'SQL'] } };
const ROWS = 200_000; // users; orders scale with them: ~700k rows over ~30 shards

const shas = (run: any) => Object.fromEntries(run.artifacts.map((a: any) => [a.name, a.sha256]));
const shardWorkers = async (runId: string) =>
  (await server.db.query(`SELECT DISTINCT worker FROM run_shards WHERE run_id = $1 AND worker IS NOT NULL`, [runId])).map((r: any) => r.worker);

let reference: Record<string, string>;

it('makes a run with one worker process', async () => {
  const one = await worker();
  const run = await waitForRun(owner, (await startRun(owner, blueprintId, target, { rows: ROWS })).id, finished, 90_000);
  expect(run.status).toBe('SUCCEEDED');
  reference = shas(run);
  expect(Object.keys(reference).sort()).toEqual(['orders.csv', 'orders.sql', 'users.csv', 'users.sql']);
  await one.kill();
  workers.splice(workers.indexOf(one), 1);
});

it('shares a run between two worker processes, with the same bytes', async () => {
  const a = await worker();
  const b = await worker();
  const { id } = await startRun(owner, blueprintId, target, { rows: ROWS });
  const run = await waitForRun(owner, id, finished, 90_000);
  expect(run.status).toBe('SUCCEEDED');
  expect(shas(run)).toEqual(reference);
  // Shards record the worker that last held them: both processes took some.
  expect(await shardWorkers(id)).toHaveLength(2);
  await Promise.all([a.kill(), b.kill()]);
  workers.splice(0);
});

/** Polls `check` until it is true. */
async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The test holds row locks in a transaction of its own to stop the victim at
 * a chosen point: a worker blocked on a lock is exactly where it was when it
 * is killed, however slow or fast this machine is.
 */
async function holdLocks() {
  const runner = server.db.createQueryRunner();
  await runner.connect();
  await runner.startTransaction();
  return {
    query: (sql: string, params: unknown[]) => runner.query(sql, params),
    release: async () => {
      await runner.rollbackTransaction();
      await runner.release();
    },
    /** Ends the transaction keeping what it wrote. */
    commit: async () => {
      await runner.commitTransaction();
      await runner.release();
    },
  };
}

it('resumes after SIGKILL from the unfinished shards, with the same bytes as an uninterrupted run', async () => {
  const { id } = await startRun(owner, blueprintId, target, { rows: ROWS });
  const victim = await worker();
  // Lock the run's row once some shards are done and some are not: finishing a shard updates that
  // row, so from here on the victim finishes none, and the shards it holds stay RUNNING.
  const locks = await holdLocks();
  await until('the run is part done', async () => {
    const locked = await locks.query(
      `SELECT 1 FROM runs WHERE id = $1 AND shards_done BETWEEN 3 AND shards_total - 3 FOR UPDATE`, [id]);
    return locked.length === 1;
  });
  await until('the victim holds a shard', async () =>
    (await server.db.query(`SELECT 1 FROM run_shards WHERE run_id = $1 AND state = 'RUNNING'`, [id])).length > 0);
  const finishedShards = await server.db.query(`SELECT id FROM run_shards WHERE run_id = $1 AND state = 'DONE'`, [id]);
  await victim.kill('SIGKILL');
  workers.splice(0);
  await locks.release();

  // The killed worker's shards are handed back (RUNNING → QUEUED) once their heartbeat is overdue.
  await waitForRun(owner, id, (r) => r.status === 'QUEUED', 30_000);
  await worker();
  const run = await waitForRun(owner, id, finished, 90_000);
  expect(run.status).toBe('SUCCEEDED');
  expect(run.attempts).toBe(2);
  expect(shas(run)).toEqual(reference);
  // No finished shard was made again: each was attempted once.
  const redone = await server.db.query(`SELECT count(*)::int AS n FROM run_shards WHERE id = ANY($1) AND attempts > 1`, [finishedShards.map((s: any) => s.id)]);
  expect(redone[0].n).toBe(0);
  await Promise.all(workers.map((w) => w.kill()));
  workers.splice(0);
});

it('resumes after SIGKILL while assembling the files, with the same bytes', async () => {
  const { id } = await startRun(owner, blueprintId, target, { rows: ROWS });
  // An uncommitted artifact row of the same name: the victim, after every shard and the first
  // file, waits on it when it records that file.
  const locks = await holdLocks();
  await locks.query(
    `INSERT INTO artifacts (run_id, table_name, format, name, size, sha256) VALUES ($1, 'users', 'CSV', 'users.csv', 0, '')`, [id]);
  const victim = await worker();
  await until('the victim waits to record its first file', async () =>
    (await server.db.query(
      `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'INSERT INTO artifacts%'`, [])).length > 0);
  const before = await server.db.query(`SELECT shards_done, shards_total, status FROM runs WHERE id = $1`, [id]);
  expect(before[0]).toMatchObject({ shards_done: before[0].shards_total, status: 'RUNNING' });
  await victim.kill('SIGKILL');
  workers.splice(0);
  // Shard files are not synced one by one: bytes a crashed machine lost are made again, never skipped.
  const shardsDir = path.join(server.config.runs.artifactDir, id, 'shards');
  fs.truncateSync(path.join(shardsDir, 'orders.csv.1'), 100);
  fs.rmSync(path.join(shardsDir, 'orders.sql.2'));
  await locks.release();

  // Supervision queues the assembly again once its heartbeat stops; no shard is made again.
  await worker();
  const run = await waitForRun(owner, id, finished, 90_000);
  expect(run.status).toBe('SUCCEEDED');
  expect(shas(run)).toEqual(reference);
  // What every file recorded is what it holds.
  for (const artifact of run.artifacts) {
    const bytes = fs.readFileSync(path.join(server.config.runs.artifactDir, id, artifact.name));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(artifact.sha256);
  }
  const redone = await server.db.query(`SELECT count(*)::int AS n FROM run_shards WHERE run_id = $1 AND attempts > 1`, [id]);
  expect(redone[0].n).toBe(0);
});

it('lets a worker that lost its shard while working stop, and the shard be made again, with the same bytes', async () => {
  const { id } = await startRun(owner, blueprintId, target, { rows: ROWS });
  // The run's row locked: the worker claims its first shards, then waits to record its attempt,
  // holding them RUNNING however fast it writes (a shard takes it a few milliseconds).
  const locks = await holdLocks();
  await locks.query(`SELECT 1 FROM runs WHERE id = $1 FOR UPDATE`, [id]);
  await worker();
  // Hand a shard the worker holds to someone else, as supervision does for a stalled worker. In the
  // locking transaction, skipping rows supervision may have locked meanwhile (it then waits for the
  // run's row): the test never waits on a lock, so nothing can wait on it in a circle.
  let taken: { id: string }[] = [];
  await until('a shard is taken from its worker', async () => {
    [taken] = await locks.query(
      `UPDATE run_shards SET worker = 'someone-else' WHERE id = (SELECT id FROM run_shards WHERE run_id = $1 AND state = 'RUNNING' LIMIT 1 FOR UPDATE SKIP LOCKED)
       RETURNING id`, [id]);
    return taken.length === 1;
  });
  await locks.commit();
  const run = await waitForRun(owner, id, finished, 90_000);
  expect(run.status).toBe('SUCCEEDED');
  expect(shas(run)).toEqual(reference);
  // The worker stopped writing it (nor counted it done); after the timeout it was made again.
  const [shard] = await server.db.query(`SELECT state, attempts FROM run_shards WHERE id = $1`, [taken[0].id]);
  expect(shard).toEqual({ state: 'DONE', attempts: 2 });
});
