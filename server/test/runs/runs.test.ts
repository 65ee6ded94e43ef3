import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import type { TestClient } from '../support/client';
import { addMember, createApiKey, createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { finished, readRun, RUN_FIELDS, startRun, waitForRun } from '../support/runs';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let owner: TestClient;
let projectId: string;
let blueprintId: string;

beforeAll(async () => {
  server = await startTestServer({
    env: { SEEDBED_SHARD_ROWS: '20000', SEEDBED_QUEUE_SUPERVISE_SECONDS: '1', SEEDBED_RETENTION_SWEEP_SECONDS: '1' },
  });
  owner = (await createUser(server.url)).client;
  projectId = (await createProject(owner)).id;
  blueprintId = (await createBlueprint(owner, projectId, shopDocument())).id;
});
afterAll(() => server.stop());

const files = (formats: string[], extra: Record<string, unknown> = {}) => ({ files: { formats, ...extra } });
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('a file run', () => {
  it('makes one file per table and format whose bytes are the instant rows API output', async () => {
    const big = shopDocument();
    big.tables[0].rows = 50_000;
    const { id: bigId } = await createBlueprint(owner, projectId, big);
    const started = await startRun(owner, bigId, files(['CSV', 'JSON']));
    expect(started).toMatchObject({ status: 'QUEUED', revision: 1, seed: 42, target: { kind: 'FILES', formats: ['CSV', 'JSON'] } });
    const run = await waitForRun(owner, started.id, finished);
    expect(run.status).toBe('SUCCEEDED');
    expect(run.rowsDone).toBe(run.rowsTotal);
    expect(run.artifacts.map((a: any) => a.name).sort()).toEqual(['orders.csv', 'orders.json', 'users.csv', 'users.json']);
    for (const artifact of run.artifacts) {
      const body = Buffer.from(await (await owner.request(artifact.url)).arrayBuffer());
      expect(body.length).toBe(artifact.size);
      expect(sha256(body)).toBe(artifact.sha256);
      const ext = artifact.format.toLowerCase();
      const instant = Buffer.from(await (await owner.request(`/api/v1/blueprints/${bigId}/rows.${ext}?table=${artifact.table}`)).arrayBuffer());
      expect(body.equals(instant)).toBe(true);
    }
    const users = (await (await owner.request(run.artifacts.find((a: any) => a.name === 'users.csv').url)).text()).trim().split('\n');
    expect(users).toHaveLength(50_001); // header + 50,000 rows, made as 3 shards of at most 20,000
  });

  it('keeps run files readable by the server\'s own user only', async () => {
    const run = await waitForRun(owner, (await startRun(owner, blueprintId, files(['CSV']))).id, finished);
    const folder = path.join(server.dataDir, 'artifacts', run.id);
    expect(fs.statSync(folder).mode & 0o077).toBe(0);
    for (const artifact of run.artifacts) expect(fs.statSync(path.join(folder, artifact.name)).mode & 0o077).toBe(0);
  });

  it('gzips on request, the content being the same bytes', async () => {
    const plain = await waitForRun(owner, (await startRun(owner, blueprintId, files(['NDJSON']))).id, finished);
    const zipped = await waitForRun(owner, (await startRun(owner, blueprintId, files(['NDJSON'], { gzip: true }))).id, finished);
    const gz = zipped.artifacts.find((a: any) => a.name === 'users.ndjson.gz');
    const { gunzipSync } = await import('node:zlib');
    const unzipped = gunzipSync(Buffer.from(await (await owner.request(gz.url)).arrayBuffer()));
    expect(sha256(unzipped)).toBe(plain.artifacts.find((a: any) => a.name === 'users.ndjson').sha256);
  });

  it('gzips a file of several shards as one stream of gzip members, each compressed by the worker that made it', async () => {
    const { gunzipSync } = await import('node:zlib');
    const plain = await waitForRun(owner, (await startRun(owner, blueprintId, files(['CSV']), { rows: 50_000 })).id, finished);
    const zipped = await waitForRun(owner, (await startRun(owner, blueprintId, files(['CSV'], { gzip: true }), { rows: 50_000 })).id, finished);
    const gz = Buffer.from(await (await owner.request(zipped.artifacts.find((a: any) => a.name === 'users.csv.gz').url)).arrayBuffer());
    expect(sha256(gunzipSync(gz))).toBe(plain.artifacts.find((a: any) => a.name === 'users.csv').sha256);
    // 3 shards of at most 20,000 rows: 3 members, each starting with the gzip magic bytes.
    expect(gz.toString('latin1').split('\x1f\x8b\x08').length - 1).toBeGreaterThanOrEqual(3);
  });

  it('writes files with the output options given, the same bytes as the rows API with them', async () => {
    const doc = shopDocument();
    doc.tables[0].rows = 30_000;
    doc.tables[0].fields.push({ name: 'nickname', generator: 'person.firstName', nullRate: 0.5 } as any);
    const { id } = await createBlueprint(owner, projectId, doc);
    const output = { delimiter: ';', lineEnding: 'LF', nullMarker: 'NULL', header: false, pretty: true };
    const run = await waitForRun(owner, (await startRun(owner, id, files(['CSV', 'JSON']), { output })).id, finished);
    expect(run.status).toBe('SUCCEEDED');
    const query = new URLSearchParams({ table: 'users', delimiter: ';', lineEnding: 'lf', nullMarker: 'NULL', header: 'false', pretty: 'true' });
    for (const format of ['csv', 'json']) {
      const artifact = run.artifacts.find((a: any) => a.name === `users.${format}`);
      const body = Buffer.from(await (await owner.request(artifact.url)).arrayBuffer());
      const instant = Buffer.from(await (await owner.request(`/api/v1/blueprints/${id}/rows.${format}?${query}`)).arrayBuffer());
      expect(body.equals(instant)).toBe(true);
    }
    const csv = await (await owner.request(run.artifacts.find((a: any) => a.name === 'users.csv').url)).text();
    expect(csv.split('\n')[0]).toMatch(/^1;[^;]+;[^;]+;/);
    expect(csv).toContain(';NULL\n');
    expect(csv).not.toContain('\r\n');
  });

  it('reports progress over the subscription, never backwards, ending at the total', async () => {
    const { id } = await startRun(owner, blueprintId, files(['CSV', 'TSV', 'SQL']), { rows: 100_000 });
    const ws = createClient({
      url: server.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols: string[]) {
          super(url, protocols, { headers: { cookie: owner.cookieHeader } });
        }
      },
    });
    const seen: { status: string; rowsDone: number; rowsTotal: number }[] = [];
    await new Promise<void>((resolve, reject) =>
      ws.subscribe<any>(
        { query: `subscription($id: ID!) { runProgress(id: $id) { status rowsDone rowsTotal } }`, variables: { id } },
        { next: (v) => (v.errors ? reject(new Error(JSON.stringify(v.errors))) : seen.push(v.data.runProgress)), error: reject, complete: resolve },
      ),
    );
    await ws.dispose();
    const done = seen.map((s) => s.rowsDone);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(seen.at(-1)).toMatchObject({ status: 'SUCCEEDED', rowsDone: seen[0].rowsTotal });
    expect(seen.length).toBeGreaterThan(1);
  });

  it('fails with UNIQUE_EXHAUSTED naming the field when a unique field runs out', async () => {
    const doc = shopDocument();
    // Validation cannot know a formula's value space; generation finds out.
    doc.tables[0].fields.push({ name: 'code', generator: 'formula', options: { expr: "'same'" }, unique: true });
    const { id } = await createBlueprint(owner, projectId, doc);
    const run = await waitForRun(owner, (await startRun(owner, id, files(['CSV']))).id, finished);
    expect(run.status).toBe('FAILED');
    expect(run.error).toMatch(/^UNIQUE_EXHAUSTED: .*"code"/);
    expect(run.attempts).toBe(1);
  });
});

