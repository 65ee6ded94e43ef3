/**
 * Every adapter against a real database: TypeORM's DataSource on
 * PostgreSQL, mysql2 on MariaDB, better-sqlite3 on SQLite, Prisma on
 * PostgreSQL. Each writes the rows its call returns, inside the caller's
 * transaction when given one (rolled back: nothing stays), and the same
 * calls give the same rows in every dialect.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { createClient, mysql2Adapter, prismaAdapter, sqliteAdapter, typeormAdapter } from '../../src/seed-client';
import { createEmptyDatabase, type TestDatabase } from '../support/database';
import { mariaDbMissing, startMariaDb, type MariaDb } from '../engine/mariadb-server';
import { schemaSql, shopBlueprint } from './support';

const doc = shopBlueprint();
const ROOT = path.resolve(__dirname, '../../..');
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'seedbed-adapters-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** What every dialect must give for the same calls: the rows as the engine makes them (no adapter, no database). */
const expected = () => createClient(doc, { seed: 7, scope: 'adapters' }).users.build(2, { orders: 2 });

let db: TestDatabase;
beforeAll(async () => {
  db = await createEmptyDatabase();
  const client = new Client({ connectionString: db.url });
  await client.connect();
  await client.query(schemaSql(doc, 'postgres'));
  await client.end();
});
afterAll(() => db?.drop());

describe('TypeORM DataSource (PostgreSQL)', () => {
  it("writes inside a query runner's transaction, rolled back after", async () => {
    const source = new DataSource({ type: 'postgres', url: db.url });
    await source.initialize();
    try {
      const runner = source.createQueryRunner();
      await runner.startTransaction();
      const users = await createClient(doc, { adapter: typeormAdapter(runner.manager), seed: 7, scope: 'adapters' }).users(2, { orders: 2 });
      expect(users).toEqual(expected());
      expect(await runner.manager.query('SELECT count(*)::int AS n FROM orders')).toEqual([{ n: 4 }]);
      await runner.rollbackTransaction();
      await runner.release();
      expect(await source.query('SELECT count(*)::int AS n FROM users')).toEqual([{ n: 0 }]);
      // A DataSource itself: each call in a transaction of its own, committed.
      await createClient(doc, { adapter: typeormAdapter(source), scope: 'committed' }).users(3);
      expect(await source.query('SELECT count(*)::int AS n FROM users')).toEqual([{ n: 3 }]);
      await source.query('TRUNCATE users, orders, items, products');
    } finally {
      await source.destroy();
    }
  });
});

describe('mysql2 (MariaDB)', () => {
  let maria: MariaDb | undefined;
  beforeAll(async () => {
    if (mariaDbMissing) return;
    maria = await startMariaDb();
    const created = maria.client('mysql', 'CREATE DATABASE shop');
    expect(created.status).toBe(0);
    const loaded = maria.client('shop', schemaSql(doc, 'mysql'));
    expect(loaded.stderr).toBe('');
  }, 120_000);
  afterAll(() => maria?.stop());

  it('writes the same rows as PostgreSQL, inside the caller transaction', async () => {
    if (!maria) return console.warn(`skipped: ${mariaDbMissing}`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const mysql = require('mysql2/promise') as typeof import('mysql2/promise');
    const connection = await mysql.createConnection({ socketPath: maria.socket, user: 'root', database: 'shop', dateStrings: true });
    try {
      await connection.beginTransaction();
      const users = await createClient(doc, { adapter: mysql2Adapter(connection), seed: 7, scope: 'adapters' }).users(2, { orders: 2 });
      expect(users).toEqual(expected());
      const [stored] = await connection.query('SELECT id, email, bio FROM users ORDER BY id');
      expect(stored).toEqual(users.map(({ id, email, bio }) => ({ id, email, bio })));
      await connection.rollback();
      const [left] = await connection.query('SELECT count(*) AS n FROM orders');
      expect(left).toEqual([{ n: 0 }]);
      // A pool: each call in a transaction of its own.
      const pool = mysql.createPool({ socketPath: maria.socket, user: 'root', database: 'shop' });
      await createClient(doc, { adapter: mysql2Adapter(pool), scope: 'pool' }).users(1, { orders: 1 });
      const [kept] = await pool.query('SELECT count(*) AS n FROM items');
      expect(kept).toEqual([{ n: 1 }]);
      await createClient(doc, { adapter: mysql2Adapter(pool) }).$reset();
      const [none] = await pool.query('SELECT count(*) AS n FROM users');
      expect(none).toEqual([{ n: 0 }]);
      await pool.end();
    } finally {
      await connection.end();
    }
  });
});

describe('better-sqlite3', () => {
  it('writes the same rows, with foreign keys enforced, and rolls back with the caller', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const Database = require('better-sqlite3') as typeof import('better-sqlite3');
    const sqlite = new Database(path.join(dir, 'shop.db'));
    try {
      sqlite.pragma('foreign_keys = ON');
      sqlite.exec(schemaSql(doc, 'sqlite'));
      sqlite.exec('BEGIN');
      const users = await createClient(doc, { adapter: sqliteAdapter(sqlite), seed: 7, scope: 'adapters' }).users(2, { orders: 2 });
      expect(users).toEqual(expected());
      expect(sqlite.prepare('SELECT count(*) AS n FROM items').get()).toEqual({ n: 4 });
      expect(sqlite.pragma('foreign_key_check')).toEqual([]);
      sqlite.exec('ROLLBACK');
      expect(sqlite.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 0 });
      // Without a transaction of the caller's: one per call.
      await createClient(doc, { adapter: sqliteAdapter(sqlite), scope: 'own' }).users(2);
      expect(sqlite.prepare('SELECT count(*) AS n FROM users').get()).toEqual({ n: 2 });
    } finally {
      sqlite.close();
    }
  });
});

