/**
 * The packages as a user gets them: built (`tsc -b`), packed (`npm pack`),
 * installed offline into a fresh project outside this repository (no
 * workspace links; npm's cache only), and used there: `npx seedbed generate`
 * gives the bytes the repository's command gives, `npx seedbed load` fills a
 * real PostgreSQL, `validate`, `import` and `mock` answer, and a TypeScript file using the `seedbed codegen` client
 * type-checks with `tsc --strict` and seeds that PostgreSQL through `pg` and
 * through TypeORM (inside a transaction rolled back, and outside one).
 */
import { execFileSync, spawnSync, type ExecFileSyncOptions } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createEmptyDatabase, type TestDatabase } from '../support/database';
import { shopBlueprint } from '../seed-client/support';
import { createSeedClient } from '../seed-client/shop-seed';
import { startSeedbedMock } from '../support/seedbed-mock';
import { writeOfflineProject, type Tarball } from './offline-lock';

const ROOT = path.resolve(__dirname, '../../..');
const WORKSPACES = ['packages/engine', 'packages/mock', 'packages/import', 'packages/seedbed'];
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');
const REPO_BIN = path.join(ROOT, 'packages/seedbed/bin/seedbed.js');

// A small shop: the rows stay few, the shapes (per-parent tables, composite unique, uuid, regex) stay.
const doc = shopBlueprint();
doc.tables[0].rows = 6;
doc.tables[1].rows = 5;

let project: string;
let db: TestDatabase;

const run = (command: string, args: string[], options: ExecFileSyncOptions = {}) =>
  execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...options }) as string;

