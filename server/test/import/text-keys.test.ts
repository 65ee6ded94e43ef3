/**
 * Text keys and the columns OAuth, billing and ORMs name alike, in the shapes
 * real projects ship them (a Prisma migration, a Supabase pg_dump, a Laravel
 * schema:dump): the lookup's rows are its labels and a child copies them, a
 * Prisma `id TEXT` is a cuid, `token_type` is Bearer, cents are cents. The
 * PostgreSQL case loads into a database made from the same DDL.
 */
import { compileBlueprint, previewRows, type BlueprintDocument, type Value } from '@seedbed/engine';
import { fixture, importText } from './load-helpers';
import { databases, expectEveryTableFilled, roundTrip } from './postgres-round-trip';

afterAll(() => Promise.all(databases.map((d) => d.drop())));

function columnValues(document: BlueprintDocument, table: string, rows = 60): Map<string, Value[]> {
  const preview = previewRows(compileBlueprint(document, { seed: 3 }), table, 0, rows);
  return new Map(preview.columns.map((c, i) => [c.name, preview.rows.map((r) => r[i]).filter((v) => v !== null)]));
}

describe('a Prisma migration beside text-keyed lookups (PostgreSQL)', () => {
  let document: BlueprintDocument;
  beforeAll(async () => {
    ({ document } = await importText('POSTGRES_DDL', fixture('text-keys.pg.sql')));
  });

  it("gives a lookup's text key its labels, distinct, one row per label", () => {
    const roles = columnValues(document, 'roles').get('name')!;
    expect(new Set(roles).size).toBe(roles.length);
    for (const role of roles) expect(['member', 'admin', 'viewer']).toContain(role);
    const statuses = columnValues(document, 'ticket_statuses').get('slug')!;
    expect(statuses.length).toBeGreaterThan(1);
    for (const s of statuses) expect(String(s)).toMatch(/^[a-z_]+$/);
    // Its label is the key as a person reads it (in_progress → In progress).
    const labels = columnValues(document, 'ticket_statuses').get('label')!;
    labels.forEach((label, i) => expect(label).toBe(String(statuses[i])[0].toUpperCase() + String(statuses[i]).slice(1).replace(/_/g, ' ')));
    expect(columnValues(document, 'currencies').get('code')!.every((c) => /^[A-Z]{3}$/.test(String(c)))).toBe(true);
    expect(columnValues(document, 'currencies').get('decimal_places')!.every((n) => [0, 2, 3].includes(Number(n)))).toBe(true);
  });

  it("writes Prisma's TEXT ids as cuids and a char(36) id as a uuid", () => {
    for (const id of columnValues(document, 'User').get('id')!) expect(String(id)).toMatch(/^c[a-z0-9]{24}$/);
    for (const id of columnValues(document, 'memberships').get('api_client_id')!) expect(String(id)).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('reads OAuth, billing and sign-in columns as those libraries write them', () => {
    const account = columnValues(document, 'Account');
    for (const t of account.get('token_type')!) expect(['Bearer', 'DPoP']).toContain(t);
    for (const t of account.get('type')!) expect(['oauth', 'oidc', 'email']).toContain(t);
    for (const uid of account.get('providerAccountId')!) expect(String(uid)).toMatch(/^\d+$/);
    const tickets = columnValues(document, 'tickets');
    for (const g of tickets.get('grant_type')!) expect(['authorization_code', 'client_credentials', 'refresh_token', 'password']).toContain(g);
    for (const cents of tickets.get('amount_cents')!) expect(Number(cents)).toBeGreaterThanOrEqual(100);
    for (const cpc of tickets.get('cpc')!) expect(Number(cpc)).toBeLessThanOrEqual(5);
    for (const price of tickets.get('unit_price')!) expect(Number(price)).toBeLessThanOrEqual(50_000);
    for (const id of tickets.get('stripe_customer_id')!) expect(String(id)).toMatch(/^cus_[A-Za-z0-9]+$/);
  });

  it('loads into a database made from the same DDL, every child pointing at a label its lookup holds', async () => {
    const loaded = await roundTrip(fixture('text-keys.pg.sql'));
    try {
      await expectEveryTableFilled(loaded);
      expect(await loaded.count('SELECT count(DISTINCT role) AS n FROM public.memberships')).toBeGreaterThan(1);
      expect(await loaded.count("SELECT count(*) AS n FROM public.memberships WHERE role NOT IN ('member', 'admin', 'viewer')")).toBe(0);
    } finally {
      await loaded.end();
    }
  }, 120_000);
});

describe('a Laravel schema:dump (MySQL)', () => {
  const dump = `CREATE TABLE \`migrations\` (
  \`id\` int unsigned NOT NULL AUTO_INCREMENT,
  \`migration\` varchar(255) COLLATE utf8mb4_unicode_ci NOT NULL,
  \`batch\` int NOT NULL,
  PRIMARY KEY (\`id\`)
) ENGINE=InnoDB AUTO_INCREMENT=3 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
CREATE TABLE \`oauth_clients\` (
  \`id\` char(36) COLLATE utf8mb4_unicode_ci NOT NULL,
  \`name\` varchar(255) COLLATE utf8mb4_unicode_ci NOT NULL,
  \`redirect\` text COLLATE utf8mb4_unicode_ci NOT NULL,
  \`provider\` varchar(255) COLLATE utf8mb4_unicode_ci DEFAULT NULL,
  PRIMARY KEY (\`id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci;
CREATE TABLE \`social_accounts\` (
  \`id\` bigint unsigned NOT NULL AUTO_INCREMENT,
  \`provider\` varchar(32) NOT NULL,
  \`provider_id\` varchar(255) NOT NULL,
  \`expires_in\` int DEFAULT NULL,
  PRIMARY KEY (\`id\`)
) ENGINE=InnoDB;
INSERT INTO \`migrations\` VALUES (1,'0001_01_01_000000_create_users_table',1);
INSERT INTO \`migrations\` VALUES (2,'2016_06_01_000004_create_oauth_clients_table',1);`;

  it("leaves the migrations log to Laravel (its rows are in the dump) and reads Passport's and Socialite's columns", async () => {
    const { document } = await importText('MYSQL_DDL', dump);
    expect(document.tables.find((t) => t.name === 'migrations')!.rows).toBe(0);
    const clients = columnValues(document, 'oauth_clients');
    for (const id of clients.get('id')!) expect(String(id)).toMatch(/^[0-9a-f-]{36}$/);
    for (const url of clients.get('redirect')!) expect(String(url)).toMatch(/^https?:\/\//);
    // An OAuth client is an app, named after a business, not a person.
    expect(document.tables.find((t) => t.name === 'oauth_clients')!.fields.find((f) => f.name === 'name')!.generator).toBe('company.name');
    const social = columnValues(document, 'social_accounts');
    for (const id of social.get('provider_id')!) expect(String(id)).toMatch(/^\d+$/);
    for (const s of social.get('expires_in')!) expect(Number(s)).toBeLessThanOrEqual(86_400);
  });

  it("points Sanctum's tokenable at the users, and reads a product's kind and an OAuth client's type", async () => {
    const { document } = await importText('MYSQL_DDL', `CREATE TABLE \`users\` (\`id\` bigint unsigned NOT NULL AUTO_INCREMENT, \`name\` varchar(255) NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB;
CREATE TABLE \`failed_jobs\` (\`id\` bigint unsigned NOT NULL AUTO_INCREMENT, \`uuid\` varchar(255) NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB;
CREATE TABLE \`personal_access_tokens\` (\`id\` bigint unsigned NOT NULL AUTO_INCREMENT, \`tokenable_type\` varchar(255) NOT NULL, \`tokenable_id\` bigint unsigned NOT NULL, \`token\` varchar(64) NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB;
CREATE TABLE \`products\` (\`id\` bigint unsigned NOT NULL AUTO_INCREMENT, \`kind\` varchar(20) NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB;
CREATE TABLE \`oauth_apps\` (\`id\` bigint unsigned NOT NULL AUTO_INCREMENT, \`client_id\` varchar(100) NOT NULL, \`client_type\` varchar(32) NOT NULL, PRIMARY KEY (\`id\`)) ENGINE=InnoDB;`);
    expect(new Set(columnValues(document, 'personal_access_tokens').get('tokenable_type'))).toEqual(new Set(['User']));
    for (const kind of columnValues(document, 'products').get('kind')!) expect(['physical', 'digital', 'service']).toContain(kind);
    for (const type of columnValues(document, 'oauth_apps').get('client_type')!) expect(['confidential', 'public']).toContain(type);
  });
});

describe('a Prisma migration for MySQL', () => {
  it('keeps cuid ids and unique Stripe ids within VARCHAR(191), as Prisma writes them', async () => {
    const { document } = await importText('MYSQL_DDL', `-- CreateTable
CREATE TABLE \`User\` (
    \`id\` VARCHAR(191) NOT NULL,
    \`email\` VARCHAR(191) NOT NULL,
    \`stripeCustomerId\` VARCHAR(191) NULL,

    UNIQUE INDEX \`User_email_key\`(\`email\`),
    UNIQUE INDEX \`User_stripeCustomerId_key\`(\`stripeCustomerId\`),
    PRIMARY KEY (\`id\`)
) DEFAULT CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;`);
    const users = columnValues(document, 'User');
    for (const id of users.get('id')!) expect(String(id)).toMatch(/^c[a-z0-9]{24}$/);
    for (const id of users.get('stripeCustomerId')!) expect(String(id)).toMatch(/^cus_[A-Za-z0-9]{24}$/);
  });
});

describe('two references to one table, and a desktop app’s SQLite schema', () => {
  it('a message sized by its users would go from a user to the same user: it picks sender and recipient apart, and CHECK (sender_id <> recipient_id) holds in PostgreSQL', async () => {
    const loaded = await roundTrip(`CREATE TABLE public.users (id bigint NOT NULL, email text NOT NULL, CONSTRAINT users_pkey PRIMARY KEY (id));
CREATE TABLE public.messages (
    id bigint NOT NULL,
    sender_id bigint NOT NULL,
    recipient_id bigint NOT NULL,
    body text NOT NULL,
    sent_at timestamp with time zone NOT NULL,
    CONSTRAINT messages_pkey PRIMARY KEY (id),
    CONSTRAINT messages_not_self CHECK ((sender_id <> recipient_id))
);
ALTER TABLE ONLY public.messages ADD CONSTRAINT messages_sender_id_fkey FOREIGN KEY (sender_id) REFERENCES public.users(id);
ALTER TABLE ONLY public.messages ADD CONSTRAINT messages_recipient_id_fkey FOREIGN KEY (recipient_id) REFERENCES public.users(id);`);
    try {
      expect(typeof loaded.document.tables.find((t) => t.name === 'messages')!.rows).toBe('number');
      await expectEveryTableFilled(loaded);
      expect(await loaded.count('SELECT count(DISTINCT recipient_id) AS n FROM public.messages')).toBeGreaterThan(10);
    } finally {
      await loaded.end();
    }
  }, 120_000);

  it('imports `sqlite3 .schema` output with a typeless column, integer moments and spans of time', async () => {
    const { document } = await importText('SQLITE_DDL', `CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url LONGVARCHAR, last_visit_date INTEGER, guid TEXT);
CREATE TABLE moz_meta (key TEXT PRIMARY KEY, value NOT NULL) WITHOUT ROWID ;
CREATE TABLE moz_places_metadata (id INTEGER PRIMARY KEY, place_id INTEGER NOT NULL, total_view_time INTEGER NOT NULL DEFAULT 0, typing_time INTEGER NOT NULL DEFAULT 0, FOREIGN KEY (place_id) REFERENCES moz_places(id) ON DELETE CASCADE);`);
    expect(() => compileBlueprint(document, { seed: 1 })).not.toThrow();
    expect(document.tables.find((t) => t.name === 'moz_meta')!.fields.find((f) => f.name === 'value')!.sqlType).toBeUndefined();
    for (const moment of columnValues(document, 'moz_places').get('last_visit_date')!) expect(Number(moment)).toBeGreaterThan(1_500_000_000);
    for (const span of columnValues(document, 'moz_places_metadata').get('total_view_time')!) expect(Number(span)).toBeLessThanOrEqual(600_000);
  });
});

describe('a Spree/Solidus-like structure.sql: orders, payments, cards and rates', () => {
  const ddl = `CREATE TABLE public.spree_orders (
    id integer NOT NULL,
    number character varying(32),
    state character varying,
    payment_state character varying,
    shipment_state character varying,
    promo_total numeric(10,2) DEFAULT 0.0,
    shipment_total numeric(10,2) DEFAULT 0.0 NOT NULL,
    item_count integer DEFAULT 0,
    last_ip_address character varying
);
CREATE TABLE public.spree_credit_cards (
    id integer NOT NULL,
    month integer,
    year integer,
    last_digits character varying,
    name character varying
);
CREATE TABLE public.spree_payments (
    id integer NOT NULL,
    avs_response character varying,
    cvv_response_code character varying,
    cvv_response_message character varying
);
CREATE TABLE public.spree_products (id integer NOT NULL, name character varying NOT NULL, meta_description text);
CREATE TABLE public.spree_variants (id integer NOT NULL, "position" integer);
CREATE TABLE public.spree_tax_rates (id integer NOT NULL, amount numeric(8,5));
ALTER TABLE ONLY public.spree_orders ADD CONSTRAINT spree_orders_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.spree_credit_cards ADD CONSTRAINT spree_credit_cards_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.spree_payments ADD CONSTRAINT spree_payments_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.spree_products ADD CONSTRAINT spree_products_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.spree_variants ADD CONSTRAINT spree_variants_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.spree_tax_rates ADD CONSTRAINT spree_tax_rates_pkey PRIMARY KEY (id);`;
  let document: BlueprintDocument;
  beforeAll(async () => {
    ({ document } = await importText('POSTGRES_DDL', ddl));
  });
  const generator = (table: string, field: string) => document.tables.find((t) => t.name === table)!.fields.find((f) => f.name === field)!.generator;

  it("reads an order's states as statuses (its last_ip_address is no postal address), and its promotion as money taken off", () => {
    for (const field of ['state', 'payment_state', 'shipment_state']) expect(generator('spree_orders', field)).toBe('weighted');
    const orders = columnValues(document, 'spree_orders');
    for (const promo of orders.get('promo_total')!) expect(Number(promo)).toBeLessThanOrEqual(0);
    for (const shipping of orders.get('shipment_total')!) expect(Number(shipping)).toBeLessThanOrEqual(120);
    for (const count of orders.get('item_count')!) expect(Number(count)).toBeLessThanOrEqual(20);
  });

  it("reads a card's expiry year, last digits and holder, and a gateway's AVS and CVV answers", () => {
    const cards = columnValues(document, 'spree_credit_cards');
    for (const year of cards.get('year')!) expect(Number(year)).toBeGreaterThanOrEqual(2025);
    for (const digits of cards.get('last_digits')!) expect(String(digits)).toMatch(/^\d{4}$/);
    expect(generator('spree_credit_cards', 'name')).toBe('person.fullName');
    const payments = columnValues(document, 'spree_payments');
    for (const code of payments.get('avs_response')!) expect(String(code)).toMatch(/^[A-Z]$/);
    for (const code of payments.get('cvv_response_code')!) expect(String(code)).toMatch(/^[A-Z]$/);
    expect(generator('spree_payments', 'cvv_response_message')).not.toBe('finance.creditCardCVV');
  });

  it('keeps a meta description as text, a position as a place in a list, and a tax rate as a fraction', () => {
    expect(generator('spree_products', 'meta_description')).not.toBe('json');
    for (const position of columnValues(document, 'spree_variants').get('position')!) expect(Number(position)).toBeLessThanOrEqual(100);
    for (const rate of columnValues(document, 'spree_tax_rates').get('amount')!) expect(Number(rate)).toBeLessThanOrEqual(0.3);
  });
});
