/**
 * The server survives what the kernel does to it: its API process killed
 * with SIGKILL (as the OOM killer does) is restarted by `npm start`'s
 * supervisor, the supervisor itself killed starts again over the same data
 * folder, and a killed postmaster comes back by itself. These boot the real
 * `main.ts` as a process with no DATABASE_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../src/db/embedded-postgres';
import { createBlueprint, createProject, createUser } from '../support/factories';
import { finished, startRun, waitForRun } from '../support/runs';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '..', '..', '..');
const started: ChildProcess[] = [];
const dataDirs: string[] = [];
let dataDir: string;

beforeEach(() => {
  // The postgres user (we may be root) must reach the cluster below it.
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-crash-'));
  fs.chmodSync(dataDir, 0o755);
  dataDirs.push(dataDir);
});

afterAll(async () => {
  // Each server is the leader of its own process group: this ends it and its
  // worker child; its PostgreSQL (a group of its own) is killed by pid below.
  for (const child of started) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  for (dataDir of dataDirs) {
    const postmaster = postmasterPid();
    try {
      if (postmaster) process.kill(postmaster, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** `npm start`'s server process (the supervisor) on `port`, over the shared data folder; resolves once it answers. */
async function startServer(port: number): Promise<{ child: ChildProcess; output: () => string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), SEEDBED_DATA_DIR: dataDir, LOG_LEVEL: 'info', NODE_ENV: 'development' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['-r', './server/bin/ts-register.js', 'server/src/main.ts'], {
    cwd: ROOT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output.slice(-3000)}`);
    if (await answers(`http://127.0.0.1:${port}/readyz`)) return { child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become ready:\n${output.slice(-3000)}`);
}

async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url, { signal: AbortSignal.timeout(2000) })).status === 200;
  } catch {
    return false;
  }
}

function postmasterPid(): number | undefined {
  try {
    return Number(fs.readFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0]) || undefined;
  } catch {
    return undefined;
  }
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Running: not gone, nor a zombie waiting to be reaped. */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function until(what: string, check: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Pids of the API processes the supervisor says it started, oldest first. */
const apiPids = (output: string) => [...output.matchAll(/"pid":(\d+),"msg":"API process started"/g)].map((m) => Number(m[1]));

/** Parent pid from /proc/<pid>/stat (field 4; the name in field 2 may hold spaces). */
const parentOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
};

it('starts again after the supervisor itself is killed, stopping the PostgreSQL it orphaned, and the run finishes with the same bytes', async () => {
  const port = await freePort();
  const first = await startServer(port);
  const url = `http://127.0.0.1:${port}`;
  const owner = (await createUser(url)).client;
  const projectId = (await createProject(owner)).id;
  const document = {
    seedbed: 1, name: 'crash', seed: 7,
    tables: [{ name: 'people', rows: 600_000, primaryKey: 'id', fields: [
      { name: 'id', generator: 'sequence' },
      { name: 'name', generator: 'person.fullName' },
      { name: 'email', generator: 'internet.email' },
      { name: 'born', generator: 'date.birthdate' },
    ] }],
  };
  const { id: blueprintId } = await createBlueprint(owner, projectId, document);
  const run = await startRun(owner, blueprintId, { files: { formats: ['CSV'] } });

  const orphan = postmasterPid();
  expect(orphan).toBeDefined();
  process.kill(first.child.pid!, 'SIGKILL');
  await new Promise((resolve) => first.child.once('exit', resolve));
  // Its API process sees the supervisor gone and stops: the next server must not mistake its answers for its own.
  await until('the orphaned API process stopped', () => apiPids(first.output()).every((pid) => !alive(pid)));
  // What the OOM killer leaves behind: the postmaster still runs and holds its lock.
  expect(() => process.kill(orphan!, 0)).not.toThrow();

  const second = await startServer(port);
  expect(second.output()).not.toMatch(/lock file .* already exists/);
  // Same port, same session cookie: the user carries on as if nothing happened.
  const done = await waitForRun(owner, run.id, finished, 120_000);
  expect(done.status).toBe('SUCCEEDED');
  const file = Buffer.from(await (await owner.request(done.artifacts[0].url)).arrayBuffer());
  const instant = Buffer.from(await (await owner.request(`/api/v1/blueprints/${blueprintId}/rows.csv?table=people`)).arrayBuffer());
  expect(sha256(file)).toBe(done.artifacts[0].sha256);
  expect(sha256(file)).toBe(sha256(instant));
});

it('brings a killed postmaster back, then a killed API process within 10 s, with nothing orphaned', async () => {
  const port = await freePort();
  const { child, output } = await startServer(port);
  const url = `http://127.0.0.1:${port}`;
  const before = postmasterPid()!;
  // The supervisor owns PostgreSQL: the API process is only a client of it.
  expect(parentOf(before)).toBe(child.pid);
  process.kill(before, 'SIGKILL');
  const deadline = Date.now() + 60_000;
  let healthy = false;
  while (!healthy && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    healthy = postmasterPid() !== before && (await answers(`${url}/readyz`));
  }
  expect(healthy).toBe(true);
  // The server's own pool reconnected: a signed-up user can work.
  const owner = (await createUser(url)).client;
  expect((await owner.ok('{ me { id } }')).me.id).toBeTruthy();

  const postmaster = postmasterPid()!;
  const [api] = apiPids(output());
  expect(parentOf(api)).toBe(child.pid);
  process.kill(api, 'SIGKILL');
  const killedAt = Date.now();
  let answered: number | undefined;
  while (answered === undefined && Date.now() - killedAt < 60_000) {
    const response = await owner.gql('{ me { id } }').catch(() => undefined);
    if (response?.data?.me?.id) answered = Date.now() - killedAt;
    else await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The same session on the same port: the user carries on.
  expect(answered).toBeLessThan(10_000);
  expect(apiPids(output())).toHaveLength(2);
  expect(output()).toMatch(/"signal":"SIGKILL"[^\n]*"msg":"API process exited; restarting it"/);
  // PostgreSQL went on untouched, neither restarted nor orphaned.
  expect(postmasterPid()).toBe(postmaster);
  expect(parentOf(postmaster)).toBe(child.pid);

  process.kill(child.pid!, 'SIGTERM');
  expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(0);
  expect(alive(postmaster)).toBe(false);
  for (const pid of apiPids(output())) expect(alive(pid)).toBe(false);
});

it('stops cleanly on Ctrl-C: the terminal signals the server\'s group, PostgreSQL is stopped by the server after its own work', async () => {
  const port = await freePort();
  const { child, output } = await startServer(port);
  const postmaster = postmasterPid()!;
  const groupOf = (pid: number) => Number(fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[2]);
  // In a group of its own, so a terminal's SIGINT to the foreground group does not reach it.
  expect(groupOf(postmaster)).not.toBe(groupOf(child.pid!));

  process.kill(-child.pid!, 'SIGINT'); // what Ctrl-C does
  const code = await new Promise((resolve) => child.once('exit', resolve));
  expect(code).toBe(0);
  expect(alive(postmaster)).toBe(false); // stopped, not orphaned
  // No error logged on the way out (a postmaster that got the SIGINT first made the server log every lost connection).
  expect(output().split('\n').filter((line) => /"level":(50|60)/.test(line))).toEqual([]);
});
