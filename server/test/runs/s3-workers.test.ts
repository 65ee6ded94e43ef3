/**
 * Workers on several machines (PRODUCT.md §14): worker processes that share
 * no folder (each its own data directory) against one PostgreSQL and an
 * S3-protocol server on loopback (s3rver). Their files are byte-identical to
 * a single worker's, a worker killed mid-shard loses nothing, downloads are
 * the recorded SHA-256 (checked with `sha256sum`), and retention,
 * cancellation and failure delete the run's objects and abort its uploads.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { TestClient } from '../support/client';
import { createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { finished, startRun, waitForRun } from '../support/runs';
import { startTestServer, type TestServer } from '../support/server';
import { spawnWorker, type WorkerProcess } from '../support/workers';
import { startS3Server, type S3Server } from './support/s3';

jest.setTimeout(180_000);

const PREFIX = 'runs';
let s3: S3Server;
let client: S3Client;
let server: TestServer;
let owner: TestClient;
let projectId: string;
let shopId: string;
let peopleId: string;
const workers: WorkerProcess[] = [];
const folders: string[] = [];

/** Wide rows: 50,000 of them make a shard over S3's 5 MiB part minimum, so its files complete without moving bytes. */
function peopleDocument(rows: number) {
  return {
    seedbed: 1,
    name: 'people',
    locale: 'en',
    seed: 5,
    tables: [
      {
        name: 'people',
        rows,
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'uuid' },
          { name: 'first_name', generator: 'person.firstName' },
          { name: 'last_name', generator: 'person.lastName' },
          { name: 'email', generator: 'internet.email', options: { firstName: '{first_name}', lastName: '{last_name}' } },
          { name: 'phone', generator: 'phone.number' },
          { name: 'city', generator: 'location.city' },
          { name: 'company', generator: 'company.name' },
          { name: 'bio', generator: 'lorem.sentence' },
        ],
      },
    ],
  };
}

/**
 * A worker's shard counts as lost after this long without a heartbeat. Wider than the crash tests' 3 s:
 * a worker uploading to S3 on a busy 2-core machine went 3 s without one and its run was failed.
 */
const LOST_SECONDS = '8';