beforeAll(async () => {
  // Outside the repository, so nothing resolves through its node_modules.
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-pack-'));
  db = await createEmptyDatabase();
  run(process.execPath, [TSC, '-b', 'packages/seedbed'], { cwd: ROOT });
  run(process.execPath, ['packages/seedbed/scripts/bundle.mjs'], { cwd: ROOT });
  const packed = JSON.parse(run('npm', ['pack', ...WORKSPACES.flatMap((w) => ['-w', w]), '--pack-destination', project, '--ignore-scripts', '--json'], { cwd: ROOT })) as { name: string; filename: string }[];
  const tarballs: Tarball[] = packed.map((p, i) => ({ name: p.name, workspace: WORKSPACES[i], file: p.filename }));
  writeOfflineProject(ROOT, project, tarballs, ['pg', '@types/node', 'typeorm', 'reflect-metadata']);
  run('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: project });
  fs.writeFileSync(path.join(project, 'shop.json'), JSON.stringify(doc));
}, 240_000);

afterAll(async () => {
  await db?.drop();
  if (project) fs.rmSync(project, { recursive: true, force: true });
});

const filesOf = (dir: string) => Object.fromEntries(fs.readdirSync(dir).sort().map((f) => [f, fs.readFileSync(path.join(dir, f))]));

describe('the packed packages installed in a fresh project', () => {
  it('are real copies, not links into the repository', () => {
    for (const name of ['seedbed', '@seedbed/engine', '@seedbed/import', '@seedbed/mock']) {
      const installed = fs.realpathSync(path.join(project, 'node_modules', name));
      expect(installed.startsWith(fs.realpathSync(project))).toBe(true);
      expect(fs.existsSync(path.join(installed, 'src'))).toBe(false);
    }
  });

  it('npx seedbed generate writes the bytes the repository command writes', () => {
    for (const format of ['csv', 'ndjson', 'sql']) {
      const mine = path.join(project, `out-${format}`);
      const ours = path.join(project, `repo-${format}`);
      run('npx', ['--offline', 'seedbed', 'generate', 'shop.json', '--format', format, '--out', mine], { cwd: project });
      run(process.execPath, [REPO_BIN, 'generate', path.join(project, 'shop.json'), '--format', format, '--out', ours], { cwd: ROOT });
      const installed = filesOf(mine);
      expect(Object.keys(installed).length).toBeGreaterThan(0);
      expect(installed).toEqual(filesOf(ours));
    }
  });

  it('npx seedbed generate runs the one-file bundle with its code cache, not the engine module by module', () => {
    const bundle = path.join(project, 'node_modules/seedbed/dist/bundle');
    expect(fs.readdirSync(bundle).sort()).toEqual(['seedbed.js', 'seedbed.js.cache', 'worker-entry.js']);
    const traced = spawnSync('npx', ['--offline', 'seedbed', 'generate', 'shop.json', '--out', 'traced'], { cwd: project, encoding: 'utf8', env: { ...process.env, NODE_DEBUG: 'module' } });
    expect(traced.status).toBe(0);
    expect(traced.stderr).toContain('bundle-loader.js');
    expect(traced.stderr).not.toMatch(/@seedbed\/engine|dist\/cli\/main\.js/);
  });

  it('a table large enough for a helper thread is made by the bundle in both threads, with the bytes of one thread', () => {
    // 16M cells: over the CLI's threshold for a helper. Narrow rows keep it ~60 MB, hashed as it streams.
    const narrow = { seedbed: 1, name: 'narrow', seed: 3, tables: [{ name: 't', rows: 4_000_000, fields: ['a', 'b', 'c', 'd'].map((name) => ({ name, generator: 'number.int', options: { min: 0, max: 99 } })) }] };
    fs.writeFileSync(path.join(project, 'narrow.json'), JSON.stringify(narrow));
    // Each thread of each process writes a V8 CPU profile: the helper's must show the compiled row writers running.
    const profiles = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-pack-prof-'));
    const installed = `${JSON.stringify(process.execPath)} --cpu-prof --cpu-prof-dir=${JSON.stringify(profiles)} node_modules/seedbed/bin/seedbed.js`;
    const helped = spawnSync('sh', ['-c', `${installed} generate narrow.json --workers 2 --out - | sha256sum`], { cwd: project, encoding: 'utf8', env: { ...process.env, NODE_DEBUG: 'module' }, maxBuffer: 64 << 20 });
    expect(helped.status).toBe(0);
    // The helper thread ran the bundle's worker entry, which loads the same bundle: never the engine module by module.
    expect(helped.stderr).toMatch(/dist\/bundle\/worker-entry\.js/);
    expect(helped.stderr).not.toMatch(/@seedbed\/engine|dist\/cli\/main\.js/);
    const writing = fs.readdirSync(profiles).filter((f) => fs.readFileSync(path.join(profiles, f), 'utf8').includes('"functionName":"writeCells"'));
    fs.rmSync(profiles, { recursive: true, force: true });
    expect(writing).toHaveLength(2); // the main thread and its helper
    const alone = run('sh', ['-c', `${JSON.stringify(process.execPath)} ${JSON.stringify(REPO_BIN)} generate ${JSON.stringify(path.join(project, 'narrow.json'))} --workers 1 --out - | sha256sum`], { cwd: ROOT });
    expect(helped.stdout).toBe(alone);
  });

  it('npx seedbed validate, import and mock work from the installed package', async () => {
    expect(run('npx', ['--offline', 'seedbed', 'validate', 'shop.json'], { cwd: project })).toMatch(/valid/i);
    fs.writeFileSync(
      path.join(project, 'schema.sql'),
      'CREATE TABLE authors (id serial PRIMARY KEY, name text NOT NULL);\nCREATE TABLE books (id bigserial PRIMARY KEY, author_id int NOT NULL REFERENCES authors (id), title varchar(200));\n',
    );
    run('npx', ['--offline', 'seedbed', 'import', '--from', 'postgres-ddl', 'schema.sql', '--out', 'imported.json'], { cwd: project });
    const imported = JSON.parse(fs.readFileSync(path.join(project, 'imported.json'), 'utf8')) as { tables: { name: string }[] };
    expect(imported.tables.map((t) => t.name)).toEqual(['authors', 'books']);
    // SQLite's and MySQL's drivers are optional peers: without them, a load there says what to install.
    const sqlite = spawnSync('npx', ['--offline', 'seedbed', 'load', 'shop.json', '--database', 'sqlite:shop.db'], { cwd: project, encoding: 'utf8' });
    expect(sqlite.status).not.toBe(0);
    expect(sqlite.stderr).toContain('npm i -D better-sqlite3');
    const { url, child } = await startSeedbedMock('shop.json', [], process.env, path.join(project, 'node_modules/seedbed/bin/seedbed.js'), project);
    try {
      const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ allUsers(first: 2) { nodes { id } } }' }) });
      expect(((await response.json()) as { data: { allUsers: { nodes: unknown[] } } }).data.allUsers.nodes).toHaveLength(2);
    } finally {
      child.kill();
    }
  });

  it('a generated seed client type-checks with tsc --strict and seeds PostgreSQL through pg and TypeORM', async () => {
    run('npx', ['--offline', 'seedbed', 'load', 'shop.json', '--database', db.url], { cwd: project });
    run('npx', ['--offline', 'seedbed', 'codegen', 'shop.json', '--out', 'seed.ts'], { cwd: project });
    fs.writeFileSync(
      path.join(project, 'use.ts'),
      [
        "import 'reflect-metadata';",
        "import { Client } from 'pg';",
        "import { DataSource } from 'typeorm';",
        "import { pgAdapter, typeormAdapter } from 'seedbed/seed';",
        "import { createSeedClient, type UsersSeeded } from './seed';",
        '',
        'async function main(url: string): Promise<void> {',
        '  const client = new Client({ connectionString: url });',
        '  await client.connect();',
        '  const seed = createSeedClient({ adapter: pgAdapter(client), seed: 7 });',
        '  await seed.$reset();',
        '  const users: UsersSeeded[] = await seed.users(2, { orders: 3 });',
        "  const built = seed.$scope('pack').users.build(3);",
        '  // @ts-expect-error: email is text',
        '  seed.users.build(1, { email: 5 });',
        '  await client.end();',
        "  const dataSource = await new DataSource({ type: 'postgres', url }).initialize();",
        '  const runner = dataSource.createQueryRunner();',
        '  await runner.startTransaction();',
        "  const rolledBack = await createSeedClient({ adapter: typeormAdapter(runner.manager), seed: 7 }).$scope('typeorm').users(2, { orders: 3 });",
        '  await runner.rollbackTransaction();',
        '  await runner.release();',
        "  const kept = await createSeedClient({ adapter: typeormAdapter(dataSource), seed: 7 }).$scope('typeorm').users(1);",
        '  await dataSource.destroy();',
        '  process.stdout.write(JSON.stringify({ seeded: users.map((u) => ({ id: u.id, orders: u.orders?.length })), built, typeorm: [rolledBack.length, kept.length] }));',
        '}',
        'void main(process.argv[2]);',
        '',
      ].join('\n'),
    );
    expect(await userCount()).toBe(doc.tables[0].rows);
    run(process.execPath, [TSC, '--strict', '--module', 'nodenext', '--target', 'es2022', '--types', 'node', '--outDir', 'out', 'use.ts'], { cwd: project });
    const result = JSON.parse(run(process.execPath, ['out/use.js', db.url], { cwd: project })) as { seeded: { id: number; orders: number }[]; built: unknown; typeorm: number[] };
    expect(result.seeded).toHaveLength(2);
    expect(result.seeded.every((u) => u.orders === 3)).toBe(true);
    // Through TypeORM: two users in a transaction rolled back, then one kept.
    expect(result.typeorm).toEqual([2, 1]);
    expect(await userCount()).toBe(3);
    // The installed client makes the rows the repository's makes (rows are addressed by scope, table and ordinal).
    expect(result.built).toEqual(JSON.parse(JSON.stringify(createSeedClient({ seed: 7 }).$scope('pack').users.build(3))));
    // npx, tsc --strict and TypeORM took 30 s on a loaded 2-core machine: past jest's default.
  }, 120_000);
});

async function userCount(): Promise<number> {
  const client = new Client({ connectionString: db.url });
  await client.connect();
  try {
    return Number((await client.query('SELECT count(*) AS n FROM users')).rows[0].n);
  } finally {
    await client.end();
  }
}
