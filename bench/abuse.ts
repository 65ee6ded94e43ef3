/**
 * Attacks of issue 23 ("No member can stall, crash or starve the server"),
 * each against a real server booted from a checkout, so the same script
 * measures before and after:
 *
 *   npm run bench:abuse                                  # every case below, on this checkout
 *   npm run bench:abuse -- --root ../base --case preview # one case, on another checkout
 *
 * Each case prints what the attacker got, the worst `{ __typename }` another
 * signed-in user waited meanwhile, and the API's peak RSS. `--case earlier`
 * runs the round before's attacks (bench/abuse-earlier.ts). Only loopback
 * traffic; every loop is bounded in count and time.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { earlier } from './abuse-earlier';
import { apiKey, blueprint, boot, codeOf, counts, projectOf, recoveryMs, signUp, sleep, underProbe, type Caller } from './abuse-support';

const { values: flags } = parseArgs({
  options: { root: { type: 'string', default: path.resolve(__dirname, '..') }, case: { type: 'string', multiple: true }, 'overlay-rows': { type: 'string', default: '615' } },
});
const ROOT = path.resolve(flags.root!);

const line = (name: string, text: string) => console.log(`${name.padEnd(44)} ${text}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** A server, an attacker (owner of a project) and a bystander (another user, who probes). */
async function scene(env: Record<string, string> = {}) {
  const server = await boot(ROOT, env);
  const attacker = await signUp(server.base, 'attacker');
  const bystander = await signUp(server.base, 'bystander');
  const projectId = await projectOf(attacker);
  return { server, attacker, bystander, projectId };
}

async function withScene(env: Record<string, string>, run: (s: Awaited<ReturnType<typeof scene>>) => Promise<void>) {
  const s = await scene(env);
  try {
    await run(s);
  } finally {
    await s.server.stop();
  }
}

// ---------------------------------------------------------------- row 1: previews

/** Twenty fields each within the 64 KiB cell bound: ~1.2 MB a row, slow to make. */
const REGEX_DOCUMENT = {
  seedbed: 1,
  name: 'regex',
  seed: 1,
  tables: [{ name: 't', rows: 1000, fields: Array.from({ length: 20 }, (_, i) => ({ name: `f${i}`, generator: 'regex', options: { pattern: '[a-z0-9]{60000}' } })) }],
};

const previewQuery = (blueprintId: string, limit: number, aliases = 1) =>
  `{ ${Array.from({ length: aliases }, (_, i) => `p${i}: preview(input: { blueprintId: "${blueprintId}", limit: ${limit} }) { totalRows }`).join(' ')} }`;

async function preview() {
  await withScene({}, async ({ server, attacker, bystander, projectId }) => {
    const id = await blueprint(attacker, projectId, REGEX_DOCUMENT);
    const one = await underProbe(server, bystander, attacker.gql(previewQuery(id, 8)));
    line('row 1: one 8-row preview, 20 regex fields', `${codeOf(one.result.body)} in ${seconds(one.result.ms)}; worst probe ${one.worstMs} ms; RSS peak ${one.peakRssMb} MB`);
    const hundred = await underProbe(server, bystander, attacker.gql(previewQuery(id, 100)));
    line('row 1: limit 100 (past the 10 MB bound)', `${codeOf(hundred.result.body)} in ${seconds(hundred.result.ms)}; worst probe ${hundred.worstMs} ms; RSS peak ${hundred.peakRssMb} MB`);
  });
  await withScene({}, async ({ server, attacker, bystander, projectId }) => {
    const id = await blueprint(attacker, projectId, REGEX_DOCUMENT);
    const key = attacker.withKey(await apiKey(attacker, projectId));
    // The clients leave after 30 s, answered or not: what matters is whether the server is back for everyone.
    const leave = new AbortController();
    const timer = setTimeout(() => leave.abort(), 30_000);
    const flood = Promise.all(
      Array.from({ length: 50 }, () => key.gql(previewQuery(id, 8, 15), {}, leave.signal).then((r) => codeOf(r.body), () => 'left')),
    );
    const seen = await underProbe(server, bystander, flood);
    clearTimeout(timer);
    const back = await recoveryMs(server.base);
    line('row 1: 50 × 15-alias previews, one key', `${counts(seen.result)}; worst probe ${seen.worstMs} ms; RSS peak ${seen.peakRssMb} MB; /healthz back ${back >= 60_000 ? 'not within 60 s' : `after ${back} ms`}`);
  });
}

// ---------------------------------------------------------------- rows 3 and 9: samples

function wideCsv(columns: number, targetBytes: number): string {
  const header = Array.from({ length: columns }, (_, i) => `c${i}`).join(',');
  const row = Array.from({ length: columns }, (_, i) => String(i % 10)).join(',');
  const rows = Math.max(1, Math.floor((targetBytes - header.length) / (row.length + 1)));
  return `${header}\n${Array.from({ length: rows }, () => row).join('\n')}\n`;
}

