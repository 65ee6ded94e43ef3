/**
 * What the web pages weigh (issue 23, row 8): bytes on the wire for a
 * browser's first GET of the GraphQL IDE (`/graphql`), of a mock API's IDE
 * (`/mock/:project/:blueprint/graphql`) without a session, and of the web
 * app, each with every asset it references; then again as a returning
 * browser (If-None-Match). Then 40 concurrent first visits of the IDE, and
 * a `{ __typename }` probe's latency idle and during them. Boots the real
 * server as `npm start` does, on an embedded PostgreSQL in a temporary
 * folder (or DATABASE_URL).
 *
 *   npm run bench:pages [-- --visits 40]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync } from 'node:fs';
import http from 'node:http';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { benchClient, portWhenReady } from './client';
import { fmt, machineLoad, scratchDir } from './measure';

const { values: flags } = parseArgs({ options: { visits: { type: 'string', default: '40' } } });
const VISITS = Number(flags.visits);
const ROOT = path.resolve(__dirname, '..');
const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br' };

interface Got {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** Bytes received on the wire (the body as sent, compressed or not). */
  bytes: number;
  body: Buffer;
}

/** One GET, counting the bytes of the body as they arrive (no decompression). */
function get(url: string, headers: Record<string, string>): Promise<Got> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: body.length, body });
        });
        res.on('error', reject);
      })
      .on('error', reject);
  });
}

/** Same-origin scripts, styles and workers a page references (what a browser fetches next). */
function assetsOf(html: string): string[] {
  const found = new Set<string>();
  for (const m of html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/[^"]+)"/g)) found.add(m[1]);
  for (const m of html.matchAll(/"(\/[^"]+\.js)"/g)) found.add(m[1]);
  return [...found];
}

interface Visit {
  html: number;
  assets: number;
  statuses: string;
}

/** A first visit (nothing cached), or a returning one (each ETag sent back). */
async function visit(base: string, pathname: string, extra: Record<string, string> = {}, etags?: Map<string, string>): Promise<Visit & { etags: Map<string, string> }> {
  const page = await get(base + pathname, { ...BROWSER, ...extra, ...(etags?.get(pathname) ? { 'if-none-match': etags.get(pathname)! } : {}) });
  const seen = new Map<string, string>();
  if (page.headers.etag) seen.set(pathname, String(page.headers.etag));
  const html = page.status === 304 ? '' : decode(page).toString('utf8');
  let assets = 0;
  const statuses = [String(page.status)];
  for (const asset of page.status === 304 ? [] : assetsOf(html)) {
    // A browser keeps an immutable asset without asking again; a returning visit asks only for what it lacks.
    const cached = etags?.get(asset);
    if (cached && etags?.get(`${asset}#immutable`)) continue;
    const got = await get(base + asset, { ...extra, 'accept-encoding': BROWSER['accept-encoding'], ...(cached ? { 'if-none-match': cached } : {}) });
    assets += got.bytes;
    statuses.push(String(got.status));
    if (got.headers.etag) seen.set(asset, String(got.headers.etag));
    if (/immutable/.test(String(got.headers['cache-control'] ?? ''))) seen.set(`${asset}#immutable`, '1');
  }
  return { html: page.bytes, assets, statuses: summarize(statuses), etags: seen };
}

function decode(got: Got): Buffer {
  const zlib = require('node:zlib') as typeof import('node:zlib');
  const encoding = got.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(got.body);
  if (encoding === 'gzip') return zlib.gunzipSync(got.body);
  return got.body;
}

const summarize = (statuses: string[]) => Object.entries(statuses.reduce<Record<string, number>>((n, s) => ((n[s] = (n[s] ?? 0) + 1), n), {})).map(([s, n]) => `${n}×${s}`).join(' ');

async function probe(base: string, until: () => boolean): Promise<number[]> {
  const samples: number[] = [];
  do {
    const started = process.hrtime.bigint();
    const response = await fetch(`${base}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
    await response.json();
    samples.push(Number(process.hrtime.bigint() - started) / 1e6);
  } while (!until());
  return samples;
}

const stats = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return `median ${sorted[Math.floor(sorted.length / 2)].toFixed(1)} ms, max ${sorted[sorted.length - 1].toFixed(1)} ms (${sorted.length} probes)`;
};

async function main() {
  // The embedded PostgreSQL runs as its own user when this runs as root: it must reach the folder.
  chmodSync(scratchDir, 0o755);
  const dataDir = path.join(scratchDir, 'pages');
  mkdirSync(dataDir);
  const child: ChildProcess = spawn(process.execPath, ['-r', path.join(ROOT, 'server', 'bin', 'ts-register.js'), path.join(ROOT, 'server', 'src', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', SEEDBED_DATA_DIR: dataDir, SEEDBED_RUN_WORKER: 'false' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.on('exit', () => child.kill('SIGTERM'));
  const base = `http://127.0.0.1:${await portWhenReady(child)}`;
  try {
    const api = benchClient(base);
    await api.gql('mutation($input: SignUpInput!) { signUp(input: $input) { user { id } } }', { input: { email: `pages-${Date.now()}@example.com`, password: 'correct horse battery', name: 'Bench' } });
    const { createProject } = await api.gql('mutation { createProject(input: { name: "Pages" }) { id slug } }');
    const { templates } = await api.gql('query { templates(id: "online-shop") { document } }');
    const { createBlueprint } = await api.gql('mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }', { input: { projectId: createProject.id, document: templates[0].document } });
    const mockPath = `/mock/${createProject.slug}/${createBlueprint.id}/graphql`;
    console.log(`page weight (${machineLoad()})`);
    const pages: [string, string, Record<string, string>][] = [
      ['GraphQL IDE /graphql', '/graphql', {}],
      ['mock IDE, no session', mockPath, {}],
      ['mock IDE, signed in', mockPath, { cookie: api.cookie() }],
      ['web app /', '/', {}],
    ];
    for (const [name, pathname, extra] of pages) {
      const first = await visit(base, pathname, extra);
      const again = await visit(base, pathname, extra, first.etags);
      console.log(`  ${name.padEnd(22)} first visit: HTML ${fmt(first.html)} B + assets ${fmt(first.assets)} B (${first.statuses}); returning: ${fmt(again.html + again.assets)} B (${again.statuses})`);
    }

    const idle = await probe(base, (() => { let n = 0; return () => ++n >= 50; })());
    console.log(`  { __typename } idle: ${stats(idle)}`);
    // The page alone (what each GET of /graphql costs), then whole first visits (the page and every asset, nothing cached).
    for (const [what, one] of [
      ['GETs of /graphql', async () => (await get(`${base}/graphql`, BROWSER)).bytes],
      ['first visits of /graphql (page and assets)', async () => { const v = await visit(base, '/graphql'); return v.html + v.assets; }],
    ] as const) {
      let done = false;
      const started = Date.now();
      const all = Promise.all(Array.from({ length: VISITS }, one)).finally(() => (done = true));
      const during = await probe(base, () => done);
      const bytes = (await all).reduce((sum, n) => sum + n, 0);
      console.log(`  ${VISITS} concurrent ${what}: ${fmt(bytes)} B in ${((Date.now() - started) / 1000).toFixed(1)} s; { __typename } meanwhile: ${stats(during)}`);
    }
  } finally {
    child.kill('SIGTERM');
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
