/**
 * The attacks of "No request can stall the server" (WebSocket limits, log-in
 * and sign-up floods, stalled rows streams), run against a real server booted
 * from a checkout, so the same script measures before and after:
 *
 *   node -r ./server/bin/ts-register.js bench/abuse.ts [--root /path/to/other/checkout]
 *
 * Only loopback traffic; every loop is bounded in count and time.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { portWhenReady } from './client';

const { values: flags } = parseArgs({ options: { root: { type: 'string', default: path.resolve(__dirname, '..') }, 'overlay-rows': { type: 'string', default: '615' }, only: { type: 'string' } } });
const ROOT = path.resolve(flags.root!);
const RATE = 100;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function boot(env: Record<string, string> = {}): Promise<{ base: string; child: ChildProcess; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seedbed-abuse-'));
  // PostgreSQL runs as its own user, which must reach the folder.
  chmodSync(dataDir, 0o755);
  const child = spawn(process.execPath, ['-r', path.join(ROOT, 'server/bin/ts-register.js'), path.join(ROOT, 'server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', SEEDBED_DATA_DIR: dataDir, SEEDBED_RUN_WORKER: 'false', SEEDBED_API_RATE_PER_MINUTE: String(RATE), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await portWhenReady(child);
  return { base: `http://127.0.0.1:${port}`, child, dataDir };
}

let base = '';
const rssMb = (pid: number) => Math.round(Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024);

async function gql(query: string, variables: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
  return { status: response.status, cookie: response.headers.getSetCookie()[0]?.split(';')[0], body: await response.json() };
}

/** Longest `{ __typename }` wait while `attack` runs. */
async function worstLatency<T>(attack: Promise<T>, limitMs = 60_000): Promise<{ result: T | 'timeout'; worstMs: number }> {
  let done = false;
  const guarded = Promise.race([attack, sleep(limitMs).then(() => 'timeout' as const)]).finally(() => (done = true));
  let worstMs = 0;
  while (!done) {
    const started = Date.now();
    await gql('{ __typename }');
    worstMs = Math.max(worstMs, Date.now() - started);
    await sleep(50);
  }
  return { result: await guarded, worstMs };
}

function wsClient(options: { cookie?: string; connectionParams?: Record<string, unknown> } = {}) {
  return createClient({
    url: base.replace('http', 'ws') + '/graphql',
    retryAttempts: 0,
    connectionParams: options.connectionParams,
    webSocketImpl: class extends WebSocket {
      constructor(url: string, protocols: string[]) {
        super(url, protocols, { headers: options.cookie ? { cookie: options.cookie } : {} });
      }
    },
  });
}

function wsRun(client: ReturnType<typeof createClient>, query: string): Promise<string> {
  return new Promise((resolve) => {
    let code = 'ok';
    client.subscribe<any>({ query }, {
      // A nullable field that comes back null was hidden from this caller: not the same as answered.
      next: (v) => (code = v.errors ? String(v.errors[0].extensions?.code) : Object.values(v.data ?? {}).includes(null) ? 'null' : 'ok'),
      error: (e) => resolve(Array.isArray(e) ? String(e[0].extensions?.code) : `closed ${(e as { code?: number }).code}`),
      complete: () => resolve(code),
    });
  });
}

function rawSocket(headers: Record<string, string>, init: Record<string, unknown> = {}) {
  const socket = new WebSocket(base.replace('http', 'ws') + '/graphql', 'graphql-transport-ws', { headers });
  const seen: string[] = [];
  socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: init })));
  socket.on('message', (data) => seen.push(JSON.parse(String(data)).type));
  socket.on('error', () => undefined);
  return new Promise<string>((resolve) => {
    socket.on('close', (code) => resolve(`close ${code}, messages [${seen.join(',')}]`));
    socket.on('unexpected-response', (_req, res) => resolve(`HTTP ${res.statusCode}`));
    setTimeout(() => resolve(`still open, messages [${seen.join(',')}]`), 3000).unref();
  });
}

const counts = (codes: string[]) => Object.entries(codes.reduce<Record<string, number>>((m, c) => ({ ...m, [c]: (m[c] ?? 0) + 1 }), {})).map(([c, n]) => `${c}×${n}`).join(' ');

