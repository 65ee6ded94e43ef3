import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { shop } from '../engine/helpers';

const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'packages/seedbed/bin/seedbed.js');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function seedbed(...args: string[]) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 << 20 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function writeJson(name: string, value: unknown): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, typeof value === 'string' ? value : JSON.stringify(value));
  return file;
}

const blueprint = writeJson('shop.json', shop(50));

describe('seedbed command', () => {
  it('is installed as a bin of the project (npx seedbed)', () => {
    const result = spawnSync('npx', ['--no-install', 'seedbed', 'validate', blueprint], { cwd: ROOT, encoding: 'utf8' });
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('valid (3 tables)');
  });

  it('validate: 0 for a valid blueprint, 1 with paths on stderr for an invalid one', () => {
    const bad = shop(10);
    bad.tables[0].fields[4].options = { from: '2024-01-01', to: '2020-01-01' };
    bad.tables[1].fields[1].generator = 'no.such';
    const result = seedbed('validate', writeJson('bad.json', bad));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('tables[0].fields[4].options.to');
    expect(result.stderr).toContain('tables[1].fields[1].generator');
    expect(seedbed('validate', writeJson('broken.json', '{ not json')).code).toBe(1);
  });

  it('diff prints what changed from one blueprint to another, a rename as a rename', () => {
    const before = shop(50);
    const after = JSON.parse(JSON.stringify(before));
    after.tables[0].fields[1] = { key: 'first_name', ...after.tables[0].fields[1], name: 'given_name' };
    after.tables[1].fields[3].options.max = 900;
    const result = seedbed('diff', blueprint, writeJson('after.json', after));
    expect(result).toEqual({
      code: 0,
      stdout: '~ table users\n    ~ field given_name (renamed from first_name)\n~ table orders\n    ~ field total: options.max: 500 → 900\n',
      stderr: '',
    });
    expect(JSON.parse(seedbed('diff', blueprint, blueprint, '--json').stdout)).toEqual({ same: true, details: [], tables: [] });
    expect(seedbed('diff', blueprint).code).toBe(2);
  });

  it('prints its version, and its usage for any command given --help (exit 0)', () => {
    const version = seedbed('--version');
    expect(version.code).toBe(0);
    expect(version.stdout.trim()).toBe(JSON.parse(fs.readFileSync(path.join(ROOT, 'packages/seedbed/package.json'), 'utf8')).version);
    for (const command of ['import', 'generate', 'load']) {
      const help = seedbed(command, '--help');
      expect(help.code).toBe(0);
      expect(help.stdout).toContain('seedbed import --from');
    }
  });

  it('exits 2 on usage errors', () => {
    expect(seedbed().code).toBe(2);
    expect(seedbed('frobnicate').code).toBe(2);
    expect(seedbed('validate', path.join(dir, 'missing.json')).code).toBe(2);
    const badFlag = seedbed('generate', blueprint, '--format', 'xml');
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr).toContain('--format');
    expect(seedbed('generate', blueprint, '--rows', 'many').code).toBe(2);
    expect(seedbed('generate', blueprint, '--table', 'nope', '--out', '-').code).toBe(2);
    expect(seedbed('generate', blueprint, '--out', '-').code).toBe(2); // several tables, one stdout
  });

  it('generate writes one file per table, with --rows scaling children', () => {
    const out = path.join(dir, 'out');
    const result = seedbed('generate', blueprint, '--out', out, '--rows', '120', '--workers', '2');
    expect(result.code).toBe(0);
    expect(fs.readdirSync(out).sort()).toEqual(['order_items.csv', 'orders.csv', 'users.csv']);
    const users = parse(fs.readFileSync(path.join(out, 'users.csv'), 'utf8'), { columns: true }) as { id: string }[];
    expect(users).toHaveLength(120);
    const orders = parse(fs.readFileSync(path.join(out, 'orders.csv'), 'utf8'), { columns: true }) as { user_id: string }[];
    expect(orders.every((o: { user_id: string }) => Number(o.user_id) >= 1 && Number(o.user_id) <= 120)).toBe(true);
  });

  it('generate writes one table to stdout, same bytes for any --workers, honouring --offset and --seed', () => {
    const one = seedbed('generate', blueprint, '--table', 'orders', '--format', 'ndjson', '--out', '-', '--workers', '1');
    const two = seedbed('generate', blueprint, '--table', 'orders', '--format', 'ndjson', '--out', '-', '--workers', '2');
    expect(one.code).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    const lines = one.stdout.trimEnd().split('\n');
    const offset = seedbed('generate', blueprint, '--table', 'orders', '--format', 'ndjson', '--out', '-', '--offset', '5');
    expect(offset.stdout.trimEnd().split('\n')).toEqual(lines.slice(5));
    const reseeded = seedbed('generate', blueprint, '--table', 'users', '--format', 'csv', '--out', '-', '--seed', '7');
    const original = seedbed('generate', blueprint, '--table', 'users', '--format', 'csv', '--out', '-');
    expect(reseeded.stdout).not.toBe(original.stdout);
  });

  it('generate --format csv,sql,ndjson writes every file of each format from one generation, the bytes of one call per format', () => {
    const formats = ['csv', 'sql', 'ndjson'];
    const files = (out: string) => Object.fromEntries(fs.readdirSync(out).sort().map((f) => [f, fs.readFileSync(path.join(out, f), 'utf8')]));
    const apart = path.join(dir, 'apart');
    for (const format of formats) expect(seedbed('generate', blueprint, '--format', format, '--dialect', 'mysql', '--rows', '7000', '--out', apart, '--workers', '1').code).toBe(0);
    const expected = files(apart);
    expect(Object.keys(expected)).toEqual(['order_items.csv', 'order_items.ndjson', 'orders.csv', 'orders.ndjson', 'test.sql', 'users.csv', 'users.ndjson']);
    // With helper threads (7,000 users make more orders than one chunk holds) and without.
    for (const workers of ['2', '1']) {
      const together = path.join(dir, `together-${workers}`);
      const result = seedbed('generate', blueprint, '--format', formats.join(','), '--dialect', 'mysql', '--rows', '7000', '--out', together, '--workers', workers);
      expect(result.code).toBe(0);
      expect(result.stderr).toContain('users.ndjson (7,000 rows)');
      expect(files(together)).toEqual(expected);
    }
    // Several formats need a folder and one whole file each.
    expect(seedbed('generate', blueprint, '--format', 'csv,xml', '--out', dir).code).toBe(2);
    expect(seedbed('generate', blueprint, '--table', 'users', '--format', 'csv,sql', '--out', '-').code).toBe(2);
    expect(seedbed('generate', blueprint, '--format', 'csv,sql', '--shard', '0/2', '--out', dir).code).toBe(2);
  });

  it('generate --format sql writes one script in dependency order', () => {
    const result = seedbed('generate', blueprint, '--format', 'sql', '--dialect', 'mysql', '--out', '-');
    expect(result.code).toBe(0);
    const creates = [...result.stdout.matchAll(/CREATE TABLE `(\w+)`/g)].map((m) => m[1]);
    expect(creates).toEqual(['users', 'orders', 'order_items']);
  });

  it('generators lists and searches the catalog', () => {
    const all = seedbed('generators');
    expect(all.code).toBe(0);
    expect(all.stdout.split('\n').filter(Boolean).length).toBeGreaterThanOrEqual(150);
    const found = seedbed('generators', '--search', 'email');
    expect(found.stdout).toContain('internet.email');
    expect(found.stdout).not.toContain('person.firstName');
    const json = JSON.parse(seedbed('generators', '--search', 'uuid', '--json').stdout);
    expect(json.find((g: { id: string }) => g.id === 'uuid').examples).toHaveLength(3);
  });
});
