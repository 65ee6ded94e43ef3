/**
 * One user's flood of large runs against another user's small one, and one
 * large run against the disk (issue #23 row 6, measured before: one API key
 * queued 30 runs of 14M rows in 1.1 s, another user's 1,000-row run then
 * waited QUEUED 75 s, and one 14M-row run wrote 5.3 GB with no quota or
 * free-space check).
 *
 * Boots a server as `npm start` does, from this checkout or from `--root DIR`
 * (another checkout of Seedbed, such as the commit before the fair queue, for
 * the before figures; its node_modules may be a link to this one's), over an
 * embedded PostgreSQL in a temporary folder. Then:
 *  1. user A's API key starts up to 30 runs of 14M people rows (CSV and
 *     NDJSON) as fast as it can: how many were accepted, in how long, and why
 *     the rest were refused;
 *  2. user B starts a 1,000-row run: its place in the queue, and how long it
 *     took (createdAt to finishedAt, the server's clock; given up after
 *     --wait seconds), with the bytes in the artifact folder meanwhile;
 *  3. A's runs are cancelled, and one more 14M-row run of A is let go to its
 *     end: its status, error and the most bytes the artifact folder held.
 * The server gets SEEDBED_PROJECT_ARTIFACT_BYTES=--quota-bytes (default 2 GB,
 * to keep this run's disk use small; a checkout without quotas ignores it).
 *
 *   npm run bench:fairness [-- --root DIR --runs 30 --rows 14000000 --wait 180 --quota-bytes 2000000000]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { peopleBlueprint } from './blueprints';
import { benchClient, portWhenReady } from './client';
import { fmt, machineLoad, scratchDir } from './measure';

const { values: flags } = parseArgs({
  options: {
    root: { type: 'string', default: path.resolve(__dirname, '..') },
    runs: { type: 'string', default: '30' },
    rows: { type: 'string', default: '14000000' },
    wait: { type: 'string', default: '180' },
    'quota-bytes': { type: 'string', default: '2000000000' },
  },
});
const ROOT = path.resolve(flags.root!);
const RUNS = Number(flags.runs);
const ROWS = Number(flags.rows);
const WAIT_MS = Number(flags.wait) * 1000;

type Api = ReturnType<typeof benchClient>;

async function boot(dataDir: string): Promise<{ base: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['-r', path.join(ROOT, 'server', 'bin', 'ts-register.js'), path.join(ROOT, 'server', 'src', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', SEEDBED_DATA_DIR: dataDir, SEEDBED_PROJECT_ARTIFACT_BYTES: flags['quota-bytes'] },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  process.on('exit', () => child.kill('SIGTERM'));
  const port = await portWhenReady(child);
  return { base: `http://127.0.0.1:${port}`, child };
}

async function signUp(base: string, name: string): Promise<{ api: Api; projectId: string }> {
  const api = benchClient(base);
  const email = `${name}-${Date.now()}@example.test`;
  await api.gql(`mutation($input: SignUpInput!) { signUp(input: $input) { user { id } } }`, { input: { email, password: 'correct horse battery', name } });
  const { createProject } = await api.gql(`mutation($input: CreateProjectInput!) { createProject(input: $input) { id } }`, { input: { name: `${name}'s project` } });
  return { api, projectId: createProject.id };
}

async function blueprint(api: Api, projectId: string, rows: number): Promise<string> {
  const { createBlueprint } = await api.gql(`mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }`, { input: { projectId, document: peopleBlueprint(rows) } });
  return createBlueprint.id;
}

/** POSTs a GraphQL operation with an API key; answers the whole body (data and errors). */
async function withKey(base: string, secret: string, query: string, variables: Record<string, unknown>) {
  const response = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify({ query, variables }) });
  return (await response.json()) as { data?: any; errors?: { message: string; extensions?: { code?: string } }[] };
}

const START = `mutation($input: StartRunInput!) { startRun(input: $input) { id } }`;
const target = { files: { formats: ['CSV', 'NDJSON'] } };

/** Bytes of every file under `dir`. */
async function bytesUnder(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await fs.readdir(dir, { withFileTypes: true, recursive: true }).catch(() => [])) {
    if (entry.isFile()) total += await fs.stat(path.join(entry.parentPath, entry.name)).then((s) => s.size, () => 0);
  }
  return total;
}