async function main() {
  if (flags.only === 'overlay') return void (await overlayCase(), process.exit(0));
  const { base: url, child, dataDir } = await boot();
  base = url;
  try {
    const email = `owner-${Date.now()}@example.test`;
    const owner = (await gql(`mutation($i: SignUpInput!) { signUp(input: $i) { user { id } } }`, { i: { email, password: 'correct horse battery', name: 'O' } })).cookie!;
    const as = { cookie: owner };
    const projectId = (await gql(`mutation { createProject(input: { name: "abuse" }) { id } }`, {}, as)).body.data.createProject.id;
    const document = { seedbed: 1, name: 'big', seed: 1, tables: [{ name: 't', rows: 1_000_000, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, { name: 'words', generator: 'lorem.paragraph' }] }] };
    const blueprintId = (await gql(`mutation($i: CreateBlueprintInput!) { createBlueprint(input: $i) { id } }`, { i: { projectId, document } }, as)).body.data.createBlueprint.id;
    const newKey = async () => (await gql(`mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret } }`, { i: { projectId, name: `k${Math.random()}`, role: 'EDITOR' } }, as)).body.data.createApiKey.secret as string;

    let nested = 'name';
    for (let i = 0; i < 8; i++) nested = `blueprints(first: 1) { edges { node { project { ${nested} } } } }`;
    const ws = wsClient(as);
    console.log('WS depth 34:', await wsRun(ws, `{ projects(first: 1) { edges { node { ${nested} } } } }`));
    console.log('WS 500 aliases:', await wsRun(ws, `{ ${Array.from({ length: 500 }, (_, i) => `a${i}: me { id }`).join(' ')} }`));

    const key = await newKey();
    for (let i = 0; i <= RATE; i++) await gql('{ __typename }', {}, { authorization: `Bearer ${key}` });
    const keyed = wsClient({ connectionParams: { authorization: `Bearer ${key}` } });
    const started = Date.now();
    const codes: string[] = [];
    for (let i = 0; i < 300; i++) codes.push(await wsRun(keyed, '{ __typename }'));
    console.log(`WS 300 ops by a key already at 429 over HTTP (${Date.now() - started} ms):`, counts(codes));

    const previews = Array.from({ length: 400 }, (_, i) => `p${i}: preview(input: { blueprintId: "${blueprintId}", limit: 100 }) { totalRows }`).join(' ');
    const blocked = await worstLatency(wsRun(ws, `{ ${previews} }`), 30_000);
    console.log(`WS one message of 400 aliased previews (${previews.length} bytes):`, blocked.result, `— worst { __typename } ${blocked.worstMs} ms`);

    const many = wsClient(as);
    const subscribed = await Promise.all(
      Array.from({ length: 2000 }, () =>
        Promise.race([wsRun(many, 'subscription { heartbeat(count: 1, intervalMs: 20000) }'), sleep(2000).then(() => 'open')]),
      ),
    );
    console.log('WS 2,000 subscriptions on one connection:', counts(subscribed));
    void many.dispose();

    console.log('WS 2 MB message:', await (async () => {
      const socket = new WebSocket(base.replace('http', 'ws') + '/graphql', 'graphql-transport-ws', { headers: as });
      socket.on('error', () => undefined);
      await new Promise((resolve) => socket.once('open', resolve));
      socket.send(JSON.stringify({ type: 'connection_init' }));
      socket.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: `{ __typename } #${'x'.repeat(2_000_000)}` } }));
      socket.on('message', (data) => JSON.parse(String(data)).type === 'next' && resolveAnswered());
      let resolveAnswered = () => undefined as void;
      return new Promise((resolve) => {
        resolveAnswered = () => (resolve('answered'), socket.close());
        socket.on('close', (code) => resolve(`close ${code}`));
      });
    })());
    console.log('WS bad bearer on the upgrade:', await rawSocket({ authorization: 'Bearer sbk_0000000000000000000000000000000000000000' }));
    console.log('WS API key in connection_init:', await wsRun(wsClient({ connectionParams: { apiKey: await newKey() } }), `{ project(id: "${projectId}") { id } }`));
    console.log('WS upgrade from Origin https://evil.example:', await rawSocket({ origin: 'https://evil.example', ...as }));

    const guessStart = Date.now();
    const guesses = await worstLatency((async () => {
      const out: string[] = [];
      for (let i = 0; i < 20; i++) {
        const batch = await Promise.all(Array.from({ length: 10 }, (_, j) => gql(`mutation($i: LogInInput!) { logIn(input: $i) { user { id } } }`, { i: { email, password: `wrong guess ${i}-${j}` } })));
        out.push(...batch.map((r) => String(r.body.errors?.[0]?.extensions?.code ?? 'ok')));
      }
      return out;
    })());
    console.log(`200 wrong passwords for one account (${Date.now() - guessStart} ms):`, counts(guesses.result as string[]), `— worst { __typename } ${guesses.worstMs} ms`);

    const signUps: string[] = [];
    const signStart = Date.now();
    for (let i = 0; i < 50; i++) {
      const r = await gql(`mutation($i: SignUpInput!) { signUp(input: $i) { user { id } } }`, { i: { email: `flood-${i}-${Date.now()}@example.test`, password: 'correct horse battery', name: 'F' } });
      signUps.push(String(r.body.errors?.[0]?.extensions?.code ?? 'ok'));
    }
    console.log(`50 sign-ups from one address (${Date.now() - signStart} ms):`, counts(signUps));

    for (const keys of [1, 15]) {
      const secrets = await Promise.all(Array.from({ length: keys }, newKey));
      const before = rssMb(child.pid!);
      const open: http.ClientRequest[] = [];
      const statuses = await Promise.all(Array.from({ length: 60 }, (_, i) => new Promise<number>((resolve) => {
        const request = http.get(`${base}/api/v1/blueprints/${blueprintId}/rows.csv?count=1000000`, { headers: { authorization: `Bearer ${secrets[i % keys]}` } }, (res) => {
          res.pause();
          resolve(res.statusCode!);
        });
        request.on('error', () => resolve(0));
        open.push(request);
      })));
      await sleep(10_000);
      const during = rssMb(child.pid!);
      const latency = await worstLatency(sleep(1000));
      open.forEach((request) => request.destroy());
      console.log(`60 stalled rows streams from ${keys} key(s): ${counts(statuses.map(String))}; server RSS ${before} → ${during} MB after 10 s; worst { __typename } ${latency.worstMs} ms`);
      await sleep(2000);
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  await overlayCase();
  process.exit(0);
}