describe('Prisma (PostgreSQL, driver adapter)', () => {
  it('writes through a generated client, inside an interactive transaction rolled back after', async () => {
    // A client generated for a tiny schema, here and offline: `prisma generate` reads the schema with its
    // WebAssembly engine; the schema-engine binary it would download first is never run for `generate`.
    // Inside the repository (test-artifacts is ignored by git), so the generated code resolves @prisma/client.
    fs.mkdirSync(path.join(ROOT, 'test-artifacts'), { recursive: true });
    const project = fs.mkdtempSync(path.join(ROOT, 'test-artifacts', 'prisma-'));
    fs.writeFileSync(
      path.join(project, 'schema.prisma'),
      `generator client {\n  provider = "prisma-client"\n  output   = "./generated"\n  moduleFormat = "cjs"\n}\ndatasource db {\n  provider = "postgresql"\n}\nmodel users {\n  id         Int     @id\n  first_name String\n  last_name  String\n  email      String  @unique\n  bio        String?\n}\n`,
    );
    fs.writeFileSync(path.join(project, 'prisma.config.ts'), `export default { schema: 'schema.prisma' };\n`);
    const generate = spawnSync(process.execPath, [path.join(ROOT, 'node_modules/prisma/build/index.js'), 'generate'], {
      cwd: project,
      encoding: 'utf8',
      env: { ...process.env, PRISMA_SCHEMA_ENGINE_BINARY: '/bin/false', PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
    });
    if (generate.status !== 0) throw new Error(`prisma generate failed offline: ${generate.stdout}${generate.stderr}`);
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { PrismaClient } = require(path.join(project, 'generated/client.ts'));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { PrismaPg } = require('@prisma/adapter-pg');
    const prisma = new PrismaClient({ adapter: new PrismaPg({ connectionString: db.url }) });
    try {
      const rolledBack = new Error('roll back');
      await expect(
        prisma.$transaction(async (tx: unknown) => {
          const users = await createClient(doc, { adapter: prismaAdapter(tx as never), seed: 7, scope: 'adapters' }).users(2, { orders: 2 });
          expect(users).toEqual(expected());
          expect(await (tx as { users: { count(): Promise<number> } }).users.count()).toBe(2);
          throw rolledBack;
        }),
      ).rejects.toBe(rolledBack);
      expect(await prisma.users.count()).toBe(0);
      const users = await createClient(doc, { adapter: prismaAdapter(prisma), scope: 'prisma' }).users(2);
      const stored = await prisma.users.findMany({ orderBy: { id: 'asc' } });
      expect(stored.map((u: { email: string }) => u.email)).toEqual(users.map((u) => u.email));
    } finally {
      await prisma.$disconnect();
      fs.rmSync(project, { recursive: true, force: true });
    }
  }, 60_000);
});
