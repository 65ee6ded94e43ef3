/**
 * The mock API's speed against the tool front-end developers use today:
 * `@graphql-tools/mock`'s `addMocksToSchema`, random values with nothing to be
 * consistent with, on the very schema Seedbed's mock serves. Both answer the
 * same nested query (50 users, each with their orders: two levels) over HTTP
 * from this process through the same handler (parse, validate with the API's
 * limits, execute), with the random mock's lists as long as ours, so both
 * send the same amount of data. Prints requests per second of each, the
 * ratio, and Seedbed's p50/p95 latency.
 * Targets: Seedbed's p95 under 20 ms, and at least the random mock's throughput.
 *
 *   npm run bench:mock [-- --seconds 5 --concurrency 2]
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { addMocksToSchema } from '@graphql-tools/mock';
import { execute, parse, specifiedRules, validate, type ExecutionResult, type GraphQLSchema } from 'graphql';
import { compileBlueprint, type BlueprintDocument } from '../server/src/engine';
import { loadConfig } from '../server/src/config';
import { queryLimits } from '../server/src/graphql/query-limits';
import { buildMockSchema, executeMock } from '../server/src/modules/mock/mock-schema';
import { MemoryOverlayStore } from '../server/src/modules/mock/overlay';
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
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const { query } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const document = parse(query);
      const errors = validate(schema, document, rules);
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
  // The same comparison without HTTP: the execution alone, as the mocks' own cost.
  const document = parse(QUERY);
  const perQuery = async (run: () => Promise<unknown>) => {
    const started = performance.now();
    let n = 0;
    for (; performance.now() - started < 1000; n++) await run();
    return (performance.now() - started) / n;
  };
  let oursMs = 0;
  let theirsMs = 0;
  for (let i = 0; i < SECONDS; i++) {
    oursMs += (await perQuery(() => executeMock(mock, store, { document }, () => {}))) / SECONDS;
    theirsMs += (await perQuery(async () => execute({ schema: random, document }))) / SECONDS;
  }
  console.log(`execution alone: Seedbed ${oursMs.toFixed(2)} ms, random mock ${theirsMs.toFixed(2)} ms per query (${(theirsMs / oursMs).toFixed(2)}x)`);
  seedbed.close();
  baseline.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