/**
 * Issue #23 row 2: a VIEWER key crashing the API through the mock overlay.
 * An EDITOR fills one blueprint's overlay with rows just under 64 KiB
 * (`--overlay-rows`, 615 as measured in the issue), timing each mutation;
 * then one read of a page, 10 concurrent reads by a VIEWER key (does the
 * process survive, what does its RSS do, how long does `{ __typename }`
 * wait meanwhile), and 8 concurrent writers on a fresh blueprint against
 * its bound of rows. Its own server, with budgets that do not get in the way.
 */
async function overlayCase() {
  const rows = Number(flags['overlay-rows']);
  const { base: url, child, dataDir } = await boot({ SEEDBED_API_RATE_PER_MINUTE: '1000000', SEEDBED_SESSION_EXPENSIVE_PER_MINUTE: '1000000' });
  base = url;
  try {
    const owner = (await gql(`mutation($i: SignUpInput!) { signUp(input: $i) { user { id } } }`, { i: { email: `overlay-${Date.now()}@example.test`, password: 'correct horse battery', name: 'O' } })).cookie!;
    const as = { cookie: owner };
    const projectId = (await gql(`mutation { createProject(input: { name: "overlay" }) { id } }`, {}, as)).body.data.createProject.id;
    const document = { seedbed: 1, name: 'notes', seed: 1, tables: [{ name: 'notes', rows: 1000, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, { name: 'body', generator: 'lorem.word' }] }] };
    const blueprint = async () => (await gql(`mutation($i: CreateBlueprintInput!) { createBlueprint(input: $i) { id mockPath } }`, { i: { projectId, document } }, as)).body.data.createBlueprint as { id: string; mockPath: string };
    const key = async (role: string) => (await gql(`mutation($i: CreateApiKeyInput!) { createApiKey(input: $i) { secret } }`, { i: { projectId, name: `k${Math.random()}`, role } }, as)).body.data.createApiKey.secret as string;
    const editor = { authorization: `Bearer ${await key('EDITOR')}` };
    const viewer = { authorization: `Bearer ${await key('VIEWER')}` };
    const mockOf = (mockPath: string) => async (query: string, headers: Record<string, string>) => {
      const response = await fetch(`${base}${mockPath}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query }) });
      return { status: response.status, body: await response.json().catch(() => ({})) as { data?: any; errors?: { extensions?: { code?: string }; message: string }[] } };
    };
    const big = 'x'.repeat(65_536 - 200);
    const { mockPath } = await blueprint();
    const mock = mockOf(mockPath);
    const create = `mutation { createNote(input: { note: { body: "${big}" } }) { note { id } } }`;
    let accepted = 0;
    let refusal = '';
    const perMutation: string[] = [];
    const fillStarted = Date.now();
    for (let i = 1; i <= rows; i++) {
      const started = Date.now();
      const r = await mock(create, editor);
      const ms = Date.now() - started;
      if (r.body.errors) {
        refusal = `${r.body.errors[0].extensions?.code}: ${r.body.errors[0].message.slice(0, 160)}`;
        break;
      }
      accepted++;
      if ([1, 100, 300, 600].includes(i) || i === rows) perMutation.push(`#${i} ${ms} ms`);
    }
    console.log(`overlay fill: ${accepted} rows of ${fmtBytes(big.length)} accepted in ${((Date.now() - fillStarted) / 1000).toFixed(1)} s; per mutation ${perMutation.join(', ')}${refusal ? `; then refused with ${refusal}` : ''}`);
    const read = `{ allNotes(first: 20, offset: 990) { totalCount nodes { id body } } }`;
    const one = Date.now();
    const first = await mock(read, viewer);
    console.log(`one read of a page (20 rows, 10 of them changed) with ${accepted} overlay rows: ${Date.now() - one} ms, ${first.body.errors ? first.body.errors[0].message : `totalCount ${first.body.data?.allNotes.totalCount}`}`);
    const before = rssMb(child.pid!);
    let peak = before;
    const sampler = setInterval(() => child.exitCode === null && (peak = Math.max(peak, rssMb(child.pid!))), 100);
    const concurrent = await worstLatency(Promise.all(Array.from({ length: 10 }, async () => {
      const started = Date.now();
      const r = await mock(read, viewer).catch((e: Error) => ({ status: 0, body: { errors: [{ message: e.message }] } }));
      return `${r.status}${r.body.errors ? ' error' : ''} ${Date.now() - started} ms`;
    })), 120_000).catch((e: Error) => ({ result: `failed: ${e.message}`, worstMs: -1 }));
    clearInterval(sampler);
    const alive = await fetch(`${base}/healthz`).then((r) => r.status, () => 'down');
    console.log(`10 concurrent reads: ${Array.isArray(concurrent.result) ? concurrent.result.join(', ') : concurrent.result}; server RSS ${before} → peak ${peak} MB; worst { __typename } ${concurrent.worstMs} ms; /healthz after: ${alive}`);
    if (alive !== 200) return;
    // 8 writers at once on a fresh blueprint, through the overlay store the server writes with, on the server's own database, against a bound of 50 rows.
    const fresh = await blueprint();
    const pgUrl = JSON.parse(readFileSync(path.join(dataDir, CONNECTION_FILE), 'utf8')).url;
    const { createDataSource } = require(path.join(ROOT, 'server/src/db/data-source'));
    const { PgOverlayStore } = require(path.join(ROOT, 'server/src/modules/mock/pg-overlay-store'));
    const db = createDataSource({ url: pgUrl });
    await db.initialize();
    try {
      // The store before this change took its bound as a number; after, rows and bytes per blueprint and project.
      const bound = 'load' in PgOverlayStore.prototype ? 50 : { rows: 50, bytes: 20_000_000, projectRows: 100_000, projectBytes: 1_000_000_000 };
      const writers = Array.from({ length: 8 }, (_, w) => new PgOverlayStore(db, { blueprintId: fresh.id, projectId, revision: 1, seed: w }, bound));
      const outcomes = await Promise.all(writers.map(async (store: { put(entry: unknown): Promise<unknown> }, w: number) => {
        const codes: string[] = [];
        for (let i = 0; i < 20; i++) codes.push(await store.put({ table: 'notes', key: `${2000 + w * 100 + i}`, baseIndex: null, values: { id: 2000 + w * 100 + i, body: 'y' } }).then(() => 'ok', (e: { code?: string }) => String(e.code)));
        return codes;
      }));
      const [{ n }] = await db.query('SELECT count(*)::int AS n FROM mock_overlay_rows WHERE blueprint_id = $1', [fresh.id]);
      console.log(`8 concurrent writers × 20 rows on one blueprint bounded to 50 rows: ${counts(outcomes.flat())}; the blueprint holds ${n} changed rows`);
    } finally {
      await db.destroy();
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once('exit', resolve)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const fmtBytes = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
/** Where a server with no DATABASE_URL says how to reach its embedded PostgreSQL (server/src/db/database.ts). */
const CONNECTION_FILE = 'embedded-postgres.json';

void main();
