/**
 * PRODUCT.md §9, §15: a plan's rows are bounded before any work, and laying
 * out large per-parent tables never happens on the API's thread — so while
 * each of these requests is answered (refused or served), everybody else's
 * requests still are.
 */
import { compileBlueprint, sharedWorkerPool } from '../../src/engine';
import type { BlueprintDocument, TableDef } from '../../src/engine/document/types';
import { layoutCache } from '../../src/engine/plan/layout-cache';
import type { TestClient } from '../support/client';
import { createApiKey, createBlueprint, createProject, createUser } from '../support/factories';
import { startTestServer, type TestServer } from '../support/server';

const BILLION = 1_000_000_000;

let server: TestServer;
let owner: TestClient;
let newcomer: TestClient;
let projectId: string;

beforeAll(async () => {
  // No run worker: a run started here stays queued instead of generating its rows beside the tests.
  server = await startTestServer({ env: { SEEDBED_ENGINE_THREADS: '2', SEEDBED_RUN_WORKER: 'false' } });
  owner = (await createUser(server.url)).client;
  // Signed in, no project of their own: all an unsaved-document preview asks for.
  newcomer = (await createUser(server.url, 'Newcomer')).client;
  projectId = (await createProject(owner)).id;
});
afterAll(() => server.stop());

function shop(users: number, orders: Omit<Extract<TableDef['rows'], object>, 'perParent'> = { min: 0, max: 5 }): BlueprintDocument {
  return {
    seedbed: 1,
    name: 'shop',
    seed: 42,
    tables: [
      { name: 'users', rows: users, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, { name: 'name', generator: 'person.firstName' }] },
      {
        name: 'orders',
        rows: { perParent: 'users', ...orders },
        primaryKey: 'id',
        fields: [{ name: 'id', generator: 'sequence' }, { name: 'user_id', generator: 'ref', options: { table: 'users' } }],
      },
    ],
  };
}

const PREVIEW = `query($input: PreviewInput!) { preview(input: $input) { table totalRows offset rows } }`;
const START_RUN = `mutation($input: StartRunInput!) { startRun(input: $input) { id rowsTotal } }`;

/**
 * Runs `attack` while a probe keeps asking `{ __typename }` one request after
 * another; returns the attack's outcome and the slowest probe answer (ms).
 */
async function whileProbing<T>(attack: () => Promise<T>): Promise<{ result: T; slowestMs: number; probes: number }> {
  let done = false;
  let slowestMs = 0;
  let probes = 0;
  const probe = (async () => {
    // At least one probe, each started while the attack may still be running.
    do {
      const started = performance.now();
      const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' });
      expect((await response.json()).data).toEqual({ __typename: 'Query' });
      slowestMs = Math.max(slowestMs, performance.now() - started);
      probes++;
    } while (!done);
  })();
  let result: T;
  try {
    result = await attack();
  } finally {
    done = true;
    await probe;
  }
  return { result, slowestMs, probes };
}

async function stored() {
  const [{ revisions }] = await server.db.query('SELECT count(*)::int AS revisions FROM blueprint_revisions');
  const [{ runs }] = await server.db.query('SELECT count(*)::int AS runs FROM runs');
  return { revisions, runs };
}

