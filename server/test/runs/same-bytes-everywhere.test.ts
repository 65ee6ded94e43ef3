/**
 * PRODUCT.md §1: the same revision and seed give the same bytes from every
 * entry point. A blueprint kept in a repository is usually written by hand,
 * its object keys in no particular order: the command line reading that file,
 * the API storing it, a run pinning it and the editor previewing it must all
 * see the same data, and the API must give the document back as it was sent.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { main as seedbed } from '../../src/cli/main';
import type { TestClient } from '../support/client';
import { createBlueprint, createProject, createUser } from '../support/factories';
import { finished, startRun, waitForRun } from '../support/runs';
import { startTestServer, type TestServer } from '../support/server';
import { withStableKeys } from '../../src/engine';


// Keys deliberately unsorted, and not in PostgreSQL JSONB's order (shorter keys first) either.
const DOCUMENT_TEXT = `{
  "tables": [
    {
      "fields": [
        { "options": { "step": 1, "start": 1 }, "generator": "sequence", "name": "id" },
        { "name": "status", "generator": "weighted", "options": { "values": { "refunded": 5, "paid": 70, "pending": 25 } } },
        { "generator": "weighted", "name": "channel",
          "options": { "values": [ { "weight": 3, "value": { "zone": "eu", "kind": "web" } }, { "value": { "kind": "shop", "zone": "us" }, "weight": 1 } ] } },
        { "name": "meta", "options": { "value": { "zeta": true, "alpha": [ { "b": 1, "a": 2 } ] } }, "generator": "constant" },
        { "options": { "values": [ { "y": 1, "x": 2 }, { "x": 3, "y": 4 } ] }, "name": "shape", "generator": "list" },
        { "name": "total", "options": { "precision": 0.01, "max": 500, "min": 5 }, "generator": "number.float" },
        { "generator": "formula", "options": { "expr": "upper(status) & '-' & id" }, "name": "code" }
      ],
      "primaryKey": "id",
      "rows": 300,
      "name": "orders"
    },
    {
      "rows": { "max": 3, "perParent": "orders", "min": 0 },
      "name": "items",
      "fields": [
        { "generator": "uuid", "name": "id" },
        { "options": { "table": "orders" }, "name": "order_id", "generator": "ref" },
        { "name": "size", "generator": "weighted", "options": { "values": { "small": 1, "large": 2, "medium": 3 } } }
      ],
      "primaryKey": "id"
    }
  ],
  "seed": 7,
  "name": "key_order",
  "locale": "en",
  "seedbed": 1
}`;
const DOCUMENT = JSON.parse(DOCUMENT_TEXT);
const FORMATS = ['csv', 'tsv', 'json', 'ndjson', 'sql'] as const;
const PREVIEW = `query($input: PreviewInput!) { preview(input: $input) { columns { name } rows } }`;

/** The document saved with its keys, then `orders` renamed `purchases` and `status` renamed `state`: the keys stay. */
const RENAMED = JSON.parse(
  JSON.stringify(withStableKeys(DOCUMENT))
    .replace(/(?<!"key":)"orders"/g, '"purchases"')
    .replace(/(?<!"key":)"status"/g, '"state"')
    .replace('upper(status)', 'upper(state)'),
);

let server: TestServer;
let owner: TestClient;
let projectId: string;
let blueprintId: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-same-bytes-'));