const skippedOf = (json: any) => (Array.isArray(json?.skipped) ? json.skipped.length : '-');

async function sample() {
  await withScene({}, async ({ server, attacker, bystander }) => {
    const csv = wideCsv(120_000, 22_000_000);
    const upload = await underProbe(server, bystander, attacker.post('/api/v1/imports/preview?source=CSV_SAMPLE', csv));
    const json = (() => {
      try {
        return JSON.parse(upload.result.text);
      } catch {
        return undefined;
      }
    })();
    line(`row 3: ${(csv.length / 1e6).toFixed(0)} MB CSV, 120,000 columns (upload)`, `HTTP ${upload.result.status} in ${seconds(upload.result.ms)}, ${(upload.result.text.length / 1e6).toFixed(1)} MB answer, ${skippedOf(json)} skipped entries; worst probe ${upload.worstMs} ms; RSS peak ${upload.peakRssMb} MB`);

    const text = wideCsv(90_000, 900_000);
    const review = await underProbe(server, bystander, attacker.gql(`query($i: ImportPreviewInput!) { importPreview(input: $i) { skipped { name } report { field } } }`, { i: { source: 'CSV_SAMPLE', text } }));
    const answer = review.result.body.data?.importPreview;
    line(`row 9: importPreview, 90,000 columns`, `${codeOf(review.result.body)} in ${seconds(review.result.ms)}, ${answer?.skipped.length ?? '-'} skipped, ${answer?.report.length ?? '-'} columns; worst probe ${review.worstMs} ms`);
  });
}

// ---------------------------------------------------------------- row 4: imports

const importMutation = `query($i: ImportPreviewInput!) { importPreview(input: $i) { report { field } } }`;

/** MySQL's executable comments, nested 600 KB deep. */
const nestedComments = () => `${'/*!40101 '.repeat(60_000)}SELECT 1${' */'.repeat(60_000)};\nCREATE TABLE t (id int PRIMARY KEY);`;

/** 2,000 tables of 40 columns, every fourth with a CHECK, kept under the 1 MB body. */
function manyTables(): string {
  const tables: string[] = [];
  for (let t = 0; t < 2000; t++) {
    const columns = Array.from({ length: 40 }, (_, c) => (c % 4 === 0 ? `c${c} int check(c${c}>0)` : `c${c} int`));
    tables.push(`create table t${t}(${columns.join(',')});`);
  }
  return tables.join('\n');
}

const wideSdl = () => `type Query { thing: Thing }\ntype Thing {\n${Array.from({ length: 20_000 }, (_, i) => `  f${i}: Int`).join('\n')}\n}\n`;

async function imports() {
  for (const [name, source, text] of [
    ['row 4: 600 KB of nested /*!40101 comments', 'MYSQL_DDL', nestedComments()],
    ['row 4: 2,000 tables × 40 columns, CHECKs', 'POSTGRES_DDL', manyTables()],
    ['row 4: SDL, 20,000 fields on one type', 'GRAPHQL_SDL', wideSdl()],
  ] as const) {
    await withScene({}, async ({ server, attacker, bystander }) => {
      const hostile = attacker.gql(importMutation, { i: { source, text } });
      await sleep(1000);
      const small = await bystander.gql(importMutation, { i: { source: 'POSTGRES_DDL', text: 'CREATE TABLE t (id int PRIMARY KEY);' } });
      const seen = await underProbe(server, bystander, hostile);
      line(`${name} (${(text.length / 1e3).toFixed(0)} KB)`, `${codeOf(seen.result.body)} in ${seconds(seen.result.ms)}; another user's 47-byte import: ${codeOf(small.body)} in ${seconds(small.ms)}; worst probe ${seen.worstMs} ms`);
      const after = await bystander.gql(importMutation, { i: { source: 'POSTGRES_DDL', text: 'CREATE TABLE u (id int PRIMARY KEY);' } });
      line('        the next import', `${codeOf(after.body)} in ${seconds(after.ms)}`);
    });
  }
}

// ---------------------------------------------------------------- row 7: budgets