describe('bounds before work', () => {
  it('refuses the preview of an unsaved billion-user document, from an account with no project, without stalling anyone', async () => {
    const before = await stored();
    const { result, slowestMs } = await whileProbing(() => newcomer.fails(PREVIEW, { input: { document: shop(BILLION), limit: 1 } }));
    expect(result).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[1].rows' } });
    expect(result.message).toContain('6,000,000,000');
    expect(result.message).toContain('1,000,000,000');
    expect(slowestMs).toBeLessThan(1000);
    expect(await stored()).toEqual(before);
  });

  it('refuses a row count of 5,000,000,000 typed in the editor, at that table', async () => {
    const { result, slowestMs } = await whileProbing(() => owner.fails(PREVIEW, { input: { document: shop(5 * BILLION), limit: 1 } }));
    expect(result).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[0].rows' } });
    expect(slowestMs).toBeLessThan(1000);
  });

  it('refuses a Poisson mean of 1e308 at its path instead of a masked error', async () => {
    const { result, slowestMs } = await whileProbing(() =>
      newcomer.fails(PREVIEW, { input: { document: shop(10, { distribution: 'poisson', mean: 1e308 }), limit: 1 } }),
    );
    expect(result).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[1].rows.mean' } });
    expect(slowestMs).toBeLessThan(1000);
  });

  it('refuses a run of a billion users with their orders before it is stored', async () => {
    const { id } = await createBlueprint(owner, projectId, shop(100));
    const before = await stored();
    const { result, slowestMs } = await whileProbing(() =>
      owner.fails(START_RUN, { input: { blueprintId: id, rows: BILLION, table: 'users', target: { files: { formats: ['CSV'] } } } }),
    );
    expect(result).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[1].rows' } });
    expect(slowestMs).toBeLessThan(1000);
    expect(await stored()).toEqual(before);
  });

  it('refuses to save a plan over the bound, at the table that takes it over, with the bound\'s own number (issue 24, row 6)', async () => {
    const before = await stored();
    const save = (document: unknown) => owner.fails(`mutation($input: CreateBlueprintInput!) { createBlueprint(input: $input) { id } }`, { input: { projectId, document } });
    // A billion users with up to five orders each: the orders take it over.
    expect(await save(shop(BILLION))).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[1].rows' }, message: expect.stringMatching(/up to 6,000,000,000 rows.*at most 1,000,000,000 are allowed/) });
    // Far over it (before: saved, and refused only when used, as "must be at most more than 1,000,000,000,000,000").
    for (const rows of [1e15, 2 ** 53, 2 ** 60]) {
      const refused = await save(shop(rows));
      expect(refused).toMatchObject({ code: 'BAD_USER_INPUT', extensions: { path: 'tables[0].rows' } });
      expect(refused.message).toMatch(/must be at most 1,000,000,000: the most rows one plan may make/);
    }
    expect(await stored()).toEqual(before);
    // A run's own row count of 2^53 is told the run's bound, not "a whole number of at least 0".
    const { id } = await createBlueprint(owner, projectId, shop(100));
    const run = await owner.fails(START_RUN, { input: { blueprintId: id, rows: 2 ** 53, target: { files: { formats: ['CSV'] } } } });
    expect(run).toMatchObject({ extensions: { path: 'input.rows' }, message: expect.stringMatching(/at most 1,000,000,000 rows are allowed in a run/) });
    // And the rows API's count.
    const count = await owner.request(`/api/v1/blueprints/${id}/rows.csv?count=${2 ** 53}`);
    expect((await count.json()).errors[0]).toMatchObject({ extensions: { path: 'count' }, message: expect.stringMatching(/at most 1,000,000 rows per request/) });
  });

  it('refuses the rows API of a billion-user blueprint saved before that check, even for a VIEWER key asking for ten rows', async () => {
    const { id } = await createBlueprint(owner, projectId, shop(100));
    // As a revision saved before plans were checked at save, or under a larger SEEDBED_PLAN_ROWS.
    await server.db.query('UPDATE blueprint_revisions SET document = $1 WHERE blueprint_id = $2', [shop(BILLION), id]);
    const viewer = owner.withApiKey((await createApiKey(owner, projectId, 'VIEWER')).secret);
    const before = await stored();
    const { result: response, slowestMs } = await whileProbing(() => viewer.request(`/api/v1/blueprints/${id}/rows.csv?table=users&count=10`));
    expect(response.status).toBe(400);
    expect((await response.json()).errors[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', path: 'tables[1].rows' } });
    expect(slowestMs).toBeLessThan(1000);
    expect(await stored()).toEqual(before);
  });
});

describe('large plans within the bounds', () => {
  const USERS = 20_000_000;
  let expectedOrders: number;

  beforeAll(() => {
    // The engine compiled in place, as the CLI does: the reference the server's off-thread layout must match.
    expectedOrders = compileBlueprint(shop(USERS)).table('orders').layout.rows;
    layoutCache.clear();
  });

  it('previews twenty million users with their orders, laid out off the API thread', async () => {
    const counted = jest.spyOn(sharedWorkerPool(), 'layoutTotals');
    const asked = jest.spyOn(sharedWorkerPool(), 'preview');
    const { result, slowestMs, probes } = await whileProbing(() => owner.ok(PREVIEW, { input: { document: shop(USERS), table: 'orders', offset: expectedOrders - 2, limit: 5 } }));
    expect(result.preview).toMatchObject({ table: 'orders', totalRows: expectedOrders, offset: expectedOrders - 2 });
    expect(result.preview.rows.map((r: unknown[]) => r[0])).toEqual([expectedOrders - 1, expectedOrders]);
    expect(result.preview.rows[1][1]).toBeLessThanOrEqual(USERS);
    expect(probes).toBeGreaterThan(0);
    expect(slowestMs).toBeLessThan(1000);
    // One of the server's pool threads compiled the plan, counted the 20 million parents and made the rows; this thread only waited.
    expect(asked).toHaveBeenCalledTimes(1);
    expect(counted).not.toHaveBeenCalled();
    counted.mockRestore();
    asked.mockRestore();
  });

  it('serves the rows API and starts a run of the same plan, with the totals of the engine', async () => {
    const { id } = await createBlueprint(owner, projectId, shop(USERS));
    const response = await owner.request(`/api/v1/blueprints/${id}/rows.csv?table=orders&offset=${expectedOrders - 3}`);
    expect(response.status).toBe(200);
    const lines = (await response.text()).trim().split('\n');
    expect(lines.slice(1).map((l) => Number(l.split(',')[0]))).toEqual([expectedOrders - 2, expectedOrders - 1, expectedOrders]);

    const { result, slowestMs } = await whileProbing(() => owner.ok(START_RUN, { input: { blueprintId: id, seed: 42, target: { files: { formats: ['CSV'] } } } }));
    expect(result.startRun.rowsTotal).toBe(USERS + expectedOrders);
    expect(slowestMs).toBeLessThan(1000);
    await owner.ok(`mutation($id: ID!) { cancelRun(id: $id) { id } }`, { id: result.startRun.id });
  });
});
