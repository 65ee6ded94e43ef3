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

let server: TestServer;
let owner: TestClient;
let blueprintId: string;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-same-bytes-'));

beforeAll(async () => {
  server = await startTestServer();
  owner = (await createUser(server.url)).client;
  const projectId = (await createProject(owner)).id;
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
function cliOutput(format: string, table: string): Promise<string> {
  const key = `${table}.${format}`;
  if (!cliOutputs.has(key)) cliOutputs.set(key, generateWithCli(format, table));
  return cliOutputs.get(key)!;
}

async function generateWithCli(format: string, table: string): Promise<string> {
  const file = path.join(dir, 'key-order.json');
  fs.writeFileSync(file, DOCUMENT_TEXT);
  const out = path.join(dir, `${table}-${format}`);
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

const rowsApi = async (format: string, table: string) => (await owner.request(`/api/v1/blueprints/${blueprintId}/rows.${format}?table=${table}`)).text();

describe('one document, one set of bytes', () => {
  it('gives the document back with its keys in the order sent', async () => {
    const { blueprint } = await owner.ok(`query($id: ID!) { blueprint(id: $id) { document } }`, { id: blueprintId });
    expect(JSON.stringify(blueprint.document)).toBe(JSON.stringify(DOCUMENT));
    const response = await owner.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: `query($id: ID!) { blueprint(id: $id) { revisions(first: 1) { edges { node { document } } } } }`, variables: { id: blueprintId } }),
    });
    const text = await response.text();
    // The raw response text, not a re-parsed object: key order is what a client sees.
    expect(text).toContain(JSON.stringify(DOCUMENT));
  });

  it('makes the same bytes with `seedbed generate FILE` as the rows API makes for the saved document', async () => {
    for (const table of ['orders', 'items']) {
      for (const format of FORMATS) expect(await rowsApi(format, table)).toBe(await cliOutput(format, table));
    }
  });

  it('makes a file run whose artifacts are the command line output of the same file', async () => {
    const started = await startRun(owner, blueprintId, { files: { formats: FORMATS.map((f) => f.toUpperCase()) } });
    const run = await waitForRun(owner, started.id, finished);
    expect(run.status).toBe('SUCCEEDED');
    expect(run.artifacts).toHaveLength(2 * FORMATS.length);
    for (const artifact of run.artifacts) {
      const body = await (await owner.request(artifact.url)).text();
      expect(body).toBe(await cliOutput(artifact.format.toLowerCase(), artifact.table));
    }
  });

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
