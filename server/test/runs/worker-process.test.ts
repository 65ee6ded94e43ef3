/**
 * `npm start` as a user runs it (src/main.ts, the supervisor, in a process of
 * its own): the API process takes no run work, the niced worker child beside
 * it does, the API keeps answering during a large run, and a worker child
 * killed mid-run is restarted and finishes the run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import { Client } from 'pg';
import WebSocket from 'ws';
import type { TestClient } from '../support/client';
import { createTestDatabase, type TestDatabase } from '../support/database';
import { createBlueprint, createProject, createUser } from '../support/factories';
import { finished, startRun, waitForRun } from '../support/runs';

jest.setTimeout(240_000);

const SERVER_DIR = path.resolve(__dirname, '..', '..');
/** Ten shards: enough to watch progress and to kill the worker between two of them, little enough that a worker niced below a busy machine's other work finishes it. */
const ROWS = 400_000;
const NICE = 10;

let database: TestDatabase;
let dataDir: string;
let server: ChildProcess;
let baseUrl: string;
let pg: Client;
let owner: TestClient;
let blueprintId: string;
/** Pids of the worker children the server said it started, oldest first. */
const workerPids: number[] = [];
let output = '';

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-main-'));
  server = spawn(process.execPath, ['-r', './bin/ts-register.js', 'src/main.ts'], {
    cwd: SERVER_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      PORT: '0',
      DATABASE_URL: database.url,
      SEEDBED_DATA_DIR: dataDir,
      SEEDBED_RUN_NICE: String(NICE),
      SEEDBED_SHARD_ROWS: '40000',
      SEEDBED_QUEUE_SUPERVISE_SECONDS: '1',
      SEEDBED_WORKER_LOST_SECONDS: '3',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    let pending = '';
    server.stdout!.on('data', (chunk) => {
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        output += line + '\n';
        const entry = parseLog(line);
        if (entry?.msg === 'Seedbed is ready') resolve(entry.port as number);
        if (entry?.msg === 'run worker process started') workerPids.push(entry.pid as number);
      }
    });
    server.stderr!.on('data', (chunk) => (output += chunk));
    server.once('exit', (code) => reject(new Error(`server exited (${code}) before it was ready:\n${output.slice(-3000)}`)));
  });
  baseUrl = `http://127.0.0.1:${port}`;
  pg = new Client({ connectionString: database.url });
  await pg.connect();
  owner = (await createUser(baseUrl)).client;
  const { id: projectId } = await createProject(owner);
  blueprintId = (await createBlueprint(owner, projectId, peopleDocument(ROWS))).id;
  await until('the worker child is ready', async () => output.includes('run worker ready'), 30_000);
});

afterAll(async () => {
  await pg?.end();
  const children = [...workerPids];
  if (server) await stop(server, 20_000);
  // The server stops its worker child; one left behind by a failed test is ended here, by its pid.
  for (const pid of children) if (alive(pid)) process.kill(pid, 'SIGKILL');
  await database?.drop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

function parseLog(line: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(line);
  } catch {
    return undefined;
  }
}

function peopleDocument(rows: number) {
  return {
    seedbed: 1,
    name: 'people',
    locale: 'en',
    seed: 3,
    tables: [
      {
        name: 'people',
        rows,
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'sequence' },
          { name: 'uuid', generator: 'uuid' },
          { name: 'first_name', generator: 'person.firstName' },
          { name: 'last_name', generator: 'person.lastName' },
          { name: 'email', generator: 'internet.email', options: { firstName: '{first_name}', lastName: '{last_name}' } },
          { name: 'city', generator: 'location.city' },
        ],
      },
    ],
  };
}

