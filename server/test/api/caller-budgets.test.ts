/**
 * Issue 23 row 7: budgets per user and per project as well as per key and
 * session, so making keys or sessions adds nothing; windows slide; rows
 * stream counts live in PostgreSQL, shared by every server process. On main
 * 25 keys made in 0.4 s gave one project 100 open rows streams and 25 times
 * the operation budget.
 */
import http from 'node:http';
import type { TestClient } from '../support/client';
import { createApiKey, createBlueprint, createProject, createUser } from '../support/factories';
import { eventually, underProbe } from '../support/probe';
import { startTestServer, type TestServer } from '../support/server';
import { RowsStreams } from '../../src/http/rows-streams';
import { SlidingWindows } from '../../src/modules/api-key/rate-limit';

// Generous bounds for a machine busy with other work: the niced threads that make rows get little CPU then.
jest.setTimeout(90_000);

const RATE = 40;
const STREAMS = 4;
let server: TestServer;
let owner: TestClient;
let bystander: TestClient;
let projectId: string;
let blueprintId: string;
let keys: string[];

beforeAll(async () => {
  server = await startTestServer({ env: { SEEDBED_API_RATE_PER_MINUTE: String(RATE), SEEDBED_ROWS_STREAMS: String(STREAMS) } });
  owner = (await createUser(server.url, 'Owner')).client;
  bystander = (await createUser(server.url, 'Bystander')).client;
  projectId = (await createProject(owner)).id;
  const big = { seedbed: 1, name: 'big', seed: 1, tables: [{ name: 't', rows: 1_000_000, fields: [{ name: 'words', generator: 'lorem.sentence' }] }] };
  blueprintId = (await createBlueprint(owner, projectId, big)).id;
  keys = [];
  for (let i = 0; i < 25; i++) keys.push((await createApiKey(owner, projectId, 'VIEWER')).secret);
});
afterAll(() => server.stop());

const ROWS = () => `/api/v1/blueprints/${blueprintId}/rows.csv?count=1000000`;

/** A download that reads its status and then stops reading: the stream stays open, held by backpressure. */
function stall(secret: string, open: http.ClientRequest[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(server.url + ROWS(), { headers: { authorization: `Bearer ${secret}` } }, (response) => {
      if (response.statusCode !== 200) response.resume();
      else response.pause();
      resolve(response.statusCode!);
    });
    request.on('error', reject);
    open.push(request);
  });
}

