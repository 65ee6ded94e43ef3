/**
 * `seedbed import`: the document on --out (or standard output), the report on
 * standard error, exit codes as PRODUCT.md §10 says; samples (json, csv) are
 * read as a stream and their one list of records named after the file.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { customersCsv, typicodeSample } from './sample-fixtures';

const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'server/bin/seedbed.js');
const FIXTURES = path.join(__dirname, 'fixtures');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-import-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function seedbed(args: string[], input?: string) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', input, maxBuffer: 64 << 20 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('seedbed import', () => {
  it('writes the document to --out and the report to standard error; the document validates and generates', () => {
    const out = path.join(dir, 'shop.json');
    const result = seedbed(['import', '--from', 'mysql-ddl', path.join(FIXTURES, 'mysqldump.sql'), '--out', out, '--name', 'shop']);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/customer\n {2}customer_id +sequence/);
    expect(result.stderr).toMatch(/email +internet\.email +0\.95/);
    expect(result.stderr).toMatch(/skipped view customer_orders: line \d+/);
    const document = JSON.parse(fs.readFileSync(out, 'utf8'));
    expect(document).toMatchObject({ seedbed: 1, name: 'shop', sqlDialect: 'mysql' });
    expect(seedbed(['validate', out]).code).toBe(0);
    const generated = seedbed(['generate', out, '--table', 'customer', '--format', 'ndjson', '--out', '-']);
    expect(generated.code).toBe(0);
    expect(generated.stdout.trim().split('\n')).toHaveLength(100);
  }, 60_000);

  it('reads standard input with FILE -, and prints the document without --out', () => {
    const result = seedbed(['import', '--from', 'postgres-ddl', '-'], 'CREATE TABLE person (id serial PRIMARY KEY, email text NOT NULL UNIQUE);');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).tables[0]).toMatchObject({ name: 'person', primaryKey: 'id' });
  }, 30_000);

  it('exits 1 on a schema it cannot read, 2 on a usage mistake, 3 on a refused database address', () => {
    const nonsense = seedbed(['import', '--from', 'postgres-ddl', '-'], 'this is not ( SQL at all');
    expect(nonsense.code).toBe(1);
    expect(nonsense.stderr).toMatch(/No table could be read.*line 1/);
    expect(seedbed(['import', '--from', 'oracle-ddl', 'x.sql']).code).toBe(2);
    const refused = seedbed(['import', '--from', 'postgres-url', 'postgres://u:p@169.254.169.254/db']);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toMatch(/metadata/);
  }, 30_000);
});

describe('seedbed import --from json|csv (samples, read as a stream; one list of records named after its file)', () => {
  it('imports a JSON sample file into a blueprint the CLI then generates', () => {
    const sample = path.join(dir, 'users.json');
    fs.writeFileSync(sample, JSON.stringify(typicodeSample().users));
    const out = path.join(dir, 'users-blueprint.json');
    const imported = seedbed(['import', '--from', 'json', sample, '--out', out]);
    expect(imported.code).toBe(0);
    expect(imported.stderr).toMatch(/^users\n {2}id +sequence/);
    expect(imported.stderr).toMatch(/ {2}name +person\.fullName/);
    const document = JSON.parse(fs.readFileSync(out, 'utf8'));
    expect(document.tables[0].name).toBe('users');
    const generated = seedbed(['generate', out, '--format', 'ndjson', '--out', '-']);
    expect(generated.code).toBe(0);
    expect(generated.stdout.trim().split('\n')).toHaveLength(10);
  });

  it('reads a CSV sample from standard input', () => {
    const result = seedbed(['import', '--from', 'csv', '-', '--name', 'customers'], customersCsv(100));
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout).tables[0]).toMatchObject({ name: 'customers', rows: 100 });
  });

  it('exits 1 with the message for a sample it cannot read, and 2 for a missing file', () => {
    const bad = seedbed(['import', '--from', 'json', '-'], '{"a": [1, 2]}');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/must be an object/);
    expect(seedbed(['import', '--from', 'csv', path.join(dir, 'missing.csv')]).code).toBe(2);
  });
});
