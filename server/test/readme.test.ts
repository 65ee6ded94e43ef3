/**
 * Every example of the README runs as written: each command of its `sh` blocks
 * runs in bash against a real server, with the real curl and the real
 * `npx seedbed`, and must exit 0 with the output it promises. Only what a
 * reader sets up is substituted: the server's address for localhost:4000, the
 * test PostgreSQL for the example database URL, a temporary folder for the
 * files the examples read and write, and $SEEDBED_KEY / $BLUEPRINT.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApiKey, createBlueprint, createProject, createUser } from './support/factories';
import { countRows, createEmptyDatabase, type TestDatabase } from './support/database';
import { readmeGraphQLBlocks, readmeJsonAfter, readmeShellCommands } from './support/readme';
import { startTestServer, type TestServer } from './support/server';

const ROOT = path.join(__dirname, '../..');

/** Commands a test cannot run as written, each with its reason; every other README command runs. */
const NOT_RUN: [RegExp, string][] = [
  [/^npm ci && npm start\b/, 'serves on port 4000 until Ctrl-C with an embedded PostgreSQL of its own; this test runs the same app (createApp) on a free port'],
  [/^npm ci && npm test\b/, 'runs every test, this one included, and npm ci would reinstall the dependencies under the running tests'],
  [/^npm run bench\b/, 'npm run bench and bench:*, benchmarks: minutes of every core, measured against a baseline; not a pass/fail example'],
  [/^node .*\bbench\//, 'a benchmark: minutes of every core, measured against a baseline; not a pass/fail example'],
];

const commands = readmeShellCommands();
const toRun = commands.filter((command) => !NOT_RUN.some(([pattern]) => pattern.test(command)));

let server: TestServer;
let target: TestDatabase;
let folder: string;
let env: NodeJS.ProcessEnv;
let blueprintId: string;
const shop = readmeJsonAfter('shop.json') as { tables: { name: string; rows: unknown; fields: { name: string }[] }[] };
const usersHeader = shop.tables[0].fields.map((f) => f.name).join(',');

beforeAll(async () => {
  server = await startTestServer();
  target = await createEmptyDatabase();
  folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-readme-'));
  fs.writeFileSync(path.join(folder, 'shop.json'), JSON.stringify(shop, null, 2));
  const { client } = await createUser(server.url);
  const { id: projectId } = await createProject(client);
  blueprintId = (await createBlueprint(client, projectId, shop)).id;
  const { secret } = await createApiKey(client, projectId, 'EDITOR');
  env = { ...process.env, SEEDBED_KEY: secret, BLUEPRINT: blueprintId, NO_COLOR: '1' };
});
afterAll(async () => {
  await server?.stop();
  await target?.drop();
  if (folder) fs.rmSync(folder, { recursive: true, force: true });
});

/** The command a reader types, with what only a reader has put in its place. */
function asRunHere(command: string): string {
  return command
    .replaceAll('http://localhost:4000', server.url)
    .replaceAll('postgres://user:pass@host/db', target.url)
    .replace(/(^|\s)shop\.json\b/g, `$1${folder}/shop.json`)
    .replace(/--out (?!-)(\S+)/g, (_m, out: string) => `--out ${path.join(folder, out)}`)
    .replace(/> (?!\/)(\S+)/g, (_m, file: string) => `> ${path.join(folder, file)}`);
}

interface Ran {
  code: number | null;
  /** The first megabyte of standard output (a million NDJSON rows are counted, not kept). */
  stdout: string;
  stdoutLines: number;
  stderr: string;
}

function run(command: string): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-o', 'pipefail', '-c', command], { cwd: ROOT, env });
    let stdout = '';
    let stdoutLines = 0;
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (stdout.length < 1 << 20) stdout += chunk;
      for (let i = chunk.indexOf('\n'); i >= 0; i = chunk.indexOf('\n', i + 1)) stdoutLines++;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stdoutLines, stderr }));
  });
}

const linesOf = (file: string) => fs.readFileSync(path.join(folder, file), 'utf8').split(/\r?\n/).filter((line) => line !== '');

/** What each example promises, beyond exiting 0; an example not named here must at least print something. */
const PROMISES: [RegExp, (ran: Ran, command: string) => Promise<void> | void][] = [
  [/rows\.csv\?table=users&count=\d+.*> users\.csv$/, (_ran, command) => {
    const lines = linesOf('users.csv');
    expect(lines[0]).toBe(usersHeader);
    expect(lines).toHaveLength(1 + Number(/count=(\d+)/.exec(command)![1]));
  }],
  [/^curl .*\/graphql/, ({ stdout }) => {
    const body = JSON.parse(stdout);
    expect(body.errors).toBeUndefined();
    expect(body.data.projects.edges[0].node.blueprints.edges.map((e: any) => e.node.id)).toEqual([blueprintId]);
  }],
  [/seedbed generate shop\.json --out data\//, () => {
    expect(linesOf('data/users.csv')[0]).toBe(usersHeader);
    expect(linesOf('data/users.csv')).toHaveLength(1 + 1000);
    expect(linesOf('data/orders.csv').length).toBeGreaterThan(1);
  }],
  [/--format ndjson --out -/, ({ stdout, stdoutLines }) => {
    expect(stdoutLines).toBe(1_000_000);
    expect(Object.keys(JSON.parse(stdout.slice(0, stdout.indexOf('\n'))))).toEqual(usersHeader.split(','));
  }],
  [/seedbed load shop\.json/, async ({ stderr }) => {
    expect(stderr).toMatch(/loaded [\d,]+ rows/);
    expect(await countRows(target.url, 'users')).toBe(1000);
    expect(await countRows(target.url, 'orders')).toBeGreaterThan(0);
  }],
  [/seedbed validate shop\.json/, ({ stdout }) => expect(stdout).toMatch(/valid \(2 tables\)/)],
  [/seedbed generators --search email/, ({ stdout }) => expect(stdout).toMatch(/^internet\.email\b/m)],
];

describe('the README examples', () => {
  it('runs the commands it promises to, and names the few it leaves out', () => {
    expect(toRun.length).toBeGreaterThanOrEqual(7);
    for (const [pattern] of NOT_RUN) expect(commands.some((command) => pattern.test(command)) || `${pattern} matches no README command`).toBe(true);
  });

  // One at a time, in README order: the load reads what nothing else writes, and the machine is shared.
  it.each(toRun)('%s', async (command) => {
    const ran = await run(asRunHere(command));
    expect({ code: ran.code, stderr: ran.code === 0 ? '' : ran.stderr }).toEqual({ code: 0, stderr: '' });
    const promise = PROMISES.find(([pattern]) => pattern.test(command));
    if (promise) await promise[1](ran, command);
    else expect(ran.stdout.trim() || ran.stderr.trim()).not.toBe('');
  }, 120_000);

  // Listed in the test report as skipped, with the reason.
  for (const command of commands.filter((c) => !toRun.includes(c))) {
    it.skip(`not run: ${command} (${NOT_RUN.find(([pattern]) => pattern.test(command))![1]})`, () => undefined);
  }

  it('runs the GraphQL operations its prose shows, if any, with the API key', async () => {
    for (const query of readmeGraphQLBlocks()) {
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { authorization: `Bearer ${env.SEEDBED_KEY}`, 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
      const body = await response.json();
      expect({ query, errors: body.errors }).toEqual({ query, errors: undefined });
      expect(body.data).toBeTruthy();
    }
  });
});
