import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { shop } from '../engine/helpers';
import type { TestClient } from '../support/client';
import { createApiKey, createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'server/bin/seedbed.js');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-cli-window-'));

/** The command, run without blocking this process: the test server answers it from here. */
function seedbed(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b) => out.push(b));
    child.stderr.on('data', (b) => err.push(b));
    child.on('close', (code) => resolve({ code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString() }));
  });
}

function writeJson(name: string, value: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(value));
  return file;
}

let server: TestServer;
let owner: TestClient;
let blueprintId: string;
let key: string;
const document = shopDocument();

beforeAll(async () => {
  server = await startTestServer();
  owner = (await createUser(server.url)).client;
  const projectId = (await createProject(owner)).id;
  blueprintId = (await createBlueprint(owner, projectId, document)).id;
  key = (await createApiKey(owner, projectId, 'VIEWER')).secret;
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const rowsApi = async (query: string) => (await owner.request(`/api/v1/blueprints/${blueprintId}/rows.${query}`)).text();

describe('seedbed validate', () => {
  it('lists every problem of a file at once, each with its path', async () => {
    const bad = shop(10) as any;
    bad.tables[2].name = 'order items';
    bad.tables[0].fields[6].name = 'BIO';
    bad.tables[0].fields[4].options = { from: '2024-01-01', to: '2020-01-01' };
    bad.tables[0].fields[5].nullRate = 1.5;
    bad.tables[1].fields[3].generator = 'no.such';
    bad.tables[1].fields[2].options = { values: { paid: 0 } };
    const result = await seedbed(['validate', writeJson('six.json', bad)]);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines.slice(0, -1).map((l) => l.split(':')[0])).toEqual([
      'tables[0].fields[4].options.to',
      'tables[0].fields[5].nullRate',
      'tables[0].fields[6].name',
      'tables[1].fields[2].options.values',
      'tables[1].fields[3].generator',
      'tables[2].name',
    ]);
    expect(lines.at(-1)).toMatch(/^6 problems in /);
  });
});

describe('seedbed generate windows: --offset K --rows N are rows K to K+N-1', () => {
  const file = () => writeJson('shop.json', document);

  it('grows a table of its own size to hold the window, with the rows API\'s bytes', async () => {
    const result = await seedbed(['generate', file(), '--table', 'users', '--offset', '150', '--rows', '10', '--format', 'ndjson', '--out', '-']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(await rowsApi('ndjson?table=users&offset=150&count=10'));
    expect(result.stdout.trim().split('\n').map((l) => JSON.parse(l).id)).toEqual(Array.from({ length: 10 }, (_, i) => 151 + i));
  });

  it('refuses a window past the end of a table sized by its parents, naming its count', async () => {
    const result = await seedbed(['generate', file(), '--table', 'orders', '--rows', '100000', '--out', '-']);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/--rows: orders has [\d,]+ rows/);
    const inside = await seedbed(['generate', file(), '--table', 'orders', '--offset', '2', '--rows', '3', '--format', 'ndjson', '--out', '-']);
    expect(inside.code).toBe(0);
    expect(inside.stdout).toBe(await rowsApi('ndjson?table=orders&offset=2&count=3'));
  });

  it('writes the output options with the bytes of the rows API', async () => {
    const csv = await seedbed(['generate', file(), '--table', 'users', '--delimiter', ';', '--no-header', '--lf', '--null', 'NULL', '--out', '-']);
    expect(csv.code).toBe(0);
    expect(csv.stdout).toBe(await rowsApi('csv?table=users&delimiter=%3B&header=false&lineEnding=lf&nullMarker=NULL'));
    const spreadsheet = await seedbed(['generate', file(), '--table', 'users', '--escape-formulas', '--out', '-']);
    expect(spreadsheet.stdout).toBe(await rowsApi('csv?table=users&escapeFormulas=true'));
    const json = await seedbed(['generate', file(), '--table', 'orders', '--format', 'json', '--pretty', '--out', '-']);
    expect(json.stdout).toBe(await rowsApi('json?table=orders&pretty=true'));
    const bad = await seedbed(['generate', file(), '--delimiter', ';;', '--out', '-']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--delimiter');
  });
});

describe('seedbed generate --server', () => {
  it('generates a stored blueprint with the key in SEEDBED_KEY, with the server\'s bytes', async () => {
    const result = await seedbed(['generate', '--server', server.url, '--blueprint', blueprintId, '--table', 'users', '--format', 'csv', '--delimiter', '|', '--out', '-'], { SEEDBED_KEY: key });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(await rowsApi('csv?table=users&delimiter=%7C'));
    const revision = await seedbed(['generate', '--server', server.url, '--blueprint', blueprintId, '--revision', '1', '--table', 'orders', '--format', 'ndjson', '--out', '-'], { SEEDBED_KEY: key });
    expect(revision.stdout).toBe(await rowsApi('ndjson?table=orders'));
  });

  it('exits 3 when the server refuses the key or the blueprint, or cannot be reached; 2 without a key', async () => {
    const refused = await seedbed(['generate', '--server', server.url, '--blueprint', blueprintId, '--out', '-'], { SEEDBED_KEY: 'sbk_wrong' });
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain('UNAUTHENTICATED');
    const missing = await seedbed(['generate', '--server', server.url, '--blueprint', '00000000-0000-4000-8000-000000000000', '--out', '-'], { SEEDBED_KEY: key });
    expect(missing.code).toBe(3);
    expect(missing.stderr).toContain('NOT_FOUND');
    const closed = await freePort();
    const unreachable = await seedbed(['generate', '--server', `http://127.0.0.1:${closed}`, '--blueprint', blueprintId, '--out', '-'], { SEEDBED_KEY: key });
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toContain('cannot reach');
    expect((await seedbed(['generate', '--server', server.url, '--blueprint', blueprintId], { SEEDBED_KEY: '' })).code).toBe(2);
  });
});

/** A port nothing listens on: one the OS just handed out and took back. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