describe('run states (PRODUCT.md §4)', () => {
  const CANCEL = `mutation($id: ID!) { cancelRun(id: $id) { id status } }`;

  it('cancels a running run within a second and removes its files', async () => {
    const { id } = await startRun(owner, blueprintId, files(['CSV']), { rows: 3_000_000 });
    await waitForRun(owner, id, (r) => r.status === 'RUNNING' && r.rowsDone > 0, 30_000);
    const cancelledAt = Date.now();
    expect((await owner.ok(CANCEL, { id })).cancelRun.status).toBe('CANCELLED');
    const dir = path.join(server.dataDir, 'artifacts', id);
    while (fs.existsSync(dir) && fs.readdirSync(path.join(dir, 'shards')).length > 0 && Date.now() - cancelledAt < 1500) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => setTimeout(resolve, 300)); // a worker mid-chunk gets one tick to notice
    expect(fs.existsSync(dir) ? fs.readdirSync(path.join(dir, 'shards')) : []).toEqual([]);
    const later = await readRun(owner, id);
    expect(later.status).toBe('CANCELLED');
    expect(later.artifacts).toEqual([]);
  });

  it('refuses to cancel a finished run with RUN_NOT_CANCELLABLE, twice alike', async () => {
    const { id } = await startRun(owner, blueprintId, files(['CSV']));
    await waitForRun(owner, id, finished);
    expect((await owner.fails(CANCEL, { id })).code).toBe('RUN_NOT_CANCELLABLE');
    const queued = await startRun(owner, blueprintId, files(['CSV']));
    await owner.ok(CANCEL, { id: queued.id });
    expect((await owner.fails(CANCEL, { id: queued.id })).code).toBe('RUN_NOT_CANCELLABLE');
  });

  it('expires a run after its retention: EXPIRED, files deleted, downloads 410', async () => {
    const run = await waitForRun(owner, (await startRun(owner, blueprintId, files(['CSV']))).id, finished);
    expect(Date.parse(run.expiresAt) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    await server.db.query(`UPDATE runs SET expires_at = now() WHERE id = $1`, [run.id]);
    await waitForRun(owner, run.id, (r) => r.status === 'EXPIRED', 10_000);
    // The sweep deletes the files right after the status change commits.
    const folder = path.join(server.dataDir, 'artifacts', run.id);
    for (const deadline = Date.now() + 5_000; fs.existsSync(folder) && Date.now() < deadline; ) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fs.existsSync(folder)).toBe(false);
    const response = await owner.request(run.artifacts[0].url);
    expect(response.status).toBe(410);
  });
});