/** Parent pid and niceness from /proc/<pid>/stat (fields 4 and 19; the name in field 2 may hold spaces). */
function procStat(pid: number): { ppid: number; nice: number } {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), nice: Number(fields[16]) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function stop(child: ChildProcess, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}\n${output.slice(-3000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Asks /healthz again and again until `done` settles; returns the slowest answer in ms. */
async function slowestHealthz(done: Promise<unknown>): Promise<number> {
  let settled = false;
  done.then(() => (settled = true), () => (settled = true));
  let slowest = 0;
  while (!settled) {
    const started = Date.now();
    const response = await fetch(`${baseUrl}/healthz`);
    expect(response.status).toBe(200);
    slowest = Math.max(slowest, Date.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return slowest;
}

/** The processes (pids) recorded as having run the run's shards. */
async function shardPids(runId: string): Promise<number[]> {
  const { rows } = await pg.query(`SELECT DISTINCT worker FROM run_shards WHERE run_id = $1 AND state = 'DONE'`, [runId]);
  return rows.map((r) => {
    expect(r.worker.startsWith(`${os.hostname()}:`)).toBe(true);
    return Number(r.worker.split(':').pop());
  });
}

it('runs the API in one process and runs in a niced worker child, which reports progress live', async () => {
  const workerPid = workerPids.at(-1)!;
  expect(workerPid).not.toBe(server.pid);
  // Lowered once it is ready (it starts up at the API's priority).
  await until('the worker child is niced', async () => procStat(workerPid).nice === NICE, 30_000);
  expect(procStat(workerPid).ppid).toBe(server.pid);

  const { id } = await startRun(owner, blueprintId, { files: { formats: ['CSV'] } });
  const ws = createClient({
    url: baseUrl.replace('http', 'ws') + '/graphql',
    webSocketImpl: class extends WebSocket {
      constructor(url: string, protocols: string[]) {
        super(url, protocols, { headers: { cookie: owner.cookieHeader } });
      }
    },
  });
  const seen: { status: string; rowsDone: number }[] = [];
  const progress = new Promise<void>((resolve, reject) =>
    ws.subscribe<any>(
      { query: `subscription($id: ID!) { runProgress(id: $id) { status rowsDone } }`, variables: { id } },
      { next: (v) => (v.errors ? reject(new Error(JSON.stringify(v.errors))) : seen.push(v.data.runProgress)), error: reject, complete: resolve },
    ),
  );
  const run = waitForRun(owner, id, finished, 180_000);
  // Generous: with the run in the API's own process /healthz waited seconds.
  expect(await slowestHealthz(run)).toBeLessThan(1000);
  expect(await run).toMatchObject({ status: 'SUCCEEDED', rowsDone: ROWS, error: null });
  await progress;
  await ws.dispose();

  // Progress made in the child reached the API's subscribers as it happened, not only at the end.
  expect(seen.filter((s) => s.status === 'RUNNING' && s.rowsDone > 0 && s.rowsDone < ROWS).length).toBeGreaterThan(0);
  expect(seen.at(-1)).toMatchObject({ status: 'SUCCEEDED', rowsDone: ROWS });
  expect(await shardPids(id)).toEqual([workerPid]);

  const metrics = await (await fetch(`${baseUrl}/metrics`)).text();
  expect(metrics).toMatch(/^seedbed_event_loop_delay_seconds\{quantile="0\.99"\} [\d.e-]+$/m);
  expect(metrics).toMatch(/^seedbed_event_loop_delay_seconds\{quantile="1"\} [\d.e-]+$/m);
  expect(metrics).not.toMatch(/eventloop_lag/);
});

it('restarts a worker child killed mid-run, and the run still finishes', async () => {
  const killed = workerPids.at(-1)!;
  const { id } = await startRun(owner, blueprintId, { files: { formats: ['CSV'] } });
  await until('a shard of the run is done', async () => {
    const { rows } = await pg.query(`SELECT count(*)::int AS n FROM run_shards WHERE run_id = $1 AND state = 'DONE'`, [id]);
    return rows[0].n > 0;
  }, 120_000);
  process.kill(killed, 'SIGKILL');

  await until('the server started another worker child', async () => workerPids.at(-1) !== killed, 30_000);
  const restarted = workerPids.at(-1)!;
  expect(output).toMatch(/run worker process exited; restarting it/);
  await until('the restarted worker child is niced', async () => procStat(restarted).nice === NICE, 60_000);
  expect(procStat(restarted).ppid).toBe(server.pid);

  const run = waitForRun(owner, id, finished, 180_000);
  expect(await slowestHealthz(run)).toBeLessThan(1000);
  expect(await run).toMatchObject({ status: 'SUCCEEDED', rowsDone: ROWS, error: null });
  const pids = await shardPids(id);
  expect(pids).toContain(restarted);
  expect(pids).not.toContain(server.pid);
});

it('stops its worker child when it stops', async () => {
  const child = workerPids.at(-1)!;
  await stop(server, 20_000);
  expect(server.exitCode).toBe(0);
  expect(alive(child)).toBe(false);
});