async function budgets() {
  await withScene({ SEEDBED_API_RATE_PER_MINUTE: '100' }, async ({ server, attacker, projectId }) => {
    const keysOf = async (owner: Caller, project: string) => {
      const keys: Caller[] = [];
      for (let i = 0; i < 25; i++) keys.push(owner.withKey(await apiKey(owner, project)));
      return keys;
    };
    const big = { seedbed: 1, name: 'b', seed: 1, tables: [{ name: 't', rows: 1_000_000, fields: [{ name: 'w', generator: 'lorem.paragraph' }] }] };
    const id = await blueprint(attacker, projectId, big);
    const streamKeys = await keysOf(attacker, projectId);
    const leave = new AbortController();
    const streams = await Promise.all(
      streamKeys.flatMap((key) => Array.from({ length: 4 }, () => key.open(`/api/v1/blueprints/${id}/rows.csv?count=1000000`, leave.signal).then(String, () => 'error'))),
    );
    leave.abort();
    line('row 7: 25 keys × 4 rows streams, one project', counts(streams));
    // Another user and project, so the streams above spent none of their minute.
    const second = await signUp(server.base, 'second');
    const requestKeys = await keysOf(second, await projectOf(second));
    const requests = await Promise.all(requestKeys.flatMap((key) => Array.from({ length: 10 }, () => key.gql('{ __typename }').then((r) => String(r.status)))));
    line('row 7: 25 keys × 10 requests (limit 100/min)', counts(requests));
  });
}


/**
 * Row 2: a VIEWER key crashing the API through the mock overlay. The attacker
 * fills one blueprint's overlay with rows just under 64 KiB (`--overlay-rows`,
 * 615 as measured in the issue), timing each mutation; then one read of a
 * page, and 10 concurrent reads by a VIEWER key while the bystander probes.
 * (8 concurrent writers against the bound: server/test/mock/overlay-store.test.ts.)
 */
async function overlay() {
  const rows = Number(flags['overlay-rows']);
  await withScene({ SEEDBED_API_RATE_PER_MINUTE: '1000000', SEEDBED_SESSION_EXPENSIVE_PER_MINUTE: '1000000' }, async ({ server, attacker, bystander, projectId }) => {
    const document = { seedbed: 1, name: 'notes', seed: 1, tables: [{ name: 'notes', rows: 1000, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, { name: 'body', generator: 'lorem.word' }] }] };
    const id = await blueprint(attacker, projectId, document);
    const { mockPath } = (await attacker.ok(`query($id: ID!) { blueprint(id: $id) { mockPath } }`, { id })).blueprint as { mockPath: string };
    const mock = async (secret: string, query: string) => {
      const started = Date.now();
      const response = await fetch(`${server.base}${mockPath}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: JSON.stringify({ query }) });
      const body = (await response.json().catch(() => ({}))) as { errors?: { extensions?: { code?: string }; message: string }[]; data?: any };
      return { status: response.status, body, ms: Date.now() - started };
    };
    const editor = await apiKey(attacker, projectId, 'EDITOR');
    const viewer = await apiKey(attacker, projectId, 'VIEWER');
    const big = 'x'.repeat(65_536 - 200);
    const create = `mutation { createNote(input: { note: { body: "${big}" } }) { note { id } } }`;
    let accepted = 0;
    let refusal = '';
    const perMutation: string[] = [];
    const fillStarted = Date.now();
    for (let i = 1; i <= rows; i++) {
      const r = await mock(editor, create);
      if (r.body.errors) {
        refusal = `${r.body.errors[0].extensions?.code}: ${r.body.errors[0].message.slice(0, 120)}`;
        break;
      }
      accepted++;
      if ([1, 100, 300, 600].includes(i) || i === rows) perMutation.push(`#${i} ${r.ms} ms`);
    }
    line('row 2: overlay fill', `${accepted} rows of 64 KiB in ${seconds(Date.now() - fillStarted)}; ${perMutation.join(', ')}${refusal ? `; then ${refusal}` : ''}`);
    const read = `{ allNotes(first: 20, offset: 990) { totalCount nodes { id body } } }`;
    const one = await mock(viewer, read);
    line('row 2: one read of a page', `${codeOf(one.body)} in ${one.ms} ms`);
    const ten = await underProbe(server, bystander, Promise.all(Array.from({ length: 10 }, () => mock(viewer, read).then((r) => `${codeOf(r.body)} ${r.ms} ms`, (e: Error) => e.message))));
    const alive = await fetch(`${server.base}/healthz`).then((r) => r.status, () => 'down');
    line('row 2: 10 concurrent reads by a VIEWER', `${ten.result.join(', ')}; worst probe ${ten.worstMs} ms; RSS peak ${ten.peakRssMb} MB; /healthz after: ${alive}`);
  });
}

const CASES: Record<string, () => Promise<void>> = { preview, overlay, sample, imports, budgets, earlier: () => earlier(ROOT) };
const DEFAULT = ['preview', 'overlay', 'sample', 'imports', 'budgets'];

async function main() {
  console.log(`checkout: ${ROOT}`);
  for (const name of flags.case?.length ? flags.case : DEFAULT) {
    const run = CASES[name];
    if (!run) throw new Error(`no case ${name}: one of ${Object.keys(CASES).join(', ')}`);
    await run();
  }
  process.exit(0);
}

void main();
