/**
 * The query cost limit (SEEDBED_QUERY_COST) lets every query the web app and
 * the README send, and refuses queries whose response could be huge, page
 * sizes given as variables included, on both transports.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildSchema, getIntrospectionQuery, parse, specifiedRules, validate, type DocumentNode } from 'graphql';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import * as clientOperations from '../../../client/src/__generated__/graphql';
import { loadConfig } from '../../src/config';
import { queryCostRule } from '../../src/modules/query-limits/query-cost';
import { queryLimits } from '../../src/modules/query-limits/query-limits';
import { createApiKey, createBlueprint, createProject, createUser } from '../support/factories';
import { readmeGraphQLOperations } from '../support/readme';
import { startTestServer, type TestServer } from '../support/server';

const schema = buildSchema(fs.readFileSync(path.join(__dirname, '../../../schema.graphql'), 'utf8'));
const README_QUERY = `{ projects(first: 10) { edges { node { id name blueprints(first: 10) { edges { node { id name revision } } } } } } }`;
// Three connections paged by one variable: up to 100 × 100 × 100 revision documents in one response.
const PAGED_BY_VARIABLE = `query($n: Int!) { projects(first: $n) { edges { node { blueprints(first: $n) { edges { node {
  revisions(first: $n) { edges { node { document } } } } } } } } } }`;

/** The errors the server's own validation (graphql's rules and the configured limits) finds in a document. */
function refusals(document: DocumentNode, env: Record<string, string> = {}): string[] {
  const limits = queryLimits(loadConfig({ NODE_ENV: 'test', ...env }).limits);
  return validate(schema, document, [...specifiedRules, ...limits.validationRules]).map((e) => e.message);
}

function costOf(document: DocumentNode): number {
  const costs: number[] = [];
  validate(schema, document, [queryCostRule({ maxCost: Infinity, onMeasured: (cost) => costs.push(cost) })]);
  return costs.reduce((a, b) => Math.max(a, b), 0);
}

const documents = Object.entries(clientOperations).filter(([name]) => name.endsWith('Document')) as [string, DocumentNode][];

describe('the cost model', () => {
  it('counts the values a response may hold, a page size multiplying what it selects', () => {
    expect(costOf(parse(`{ me { id name } }`))).toBe(3);
    expect(costOf(parse(`{ projects(first: 10) { edges { node { id } } } }`))).toBe(1 + 10 * 3);
    expect(costOf(parse(README_QUERY))).toBe(1 + 10 * (4 + 1 + 10 * 5));
  });

  it('counts a page size given as a variable as the largest a connection accepts (100)', () => {
    expect(costOf(parse(`query($n: Int!) { projects(first: $n) { edges { node { id } } } }`))).toBe(1 + 100 * 3);
    expect(refusals(parse(PAGED_BY_VARIABLE))).toEqual([expect.stringMatching(/cost limit of 5000 exceeded, found 3030301/i)]);
  });

  it('counts fragments where they are spread, and stays linear when fragments spread others twice over', () => {
    const spreads = Array.from({ length: 40 }, (_, i) => `fragment F${i + 1} on User { ...F${i} ...F${i} }`).join(' ');
    const document = parse(`{ me { ...F40 } } fragment F0 on User { id } ${spreads}`);
    expect(costOf(document)).toBe(1 + 2 ** 40);
    expect(costOf(parse(`{ me { ... on User { id } ...Named } } fragment Named on User { name email }`))).toBe(4);
  });

  it('follows SEEDBED_QUERY_COST: the README query (551) passes at 551, not at 550', () => {
    expect(refusals(parse(README_QUERY), { SEEDBED_QUERY_COST: '551' })).toEqual([]);
    expect(refusals(parse(README_QUERY), { SEEDBED_QUERY_COST: '550' })).toEqual([expect.stringMatching(/cost limit of 550 exceeded, found 551/i)]);
  });
});

describe('what the configured limits let through', () => {
  it('finds the web client operations', () => {
    expect(documents.map(([name]) => name)).toEqual(expect.arrayContaining(['ProjectsDocument', 'ProjectRunsDocument', 'RunProgressDocument']));
  });

  it.each(documents)('lets the web client send %s, its pages at their largest', (_name, document) => {
    expect(refusals(document)).toEqual([]);
  });

  it.each(readmeGraphQLOperations())('lets the README send %s', (query) => {
    expect(refusals(parse(query))).toEqual([]);
  });

  it("lets the GraphQL IDE read the schema (graphql's introspection query)", () => {
    expect(refusals(parse(getIntrospectionQuery()))).toEqual([]);
  });
});

describe('over the real server', () => {
  let server: TestServer;
  let secret: string;
  beforeAll(async () => {
    server = await startTestServer();
    const { client } = await createUser(server.url);
    const { id: projectId } = await createProject(client);
    await createBlueprint(client, projectId);
    secret = (await createApiKey(client, projectId, 'VIEWER')).secret;
  });
  afterAll(() => server.stop());

  const post = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return response.json() as Promise<{ data?: any; errors?: { extensions?: { code?: string } }[] }>;
  };

  it("answers the README's query with the key's project and its blueprint", async () => {
    const body = await post(README_QUERY);
    expect(body.errors).toBeUndefined();
    expect(body.data.projects.edges[0].node.blueprints.edges).toHaveLength(1);
  });

  it('refuses connections paged by variables over HTTP with QUERY_TOO_COMPLEX, whatever the variables say', async () => {
    const body = await post(PAGED_BY_VARIABLE, { n: 1 });
    expect(body.errors?.[0].extensions?.code).toBe('QUERY_TOO_COMPLEX');
    expect(body.data).toBeUndefined();
  });

  it('refuses them over WebSocket with QUERY_TOO_COMPLEX', async () => {
    const client = createClient({
      url: server.url.replace('http', 'ws') + '/graphql',
      retryAttempts: 0,
      webSocketImpl: class extends WebSocket {
        constructor(url: string, protocols: string[]) {
          super(url, protocols, { headers: { authorization: `Bearer ${secret}` } });
        }
      },
    });
    try {
      const errors = await new Promise<any[]>((resolve, reject) => {
        let result: any = {};
        client.subscribe(
          { query: PAGED_BY_VARIABLE, variables: { n: 1 } },
          { next: (value) => (result = value), error: (error) => (Array.isArray(error) ? resolve(error) : reject(error)), complete: () => resolve(result.errors ?? []) },
        );
      });
      expect(errors[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    } finally {
      await client.dispose();
    }
  });
});
