import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createEmptyDatabase, type TestDatabase } from '../support/database';
import { shop } from '../engine/helpers';

const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'packages/seedbed/bin/seedbed.js');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-cli-load-'));
let db: TestDatabase;
beforeAll(async () => {
  db = await createEmptyDatabase();
});
afterAll(async () => {
  await db.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Asynchronous, so the test's own event loop stays free while the command works. */
function seedbed(args: string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function writeJson(name: string, value: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, JSON.stringify(value));
  return file;
}

async function counts(url: string): Promise<Record<string, number>> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const out: Record<string, number> = {};
    for (const table of ['users', 'orders', 'order_items']) out[table] = Number((await client.query(`SELECT count(*) AS n FROM ${table}`)).rows[0].n);
    return out;
  } finally {
    await client.end();
  }
}

const blueprint = writeJson('shop.json', shop(40));

describe('seedbed load', () => {
  it('exits 0 after loading every table, and reloads with --truncate and --rows', async () => {
    const first = await seedbed(['load', blueprint, '--database', db.url]);
    expect(first.stderr).toMatch(/loaded [\d,]+ rows/);
    expect(first.code).toBe(0);
    expect((await counts(db.url)).users).toBe(40);

    const again = await seedbed(['load', blueprint, '--database', db.url, '--truncate', '--rows', '70', '--seed', '3']);
    expect(again.code).toBe(0);
    const after = await counts(db.url);
    expect(after.users).toBe(70);
    expect(after.orders).toBeGreaterThan(0);
  });

  it('exits 3 when the target refuses the rows or cannot be reached, or private targets are switched off', async () => {
    const duplicate = await seedbed(['load', blueprint, '--database', db.url, '--rows', '70', '--seed', '3']);
    expect(duplicate.code).toBe(3);
    expect(duplicate.stderr).toContain('TARGET_REFUSED');
    expect(duplicate.stderr).toContain('"users"');
    expect((await counts(db.url)).users).toBe(70);

    const closed = new URL(db.url);
    closed.port = '1';
    const unreachable = await seedbed(['load', blueprint, '--database', closed.toString()]);
    expect(unreachable.code).toBe(3);
    expect(unreachable.stderr).toContain('TARGET_UNREACHABLE');

    const guarded = await seedbed(['load', blueprint, '--database', db.url], { SEEDBED_ALLOW_PRIVATE_TARGETS: 'false' });
    expect(guarded.code).toBe(3);
    expect(guarded.stderr).toContain('loopback');
    const socket = await seedbed(['load', blueprint, '--database', `${db.url}?host=/var/run/postgresql`]);
    expect(socket.code).toBe(3);
  });

  it('exits 1 for an invalid blueprint (paths on stderr) without touching the target', async () => {
    const bad = shop(10);
    bad.tables[1].fields[1].generator = 'no.such';
    const result = await seedbed(['load', writeJson('bad.json', bad), '--database', 'postgres://u:p@10.0.0.1/never']);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('tables[1].fields[1].generator');
  });

  it('exits 2 on usage errors', async () => {
    expect((await seedbed(['load', blueprint])).code).toBe(2); // no --database
    expect((await seedbed(['load', '--database', db.url])).code).toBe(2); // no blueprint
    expect((await seedbed(['load', blueprint, '--database', db.url, '--rows', 'many'])).code).toBe(2);
    expect((await seedbed(['load', blueprint, '--database', db.url, '--rows', '5', '--table', 'nope'])).code).toBe(2);
    expect((await seedbed(['load', blueprint, '--database', db.url, '--frobnicate'])).code).toBe(2);
  });
});
