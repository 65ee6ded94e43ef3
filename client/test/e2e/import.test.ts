/**
 * Import end to end, in Debian's Chromium against the real server on a fresh
 * real database: paste a pg_dump schema on /p/:project/import, review what
 * was inferred (each field's generator with its reason and confidence, live
 * rows, what was left out), create the blueprint and land in its editor with
 * rows showing; drop a file onto the page; create a blueprint from a document
 * file on the project page (a broken file and a refused document create
 * nothing); download the stored document from the editor. At 1280 and 390 px,
 * light and dark, with an axe check. Screenshots go to
 * test-artifacts/screenshots/import-*.png.
 *
 * Needs /usr/bin/chromium and the built client (`npm run build -w client`).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { browserSuite, createProject, signUp, DESKTOP, describeInBrowser, gql, PHONE, SCREENSHOTS } from './support';

const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** Written the way pg_dump --schema-only writes: an enum, keys added by ALTER TABLE, and a view the import must leave out. */
const PG_DUMP = `--
-- PostgreSQL database dump
--
SET statement_timeout = 0;
SET client_encoding = 'UTF8';

CREATE TYPE public.order_status AS ENUM (
    'pending',
    'paid',
    'shipped'
);

CREATE TABLE public.customer (
    customer_id integer NOT NULL,
    first_name character varying(45) NOT NULL,
    last_name character varying(45) NOT NULL,
    email character varying(120),
    legacy_flags text,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE public.orders (
    order_id integer NOT NULL,
    customer_id integer NOT NULL,
    status public.order_status NOT NULL,
    total numeric(10,2) NOT NULL,
    CONSTRAINT orders_total_check CHECK ((total >= (0)::numeric))
);

CREATE VIEW public.big_orders AS
 SELECT orders.order_id, orders.total
   FROM public.orders
  WHERE (orders.total > (100)::numeric);

ALTER TABLE ONLY public.customer
    ADD CONSTRAINT customer_pkey PRIMARY KEY (customer_id);
ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_pkey PRIMARY KEY (order_id);
ALTER TABLE ONLY public.orders
    ADD CONSTRAINT orders_customer_id_fkey FOREIGN KEY (customer_id) REFERENCES public.customer(customer_id);
`;

/**
 * A retail schema of 20 tables as a legacy mysqldump writes it, with the
 * narrow VARCHARs that once turned names, cities and countries into letters.
 */
