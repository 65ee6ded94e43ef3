/**
 * The mock API's speed against the tool front-end developers use today:
 * `@graphql-tools/mock`'s `addMocksToSchema`, random values with nothing to be
 * consistent with, on the very schema Seedbed's mock serves. Both answer the
 * same nested query (50 users, each with their orders: two levels) over HTTP
 * from this process through the same handler (parse and validate with the
 * API's limits, once per query text as Apollo Server's document store and
 * the mock's own route do; execute), with the random mock's lists as long as ours, so both
 * send the same amount of data. Prints requests per second of each, the
 * ratio, and Seedbed's p50/p95 latency.
 * Targets: Seedbed's p95 under 20 ms, and at least the random mock's throughput.
 *
 * Then filtered and paged queries (issue #22) on a 100,000-row table of an
 * imported Hasura-style SDL, each with other values every time (an equality,
 * a case-insensitive LIKE, a range, a condition of the default schema), their
 * p50/p95 against a hand-written mock's way (the same 100,000 rows held as
 * objects, filtered with Array.filter and sliced, behind the same handler),
 * and the scan bound refusing a table past it, with its message.
 * Target: filtered and paged p95 under 20 ms.
 *
 *   npm run bench:mock [-- --seconds 5 --concurrency 2]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { addMocksToSchema } from '@graphql-tools/mock';
import { execute, parse, specifiedRules, validate, type DocumentNode, type ExecutionResult, type GraphQLError, type GraphQLSchema } from 'graphql';
import { compileBlueprint, type BlueprintDocument } from '@seedbed/engine';
import { loadConfig } from '../server/src/config';
import { queryLimits } from '../packages/mock/src/query-limits';
import { readGraphqlSdl } from '../packages/import/src/graphql-sdl/read-sdl';
import { buildMockSchema, executeMock, splitDocument } from '../packages/mock/src/mock-schema';
import { MemoryOverlayStore } from '../packages/mock/src/overlay';
import { ROW_CACHE_BYTES } from '../packages/mock/src/row-cache';
import { fmt, machineLoad } from './measure';

const { values: flags } = parseArgs({ options: { seconds: { type: 'string', default: '5' }, concurrency: { type: 'string', default: '2' } } });
const SECONDS = Number(flags.seconds);
const CONCURRENCY = Number(flags.concurrency);

const SHOP: BlueprintDocument = {
  seedbed: 1,
  name: 'shop',
  seed: 42,
  tables: [
    {
      name: 'users',
      rows: 100_000,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence' },
        { name: 'first_name', generator: 'person.firstName' },
        { name: 'last_name', generator: 'person.lastName' },
        { name: 'email', generator: 'internet.email', options: { firstName: '{first_name}', lastName: '{last_name}' } },
      ],
    },
    {
      name: 'orders',
      rows: { perParent: 'users', min: 0, max: 5 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'uuid' },
        { name: 'user_id', generator: 'ref', options: { table: 'users' } },
        { name: 'status', generator: 'weighted', options: { values: { paid: 70, pending: 25, refunded: 5 } } },
        { name: 'total', generator: 'number.float', options: { min: 5, max: 500, precision: 0.01 } },
      ],
    },
  ],
};

// Two levels under 50 rows: the shape of a list screen with a nested list.
const QUERY = '{ allUsers(first: 50, offset: 5000) { totalCount nodes { id firstName lastName email orders(first: 5) { totalCount nodes { id status total } } } } }';

type Run = (document: ReturnType<typeof parse>) => Promise<ExecutionResult>;

/** One HTTP handler for both mocks: what differs is only how the operation is executed. */
function serve(schema: GraphQLSchema, run: Run): Promise<{ url: string; close: () => void }> {
  const { limits } = loadConfig({});
  const rules = [...specifiedRules, ...queryLimits(limits).validationRules];
  // Valid documents by their text, as Apollo Server's document store and the mock's own route keep them.
  const documents = new Map<string, DocumentNode>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const { query } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      let document = documents.get(query);
      let errors: readonly GraphQLError[] = [];
      if (!document) {
        document = parse(query);
        errors = validate(schema, document, rules);
        if (!errors.length) documents.set(query, document);
      }
      const result = errors.length ? { errors } : await run(document);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`, close: () => server.close() })));
}

interface Tally {
  latencies: number[];
  seconds: number;
  bytes: number;
}

/** One round of `seconds` of requests against `url`, added to `tally`. */
async function round(url: string, seconds: number, tally: Tally): Promise<void> {
  const { latencies } = tally;
  const until = performance.now() + seconds * 1000;
  const body = JSON.stringify({ query: QUERY });
  const worker = async () => {
    while (performance.now() < until) {
      const started = performance.now();
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      const text = await response.text();
      latencies.push(performance.now() - started);
      if (text.includes('"errors"')) throw new Error(text.slice(0, 500));
      tally.bytes = text.length;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  tally.seconds += (performance.now() - started) / 1000;
}

function summary({ latencies, seconds, bytes }: Tally) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { perSecond: latencies.length / seconds, p50: sorted[Math.floor(sorted.length * 0.5)], p95: sorted[Math.floor(sorted.length * 0.95)], bytes };
}

/** Alternating one-second rounds, so a change in the machine's load falls on both alike. */
async function compare(ours: string, theirs: string) {
  const a: Tally = { latencies: [], seconds: 0, bytes: 0 };
  const b: Tally = { latencies: [], seconds: 0, bytes: 0 };
  for (let i = 0; i < SECONDS; i++) {
    await round(ours, 1, a);
    await round(theirs, 1, b);
  }
  return { ours: summary(a), theirs: summary(b) };
}

async function main() {
  const mock = buildMockSchema(compileBlueprint(SHOP), { maxScan: 100_000 });
  const store = new MemoryOverlayStore();
  const seedbed = await serve(mock.schema, (document) => executeMock(mock, store, { document }, () => {}));
  // The same schema, mocked at random; lists as long as Seedbed's answers (50 users, 2.5 orders on average).
  const random = addMocksToSchema({
    schema: mock.schema,
    mocks: {
      UsersConnection: () => ({ nodes: Array.from({ length: 50 }, () => ({})) }),
      OrdersConnection: () => ({ nodes: Array.from({ length: 3 }, () => ({})) }),
      Cursor: () => 'cursor',
      UUID: () => '1b9d6bcd-bbfd-4b2d-9b5d-ab8dfbbd4bed',
    },
  });
  const baseline = await serve(random, (document) => Promise.resolve(execute({ schema: random, document })));
  // Warm both (JIT, the layout of the orders table, faker's locale data).
  for (const url of [seedbed.url, baseline.url]) for (let i = 0; i < 50; i++) await (await fetch(url, { method: 'POST', body: JSON.stringify({ query: QUERY }) })).text();

  console.log(`mock API bench: ${QUERY}`);
  console.log(`${SECONDS} alternating 1 s rounds each, ${CONCURRENCY} concurrent requests, ${machineLoad()}`);
  const { ours, theirs } = await compare(seedbed.url, baseline.url);
  console.log(`@graphql-tools/mock addMocksToSchema: ${fmt(theirs.perSecond)} req/s, p50 ${theirs.p50.toFixed(1)} ms, p95 ${theirs.p95.toFixed(1)} ms, ${fmt(theirs.bytes)} bytes per answer`);
  console.log(`Seedbed mock (rows by index):        ${fmt(ours.perSecond)} req/s, p50 ${ours.p50.toFixed(1)} ms, p95 ${ours.p95.toFixed(1)} ms, ${fmt(ours.bytes)} bytes per answer`);
  console.log(`ratio Seedbed / random mock: ${(ours.perSecond / theirs.perSecond).toFixed(2)}x throughput; Seedbed p95 ${ours.p95.toFixed(1)} ms (target < 20 ms, ratio ≥ 1)`);
  // The same comparison without HTTP: the execution alone (the mocks' own cost), in alternating 1 s rounds.
  const document = parse(QUERY);
  const timed = async (run: () => Promise<unknown>, into: number[]) => {
    const until = performance.now() + 1000;
    while (performance.now() < until) {
      const started = performance.now();
      await run();
      into.push(performance.now() - started);
    }
  };
  const oursTimes: number[] = [];
  const theirsTimes: number[] = [];
  for (let i = 0; i < SECONDS; i++) {
    await timed(() => executeMock(mock, store, { document }, () => {}), oursTimes);
    await timed(async () => execute({ schema: random, document }), theirsTimes);
  }
  const exec = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    return { mean: times.reduce((a, b) => a + b, 0) / times.length, p50: sorted[Math.floor(sorted.length * 0.5)], p95: sorted[Math.floor(sorted.length * 0.95)] };
  };
  const o = exec(oursTimes);
  const t = exec(theirsTimes);
  console.log(`execution alone, @graphql-tools/mock: mean ${t.mean.toFixed(2)} ms, p50 ${t.p50.toFixed(2)} ms, p95 ${t.p95.toFixed(2)} ms per query`);
  console.log(`execution alone, Seedbed mock:        mean ${o.mean.toFixed(2)} ms, p50 ${o.p50.toFixed(2)} ms, p95 ${o.p95.toFixed(2)} ms per query (target p95 < 5 ms)`);
  console.log(`ratio Seedbed / random mock, execution alone: ${(t.mean / o.mean).toFixed(2)}x (target ≥ 3x); compiled queries held: ${mock.compiled.size}, rows cached: ${(mock.source.rows.bytes / 1e6).toFixed(2)} MB (bound ${(ROW_CACHE_BYTES / 1e6).toFixed(0)} MB)`);
  seedbed.close();
  baseline.close();
  await filtered();
}

const USERS_SDL = `
schema { query: query_root }
enum order_by { asc desc }
input Int_comparison_exp { _eq: Int _gt: Int _gte: Int _in: [Int!] _lt: Int _lte: Int }
input String_comparison_exp { _eq: String _ilike: String _in: [String!] _like: String }
input users_bool_exp { _and: [users_bool_exp!] _or: [users_bool_exp!] age: Int_comparison_exp name: String_comparison_exp status: String_comparison_exp }
type users { id: Int! name: String! email: String! age: Int! "One of ('active', 'invited' or 'banned')." status: String! }
type query_root { users(where: users_bool_exp, limit: Int, offset: Int): [users!]! }
`;

/** p50 and p95 of `count` requests of `query(i)` to `url`, after 20 to warm up. */
async function latencies(url: string, query: (i: number) => string, count: number): Promise<{ p50: number; p95: number; sample: string }> {
  const times: number[] = [];
  let sample = '';
  for (let i = -20; i < count; i++) {
    const started = performance.now();
    const text = await (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: query(i + 20) }) })).text();
    if (text.includes('"errors"')) throw new Error(`${query(i)}: ${text.slice(0, 300)}`);
    if (i >= 0) times.push(performance.now() - started);
    sample = text;
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)], p95: times[Math.floor(times.length * 0.95)], sample };
}

async function filtered() {
  const ROWS = 100_000;
  const { document } = await readGraphqlSdl(USERS_SDL, { name: 'users', allowPrivateTargets: false });
  document.tables[0].rows = ROWS;
  const { generation, graphql } = splitDocument(document);
  const mock = buildMockSchema(compileBlueprint(generation), { maxScan: 100_000 }, graphql);
  const plain = buildMockSchema(compileBlueprint(generation), { maxScan: 100_000 });
  const store = new MemoryOverlayStore();
  const seedbed = await serve(mock.schema, (d) => executeMock(mock, store, { document: d }, () => {}));
  const defaultSchema = await serve(plain.schema, (d) => executeMock(plain, store, { document: d }, () => {}));
  // A hand-written mock's way: every row an object in memory, filtered per request.
  const table = plain.source.access.table('users');
  const rows = plain.source.access.rows('users', 0, ROWS).map((values) => Object.fromEntries(table.fields.map((f, i) => [f.name, values[i]])));
  const like = (text: string, pattern: string) => text.toLowerCase().includes(pattern.replace(/%/g, '').toLowerCase());
  const handWritten = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const { query } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const [, field, op, value, offset] = /(\w+): \{ _(\w+): "?([^"}]+)"? \} \}, limit: 20, offset: (\d+)/.exec(query)!;
      const test = (r: Record<string, any>) => (op === 'eq' ? String(r[field]) === value : op === 'ilike' ? like(r[field], value) : r[field] >= Number(value));
      const page = rows.filter(test).slice(Number(offset), Number(offset) + 20);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { users: page } }));
    });
  });
  await new Promise<void>((resolve) => handWritten.listen(0, '127.0.0.1', resolve));
  const handUrl = `http://127.0.0.1:${(handWritten.address() as AddressInfo).port}/graphql`;
  const names = ['an', 'el', 'ar', 'ri', 'on', 'is', 'ol', 'ja'];
  const queries: [string, (i: number) => string][] = [
    ['equality', (i) => `{ users(where: { status: { _eq: "${['active', 'invited', 'banned'][i % 3]}" } }, limit: 20, offset: ${(i * 37) % 500}) { id name status } }`],
    ['case-insensitive LIKE', (i) => `{ users(where: { name: { _ilike: "%${names[i % names.length]}%" } }, limit: 20, offset: ${(i * 13) % 200}) { id name } }`],
    ['range', (i) => `{ users(where: { age: { _gte: ${18 + (i % 60)} } }, limit: 20, offset: ${(i * 7) % 300}) { id age } }`],
  ];
  console.log(`\nfiltered and paged queries on a ${ROWS.toLocaleString('en-US')}-row table (other values every time; ${machineLoad()}):`);
  for (const [what, query] of queries) {
    const ours = await latencies(seedbed.url, query, 200);
    const theirs = await latencies(handUrl, query, 200);
    console.log(`  ${what.padEnd(22)} Seedbed mock p50 ${ours.p50.toFixed(1)} ms, p95 ${ours.p95.toFixed(1)} ms (target < 20 ms); hand-written array filter p50 ${theirs.p50.toFixed(1)} ms, p95 ${theirs.p95.toFixed(1)} ms; ratio of p95 ${(theirs.p95 / ours.p95).toFixed(2)}x`);
  }
  const condition = await latencies(defaultSchema.url, (i) => `{ allUsers(first: 20, offset: ${(i * 11) % 400}, condition: { status: "${['active', 'invited', 'banned'][i % 3]}" }) { totalCount nodes { id status } } }`, 200);
  console.log(`  ${'condition (no SDL)'.padEnd(22)} Seedbed mock p50 ${condition.p50.toFixed(1)} ms, p95 ${condition.p95.toFixed(1)} ms (target < 20 ms)`);
  // Past the scan bound: refused before any row is read, with the bound in the message.
  document.tables[0].rows = 150_000;
  const big = splitDocument(document);
  const past = buildMockSchema(compileBlueprint(big.generation), { maxScan: 100_000 }, big.graphql);
  const refused = await executeMock(past, store, { document: parse('{ users(where: { status: { _eq: "active" } }, limit: 20) { id } }') }, () => {});
  console.log(`  a 150,000-row table: ${refused.errors?.[0]?.message}`);
  seedbed.close();
  defaultSchema.close();
  handWritten.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
