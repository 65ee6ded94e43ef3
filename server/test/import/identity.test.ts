/**
 * Identity and serial columns of an imported PostgreSQL schema: GENERATED
 * ALWAYS refuses explicit ids unless the INSERT overrides it, and a sequence
 * left behind the ids Seedbed wrote makes the application's next INSERT
 * collide. Both, through psql and through Seedbed's loader, into a database
 * created from the ORIGINAL dump.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { fixture, importText, insertScripts, withoutPsqlCommands } from './load-helpers';
import { importSourceOf } from '../../../packages/import/src/sources';
import { checkTarget } from '../../../packages/import/src/targets/target-guard';
import { loadIntoPostgres } from '../../../packages/seedbed/src/load/postgres-loader';
import { compileBlueprint, streamBlueprintSql, validateBlueprint, type BlueprintDocument } from '@seedbed/engine';

const DUMP = fixture('pg-identity.sql');
const ROOT = path.resolve(__dirname, '../../..');
const BIN = path.join(ROOT, 'packages/seedbed/bin/seedbed.js');
const adminUrl = () => process.env.SEEDBED_TEST_ADMIN_URL!;
const created: string[] = [];
const roles: string[] = [];
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-identity-'));

async function admin(sql: string): Promise<void> {
  const client = new Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A new database, made from the dump unless `empty`. */
async function database(empty = false): Promise<string> {
  const name = `identity_${randomBytes(5).toString('hex')}`;
  await admin(`CREATE DATABASE ${name} TEMPLATE template0`);
  created.push(name);
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  if (!empty) await withClient(url.toString(), (c) => c.query(withoutPsqlCommands(DUMP)));
  return url.toString();
}

async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function psql(url: string, script: string) {
  return spawnSync('psql', ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '-d', url], { input: script, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } });
}

/** Asynchronous, so the test's own event loop stays free while the command works. */
function seedbed(args: string[]): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: ROOT });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('close', (code) => resolve({ code, stderr }));
  });
}

async function collect(stream: NodeJS.ReadableStream): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += chunk.toString();
  return out;
}

/**
 * What the application does next: rows without an id, numbered by the
 * database. Each must get an id past every id Seedbed wrote.
 */
async function applicationInserts(url: string): Promise<void> {
  await withClient(url, async (c) => {
    const max = async (table: string, column: string) => Number((await c.query(`SELECT max(${column}) AS n FROM public.${table}`)).rows[0].n);
    const before = { account: await max('account', 'account_id'), project: await max('project', 'project_id'), ticket: await max('project', 'ticket_no'), task: await max('task', 'task_id'), label: await max('label', 'label_id') };
    expect(before.account).toBeGreaterThan(1);
    const account = (await c.query(`INSERT INTO public.account (email, created_at) VALUES ('new-user@example.com', now()) RETURNING account_id`)).rows[0].account_id;
    expect(account).toBe(before.account + 1);
    const project = (await c.query(`INSERT INTO public.project (account_id, title) VALUES ($1, 'New project') RETURNING project_id, ticket_no`, [account])).rows[0];
    expect(Number(project.project_id)).toBe(before.project + 1);
    expect(project.ticket_no).toBe(before.ticket + 1);
    const task = (await c.query(`INSERT INTO public.task (project_id, summary) VALUES ($1, 'Write it') RETURNING task_id`, [project.project_id])).rows[0].task_id;
    expect(task).toBe(before.task + 1);
    const label = (await c.query(`INSERT INTO public.label (task_id, name) VALUES ($1, 'urgent') RETURNING label_id`, [task])).rows[0].label_id;
    expect(Number(label)).toBe(before.label + 1);
  });
}

const rowsOf = (url: string, table: string) => withClient(url, async (c) => Number((await c.query(`SELECT count(*) AS n FROM public.${table}`)).rows[0].n));

afterAll(async () => {
  for (const name of created) await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  for (const role of roles) await admin(`DROP ROLE IF EXISTS ${role}`);
  fs.rmSync(dir, { recursive: true, force: true });
});

let document: BlueprintDocument;
beforeAll(async () => {
  document = (await importText('POSTGRES_DDL', DUMP)).document as BlueprintDocument;
});

const fieldOf = (doc: BlueprintDocument, table: string, field: string) => doc.tables.find((t) => t.name === table)!.fields.find((f) => f.name === field)!;

