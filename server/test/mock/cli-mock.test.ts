import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compileBlueprint, previewRows } from '@seedbed/engine';
import { startSeedbedMock } from '../support/seedbed-mock';
import { SHOP_FAST } from './fixtures';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-mock-cli-'));
const file = path.join(dir, 'shop.json');
fs.writeFileSync(file, JSON.stringify(SHOP_FAST));

let child: ChildProcess;
let url: string;

beforeAll(async () => {
  ({ url, child } = await startSeedbedMock(file, ['--seed', '9'], { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' }));
}, 60_000);
afterAll(() => {
  if (child.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dir, { recursive: true, force: true });
});

async function post(query: string, variables?: Record<string, unknown>) {
  const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' }, body: JSON.stringify({ query, variables }) });
  return { status: response.status, headers: response.headers, body: await response.json() };
}

describe('seedbed mock BLUEPRINT.json', () => {
  it('serves the blueprint rows for its seed, with no server and no database', async () => {
    const plan = compileBlueprint(SHOP_FAST, { seed: 9 });
    const orders = previewRows(plan, 'orders', 0, 50).rows;
    const { status, headers, body } = await post('{ allOrders(first: 50) { totalCount nodes { id userId user { id } } } }');
    expect(status).toBe(200);
    expect(headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(body.data.allOrders.totalCount).toBe(previewRows(plan, 'orders', 0, 1).totalRows);
    expect(body.data.allOrders.nodes).toEqual(orders.map(([id, userId]) => ({ id, userId, user: { id: userId } })));
  });

  it('keeps mutations in memory until resetMock, and refuses what the server refuses', async () => {
    await post('mutation { updateUserById(input: { id: 10, userPatch: { name: "Grace" } }) { user { name } } }');
    expect((await post('{ userById(id: 10) { name } }')).body.data.userById.name).toBe('Grace');
    expect((await post('mutation { resetMock }')).body.data.resetMock).toBe(1);
    expect((await post('{ userById(id: 10) { name } }')).body.data.userById.name).not.toBe('Grace');
    const aliases = await post(`{ ${Array.from({ length: 16 }, (_, i) => `a${i}: userById(id: ${i}) { id }`).join(' ')} }`);
    expect([aliases.status, aliases.body.errors[0].extensions.code]).toEqual([400, 'QUERY_TOO_COMPLEX']);
    const page = await post('{ allUsers(first: 500) { nodes { id } } }');
    expect(page.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const variables = await post('query($id: Int!) { userById(id: $id) { id } }', { id: 'x' });
    expect(variables.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('refuses a body over 1 MB with a JSON 413, whether its length is declared or it comes in chunks', async () => {
    const big = JSON.stringify({ query: 'mutation($n: String) { resetMock }', variables: { n: 'x'.repeat(1_200_000) } });
    const declared = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    // A stream has no declared length: fetch sends it chunked, and the limit is met as the bytes arrive.
    const chunks = new ReadableStream({ start: (c) => { for (let i = 0; i < big.length; i += 65_536) c.enqueue(new TextEncoder().encode(big.slice(i, i + 65_536))); c.close(); } });
    const chunked = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: chunks, duplex: 'half' } as RequestInit);
    for (const response of [declared, chunked]) {
      expect(response.status).toBe(413);
      expect((await response.json()).errors[0].extensions.code).toBe('PAYLOAD_TOO_LARGE');
    }
    // The mock goes on answering.
    expect((await post('{ userById(id: 10) { id } }')).body.data.userById.id).toBe(10);
  });

  it('takes its limits from --depth and --cost, and from the SEEDBED_MOCK_* settings', async () => {
    const { url: limited, child: other } = await startSeedbedMock(file, ['--depth', '4', '--cost', '200'], { ...process.env, SEEDBED_MOCK_ROWS: '30' });
    try {
      const send = async (query: string) => (await fetch(limited, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) })).json();
      expect((await send('{ allOrders(first: 5) { nodes { user { orders(first: 5) { nodes { id } } } } } }')).errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
      expect((await send('{ allUsers(first: 100) { nodes { id name email } } }')).errors[0].extensions.code).toBe('QUERY_TOO_COMPLEX');
      expect((await send('{ allUsers(first: 31) { nodes { id } } }')).errors[0].message).toBe('This query would answer more than 30 rows; ask for smaller pages or fewer nested lists.');
      expect((await send('{ allUsers(first: 30) { nodes { id user: __typename } } }')).errors).toBeUndefined();
    } finally {
      other.kill('SIGKILL');
    }
  });

  it('stops on Ctrl-C with exit code 0', async () => {
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGINT');
    expect(await exited).toBe(0);
  });
});