const RETAIL_20 = `
CREATE TABLE region (region_id smallint NOT NULL, region_description varchar(50) NOT NULL, PRIMARY KEY (region_id));
CREATE TABLE country (country_id smallint NOT NULL, country_name varchar(15) NOT NULL, iso_code char(2) NOT NULL, PRIMARY KEY (country_id));
CREATE TABLE currency (currency_code char(3) NOT NULL, currency_name varchar(30) NOT NULL, PRIMARY KEY (currency_code));
CREATE TABLE language (language_id tinyint NOT NULL, name char(20) NOT NULL, PRIMARY KEY (language_id));
CREATE TABLE category (category_id int NOT NULL, category_name varchar(15) NOT NULL, description text, PRIMARY KEY (category_id));
CREATE TABLE department (dept_no char(4) NOT NULL, dept_name varchar(40) NOT NULL, PRIMARY KEY (dept_no));
CREATE TABLE supplier (supplier_id int NOT NULL, company_name varchar(40) NOT NULL, contact_name varchar(30), contact_title varchar(30), city varchar(15), postal_code varchar(10), country varchar(15), phone varchar(24), homepage text, PRIMARY KEY (supplier_id));
CREATE TABLE store (store_id int NOT NULL, store_name varchar(40) NOT NULL, city varchar(15) NOT NULL, state char(2), postal_code varchar(10), country_id smallint NOT NULL, PRIMARY KEY (store_id), FOREIGN KEY (country_id) REFERENCES country (country_id));
CREATE TABLE employee (emp_no int NOT NULL, first_name varchar(14) NOT NULL, last_name varchar(16) NOT NULL, title varchar(30), title_of_courtesy varchar(25), birth_date date NOT NULL, hire_date date NOT NULL, salary int NOT NULL, dept_no char(4) NOT NULL, store_id int NOT NULL, PRIMARY KEY (emp_no), FOREIGN KEY (dept_no) REFERENCES department (dept_no), FOREIGN KEY (store_id) REFERENCES store (store_id));
CREATE TABLE product (product_id int NOT NULL, product_name varchar(40) NOT NULL, supplier_id int NOT NULL, category_id int NOT NULL, unit_price decimal(10,2) NOT NULL, units_in_stock smallint, discontinued tinyint(1) NOT NULL DEFAULT 0, PRIMARY KEY (product_id), FOREIGN KEY (supplier_id) REFERENCES supplier (supplier_id), FOREIGN KEY (category_id) REFERENCES category (category_id));
CREATE TABLE customer (customer_id int NOT NULL, first_name varchar(10) NOT NULL, last_name varchar(20) NOT NULL, email varchar(50), phone varchar(20), address varchar(60), city varchar(15), region varchar(15), postal_code varchar(10), country varchar(15), birth_date date, active tinyint(1) NOT NULL DEFAULT 1, created_at datetime NOT NULL, PRIMARY KEY (customer_id));
CREATE TABLE customer_address (address_id int NOT NULL, customer_id int NOT NULL, address_line1 varchar(60) NOT NULL, address_line2 varchar(60), city varchar(30) NOT NULL, state_province varchar(25), zip_code varchar(12) NOT NULL, PRIMARY KEY (address_id), FOREIGN KEY (customer_id) REFERENCES customer (customer_id));
CREATE TABLE orders (order_id int NOT NULL, customer_id int NOT NULL, employee_id int, store_id int NOT NULL, order_date datetime NOT NULL, required_date datetime, shipped_date datetime, freight decimal(10,2), ship_name varchar(40), ship_city varchar(15), ship_country varchar(15), currency_code char(3) NOT NULL, PRIMARY KEY (order_id), FOREIGN KEY (customer_id) REFERENCES customer (customer_id), FOREIGN KEY (employee_id) REFERENCES employee (emp_no), FOREIGN KEY (store_id) REFERENCES store (store_id), FOREIGN KEY (currency_code) REFERENCES currency (currency_code));
CREATE TABLE order_item (order_id int NOT NULL, product_id int NOT NULL, quantity smallint NOT NULL, unit_price decimal(10,2) NOT NULL, discount float NOT NULL, PRIMARY KEY (order_id, product_id), FOREIGN KEY (order_id) REFERENCES orders (order_id), FOREIGN KEY (product_id) REFERENCES product (product_id));
CREATE TABLE payment (payment_id int NOT NULL, order_id int NOT NULL, amount decimal(8,2) NOT NULL, card_number varchar(25), card_type varchar(20), paid_at datetime NOT NULL, PRIMARY KEY (payment_id), FOREIGN KEY (order_id) REFERENCES orders (order_id));
CREATE TABLE shipment (shipment_id int NOT NULL, order_id int NOT NULL, carrier varchar(20) NOT NULL, tracking_number varchar(30), shipped_at datetime NOT NULL, delivered_at datetime, PRIMARY KEY (shipment_id), FOREIGN KEY (order_id) REFERENCES orders (order_id));
CREATE TABLE review (review_id int NOT NULL, product_id int NOT NULL, customer_id int NOT NULL, rating tinyint NOT NULL, title varchar(80), body text, created_at datetime NOT NULL, PRIMARY KEY (review_id), FOREIGN KEY (product_id) REFERENCES product (product_id), FOREIGN KEY (customer_id) REFERENCES customer (customer_id));
CREATE TABLE coupon (coupon_id int NOT NULL, code varchar(12) NOT NULL, percent_off tinyint NOT NULL, valid_from date NOT NULL, valid_to date NOT NULL, PRIMARY KEY (coupon_id), UNIQUE KEY (code));
CREATE TABLE loyalty_account (account_id int NOT NULL, customer_id int NOT NULL, points int NOT NULL DEFAULT 0, tier varchar(10) NOT NULL, joined_on date NOT NULL, PRIMARY KEY (account_id), UNIQUE KEY (customer_id), FOREIGN KEY (customer_id) REFERENCES customer (customer_id));
CREATE TABLE stock_movement (movement_id int NOT NULL, product_id int NOT NULL, store_id int NOT NULL, quantity int NOT NULL, moved_at datetime NOT NULL, reason varchar(30), PRIMARY KEY (movement_id), FOREIGN KEY (product_id) REFERENCES product (product_id), FOREIGN KEY (store_id) REFERENCES store (store_id));
`;