describe('identity and serial columns', () => {
  it('are marked in the imported document: ALWAYS, BY DEFAULT, serial and bigserial; references are not', () => {
    expect(validateBlueprint(document)).toEqual([]);
    expect(fieldOf(document, 'account', 'account_id')).toMatchObject({ generator: 'sequence', identity: 'always', sqlType: 'integer' });
    expect(fieldOf(document, 'project', 'project_id')).toMatchObject({ identity: 'default', sqlType: 'bigint' });
    // Not the key, still numbered by its sequence.
    expect(fieldOf(document, 'project', 'ticket_no')).toMatchObject({ generator: 'sequence', identity: 'always' });
    expect(fieldOf(document, 'task', 'task_id')).toMatchObject({ identity: 'default' });
    expect(fieldOf(document, 'label', 'label_id')).toMatchObject({ identity: 'default', sqlType: 'bigint' });
    expect(fieldOf(document, 'project', 'account_id').identity).toBeUndefined();
    expect(fieldOf(document, 'label', 'task_id').identity).toBeUndefined();
  });

  it('load with psql into the original schema with zero errors, and the next INSERT without an id succeeds', async () => {
    const url = await database();
    const { scripts } = await insertScripts(document, 'postgres');
    const loaded = psql(url, scripts.map((s) => s.sql).join('\n'));
    expect(loaded.stderr).toBe('');
    expect(loaded.status).toBe(0);
    for (const s of scripts) expect(await rowsOf(url, s.table)).toBe(s.rows);
    await applicationInserts(url);
  }, 60_000);

  it("declare the identity in Seedbed's own PostgreSQL script, which loads into an empty database", async () => {
    const url = await database(true);
    const script = await collect(streamBlueprintSql(compileBlueprint(document, { seed: 1 }), 'postgres'));
    expect(script).toMatch(/"account_id" integer GENERATED ALWAYS AS IDENTITY NOT NULL/);
    expect(script).toMatch(/"task_id" integer GENERATED BY DEFAULT AS IDENTITY NOT NULL/);
    const loaded = psql(url, script);
    expect(loaded.stderr).toBe('');
    expect(loaded.status).toBe(0);
    const kinds = await withClient(url, async (c) => (await c.query(`SELECT attname, attidentity FROM pg_attribute WHERE attrelid = 'public.project'::regclass AND attidentity <> '' ORDER BY attname`)).rows);
    expect(kinds).toEqual([{ attname: 'project_id', attidentity: 'd' }, { attname: 'ticket_no', attidentity: 'a' }]);
    await applicationInserts(url);
  }, 60_000);

  it('load through seedbed load (COPY) into the original schema and into an empty database, sequences moved on', async () => {
    const file = path.join(dir, 'identity.json');
    fs.writeFileSync(file, JSON.stringify(document));
    for (const url of [await database(), await database(true)]) {
      const result = await seedbed(['load', file, '--database', url]);
      expect(result.stderr).not.toMatch(/error|failed/i);
      expect(result.code).toBe(0);
      expect(await rowsOf(url, 'account')).toBe(100);
      await applicationInserts(url);
    }
  }, 60_000);

  it('load for a role that may insert but not move the sequences, leaving them where they were', async () => {
    const url = await database();
    const role = `writer_${randomBytes(4).toString('hex')}`;
    roles.push(role);
    await admin(`CREATE ROLE ${role} LOGIN PASSWORD 'writer'`);
    await withClient(url, (c) => c.query(`GRANT USAGE ON SCHEMA public TO ${role}; GRANT SELECT, INSERT ON ALL TABLES IN SCHEMA public TO ${role}`));
    const asWriter = new URL(url);
    asWriter.username = role;
    asWriter.password = 'writer';
    const plan = compileBlueprint(document, { seed: 1 });
    await loadIntoPostgres(plan, await checkTarget(asWriter.toString(), { allowPrivate: true }), { createTables: false });
    expect(await rowsOf(url, 'account')).toBe(100);
    const next = await withClient(url, async (c) => Number((await c.query(`SELECT last_value FROM public.account_account_id_seq`)).rows[0].last_value));
    expect(next).toBe(1);
  }, 60_000);

  it('are read from a live database too (attidentity and a serial default)', async () => {
    const url = await database();
    const live = (await importSourceOf('POSTGRES_URL')!.run(url, { allowPrivateTargets: true })).document as BlueprintDocument;
    const identities = (doc: BlueprintDocument) => doc.tables.flatMap((t) => t.fields.filter((f) => f.identity).map((f) => `${t.name}.${f.name}:${f.identity}`)).sort();
    expect(identities(live)).toEqual(identities(document));
    expect(identities(live)).toHaveLength(5);
  }, 60_000);

  it('change nothing for a document without them, and are refused where the column could not be one', async () => {
    const plain = JSON.parse(JSON.stringify(document, (key, value) => (key === 'identity' ? undefined : value))) as BlueprintDocument;
    const script = await collect(streamBlueprintSql(compileBlueprint(plain, { seed: 1 }), 'postgres'));
    expect(script).not.toMatch(/OVERRIDING|setval|IDENTITY/);
    const withIdentity = await collect(streamBlueprintSql(compileBlueprint(document, { seed: 1 }), 'postgres'));
    // The same rows: only the identity clauses, the overrides and the sequence moves are added.
    const strip = (s: string) => s.replace(/ GENERATED (ALWAYS|BY DEFAULT) AS IDENTITY/g, '').replace(/ OVERRIDING SYSTEM VALUE/g, '').replace(/^SELECT setval.*\n/gm, '');
    expect(strip(withIdentity)).toBe(script);
    // MySQL and SQLite number such columns by themselves: their scripts do not change.
    for (const dialect of ['mysql', 'sqlite'] as const) {
      expect(await collect(streamBlueprintSql(compileBlueprint(document, { seed: 1 }), dialect))).toBe(await collect(streamBlueprintSql(compileBlueprint(plain, { seed: 1 }), dialect)));
    }
    const bad: BlueprintDocument = {
      seedbed: 1,
      name: 'bad',
      tables: [{ name: 't', rows: 3, fields: [{ name: 'id', generator: 'uuid', identity: 'always' }, { name: 'n', generator: 'sequence', identity: 'default', nullRate: 0.5 }] }],
    };
    expect(validateBlueprint(bad)).toEqual([
      { path: 'tables[0].fields[0].identity', message: expect.stringMatching(/whole numbers/) },
      { path: 'tables[0].fields[1].nullRate', message: expect.stringMatching(/never NULL/) },
    ]);
    expect(validateBlueprint({ ...bad, tables: [{ ...bad.tables[0], fields: [{ name: 'id', generator: 'sequence', identity: 'sometimes' }] }] })).toEqual([
      expect.objectContaining({ path: 'tables[0].fields[0].identity' }),
    ]);
  });
});