async function readRun(api: Api, id: string) {
  const fields = 'status error createdAt finishedAt';
  try {
    return (await api.gql(`query($id: ID!) { run(id: $id) { ${fields} queuePosition } }`, { id })).run;
  } catch {
    // A checkout before queue positions.
    return (await api.gql(`query($id: ID!) { run(id: $id) { ${fields} } }`, { id })).run;
  }
}

/** Polls run `id` until it ends or `timeoutMs` passed, noting the most bytes the artifact folder held. */
async function follow(api: Api, id: string, artifacts: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let peak = 0;
  let run = await readRun(api, id);
  while (!['SUCCEEDED', 'FAILED', 'CANCELLED'].includes(run.status) && Date.now() < deadline) {
    peak = Math.max(peak, await bytesUnder(artifacts));
    await new Promise((resolve) => setTimeout(resolve, 500));
    run = await readRun(api, id);
  }
  return { run, peak: Math.max(peak, await bytesUnder(artifacts)) };
}

const gb = (bytes: number) => `${(bytes / 1e9).toFixed(2)} GB`;

async function main() {
  // The embedded PostgreSQL runs as its own user when this is root: it must reach the folder.
  await fs.chmod(scratchDir, 0o755);
  const dataDir = path.join(scratchDir, 'server');
  await fs.mkdir(dataDir, { mode: 0o755 });
  const artifacts = path.join(dataDir, 'artifacts');
  console.log(`server from ${ROOT}; ${machineLoad()}`);
  const { base, child } = await boot(dataDir);
  try {
    const a = await signUp(base, 'flooder');
    const big = await blueprint(a.api, a.projectId, ROWS);
    const { createApiKey } = await a.api.gql(`mutation($input: CreateApiKeyInput!) { createApiKey(input: $input) { secret } }`, { input: { projectId: a.projectId, name: 'flood', role: 'EDITOR' } });

    const started = Date.now();
    const accepted: string[] = [];
    const refusals = new Map<string, number>();
    for (let i = 0; i < RUNS; i++) {
      const answer = await withKey(base, createApiKey.secret, START, { input: { blueprintId: big, target } });
      if (answer.data?.startRun) accepted.push(answer.data.startRun.id);
      else {
        const code = answer.errors?.[0]?.extensions?.code ?? 'error';
        refusals.set(code, (refusals.get(code) ?? 0) + 1);
      }
    }
    const refused = [...refusals].map(([code, n]) => `${n} ${code}`).join(', ') || 'none';
    console.log(`1. one API key started ${accepted.length} of ${RUNS} runs of ${fmt(ROWS)} rows in ${((Date.now() - started) / 1000).toFixed(1)} s; refused: ${refused}`);

    const b = await signUp(base, 'bystander');
    const small = await blueprint(b.api, b.projectId, 1_000);
    const { startRun } = await b.api.gql(START, { input: { blueprintId: small, target } });
    const place = (await readRun(b.api, startRun.id)).queuePosition;
    const { run, peak } = await follow(b.api, startRun.id, artifacts, WAIT_MS);
    const waited = run.finishedAt ? `${((Date.parse(run.finishedAt) - Date.parse(run.createdAt)) / 1000).toFixed(1)} s` : `more than ${WAIT_MS / 1000} s`;
    console.log(`2. another user's 1,000-row run: place ${place ?? 'n/a'} in the queue, ${run.status} after ${waited}; the artifact folder held up to ${gb(peak)} meanwhile`);

    for (const id of accepted) await withKey(base, createApiKey.secret, `mutation($id: ID!) { cancelRun(id: $id) { status } }`, { id });
    const clock = Date.now();
    const one = await a.api.gql(START, { input: { blueprintId: big, target } }).then((d) => d.startRun.id as string, (error) => { console.log(`3. one more run refused: ${error.message}`); return undefined; });
    if (one) {
      const last = await follow(a.api, one, artifacts, 30 * 60_000);
      console.log(`3. one run of ${fmt(ROWS)} rows: ${last.run.status} after ${((Date.now() - clock) / 1000).toFixed(0)} s${last.run.error ? ` (${last.run.error.slice(0, 160)})` : ''}; the artifact folder held up to ${gb(last.peak)}`);
    }
  } finally {
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