beforeAll(async () => {
  server = await startTestServer();
  owner = (await createUser(server.url)).client;
  projectId = (await createProject(owner)).id;
  blueprintId = (await createBlueprint(owner, projectId, DOCUMENT)).id;
});
afterAll(async () => {
  await server.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/**
 * `seedbed generate FILE --table T --format F --out DIR` through the command's own entry (cli/main.ts `main`, what
 * bin/seedbed.js calls), in this process: ten processes of it spent most of their time starting Node and loading the
 * engine (0.8 s of CPU each for 300 rows), and on a busy machine took past the test's timeout. Each output is made once.
 */
const cliOutputs = new Map<string, Promise<string>>();
function cliOutput(format: string, table: string, text = DOCUMENT_TEXT): Promise<string> {
  const key = `${table}.${format}.${text === DOCUMENT_TEXT ? '' : text}`;
  if (!cliOutputs.has(key)) cliOutputs.set(key, generateWithCli(format, table, text));
  return cliOutputs.get(key)!;
}

async function generateWithCli(format: string, table: string, text: string): Promise<string> {
  const file = path.join(dir, `key-order-${cliOutputs.size}.json`);
  fs.writeFileSync(file, text);
  const out = path.join(dir, `${table}-${format}-${cliOutputs.size}`);
  let said = '';
  const stderr = jest.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((said += String(chunk)), true));
  try {
    expect(await seedbed(['generate', file, '--table', table, '--format', format, '--out', out])).toBe(0);
  } finally {
    stderr.mockRestore();
  }
  const [written] = fs.readdirSync(out);
  // Nothing but the line saying what it wrote.
  expect(said).toBe(`wrote ${path.join(out, written)} (${said.match(/\(([\d,]+) rows\)/)![1]} rows)\n`);
  return fs.readFileSync(path.join(out, written), 'utf8');
}

const rowsApi = async (format: string, table: string, id = blueprintId) => (await owner.request(`/api/v1/blueprints/${id}/rows.${format}?table=${table}`)).text();

describe('one document, one set of bytes', () => {
  it('gives the document back with its keys in the order sent, each table and field led by its stable key', async () => {
    const { blueprint } = await owner.ok(`query($id: ID!) { blueprint(id: $id) { document } }`, { id: blueprintId });
    const stored = withStableKeys(DOCUMENT);
    expect(JSON.stringify(stored)).toContain('{"key":"id","options":{"step":1,"start":1},"generator":"sequence","name":"id"}');
    expect(JSON.stringify(blueprint.document)).toBe(JSON.stringify(stored));
    const response = await owner.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `query($id: ID!) { blueprint(id: $id) { revisions(first: 1) { edges { node { document } } } } }`, variables: { id: blueprintId } }),
    });
    const text = await response.text();
    // The raw response text, not a re-parsed object: key order is what a client sees.
    expect(text).toContain(JSON.stringify(stored));
  });

  it('makes the same bytes with `seedbed generate FILE` as the rows API makes for the saved document', async () => {
    for (const table of ['orders', 'items']) {
      for (const format of FORMATS) expect(await rowsApi(format, table)).toBe(await cliOutput(format, table));
    }
    // Ten `seedbed generate` processes: 0.6 s each on a quiet machine, 3 s on a busy one.
  }, 120_000);

  it('makes a file run whose artifacts are the command line output of the same file', async () => {
    const started = await startRun(owner, blueprintId, { files: { formats: FORMATS.map((f) => f.toUpperCase()) } });
    const run = await waitForRun(owner, started.id, finished);
    expect(run.status).toBe('SUCCEEDED');
    expect(run.artifacts).toHaveLength(2 * FORMATS.length);
    for (const artifact of run.artifacts) {
      const body = await (await owner.request(artifact.url)).text();
      expect(body).toBe(await cliOutput(artifact.format.toLowerCase(), artifact.table));
    }
  }, 120_000);

  it('previews the same rows before saving (document) as after (blueprintId)', async () => {
    for (const table of ['orders', 'items']) {
      const unsaved = (await owner.ok(PREVIEW, { input: { document: DOCUMENT, table, limit: 100 } })).preview;
      const saved = (await owner.ok(PREVIEW, { input: { blueprintId, table, limit: 100 } })).preview;
      // Compared as text: cells holding JSON objects must agree on key order too.
      expect(JSON.stringify(saved)).toBe(JSON.stringify(unsaved));
      const statuses = new Set(unsaved.rows.map((r: unknown[]) => r[unsaved.columns.findIndex((c: { name: string }) => c.name === (table === 'orders' ? 'status' : 'size'))]));
      expect(statuses.size).toBe(3); // the weighted column really varies: a constant column would hide an ordering bug
    }
  });
});

describe('a rename, keys kept: the same values under the new names from every entry point', () => {
  const bodyOf = (csv: string) => csv.slice(csv.indexOf('\r\n') + 2);
  let renamedId: string;
  let original: Record<string, string>;
  beforeAll(async () => {
    renamedId = (await owner.ok(`mutation($input: UpdateBlueprintInput!) { updateBlueprint(input: $input) { id } }`, {
      input: { id: (await createBlueprint(owner, projectId, DOCUMENT)).id, baseRevision: 1, document: RENAMED },
    })).updateBlueprint.id;
    original = { purchases: await cliOutput('csv', 'orders'), items: await cliOutput('csv', 'items') };
    expect(bodyOf(original.purchases)).toContain('PAID-'); // the formula reads the renamed field
  }, 60_000);

  it('in the command line and the rows API', async () => {
    expect((await cliOutput('csv', 'purchases', JSON.stringify(RENAMED))).split('\r\n')[0]).toBe('id,state,channel,meta,shape,total,code');
    for (const table of ['purchases', 'items']) {
      expect(bodyOf(await cliOutput('csv', table, JSON.stringify(RENAMED)))).toBe(bodyOf(original[table]));
      expect(bodyOf(await rowsApi('csv', table, renamedId))).toBe(bodyOf(original[table]));
    }
  }, 120_000);

  it('in a run', async () => {
    const run = await waitForRun(owner, (await startRun(owner, renamedId, { files: { formats: ['CSV'] } })).id, finished);
    expect(run.status).toBe('SUCCEEDED');
    for (const artifact of run.artifacts) expect(bodyOf(await (await owner.request(artifact.url)).text())).toBe(bodyOf(original[artifact.table]));
  });

  it('in the preview and the mock API', async () => {
    const { preview } = await owner.ok(PREVIEW, { input: { blueprintId: renamedId, table: 'purchases', limit: 5 } });
    const lines = bodyOf(original.purchases).split('\r\n');
    const state = preview.columns.findIndex((c: { name: string }) => c.name === 'state');
    expect(preview.rows.map((r: unknown[]) => r[state])).toEqual(lines.slice(0, 5).map((l) => l.split(',')[1]));
    const mock = await owner.request(`/mock/${projectId}/${renamedId}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ allPurchases(first: 5) { nodes { id state } } }' }),
    });
    const { data } = await mock.json();
    expect(data.allPurchases.nodes).toEqual(lines.slice(0, 5).map((l) => ({ id: Number(l.split(',')[0]), state: l.split(',')[1] })));
  });
});
