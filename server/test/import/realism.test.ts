/**
 * What a person checks in the first minute after importing a schema: tables
 * sized as the author meant them (a few lookups and branches, hundreds of
 * customers and tools, the most rows in the events), rows that agree with
 * themselves (returns after hires, emails from the row's names).
 */
import { compileBlueprint, previewRows, type BlueprintDocument } from '@seedbed/engine';
import { US_PLACES } from '../../../packages/engine/src/generators/place';
import { fixture, importText } from './load-helpers';

const isPerParent = (rows: unknown): rows is { perParent: string; min: number; max: number } => typeof rows === 'object' && rows !== null;

describe('a retail (tool hire) schema imported from mysqldump', () => {
  let document: BlueprintDocument;
  let rows: Map<string, number>;

  beforeAll(async () => {
    ({ document } = await importText('MYSQL_DDL', fixture('tool-rental.mysql.sql')));
    const plan = compileBlueprint(document, { seed: 5 });
    rows = new Map(document.tables.map((t) => [t.name, plan.table(t.name).layout.rows]));
  });

  const table = (name: string) => document.tables.find((t) => t.name === name)!;

  it('keeps lookups and branches small and their names distinct', () => {
    for (const lookup of ['country', 'language', 'tool_category']) expect(rows.get(lookup)).toBeLessThanOrEqual(30);
    expect(rows.get('branch')).toBeLessThanOrEqual(5);
    const plan = compileBlueprint(document, { seed: 5 });
    const languages = previewRows(plan, 'language', 0, rows.get('language')!).rows.map((r) => r[1]);
    expect(new Set(languages).size).toBe(languages.length);
  });

  it('gives entities hundreds of rows, never a lookup per row of a lookup', () => {
    expect(rows.get('tool')).toBeGreaterThanOrEqual(50);
    expect(rows.get('customer')).toBeGreaterThanOrEqual(100);
    // A tool is not sized per its category or manual language, a customer not per branch.
    expect(table('tool').rows).not.toEqual(expect.objectContaining({ perParent: 'tool_category' }));
    expect(typeof table('customer').rows).toBe('number');
  });

  it('makes the events the largest tables, sized per the customer who acts', () => {
    const hires = table('hire').rows;
    expect(isPerParent(hires) && hires.perParent).toBe('customer');
    expect(rows.get('hire')!).toBeGreaterThan(2 * rows.get('customer')!);
    expect(rows.get('payment')!).toBeGreaterThan(rows.get('customer')!);
    const lookups = ['country', 'language', 'tool_category', 'branch'].map((t) => rows.get(t)!);
    expect(rows.get('hire')!).toBeGreaterThan(10 * Math.max(...lookups));
  });

  it('never returns a tool before it was hired, and returns it within weeks', () => {
    const plan = compileBlueprint(document, { seed: 11 });
    const preview = previewRows(plan, 'hire', 0, 300);
    const hired = preview.columns.findIndex((c) => c.name === 'hire_date');
    const returned = preview.columns.findIndex((c) => c.name === 'return_date');
    let seen = 0;
    for (const row of preview.rows) {
      if (row[returned] === null) continue;
      seen++;
      const days = (Date.parse(String(row[returned])) - Date.parse(String(row[hired]))) / 86_400_000;
      expect(days).toBeGreaterThanOrEqual(0);
      expect(days).toBeLessThanOrEqual(30);
    }
    expect(seen).toBeGreaterThan(100);
  });

  it('makes each email from the same row’s names', () => {
    const preview = previewRows(compileBlueprint(document, { seed: 3 }), 'customer', 0, 100);
    const col = (name: string) => preview.columns.findIndex((c) => c.name === name);
    let checked = 0;
    for (const row of preview.rows) {
      const email = row[col('email')];
      if (email === null) continue;
      checked++;
      const local = String(email).split('@')[0].toLowerCase();
      const first = String(row[col('first_name')]).toLowerCase().replace(/[^a-z]/g, '');
      const last = String(row[col('last_name')]).toLowerCase().replace(/[^a-z]/g, '');
      expect(local.includes(first) || local.includes(last)).toBe(true);
    }
    expect(checked).toBeGreaterThan(50);
  });
});

describe('rows that agree after a PostgreSQL import', () => {
  it('derives user names and emails from a full name when there are no first and last names', async () => {
    const ddl = `CREATE TABLE "User" ("id" TEXT NOT NULL, "name" TEXT NOT NULL, "username" TEXT NOT NULL, "email" TEXT NOT NULL, CONSTRAINT "User_pkey" PRIMARY KEY ("id"));`;
    const { document } = await importText('POSTGRES_DDL', ddl);
    const preview = previewRows(compileBlueprint(document, { seed: 2 }), 'User', 0, 50);
    const [name, username, email] = ['name', 'username', 'email'].map((n) => preview.columns.findIndex((c) => c.name === n));
    const fromName = (value: unknown, full: unknown) => {
      const [first, last] = [String(full).split(' ')[0], String(full).split(' ').at(-1)!].map((w) => w.toLowerCase().replace(/[^a-z]/g, ''));
      return String(value).toLowerCase().includes(first) || String(value).toLowerCase().includes(last);
    };
    for (const row of preview.rows) {
      expect(fromName(row[email], row[name])).toBe(true);
      expect(fromName(row[username], row[name])).toBe(true);
    }
  });
});