/** Columns anyone recognises by name, and what their values must look like (never random lowercase letters). */
const RECOGNISED: Record<string, RegExp> = {
  first_name: /^[A-Z][A-Za-z'.-]*$/, last_name: /^[A-Z][A-Za-z' .-]*$/, city: /^[A-Z]/, country: /^[A-Z]/, country_name: /^[A-Z]/, postal_code: /^[\dA-Z]/,
  company_name: /^[A-Z]/, contact_title: /^[A-Z]/, title_of_courtesy: /^[A-Z][a-z]*\.?$/, dept_name: /^[A-Z]/, category_name: /^[A-Z]/, currency_code: /^[A-Z]{3}$/,
  iso_code: /^[A-Z]{2}$/, state: /^[A-Z]{2}$/, card_number: /^[\d-]+$/, email: /@/, ship_city: /^[A-Z]/, zip_code: /^[\d-]+$/,
};

const BLUEPRINT_QUERY = 'query($id: ID!) { blueprint(id: $id) { id name revision document } }';
const COUNT_QUERY = 'query($id: ID!) { project(id: $id) { blueprints(first: 100) { totalCount } } }';

describeInBrowser('import', () => {
  const { newPage, pageErrors } = browserSuite({ timeoutMs: 20_000 });

  const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SCREENSHOTS, `import-${name}.png`), fullPage: true });

  /** axe's WCAG 2 A/AA rules (contrast included) on the page's main content as it stands. */
  async function axeViolations(page: Page): Promise<string[]> {
    await page.evaluate(AXE_SOURCE);
    const result = await page.evaluate(() => (window as any).axe.run({ include: ['main'] }, { runOnly: ['wcag2a', 'wcag2aa'] }));
    return result.violations.map((v: { id: string; nodes: { target: string[] }[] }) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }

  async function noSidewaysScroll(page: Page) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  }

  /** Rows of the preview region once they are up to date. */
  async function previewRows(page: Page, table: string) {
    const region = page.getByRole('region', { name: `Preview of ${table}` });
    await region.getByRole('status').filter({ hasText: /^First \d+ of/ }).waitFor();
    return region.locator('tbody tr');
  }

  /** Clicks Download JSON and reads the file the browser saved. */
  async function downloadDocument(page: Page): Promise<{ fileName: string; document: unknown }> {
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 30_000 }), page.getByRole('button', { name: 'Download JSON' }).click()]);
    return { fileName: download.suggestedFilename(), document: JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) };
  }

  async function signedInProject(stamp: string): Promise<{ page: Page; projectId: string }> {
    const page = await newPage();
    await signUp(page, 'Ida Importer', `importer-${stamp}@example.com`);
    await createProject(page, `Imports ${stamp}`);
    const param = new URL(page.url()).pathname.split('/')[2];
    const { project } = await gql(page, 'query($id: ID!) { project(id: $id) { id } }', { id: param });
    return { page, projectId: project.id };
  }

  it('pastes a pg_dump schema, reviews it, creates the blueprint and lands in its editor with rows', async () => {
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const { page, projectId } = await signedInProject(stamp);

    // The project page links to the import screen.
    await page.getByRole('link', { name: 'Import a schema or sample' }).click();
    await page.waitForURL(/\/import$/);
    await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();

    // Nothing pasted: said beside the text, with its path, and the server is not asked.
    await page.getByRole('button', { name: 'Review', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Text Paste a schema or sample, or choose a file.' }).waitFor();

    // Refusals are said beside the input the server names, labelled as the form labels it, at the line of the error, and nothing is reviewed.
    const textError = page.getByRole('alert').filter({ hasText: /^Text / });
    await page.getByLabel('Schema or sample', { exact: true }).fill('CREATE TABLE users (\n  id int,\n  name text,,\n);');
    await page.getByRole('button', { name: 'Review', exact: true }).click();
    await textError.filter({ hasText: 'No table could be read from the text. line 3: the parser refused it' }).waitFor();
    expect(await page.getByLabel('Schema or sample', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await shot(page, '00-refused');
    await page.getByLabel('Schema or sample file').setInputFiles({ name: 'huge.sql', mimeType: 'application/sql', buffer: Buffer.from('CREATE TABLE t (id int);\n'.repeat(60_000)) });
    await page.getByRole('status').filter({ hasText: /^Read huge\.sql \(1\.4 MB\)/ }).waitFor();
    await page.getByRole('button', { name: 'Review', exact: true }).click();
    await textError.filter({ hasText: 'is larger than the server accepts in one request' }).waitFor();
    await page.getByRole('group', { name: 'Schema or sample' }).getByRole('button', { name: 'Clear' }).click();
    // A pasted URL moves to a password input; an unreachable database is said beside it.
    await page.getByLabel('Schema or sample', { exact: true }).fill('postgres://user:secret@127.0.0.1:1/nothing');
    expect(await page.getByLabel('Database URL').getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Review', exact: true }).click();
    // A server that serves others gives every failed sign-in one answer after the connect timeout (10 s), so no import maps a network.
    await page.getByRole('alert').filter({ hasText: /^Database URL Could not sign in to 127\.0\.0\.1:1\/nothing/ }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('region', { name: /^2\. Review/ }).count()).toBe(0);
    await page.getByLabel('Source').selectOption('POSTGRES_DDL');

    // Pasted pg_dump output is recognised as PostgreSQL.
    await page.getByLabel('Schema or sample', { exact: true }).fill(PG_DUMP);
    expect(await page.getByLabel('Source').inputValue()).toBe('POSTGRES_DDL');
    await page.getByText('Detected PostgreSQL DDL: it creates types or domains.').waitFor();
    await page.getByLabel('Blueprint name').fill('shop');
    await shot(page, '01-pasted');

    await page.getByRole('button', { name: 'Review', exact: true }).click();
    const review = page.getByRole('region', { name: /^2\. Review/ });
    await review.waitFor();
    await page.getByRole('status').filter({ hasText: /^Review ready: 2 tables, 10 columns, 1 with low confidence, 1 left out\.$/ }).waitFor();
    // Focus lands on the review, so keyboard users continue from there.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('review-heading');

    // Each column: its generator, a reason and a confidence.
    const tables = page.getByRole('navigation', { name: 'Imported tables' });
    expect(await tables.getByRole('button').allTextContents()).toEqual(['customer6 columns · ⚠ 1 low', 'orders4 columns']);
    const customerColumns = page.getByRole('list', { name: 'Columns of customer' }).getByRole('listitem');
    expect(await customerColumns.count()).toBe(6);
    for (const reason of await customerColumns.locator('.decision-reason').allTextContents()) expect(reason).not.toBe('No reason reported for this field.');
    expect(await customerColumns.getByRole('meter').count()).toBe(6);
    const email = customerColumns.filter({ has: page.locator('strong', { hasText: /^email$/ }) });
    expect(await email.locator('.decision-generator code').textContent()).toMatch(/email/i);
    expect(await email.locator('.sql-type').textContent()).toMatch(/^(character varying|varchar)\(120\)$/);
    // A column nothing tells about is marked for checking, in words as well as colour.
    const vague = customerColumns.filter({ has: page.locator('strong', { hasText: /^legacy_flags$/ }) });
    expect(await vague.getByRole('meter').getAttribute('aria-label')).toMatch(/^Confidence \d+%, low$/);
    expect(await vague.textContent()).toContain('low, check it');
    // The view is left out, with its reason.
    const skipped = page.getByRole('region', { name: /^Left out \(\d+\)$/ });
    expect(await skipped.getByRole('listitem').filter({ hasText: 'big_orders' }).count()).toBe(1);

    // Live rows of the selected table; choosing another table shows its columns and rows.
    expect(await (await previewRows(page, 'customer')).count()).toBeGreaterThan(0);
    await tables.getByRole('button', { name: /^orders/ }).click();
    await page.getByRole('heading', { name: 'Table orders' }).waitFor();
    expect(await (await previewRows(page, 'orders')).count()).toBeGreaterThan(0);
    await tables.getByRole('button', { name: /^customer/ }).click();
    await previewRows(page, 'customer');
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, '02-review');

    await page.emulateMedia({ colorScheme: 'dark' });
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, '03-review-dark');
    await page.setViewportSize(PHONE);
    await previewRows(page, 'customer');
    await noSidewaysScroll(page);
    await shot(page, '04-review-phone-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await shot(page, '05-review-phone');
    await page.setViewportSize(DESKTOP);

    // A name typed after Review is the one created (it kept the reviewed one).
    await page.getByLabel('Blueprint name').fill('shop import');
    expect(await page.getByRole('region', { name: /^2\. Review/ }).count()).toBe(1);
    // Create: the editor opens on the new blueprint, at the project's slug, with its preview showing rows.
    await page.getByRole('button', { name: 'Create blueprint' }).click();
    const { project: created } = await gql(page, 'query($id: ID!) { project(id: $id) { slug } }', { id: projectId });
    await page.waitForURL(new RegExp(`/p/${created.slug}/blueprints/[^/]+$`));
    const blueprintId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { name: 'shop import', exact: true }).waitFor();
    expect(await (await previewRows(page, 'customer')).count()).toBeGreaterThan(0);
    const { blueprint } = await gql(page, BLUEPRINT_QUERY, { id: blueprintId });
    expect(blueprint.revision).toBe(1);
    expect(blueprint.document.tables.map((t: { name: string }) => t.name)).toEqual(['customer', 'orders']);
    await shot(page, '06-editor');

    // Download JSON: the file is the stored document, named after the blueprint.
    expect(await downloadDocument(page)).toEqual({ fileName: 'shop import.json', document: blueprint.document });

    // From the keyboard: the drop zone's button opens the file chooser, and the file is read in the browser.
    await page.goto(`/p/${projectId}/import`);
    await page.getByLabel('Schema or sample', { exact: true }).waitFor();
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Choose a file…' }).press('Enter')]);
    await chooser.setFiles({ name: 'schema.sql', mimeType: 'application/sql', buffer: Buffer.from('CREATE TABLE `users` (`id` int) ENGINE=InnoDB;') });
    await page.getByRole('status').filter({ hasText: /^Read schema\.sql \(\d+ bytes\)\. Detected MySQL \/ MariaDB DDL\.$/ }).waitFor();
    expect(await page.getByLabel('Source').inputValue()).toBe('MYSQL_DDL');

    // At phone width the import screen, dropped file and all, does not scroll sideways.
    await page.setViewportSize(PHONE);
    await page.goto(`/p/${projectId}/import`);
    await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();
    await page.evaluate((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'shop.sql', { type: 'application/sql' }));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        document.querySelector('main')!.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer }));
      }
    }, PG_DUMP);
    await page.getByRole('status').filter({ hasText: /^Read shop\.sql \([\d.]+ KB\)\. Detected PostgreSQL DDL\.$/ }).waitFor();
    expect(await page.getByLabel('Schema or sample', { exact: true }).inputValue()).toBe(PG_DUMP);
    expect(await page.getByLabel('Blueprint name').inputValue()).toBe('shop');
    await noSidewaysScroll(page);
    await shot(page, '07-dropped-phone');

    expect(pageErrors).toEqual([]);
  }, 180_000);

  it('reviews samples: the sample beside what was fitted; one past the GraphQL body limit is uploaded and created', async () => {
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const { page, projectId } = await signedInProject(stamp);
    await page.goto(`/p/${projectId}/import`);
    await page.getByRole('heading', { name: 'Import', level: 1 }).waitFor();

    // An API response as a mock server's db.json holds it: users, and posts that point at them.
    const first = ['Ada', 'Alan', 'Grace', 'Edsger', 'Barbara', 'Donald', 'Frances', 'Ken', 'Radia', 'John', 'Margaret', 'Dennis'];
    const users = first.map((name, i) => ({ id: i + 1, name: `${name} Example`, status: i % 4 === 3 ? 'banned' : 'active', karma: 10 + i * 7 }));
    const posts = Array.from({ length: 30 }, (_, i) => ({ id: i + 1, userId: (i % 12) + 1, title: `Notes on topic ${i + 1}` }));
    const sample = JSON.stringify({ users, posts }, null, 2);
    await page.getByLabel('Schema or sample', { exact: true }).fill(sample);
    expect(await page.getByLabel('Source').inputValue()).toBe('JSON_SAMPLE');
    await page.getByText('Detected JSON or NDJSON sample: it starts with {.').waitFor();

    await page.getByRole('button', { name: 'Review', exact: true }).click();
    await page.getByRole('region', { name: /^2\. Review/ }).waitFor();
    const status = page.getByRole('list', { name: 'Columns of users' }).getByRole('listitem').filter({ has: page.locator('strong', { hasText: /^status$/ }) });
    const figures = status.getByRole('table', { name: 'Sample and fitted figures of status' });
    expect(await figures.getByRole('row').filter({ hasText: /^frequencies: active/ }).textContent()).toBe('frequencies: active75%75%');
    await page.getByRole('navigation', { name: 'Imported tables' }).getByRole('button', { name: /^posts/ }).click();
    const tried = page.getByRole('table', { name: /^Distributions tried for rows of posts/ });
    await tried.waitFor();
    expect(await tried.getByRole('row').filter({ hasText: '✓ chosen' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, '12-sample');
    await page.setViewportSize(PHONE);
    await page.emulateMedia({ colorScheme: 'dark' });
    await noSidewaysScroll(page);
    await shot(page, '13-sample-phone-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);

    // A sample past the GraphQL body limit is uploaded as it is, reviewed, and its reviewed document created.
    const events = Array.from({ length: 15_000 }, (_, i) => ({ id: i + 1, kind: ['click', 'view', 'purchase'][i % 3], amount: (i % 97) + 0.5, at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString() }));
    const big = Buffer.from(JSON.stringify(events));
    expect(big.length).toBeGreaterThan(1_000_000);
    await page.getByLabel('Blueprint name').fill('');
    await page.getByLabel('Schema or sample file').setInputFiles({ name: 'events.json', mimeType: 'application/json', buffer: big });
    await page.getByRole('status').filter({ hasText: /^Read events\.json \([\d.]+ MB\)\. Detected JSON or NDJSON sample\.$/ }).waitFor();
    await page.getByRole('group', { name: 'Schema or sample' }).getByText(/^events\.json: [\d.]+ MB, too large to show here/).waitFor();
    await page.getByRole('button', { name: 'Review', exact: true }).click();
    await page.getByRole('status').filter({ hasText: /^Review ready: 1 table, 4 columns/ }).waitFor();
    await shot(page, '14-large-sample');
    const tableName = (await page.getByRole('navigation', { name: 'Imported tables' }).locator('.table-name').first().textContent())!;
    await page.getByRole('button', { name: 'Create blueprint' }).click();
    await page.waitForURL(/\/blueprints\/[^/]+$/);
    await page.getByRole('heading', { name: 'events', exact: true }).waitFor();
    expect(await (await previewRows(page, tableName)).count()).toBeGreaterThan(0);

    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('reviews a 20-table schema: three sample values beside each decision, and no recognised column shows letters', async () => {
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const { page } = await signedInProject(stamp);
    await page.getByRole('link', { name: 'Import a schema or sample' }).click();
    await page.waitForURL(/\/import$/);
    await page.getByLabel('Source').selectOption('MYSQL_DDL');
    await page.getByLabel('Schema or sample', { exact: true }).fill(RETAIL_20);
    await page.getByRole('button', { name: 'Review', exact: true }).click();
    // The first import in the server's import thread measures generators' lengths: allow it more than a click's wait.
    await page.getByRole('status').filter({ hasText: /^Review ready: 20 tables, / }).waitFor({ timeout: 45_000 });
    const tables = page.getByRole('navigation', { name: 'Imported tables' });
    expect(await tables.getByRole('button').count()).toBe(20);
    let checked = 0;
    for (const button of await tables.getByRole('button').all()) {
      const name = (await button.textContent())!.replace(/\d+ columns?.*$/, '');
      await button.click();
      const list = page.getByRole('list', { name: `Columns of ${name}` });
      await list.locator('.decision-head').first().waitFor();
      // One read of the whole list: what a person sees for each column.
      const columns = await list.evaluate((ol) =>
        [...ol.querySelectorAll(':scope > li')].map((li) => ({
          field: li.querySelector('.decision-field strong')?.textContent ?? '',
          generator: li.querySelector('.decision-generator code')?.textContent ?? '',
          meter: li.querySelector('meter')?.getAttribute('aria-label') ?? '',
          samples: [...li.querySelectorAll('[aria-label^="Sample values of"] code')].map((v) => v.textContent ?? ''),
        })),
      );
      for (const { field, generator, meter, samples } of columns) {
        expect(samples).toHaveLength(3);
        expect(generator).not.toBe('string.alpha');
        const pattern = RECOGNISED[field];
        if (!pattern) continue;
        // A recognised column is never marked low, and its values look like what it holds.
        expect(meter).not.toMatch(/low$/);
        for (const value of samples.filter((v) => v !== 'NULL')) {
          if (!pattern.test(value)) throw new Error(`${name}.${field} (${generator}) shows "${value}"`);
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThanOrEqual(25);
    await tables.getByRole('button', { name: /^customer\s*\d+ columns/ }).click();
    await shot(page, '10-review-20-tables');
  }, 120_000);

  it('creates a blueprint from a document file on the project page; a broken or refused file creates nothing', async () => {
    const stamp = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const { page, projectId } = await signedInProject(stamp);
    const fileInput = page.getByLabel('Blueprint document (JSON)');
    const create = page.getByRole('button', { name: 'Create from file' });
    const count = async () => (await gql(page, COUNT_QUERY, { id: projectId })).project.blueprints.totalCount;

    // Not JSON: where it breaks, by line and column.
    await fileInput.setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from('{\n  "seedbed": 1,\n  "name": "x"\n  "tables": []\n}') });
    await create.click();
    await page.getByRole('alert').filter({ hasText: /^broken\.json: line 4, column 3 is not valid JSON/ }).waitFor();
    expect(await fileInput.getAttribute('aria-invalid')).toBe('true');

    // JSON the server refuses: its message with the document path.
    const refused = { seedbed: 1, name: 'refused', tables: [{ name: 'users', rows: 10, fields: [{ name: 'id', generator: 'no.such.generator' }] }] };
    await fileInput.setInputFiles({ name: 'refused.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(refused)) });
    await create.click();
    await page.getByRole('alert').filter({ hasText: /^refused\.json: tables\[0\]\.fields\[0\]\.generator / }).waitFor();
    await shot(page, '08-file-refused');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await noSidewaysScroll(page);
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(page, '09-file-refused-phone-dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize(DESKTOP);
    expect(await count()).toBe(0);

    // A valid document: created as revision 1 and opened in the editor, exactly as in the file.
    const document = {
      seedbed: 1,
      name: 'from file',
      seed: 7,
      tables: [{ name: 'people', rows: 25, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence', options: { start: 1 } }, { name: 'name', generator: 'person.fullName' }] }],
    };
    await fileInput.setInputFiles({ name: 'from-file.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(document, null, 2)) });
    await create.click();
    await page.waitForURL(/\/blueprints\/[^/]+$/);
    await page.getByRole('heading', { name: 'from file', exact: true }).waitFor();
    expect(await (await previewRows(page, 'people')).count()).toBeGreaterThan(0);
    const blueprintId = new URL(page.url()).pathname.split('/').pop()!;
    const { blueprint } = await gql(page, BLUEPRINT_QUERY, { id: blueprintId });
    expect(blueprint.document).toMatchObject(document);
    expect(await count()).toBe(1);
    await shot(page, '10-created-from-file');

    // Saved again, then downloaded: the file is the current revision's stored document.
    await gql(page, 'mutation($input: UpdateBlueprintInput!) { updateBlueprint(input: $input) { revision } }', {
      input: { id: blueprintId, baseRevision: 1, document: { ...blueprint.document, seed: 8, description: 'Ünïcode “quoted” text' } },
    });
    const current = (await gql(page, BLUEPRINT_QUERY, { id: blueprintId })).blueprint;
    expect(current.revision).toBe(2);
    expect(await downloadDocument(page)).toEqual({ fileName: 'from file.json', document: current.document });
    await page.getByRole('status').filter({ hasText: 'Downloaded revision 2 as from file.json.' }).waitFor();
    // At phone width the action stays on screen (the editor's own layout at 390 px is the editor test's to check).
    await page.setViewportSize(PHONE);
    const box = (await page.getByRole('button', { name: 'Download JSON' }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    await shot(page, '11-downloaded-phone');

    expect(pageErrors).toEqual([]);
  }, 120_000);
});
