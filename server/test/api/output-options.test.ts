import { parse } from 'csv-parse/sync';
import { compileBlueprint, streamTable, type OutputOptions } from '../../src/engine';
import { collect } from '../engine/helpers';
import type { TestClient } from '../support/client';
import { createBlueprint, createProject, createUser, shopDocument } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

let server: TestServer;
let owner: TestClient;
let blueprintId: string;
const document = shopDocument({ tables: [{ ...shopDocument().tables[0], fields: [...shopDocument().tables[0].fields, { name: 'nick', generator: 'person.firstName', nullRate: 0.4 }] }] });

beforeAll(async () => {
  server = await startTestServer();
  owner = (await createUser(server.url)).client;
  const projectId = (await createProject(owner)).id;
  blueprintId = (await createBlueprint(owner, projectId, document)).id;
});
afterAll(() => server.stop());

const rows = (query: string) => owner.request(`/api/v1/blueprints/${blueprintId}/rows.${query}`);
const engine = (format: 'csv' | 'tsv' | 'json', output: OutputOptions) => collect(streamTable(compileBlueprint(document), 'users', format, { output }));

describe('output options of the rows API', () => {
  it('CSV delimiter, header row, line ending and NULL marker: the bytes the engine writes with the same options', async () => {
    const response = await rows('csv?delimiter=%3B&header=false&lineEnding=lf&nullMarker=NULL');
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toBe(await engine('csv', { delimiter: ';', header: false, lineEnding: 'lf', nullMarker: 'NULL' }));
    const records = parse(text, { delimiter: ';' }) as string[][];
    expect(records).toHaveLength(100);
    expect(records.some((r) => r[3] === 'NULL')).toBe(true);
    expect(text).not.toContain('\r');
  });

  it('JSON pretty and TSV options', async () => {
    const pretty = await (await rows('json?pretty=true&count=3')).text();
    expect(pretty).toBe(`${JSON.stringify(JSON.parse(await (await rows('json?count=3')).text()), null, 2)}\n`);
    expect(await (await rows('tsv?delimiter=%7C&lineEnding=crlf')).text()).toBe(await engine('tsv', { delimiter: '|', lineEnding: 'crlf' }));
  });

  it('escapeFormulas=true gives the engine\'s bytes: a leading apostrophe before what would start a formula', async () => {
    const formulaDocument = { ...document, tables: [{ ...document.tables[0], fields: [...document.tables[0].fields, { name: 'f', generator: 'list', options: { values: ['=1+1', '@x', 'ok'] } }] }] };
    const projectId = (await owner.ok('{ projects(first: 1) { edges { node { id } } } }')).projects.edges[0].node.id;
    const { id } = await createBlueprint(owner, projectId, formulaDocument);
    const escaped = await (await owner.request(`/api/v1/blueprints/${id}/rows.csv?escapeFormulas=true`)).text();
    expect(escaped).toBe(await collect(streamTable(compileBlueprint(formulaDocument), 'users', 'csv', { output: { escapeFormulas: true } })));
    expect(escaped).toMatch(/,'=1\+1\r\n/);
    expect(escaped).not.toMatch(/,=1\+1\r\n/);
  });

  it('refuses an invalid option at its parameter', async () => {
    for (const [query, path] of [['csv?delimiter=ab', 'delimiter'], ['csv?header=maybe', 'header'], ['csv?lineEnding=cr', 'lineEnding'], [`csv?nullMarker=${'x'.repeat(40)}`, 'nullMarker'], ['json?pretty=yes', 'pretty'], ['csv?escapeFormulas=yes', 'escapeFormulas']]) {
      const response = await rows(query);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect((await response.json()).errors[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', path });
    }
  });
});
