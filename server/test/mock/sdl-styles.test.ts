/**
 * Issue #22: the mock answers what a query means. Three SDLs in the styles
 * real APIs are written in (PostGraphile, Hasura, a GraphQL layer over a
 * REST API), each imported on the server with `importBlueprint` and served
 * both by the server's endpoint and by `seedbed mock` on the same document,
 * each sent a dozen queries written before the import, over HTTP and over
 * graphql-ws. Every answer is checked by evaluating its arguments over the
 * engine's own rows for that document and seed (not by snapshots); pages
 * walk every matching row once; counts agree; mutations are read back.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BlueprintDocument } from '../../src/engine';
import { startTestServer, type TestServer } from '../support/server';
import { startSeedbedMock } from '../support/seedbed-mock';
import { createApiKey, createProject, createUser } from '../support/factories';
import type { TestClient } from '../support/client';
import { run, WsClients } from '../support/graphql-ws';
import type { StyleCase, Transport } from './styles/cases';
import { HASURA_CASES, HASURA_SDL } from './styles/hasura';
import { POSTGRAPHILE_CASES, POSTGRAPHILE_SDL } from './styles/postgraphile';
import { REST_CASES, REST_SDL } from './styles/rest';
import { Truth } from './styles/truth';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-styles-'));
const STYLES: { name: string; sdl: string; cases: StyleCase[] }[] = [
  { name: 'PostGraphile', sdl: POSTGRAPHILE_SDL, cases: POSTGRAPHILE_CASES },
  { name: 'Hasura', sdl: HASURA_SDL, cases: HASURA_CASES },
  { name: 'REST wrapper', sdl: REST_SDL, cases: REST_CASES },
];
const SEEDS = { 'server HTTP': 11, 'server graphql-ws': 12, 'seedbed mock HTTP': 13, 'seedbed mock graphql-ws': 13 } as const;
type TransportName = keyof typeof SEEDS;

let server: TestServer;
let owner: TestClient;
let editorKey: string;
const children: ChildProcess[] = [];
const sockets = new WsClients();
/** Per style: the saved document, its mock's path, and `seedbed mock`'s URL. */
const served = new Map<string, { document: BlueprintDocument; mockPath: string; cliUrl: string; truths: Map<number, Truth> }>();

beforeAll(async () => {
  // Every style is imported at once by one caller: above the 2 imports per caller a server allows by default.
  server = await startTestServer({ env: { SEEDBED_IMPORTS_PER_CALLER: String(STYLES.length) } });
  owner = (await createUser(server.url, 'Front end')).client;
  const project = await createProject(owner);
  editorKey = (await createApiKey(owner, project.id, 'EDITOR')).secret;
  await Promise.all(
    STYLES.map(async (style) => {
      const saved = await owner.ok('mutation($input: ImportBlueprintInput!) { importBlueprint(input: $input) { id mockPath document } }', { input: { projectId: project.id, source: 'GRAPHQL_SDL', text: style.sdl, name: style.name } });
      const { document, mockPath } = saved.importBlueprint;
      const file = path.join(dir, `${style.name.replace(/\W/g, '')}.json`);
      fs.writeFileSync(file, JSON.stringify(document));
      served.set(style.name, { document, mockPath, cliUrl: await serveFile(file, SEEDS['seedbed mock HTTP']), truths: new Map() });
    }),
  );
}, 120_000);

afterAll(async () => {
  await sockets.disposeAll();
  for (const child of children) child.kill('SIGKILL');
  await server?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function serveFile(file: string, seed: number): Promise<string> {
  const { url, child } = await startSeedbedMock(file, ['--seed', String(seed)]);
  children.push(child);
  return url;
}

function transport(style: string, name: TransportName): Transport {
  const { mockPath, cliUrl } = served.get(style)!;
  const seed = SEEDS[name];
  const http = (url: string, headers: Record<string, string>): Transport['send'] => async (query, variables) => {
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ query, variables }) });
    return response.json();
  };
  const ws = (url: string, connectionParams?: Record<string, unknown>): Transport['send'] => {
    const client = sockets.connect(url, { connectionParams });
    return (query, variables) => run(client, query, variables);
  };
  const send =
    name === 'server HTTP' ? http(`${server.url}${mockPath}?seed=${seed}`, { authorization: `Bearer ${editorKey}` })
    : name === 'server graphql-ws' ? ws(`${server.url.replace('http', 'ws')}${mockPath}?seed=${seed}`, { apiKey: editorKey })
    : name === 'seedbed mock HTTP' ? http(cliUrl, {})
    : ws(cliUrl.replace('http', 'ws'));
  return { name, send };
}

/** What a scope's answers must agree with: the same seed shares its overlay, so its truth too. */
function truthOf(style: string, seed: number): Truth {
  const entry = served.get(style)!;
  let truth = entry.truths.get(seed);
  if (!truth) entry.truths.set(seed, (truth = new Truth(entry.document, seed)));
  return truth;
}

describe.each(STYLES)('$name', ({ name, cases }) => {
  describe.each(Object.keys(SEEDS) as TransportName[])('over %s', (transportName) => {
    let t: Transport;
    beforeAll(() => {
      t = transport(name, transportName);
    });
    it.each(cases.map((c) => [c.name, c] as const))('%s', async (_title, c) => {
      await c.run(t, truthOf(name, SEEDS[transportName]));
    });
  });
});

describe('live subscriptions (Hasura style, over graphql-ws)', () => {
  it.each(['server graphql-ws', 'seedbed mock graphql-ws'] as const)('answer again after a write to the mock, over %s', async (transportName) => {
    const { mockPath, cliUrl } = served.get('Hasura')!;
    const url = transportName === 'server graphql-ws' ? `${server.url.replace('http', 'ws')}${mockPath}?seed=21` : cliUrl.replace('http', 'ws');
    const client = sockets.connect(url, { connectionParams: { apiKey: editorKey } });
    const answers: any[] = [];
    let notify = () => {};
    const dispose = client.subscribe<any>({ query: 'subscription { users_by_pk(id: 3) { id name } }' }, { next: (value) => (answers.push(value), notify()), error: () => {}, complete: () => {} });
    const answered = (count: number) => new Promise<void>((resolve) => {
      notify = () => answers.length >= count && resolve();
      notify();
    });
    await answered(1);
    expect(answers[0].data.users_by_pk.id).toBe(3);
    const name = `Live ${transportName}`;
    const write = await run(client, `mutation { update_users_by_pk(pk_columns: { id: 3 }, _set: { name: "${name}" }) { id } }`);
    expect(write.errors).toBeUndefined();
    await answered(2);
    expect(answers[answers.length - 1].data.users_by_pk).toEqual({ id: 3, name });
    dispose();
  });
});
