/**
 * `seedbed import`: the document on --out (or standard output), the report on
 * standard error, exit codes as PRODUCT.md §10 says; samples (json, csv) are
 * read as a stream and their one list of records named after the file.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { AppError } from '../../src/errors';
import { importText } from './load-helpers';
import { customersCsv, typicodeSample } from './sample-fixtures';

const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'server/bin/seedbed.js');
const FIXTURES = path.join(__dirname, 'fixtures');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-import-cli-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function seedbed(args: string[], input?: string, env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', input, maxBuffer: 64 << 20, env: { ...process.env, ...env } });
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
    expect(result.stderr).toMatch(/first_name +person\.firstName +[0-9.]+ +.* e\.g\. [A-Z][a-z]+ \| /);
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

/** Words of SQL in an order no parser reads, on lines of about 80 characters: `bytes` of them, from a seeded generator. */
function nonsenseDdl(bytes: number): string {
  const words = ['CREATE', 'TABLE', '(', ')', 'SELECT', ',', 'foo', "'", 'bar', ';', 'int', 'NOT NULL', 'zz9', '$$', '`', '"', 'INDEX', 'ON'];
  let seed = 11;
  const lines: string[] = [];
  let size = 0;
  while (size < bytes) {
    const line: string[] = [];
    for (let i = 0; i < 14; i++) line.push(words[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % words.length]);
    const text = line.join(' ');
    lines.push(text);
    size += text.length + 1;
  }
  return lines.join('\n');
}

describe('a DDL of nonsense of more than 1 MB (past what the GraphQL body takes, so read from a file)', () => {
  const nonsense = nonsenseDdl(1_100_000);
  const file = path.join(dir, 'nonsense.sql');
  beforeAll(() => fs.writeFileSync(file, nonsense));

  it('is refused by the CLI with exit code 1, a message with a line, and no document written', () => {
    expect(fs.statSync(file).size).toBeGreaterThanOrEqual(1 << 20);
    const out = path.join(dir, 'nonsense.json');
    const result = seedbed(['import', '--from', 'postgres-ddl', file, '--out', out]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^seedbed: .*line \d+.*\(text\)\n$/s);
    expect(result.stdout).toBe('');
    expect(fs.existsSync(out)).toBe(false);
  }, 60_000);

  it.each(['POSTGRES_DDL', 'MYSQL_DDL', 'SQLITE_DDL'])('is refused by the %s importer with BAD_USER_INPUT at input.text, saying where', async (source) => {
    const error = await importText(source, nonsense).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).extensions).toMatchObject({ code: 'BAD_USER_INPUT', path: 'input.text' });
    expect((error as AppError).message).toMatch(/line \d+/);
  }, 60_000);
});

describe('seedbed import --from postgres-url', () => {
  const adminUrl = () => process.env.SEEDBED_TEST_ADMIN_URL!;
  const name = `cli_import_${randomBytes(5).toString('hex')}`;
  let url: string;
  beforeAll(async () => {
    const admin = new Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE template0`);
    await admin.end();
    const target = new URL(adminUrl());
    target.pathname = `/${name}`;
    url = target.toString();
    const client = new Client({ connectionString: url });
    await client.connect();
    await client.query(`
      CREATE TYPE plan AS ENUM ('free', 'pro');
      CREATE TABLE customer (id serial PRIMARY KEY, email text NOT NULL UNIQUE, plan plan NOT NULL DEFAULT 'free');
      CREATE TABLE invoice (id bigserial PRIMARY KEY, customer_id integer NOT NULL REFERENCES customer(id), total numeric(8,2) NOT NULL CHECK (total >= 0));`);
    await client.end();
  }, 60_000);
  afterAll(async () => {
    const admin = new Client({ connectionString: adminUrl() });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });

  it('reads a live database the operator allows (loopback here) into a document that validates and generates', () => {
    const out = path.join(dir, 'live.json');
    const result = seedbed(['import', '--from', 'postgres-url', url, '--out', out, '--name', 'live shop'], undefined, { SEEDBED_ALLOW_PRIVATE_TARGETS: 'true' });
    expect(result.stderr).toMatch(/invoice\n {2}id +sequence/);
    expect(result.code).toBe(0);
    const document = JSON.parse(fs.readFileSync(out, 'utf8'));
    expect(document).toMatchObject({ seedbed: 1, name: 'live shop' });
    expect(document.tables.map((t: { name: string }) => t.name)).toEqual(['customer', 'invoice']);
    const invoice = document.tables[1];
    expect(invoice.rows).toMatchObject({ perParent: 'customer' });
    expect(invoice.fields.find((f: { name: string }) => f.name === 'customer_id')).toMatchObject({ generator: 'ref', options: { table: 'customer' } });
    expect(document.tables[0].fields.find((f: { name: string }) => f.name === 'email')).toMatchObject({ generator: 'internet.email', unique: true });
    expect(seedbed(['validate', out]).code).toBe(0);
    const generated = seedbed(['generate', out, '--table', 'invoice', '--format', 'ndjson', '--out', '-']);
    expect(generated.code).toBe(0);
    expect(generated.stdout.trim().split('\n').length).toBeGreaterThan(0);
  }, 60_000);

  it('refuses the same loopback address with exit code 3 when the operator does not allow private targets', () => {
    const result = seedbed(['import', '--from', 'postgres-url', url], undefined, { SEEDBED_ALLOW_PRIVATE_TARGETS: 'false' });
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(/SEEDBED_ALLOW_PRIVATE_TARGETS.*\(url\)/);
    expect(result.stdout).toBe('');
  }, 30_000);
});