beforeAll(async () => {
  s3 = await startS3Server();
  client = new S3Client({ endpoint: s3.endpoint, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  // The API process takes no run work: it serves downloads from the store and sweeps expired runs.
  server = await startTestServer({
    env: {
      SEEDBED_RUN_WORKER: 'false', SEEDBED_SHARD_ROWS: '50000', SEEDBED_QUEUE_SUPERVISE_SECONDS: '1',
      SEEDBED_WORKER_LOST_SECONDS: LOST_SECONDS, SEEDBED_RETENTION_SWEEP_SECONDS: '1', ...s3.env(PREFIX),
    },
  });
  owner = (await createUser(server.url)).client;
  projectId = (await createProject(owner)).id;
  shopId = (await createBlueprint(owner, projectId, shopDocument())).id;
  peopleId = (await createBlueprint(owner, projectId, peopleDocument(120_000))).id;
});
afterAll(async () => {
  await Promise.all(workers.map((w) => w.kill('SIGKILL')));
  await server.stop();
  await s3.stop();
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** A worker on a "machine" of its own: its own data directory, the database and the store shared. */
async function worker(env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-machine-'));
  folders.push(dataDir);
  const w = spawnWorker(server, { SEEDBED_DATA_DIR: dataDir, SEEDBED_WORKER_LOST_SECONDS: LOST_SECONDS, ...s3.env(PREFIX), ...env });
  workers.push(w);
  await w.ready;
  return w;
}

async function stopWorkers() {
  await Promise.all(workers.splice(0).map((w) => w.kill()));
}

const target = { files: { formats: ['CSV', 'SQL'] } };
const USERS = 150_000; // with orders: ~9 shards per format, each under 5 MiB
const shas = (run: any) => Object.fromEntries(run.artifacts.map((a: any) => [a.name, a.sha256]));
const objectsUnder = async (runId: string) =>
  (await client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${PREFIX}/${runId}/` }))).Contents ?? [];

/** The objects left under a run once none is left or 30 s passed. */
async function emptied(runId: string) {
  const deadline = Date.now() + 30_000;
  while ((await objectsUnder(runId)).length > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  return objectsUnder(runId);
}

/** The objects and the open multipart uploads left under a run once neither is left or 30 s passed. */
async function leftOf(runId: string) {
  const left = async () => ({ objects: (await objectsUnder(runId)).map((o) => o.Key), uploads: s3.openUploads(`${PREFIX}/${runId}/`).map((u) => u.key) });
  const deadline = Date.now() + 30_000;
  let now = await left();
  while ((now.objects.length || now.uploads.length) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    now = await left();
  }
  return now;
}

/** How run_shards names a worker process. */
const workerId = (w: WorkerProcess) => `${os.hostname()}:${w.child.pid}`;

/**
 * Stops a worker's process outside any transaction of its own. Stopped inside one (a claim holds the queue's
 * lock for its transaction), it would hold every other worker until it is let go.
 */
async function pause(w: WorkerProcess) {
  for (;;) {
    w.child.kill('SIGSTOP');
    const busy = await server.db.query(`SELECT 1 FROM pg_stat_activity WHERE application_name = $1 AND xact_start IS NOT NULL`, [`seedbed ${workerId(w)}`]);
    if (!busy.length) return;
    w.child.kill('SIGCONT');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Polls `sql` (with `params`) until it returns a row, or fails after `timeoutMs` saying what it waited for. */
async function until(what: string, sql: string, params: unknown[], timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await server.db.query(sql, params);
    if (rows.length) return rows;
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Downloads through the API into a file and hashes it as a user would. */
async function sha256sum(url: string): Promise<string> {
  const response = await owner.request(url);
  expect(response.status).toBe(200);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-download-')), 'file');
  folders.push(path.dirname(file));
  fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
  return execFileSync('sha256sum', [file], { encoding: 'utf8' }).split(' ')[0];
}

const reference: Record<string, Record<string, string>> = {};

it.each([
  ['shop (shards under 5 MiB: joined in the store)', () => shopId, { rows: USERS }],
  ['people (shards over 5 MiB: parts of one upload)', () => peopleId, {}],
])('makes a run of %s with one worker; downloads are the recorded SHA-256, with Range', async (name, blueprint, extra) => {
  await worker();
  const run = await waitForRun(owner, (await startRun(owner, blueprint(), target, extra)).id, finished, 120_000);
  expect({ status: run.status, error: run.error }).toEqual({ status: 'SUCCEEDED', error: null });
  reference[name] = shas(run);
  for (const artifact of run.artifacts) expect(await sha256sum(artifact.url)).toBe(artifact.sha256);
  const csv = run.artifacts.find((a: any) => a.format === 'CSV');
  const whole = Buffer.from(await (await owner.request(csv.url)).arrayBuffer());
  const ranged = await owner.request(csv.url, { headers: { range: 'bytes=1000-1999' } });
  expect(ranged.status).toBe(206);
  expect(ranged.headers.get('content-range')).toBe(`bytes 1000-1999/${csv.size}`);
  expect(Buffer.from(await ranged.arrayBuffer()).equals(whole.subarray(1000, 2000))).toBe(true);
  // Only the files are left: no shard objects.
  expect((await objectsUnder(run.id)).map((o) => o.Key!.split('/').pop()).sort()).toEqual(run.artifacts.map((a: any) => a.name).sort());
  await stopWorkers();
});

it('shares runs between two workers that share no folder, with the same bytes', async () => {
  // One shard at a time each: a worker cannot take the people run's three shards alone.
  const [first, second] = await Promise.all([worker({ SEEDBED_WORKER_CONCURRENCY: '1' }), worker({ SEEDBED_WORKER_CONCURRENCY: '1' })]);
  for (const [name, blueprint, extra] of [['shop (shards under 5 MiB: joined in the store)', shopId, { rows: USERS }], ['people (shards over 5 MiB: parts of one upload)', peopleId, {}]] as const) {
    // The second worker is held until the first has claimed a shard of the run. The first holds one shard
    // at a time, so the second, let go, finds the rest: each makes some, whatever the machine's load.
    await pause(second);
    let id: string;
    try {
      id = (await startRun(owner, blueprint, target, extra)).id;
      await until('the first worker to claim a shard', `SELECT 1 FROM run_shards WHERE run_id = $1 AND worker = $2`, [id, workerId(first)]);
    } finally {
      second.child.kill('SIGCONT');
    }
    const run = await waitForRun(owner, id, finished, 120_000);
    expect({ status: run.status, error: run.error }).toEqual({ status: 'SUCCEEDED', error: null });
    expect(shas(run)).toEqual(reference[name]);
    // Both workers made shards of this run (not merely of some run in the database).
    const made = await server.db.query(`SELECT DISTINCT worker FROM run_shards WHERE run_id = $1 AND state = 'DONE'`, [id]);
    expect(made.map((r: { worker: string }) => r.worker).sort()).toEqual([workerId(first), workerId(second)].sort());
  }
  await stopWorkers();
});

it('loses nothing when a worker is killed mid-shard', async () => {
  const [victim] = await Promise.all([worker(), worker()]);
  const victimId = `${os.hostname()}:${victim.child.pid}`;
  const { id } = await startRun(owner, shopId, target, { rows: USERS });
  let doneBefore: { id: string }[] = [];
  const deadline = Date.now() + 60_000;
  for (;;) {
    const held = await server.db.query(`SELECT 1 FROM run_shards WHERE run_id = $1 AND state = 'RUNNING' AND worker = $2`, [id, victimId]);
    if (held.length) break;
    if (Date.now() > deadline) throw new Error('the victim never held a shard');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  await victim.kill('SIGKILL');
  doneBefore = await server.db.query(`SELECT id FROM run_shards WHERE run_id = $1 AND state = 'DONE'`, [id]);
  const run = await waitForRun(owner, id, finished, 120_000);
  expect({ status: run.status, error: run.error }).toEqual({ status: 'SUCCEEDED', error: null });
  expect(shas(run)).toEqual(reference['shop (shards under 5 MiB: joined in the store)']);
  // The killed worker's shard was made again; none finished before was.
  const [{ redone }] = await server.db.query(`SELECT count(*)::int AS redone FROM run_shards WHERE run_id = $1 AND attempts > 1`, [id]);
  expect(redone).toBeGreaterThan(0);
  const again = await server.db.query(`SELECT id FROM run_shards WHERE id = ANY($1) AND attempts > 1`, [doneBefore.map((s) => s.id)]);
  expect(again).toEqual([]);
  await stopWorkers();
});

it('deletes the objects of an expired run, and of a cancelled one', async () => {
  await worker();
  const run = await waitForRun(owner, (await startRun(owner, peopleId, target)).id, finished, 120_000);
  expect((await objectsUnder(run.id)).length).toBe(2);
  await server.db.query(`UPDATE runs SET expires_at = now() - interval '1 second' WHERE id = $1`, [run.id]);
  await waitForRun(owner, run.id, (r) => r.status === 'EXPIRED', 30_000);
  // Deleted right after the status moves.
  expect(await emptied(run.id)).toEqual([]);

  // Twenty times the size (some ten million rows): still going when it is cancelled.
  const { id } = await startRun(owner, shopId, target, { rows: USERS * 20 });
  await waitForRun(owner, id, (r) => r.rowsDone > 0, 60_000);
  await owner.ok(`mutation($id: ID!) { cancelRun(id: $id) { status } }`, { id });
  // The worker notices within a tick and removes what it was writing too, and aborts the run's uploads.
  expect(await leftOf(id)).toEqual({ objects: [], uploads: [] });
  await stopWorkers();
});

it('aborts the uploads and deletes the objects of a run that fails after some of its shards went up', async () => {
  // Four shards of 50,000 wide rows, each over 5 MiB: a part of its file's upload. The unique `code` repeats
  // from row 150,001 on, so the last shard fails with UNIQUE_EXHAUSTED and the other three succeed.
  const document = peopleDocument(200_000);
  const failing = {
    ...document,
    tables: [{ ...document.tables[0], fields: [...document.tables[0].fields, { name: 'n', generator: 'sequence' }, { name: 'code', generator: 'formula', options: { expr: "if(n > 150000, 'same', 'c' & n)" }, unique: true }] }],
  };
  const { id } = await startRun(owner, (await createBlueprint(owner, projectId, failing)).id, target);
  // No worker is up yet. The last shard is held as a worker would hold it, its heartbeat kept fresh, until the
  // others are done: so some shards went up before the run fails, whatever order the queue hands them out in.
  // (TypeORM answers an UPDATE … RETURNING with [rows, count].)
  const [[held]] = await server.db.query(
    `UPDATE run_shards SET state = 'RUNNING', worker = 'test:holder', attempts = attempts + 1, heartbeat_at = now()
     WHERE run_id = $1 AND shard_index = (SELECT max(shard_index) FROM run_shards WHERE run_id = $1) RETURNING id, shard_index, from_row`,
    [id],
  );
  expect([held.shard_index, Number(held.from_row)]).toEqual([3, 150_000]);
  const beat = setInterval(() => void server.db.query(`UPDATE run_shards SET heartbeat_at = now() WHERE id = $1 AND worker = 'test:holder'`, [held.id]).catch(() => {}), 1000);
  try {
    await worker();
    await until('three shards done', `SELECT 1 FROM run_shards WHERE run_id = $1 AND state = 'DONE' HAVING count(*) = 3`, [id], 120_000);
  } finally {
    clearInterval(beat);
  }
  // Their parts are in the store, in the open uploads of both files.
  expect(s3.openUploads(`${PREFIX}/${id}/`).map((u) => u.key).sort()).toEqual([`${PREFIX}/${id}/people.csv`, `${PREFIX}/${id}/people.sql`]);
  // The holder is lost: supervision hands its shard back, the worker takes it and the run fails.
  await server.db.query(`UPDATE run_shards SET heartbeat_at = now() - interval '1 hour' WHERE id = $1`, [held.id]);
  const run = await waitForRun(owner, id, finished, 120_000);
  expect(run.status).toBe('FAILED');
  expect(run.error).toMatch(/^UNIQUE_EXHAUSTED: .*"code"/);
  expect(run.artifacts).toEqual([]);
  expect(await leftOf(id)).toEqual({ objects: [], uploads: [] });
  await stopWorkers();
});