describe('budgets per user and per project (issue 23 row 7)', () => {
  it("holds 25 keys of one project to the project's 4 rows streams, counted in PostgreSQL for every process", async () => {
    const open: http.ClientRequest[] = [];
    try {
      const seen = await underProbe(bystander, Promise.all(keys.slice(0, 10).map((secret) => stall(secret, open))));
      expect(seen.result.filter((status) => status === 200)).toHaveLength(STREAMS);
      expect(seen.result.filter((status) => status === 429)).toHaveLength(10 - STREAMS);
      expect(seen.worstMs).toBeLessThan(1000);
      expect(seen.rssGrowthMb).toBeLessThan(300);
      // Another process sharing the database sees the same four: it can open none for this project either.
      const elsewhere = new RowsStreams(server.db, STREAMS);
      await expect(elsewhere.open([`project:${projectId}`])).rejects.toMatchObject({ code: 'RATE_LIMITED' });
      // ...and a stream it holds for another caller counts here too.
      const stranger = (await createUser(server.url)).client;
      const strangerProject = (await createProject(stranger)).id;
      const strangerKey = (await createApiKey(stranger, strangerProject, 'VIEWER')).secret;
      const strangerBlueprint = (await createBlueprint(stranger, strangerProject)).id;
      const held = await Promise.all(Array.from({ length: STREAMS }, () => elsewhere.open([`project:${strangerProject}`])));
      const refused = await fetch(`${server.url}/api/v1/blueprints/${strangerBlueprint}/rows.csv?count=1`, { headers: { authorization: `Bearer ${strangerKey}` } });
      expect(refused.status).toBe(429);
      await Promise.all(held.map((close) => close()));
      expect((await fetch(`${server.url}/api/v1/blueprints/${strangerBlueprint}/rows.csv?count=1`, { headers: { authorization: `Bearer ${strangerKey}` } })).status).toBe(200);
    } finally {
      open.forEach((request) => request.destroy());
    }
    await eventually(async () => (await new RowsStreams(server.db, STREAMS).count()) === 0, 30_000, 'the streams to close');
  });

  it("holds 25 keys of one project to the project's requests per minute, naming whose budget is spent", async () => {
    const send = (secret: string) => fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: '{"query":"{ __typename }"}' });
    // Three requests from each key, five keys at a time (the bound here is the budget, not how many arrive at once).
    const flood = (async () => {
      const answers: Response[] = [];
      for (let round = 0; round < 15; round++) answers.push(...(await Promise.all(keys.slice((round % 5) * 5, (round % 5) * 5 + 5).map(send))));
      return answers;
    })();
    const seen = await underProbe(bystander, flood);
    const statuses = seen.result.map((response) => response.status);
    // The stream test above spent some of the project's minute already: never more than RATE in all.
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(RATE);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(75 - RATE);
    const refused = seen.result.find((response) => response.status === 429)!;
    expect((await refused.json()).errors[0]).toMatchObject({ message: "This project's API keys made more than 40 requests in the last minute.", extensions: { code: 'RATE_LIMITED' } });
    expect(seen.worstMs).toBeLessThan(1000);
    // A key of the same user in another project still counts against the user.
    const other = (await createProject(owner)).id;
    const otherKey = (await createApiKey(owner, other, 'VIEWER')).secret;
    const byUser = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${otherKey}` }, body: '{"query":"{ __typename }"}' });
    expect(byUser.status).toBe(429);
    expect((await byUser.json()).errors[0].message).toBe('The API keys made by this user made more than 40 requests in the last minute.');
  });

  it('slides its windows: hits at the end of one window still count at the start of the next', async () => {
    const windows = new SlidingWindows(server.db);
    const subject = `test:${Date.now()}`;
    const [full] = await windows.hit('slide-test', [subject], 60, 10, 10);
    expect(full.rate).toBe(10);
    // Ten seconds into the next window: a fixed window would start again from nothing.
    await server.db.query(`UPDATE rate_windows SET window_start = now() - interval '70 seconds' WHERE scope = 'slide-test' AND subject = $1`, [subject]);
    const [next] = await windows.hit('slide-test', [subject], 60, 1, 10);
    expect(next.rate).toBeCloseTo(10 * (50 / 60) + 1, 1);
    const [over] = await windows.hit('slide-test', [subject], 60, 1, 10);
    expect(over.rate).toBeGreaterThan(10);
    // Back under the limit once enough of the previous window has slid out: its weight down to 0.8, 2 s on.
    expect(over.retryAfter).toBeGreaterThanOrEqual(1);
    expect(over.retryAfter).toBeLessThanOrEqual(3);
    // Two windows on, nothing is left of either.
    await server.db.query(`UPDATE rate_windows SET window_start = now() - interval '125 seconds' WHERE scope = 'slide-test' AND subject = $1`, [subject]);
    const [fresh] = await windows.hit('slide-test', [subject], 60, 1, 10);
    expect(fresh.rate).toBe(1);
  });

  it('counts hits that arrive together one after another: exactly the limit passes', async () => {
    const windows = new SlidingWindows(server.db);
    const run = Date.now();
    const together = await Promise.all(Array.from({ length: 12 }, (_, i) => windows.hit('batch-test', [`project:${run}`, `key:${run}:${i % 3}`], 60, 1, 5)));
    const projectRates = together.map((states) => states.find((s) => s.subject.startsWith('project:'))!.rate).sort((a, b) => a - b);
    expect(projectRates).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(together.filter((states) => states.every((s) => s.rate <= 5))).toHaveLength(5);
  });

  it("refuses previews to a caller that does not read its answers, once two answers' bytes wait, and takes it back once they are read", async () => {
    const reader = (await createUser(server.url, 'Reader')).client;
    const project = (await createProject(reader)).id;
    // 20 fields of 60,000 characters, 8 rows: a 9.6 MB answer, cheap to make (one constant, copied by templates).
    const fields = [{ name: 'f0', generator: 'constant', options: { value: 'x'.repeat(60_000) } }, ...Array.from({ length: 19 }, (_, i) => ({ name: `f${i + 1}`, generator: 'template', options: { template: '{f0}' } }))];
    const wide = { seedbed: 1, name: 'wide', seed: 1, tables: [{ name: 't', rows: 8, fields }] };
    const id = (await createBlueprint(reader, project, wide)).id;
    const body = JSON.stringify({ query: `{ preview(input: { blueprintId: "${id}", limit: 8 }) { rows } }` });
    const unread: http.ClientRequest[] = [];
    /** A preview whose answer is never read when it is one: the status, and the body of a refusal. */
    const ask = () =>
      new Promise<{ status: number; body?: any }>((resolve, reject) => {
        const request = http.request(server.url + '/graphql', { method: 'POST', headers: { 'content-type': 'application/json', cookie: reader.cookieHeader } }, (response) => {
          if (response.statusCode === 200) return (response.pause(), resolve({ status: 200 }));
          let text = '';
          response.on('data', (chunk) => (text += chunk)).on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }));
        });
        request.on('error', reject);
        request.end(body);
        unread.push(request);
      });
    try {
      const statuses: number[] = [];
      let refusal: any;
      for (let i = 0; i < 8 && !refusal; i++) {
        const answer = await ask();
        statuses.push(answer.status);
        if (answer.status !== 200) refusal = answer.body;
      }
      expect(refusal?.errors[0]).toMatchObject({ extensions: { code: 'RATE_LIMITED' } });
      expect(refusal.errors[0].message).toMatch(/bytes of previews made for this caller have not been read yet/);
      expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(4);
      // Another user is not held back by it.
      const other = (await createBlueprint(bystander, (await createProject(bystander)).id)).id;
      expect((await bystander.ok(`{ preview(input: { blueprintId: "${other}", limit: 1 }) { totalRows } }`)).preview.totalRows).toBe(100);
    } finally {
      unread.forEach((request) => request.destroy());
    }
    // Once the answers are gone (their connections closed), the caller may preview again.
    await eventually(async () => (await reader.gql(`{ preview(input: { blueprintId: "${id}", limit: 1 }) { totalRows } }`)).errors === undefined, 30_000, 'the unread answers to be let go');
  });
});