describe('polymorphic pairs after a Rails structure.sql import', () => {
  it('point every commentable_type/commentable_id at a real row of the table it names', async () => {
    const ddl = `
CREATE TABLE public.posts (id bigint NOT NULL, title character varying NOT NULL, created_at timestamp(6) without time zone NOT NULL);
CREATE TABLE public.photos (id bigint NOT NULL, caption character varying, created_at timestamp(6) without time zone NOT NULL);
CREATE TABLE public.comments (id bigint NOT NULL, commentable_type character varying NOT NULL, commentable_id bigint NOT NULL, body text NOT NULL);
ALTER TABLE ONLY public.posts ADD CONSTRAINT posts_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.photos ADD CONSTRAINT photos_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.comments ADD CONSTRAINT comments_pkey PRIMARY KEY (id);`;
    const { document } = await importText('POSTGRES_DDL', ddl);
    const plan = compileBlueprint(document, { seed: 4 });
    const keys = new Map(['Post', 'Photo'].map((model) => [model, new Set(previewRows(plan, model === 'Post' ? 'posts' : 'photos', 0, 1000).rows.map((r) => r[0]))]));
    const comments = previewRows(plan, 'comments', 0, 200);
    const [type, id] = ['commentable_type', 'commentable_id'].map((n) => comments.columns.findIndex((c) => c.name === n));
    const models = new Set<string>();
    for (const row of comments.rows) {
      models.add(String(row[type]));
      expect(keys.get(String(row[type]))?.has(row[id])).toBe(true);
    }
    expect([...models].sort()).toEqual(['Photo', 'Post']);
  });
});

describe('address parts of one place', () => {
  it('gives each row a city, state, postal code and country of one real place, and a shipping address its own', async () => {
    const ddl = `CREATE TABLE customers (customer_id int NOT NULL, address varchar(60), city varchar(15), state char(2), zip_code varchar(10), country varchar(40),
      ship_city varchar(30), ship_state varchar(20), ship_zip varchar(10), PRIMARY KEY (customer_id));`;
    const { document } = await importText('MYSQL_DDL', ddl);
    const preview = previewRows(compileBlueprint(document, { seed: 8 }), 'customers', 0, 200);
    const col = (name: string) => preview.columns.findIndex((c) => c.name === name);
    let whole = 0;
    for (const row of preview.rows) {
      const [city, state, zip, country] = ['city', 'state', 'zip_code', 'country'].map((n) => row[col(n)]);
      if (city === null || state === null || zip === null) continue;
      whole++;
      const place = US_PLACES.find((p) => p.city === city)!;
      expect(place).toBeDefined();
      expect(state).toBe(place.abbr);
      expect(String(zip).slice(0, 3)).toBe(place.zip);
      if (country !== null) expect(country).toBe('United States');
      const [shipCity, shipState, shipZip] = ['ship_city', 'ship_state', 'ship_zip'].map((n) => row[col(n)]);
      if (shipCity !== null && shipState !== null && shipZip !== null) {
        const shipPlace = US_PLACES.find((p) => p.city === shipCity)!;
        expect(shipState).toBe(shipPlace.state);
        expect(String(shipZip).slice(0, 3)).toBe(shipPlace.zip);
      }
    }
    expect(whole).toBeGreaterThan(50);
  });
});

describe('columns a person recognises by name, in the shapes sample schemas use', () => {
  it('reads a credit limit as money, a line number as a small position, an emoji as an emoji', async () => {
    const { document } = await importText('MYSQL_DDL', `
CREATE TABLE customers (customerNumber int NOT NULL, creditLimit decimal(10,2) DEFAULT NULL, PRIMARY KEY (customerNumber));
CREATE TABLE orderdetails (orderNumber int NOT NULL, orderLineNumber smallint NOT NULL, PRIMARY KEY (orderNumber));
CREATE TABLE reactions (id bigint NOT NULL, emoji varchar(32) NOT NULL, PRIMARY KEY (id));`);
    const field = (table: string, name: string) => document.tables.find((t) => t.name === table)!.fields.find((f) => f.name === name)!;
    expect(field('customers', 'creditLimit').generator).toBe('commerce.price');
    expect(field('orderdetails', 'orderLineNumber')).toMatchObject({ generator: 'number.int', options: { min: 1, max: 10 } });
    expect(field('reactions', 'emoji').generator).toBe('internet.emoji');
  });
});