describe('downloads', () => {
  let run: any;
  let csv: any;
  let bytes: Buffer;
  beforeAll(async () => {
    run = await waitForRun(owner, (await startRun(owner, blueprintId, files(['CSV']))).id, finished);
    csv = run.artifacts.find((a: any) => a.name === 'users.csv');
    bytes = Buffer.from(await (await owner.request(csv.url)).arrayBuffer());
  });

  it('serves the whole file with its SHA-256 as ETag, and 304 when it matches', async () => {
    const response = await owner.request(csv.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('etag')).toBe(`"${csv.sha256}"`);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="users.csv"');
    expect((await owner.request(csv.url, { headers: { 'if-none-match': `"${csv.sha256}"` } })).status).toBe(304);
  });

  it('serves a range with 206, and refuses an unsatisfiable one with 416', async () => {
    const part = await owner.request(csv.url, { headers: { range: 'bytes=10-19' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 10-19/${bytes.length}`);
    expect(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
    const tail = await owner.request(csv.url, { headers: { range: 'bytes=-5' } });
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(-5))).toBe(true);
    const beyond = await owner.request(csv.url, { headers: { range: `bytes=${bytes.length + 10}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${bytes.length}`);
  });

  it('gives files of the local folder store that `sha256sum` finds to be the recorded SHA-256, and ranges across shards as those bytes', async () => {
    const big = shopDocument();
    big.tables[0].rows = 50_000; // 3 shards of users at 20,000 rows each
    const { id: bigId } = await createBlueprint(owner, projectId, big);
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-download-'));
    try {
      for (const gzip of [false, true]) {
        const made = await waitForRun(owner, (await startRun(owner, bigId, files(['CSV', 'SQL'], { gzip }))).id, finished);
        expect({ status: made.status, error: made.error }).toEqual({ status: 'SUCCEEDED', error: null });
        for (const artifact of made.artifacts) {
          // Downloaded through the API into a file and hashed as a user would.
          const response = await owner.request(artifact.url);
          expect(response.status).toBe(200);
          const file = path.join(folder, artifact.name);
          fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
          expect(fs.statSync(file).size).toBe(artifact.size);
          expect(execFileSync('sha256sum', [file], { encoding: 'utf8' }).split(' ')[0]).toBe(artifact.sha256);
        }
        if (gzip) continue;
        // A range spanning the end of the first users shard and the start of the second is those bytes of the
        // file sha256sum vouched for, and of the rows API's output.
        const artifact = made.artifacts.find((a: any) => a.name === 'users.csv');
        const whole = fs.readFileSync(path.join(folder, artifact.name));
        let boundary = -1;
        for (let line = 0; line <= 20_000; line++) boundary = whole.indexOf(0x0a, boundary + 1); // the header, then 20,000 rows
        boundary++;
        const [start, end] = [boundary - 100, boundary + 99];
        const ranged = await owner.request(artifact.url, { headers: { range: `bytes=${start}-${end}` } });
        expect(ranged.status).toBe(206);
        expect(ranged.headers.get('content-range')).toBe(`bytes ${start}-${end}/${artifact.size}`);
        const part = Buffer.from(await ranged.arrayBuffer());
        expect(part.equals(whole.subarray(start, end + 1))).toBe(true);
        const instant = Buffer.from(await (await owner.request(`/api/v1/blueprints/${bigId}/rows.csv?table=users`)).arrayBuffer());
        expect(part.equals(instant.subarray(start, end + 1))).toBe(true);
        const last = await owner.request(artifact.url, { headers: { range: 'bytes=-64' } });
        expect([last.status, last.headers.get('content-range')]).toEqual([206, `bytes ${artifact.size - 64}-${artifact.size - 1}/${artifact.size}`]);
        expect(Buffer.from(await last.arrayBuffer()).equals(whole.subarray(-64))).toBe(true);
      }
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it('lets a VIEWER and a VIEWER key download, and hides the run from non-members (404)', async () => {
    const viewer = await addMember(owner, projectId, 'VIEWER');
    expect((await viewer.client.request(csv.url)).status).toBe(200);
    const key = owner.withApiKey((await createApiKey(owner, projectId, 'VIEWER')).secret);
    expect((await key.request(csv.url)).status).toBe(200);
    const stranger = (await createUser(server.url, 'Stranger')).client;
    const hidden = await stranger.request(csv.url);
    expect(hidden.status).toBe(404);
    expect((await hidden.json()).errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await owner.request(`/api/v1/runs/${run.id}/files/nope.csv`)).status).toBe(404);
    expect(await stranger.ok(`query($id: ID!) { run(id: $id) { id } }`, { id: run.id })).toEqual({ run: null });
  });

  it('does not let a VIEWER start or cancel runs', async () => {
    const viewer = await addMember(owner, projectId, 'VIEWER');
    const error = await viewer.client.fails(`mutation($input: StartRunInput!) { startRun(input: $input) { id } }`, {
      input: { blueprintId, target: files(['CSV']) },
    });
    expect(error.code).toBe('FORBIDDEN');
    const { id } = await startRun(owner, blueprintId, files(['CSV']), { rows: 2_000_000 });
    expect((await viewer.client.fails(`mutation($id: ID!) { cancelRun(id: $id) { id } }`, { id })).code).toBe('FORBIDDEN');
    await owner.ok(`mutation($id: ID!) { cancelRun(id: $id) { id } }`, { id });
  });

  it('lists a project\'s runs newest first, in pages', async () => {
    const PAGE = `query($id: ID!, $after: String) { project(id: $id) { runs(first: 3, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id createdAt } } } } }`;
    for (let i = 0; i < 4; i++) await startRun(owner, blueprintId, files(['CSV']));
    const first = (await owner.ok(PAGE, { id: projectId })).project.runs;
    const second = (await owner.ok(PAGE, { id: projectId, after: first.pageInfo.endCursor })).project.runs;
    const created = [...first.edges, ...second.edges].map((e: any) => Date.parse(e.node.createdAt));
    expect(first.edges).toHaveLength(3);
    expect(first.totalCount).toBeGreaterThan(3);
    expect(created).toEqual([...created].sort((a, b) => b - a));
    expect(new Set([...first.edges, ...second.edges].map((e: any) => e.node.id)).size).toBe(created.length);
  });
});

describe('bad run requests', () => {
  it.each([
    ['no target', {}, 'input.target'],
    ['two targets', { files: { formats: ['CSV'] }, database: { url: 'postgres://x/y' } }, 'input.target'],
    ['no formats', { files: { formats: [] } }, 'input.target.files.formats'],
  ])('refuses %s with its path', async (_, target, path) => {
    const error = await owner.fails(`mutation($input: StartRunInput!) { startRun(input: $input) { id } }`, { input: { blueprintId, target } });
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path } });
  });

  it.each([
    ['a delimiter of two characters', files(['CSV']), { delimiter: ';;' }, 'input.output.delimiter'],
    ['output options for a database', { database: { url: 'postgres://127.0.0.1/x' } }, { pretty: true }, 'input.output'],
  ])('refuses %s with its path', async (_, target, output, path) => {
    const error = await owner.fails(`mutation($input: StartRunInput!) { startRun(input: $input) { id } }`, { input: { blueprintId, target, output } });
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path } });
  });

  it('refuses more rows than the run limit', async () => {
    const error = await owner.fails(`mutation($input: StartRunInput!) { startRun(input: $input) { id } }`, {
      input: { blueprintId, rows: 2_000_000_000, target: files(['CSV']) },
    });
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'input.rows' } });
  });
});
