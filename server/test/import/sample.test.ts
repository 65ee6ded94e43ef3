/**
 * Samples become blueprints that look like them (issue 12): tables,
 * references and per-parent counts come out right; generated data has the
 * sample's null rates, category frequencies and ranges; no sample value but a
 * category label reaches the blueprint; hostile samples get a clear error or
 * a note, never a crash.
 */
import { Readable } from 'node:stream';
import { parse as parseCsv } from 'csv-parse/sync';
import { compileBlueprint, streamTable, type BlueprintDocument } from '@seedbed/engine';
import { AppError } from '@seedbed/engine/errors';
import { checkDocument } from '../../src/modules/blueprint/check-document';
import { importSample } from '../../../packages/import/src/sample/import-sample';
import { customersCsv, typicodeSample } from './sample-fixtures';

type Table = BlueprintDocument['tables'][number];

const tableOf = (doc: BlueprintDocument, name: string): Table => {
  const table = doc.tables.find((t) => t.name === name);
  if (!table) throw new Error(`no table ${name} in ${doc.tables.map((t) => t.name)}`);
  return table;
};
const fieldOf = (doc: BlueprintDocument, table: string, field: string) => {
  const found = tableOf(doc, table).fields.find((f) => f.name === field);
  if (!found) throw new Error(`no field ${table}.${field}`);
  return found;
};

async function generate(doc: BlueprintDocument, table: string, rows?: number): Promise<Record<string, unknown>[]> {
  const plan = compileBlueprint(doc, rows ? { rowOverrides: { [table]: rows } } : {});
  let text = '';
  for await (const chunk of streamTable(plan, table, 'ndjson', {})) text += chunk.toString();
  return text.trim().split('\n').map((line) => JSON.parse(line));
}

/** Every text value of a sample (and every number with 3+ digits), to search the blueprint for. */
function sampleValues(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string' && value.length >= 4) out.add(value);
  else if (Array.isArray(value)) value.forEach((v) => sampleValues(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => sampleValues(v, out));
  return out;
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

describe('a typicode-style API sample', () => {
  const sample = typicodeSample();
  let doc: BlueprintDocument;
  beforeAll(async () => {
    doc = (await importSample(JSON.stringify(sample), 'JSON_SAMPLE', { name: 'typicode' })).document;
  });

  it('makes one table per collection, with keys and the references the ids spell', () => {
    expect(doc.tables.map((t) => t.name).sort()).toEqual(['albums', 'comments', 'photos', 'posts', 'todos', 'users']);
    for (const t of doc.tables) expect(t.primaryKey).toBe('id');
    expect(fieldOf(doc, 'posts', 'userId')).toEqual({ name: 'userId', generator: 'ref', options: { table: 'users' } });
    expect(fieldOf(doc, 'comments', 'postId').options).toEqual({ table: 'posts' });
    expect(fieldOf(doc, 'photos', 'albumId').options).toEqual({ table: 'albums' });
  });

  it('fits per-parent counts: fixed where every parent has the same, a distribution where they vary', () => {
    expect(tableOf(doc, 'posts').rows).toEqual({ perParent: 'users', min: 10, max: 10 });
    expect(tableOf(doc, 'comments').rows).toEqual({ perParent: 'posts', min: 5, max: 5 });
    expect(tableOf(doc, 'photos').rows).toEqual({ perParent: 'albums', min: 10, max: 10 });
    const todos = tableOf(doc, 'todos').rows as { perParent: string; distribution?: string };
    expect(todos.perParent).toBe('users');
    expect(['uniform', 'poisson', 'zipf', undefined]).toContain(todos.distribution);
  });

  it('flattens nested objects into parent_child columns typed from their values', () => {
    const users = tableOf(doc, 'users').fields.map((f) => f.name);
    expect(users).toEqual(expect.arrayContaining(['address_street', 'address_city', 'address_geo_lat', 'address_geo_lng', 'company_name', 'company_catchPhrase']));
    expect(users).not.toContain('address');
    expect(fieldOf(doc, 'users', 'address_geo_lat').generator).toBe('location.latitude');
    expect(fieldOf(doc, 'users', 'email').generator).toBe('internet.email');
    expect(fieldOf(doc, 'users', 'website').generator).toBe('internet.url');
    // Named by the rules in the nested object's own context, and before a loose format: a zip code looks like a phone number.
    expect(fieldOf(doc, 'users', 'address_zipcode').generator).toBe('location.zipCode');
    expect(fieldOf(doc, 'users', 'address_city').generator).toBe('location.city');
    expect(fieldOf(doc, 'users', 'company_name').generator).toBe('company.name');
    expect(fieldOf(doc, 'users', 'name').generator).toBe('person.fullName');
    expect(fieldOf(doc, 'users', 'phone').generator).toBe('phone.number');
    expect(fieldOf(doc, 'todos', 'completed')).toMatchObject({ generator: 'datatype.boolean', options: { probability: expect.closeTo(0.4, 1) } });
  });

  it('keeps no value of the sample in the blueprint', () => {
    const text = JSON.stringify(doc);
    const leaked = [...sampleValues(sample)].filter((v) => text.includes(v));
    expect(leaked).toEqual([]);
  });

  it('generates data the engine accepts, with every reference pointing at an existing row', async () => {
    const users = await generate(doc, 'users');
    const posts = await generate(doc, 'posts');
    expect(users).toHaveLength(10);
    expect(posts).toHaveLength(100);
    const ids = new Set(users.map((u) => u.id));
    expect(posts.every((p) => ids.has(p.userId))).toBe(true);
  });

  it('reads NDJSON and an array of the same records into the same table', async () => {
    const ndjson = sample.posts.map((p) => JSON.stringify(p)).join('\n');
    const fromLines = await importSample(ndjson, 'JSON_SAMPLE', { name: 'posts' });
    const fromArray = await importSample(JSON.stringify(sample.posts), 'JSON_SAMPLE', { name: 'posts' });
    expect(fromLines.document).toEqual(fromArray.document);
    expect(fromArray.document.tables[0].rows).toBe(100);
  });
});

describe('a CSV export', () => {
  const csv = customersCsv(400);
  let doc: BlueprintDocument;
  beforeAll(async () => {
    doc = (await importSample(csv, 'CSV_SAMPLE', { name: 'customers' })).document;
  });

  it('reads quoted commas, accents and empty cells, in the header order', () => {
    const table = doc.tables[0];
    expect(table.rows).toBe(400);
    expect(table.fields.map((f) => f.name)).toEqual(['customer_id', 'full_name', 'city', 'country', 'plan', 'monthly_fee', 'signed_up', 'notes']);
    expect(fieldOf(doc, table.name, 'country').options).toEqual({ values: { France: 100, Germany: 100, España: 100, 'Côte d’Ivoire': 100 } });
    expect(fieldOf(doc, table.name, 'city').nullRate).toBeCloseTo(0.1, 5);
    expect(fieldOf(doc, table.name, 'monthly_fee')).toMatchObject({ generator: 'number.float', options: { min: 0, max: 49, fractionDigits: 2 } });
    expect(fieldOf(doc, table.name, 'signed_up').options).toEqual({ from: '2024-03-01', to: '2024-03-28', dateOnly: true });
  });

  it('generates the sample null rates, category frequencies and ranges within tolerances', async () => {
    const rows = await generate(doc, doc.tables[0].name, 5000);
    const share = (pred: (r: Record<string, unknown>) => boolean) => rows.filter(pred).length / rows.length;
    expect(share((r) => r.city === null)).toBeCloseTo(0.1, 1);
    expect(Math.abs(share((r) => r.notes === null) - 0.25)).toBeLessThan(0.03);
    expect(Math.abs(share((r) => r.plan === 'free') - 0.6)).toBeLessThan(0.03);
    expect(Math.abs(share((r) => r.plan === 'team') - 0.1)).toBeLessThan(0.02);
    const fees = rows.map((r) => r.monthly_fee as number);
    expect(Math.min(...fees)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...fees)).toBeLessThanOrEqual(49);
    expect(rows.every((r) => (r.signed_up as string) >= '2024-03-01' && (r.signed_up as string) <= '2024-03-28')).toBe(true);
  });

  it('keeps only category labels of the sample (and the ends of its ranges)', () => {
    // Numbers and dates may appear as the bounds of a range; text may not, but for category labels.
    const isRangeEnd = (v: string) => /^-?[\d.]+$/.test(v) || /^\d{4}-\d{2}-\d{2}$/.test(v);
    const records = parseCsv(csv, { columns: true }) as Record<string, string>[];
    const values = new Set(records.flatMap((r) => Object.values(r)).filter((v) => v.length >= 4 && !isRangeEnd(v)));
    const labels = new Set(['France', 'Germany', 'España', 'Côte d’Ivoire', 'free', 'pro', 'team']);
    const text = JSON.stringify(doc);
    expect([...values].filter((v) => !labels.has(v) && text.includes(v))).toEqual([]);
  });

  it('makes names of headers a spreadsheet allows and a blueprint does not, and the result saves', async () => {
    const csv = ['Customer ID,Full Name,e-mail,2024 spend,Straße\u0000x', ...Array.from({ length: 20 }, (_, i) => `${i + 1},Ada ${i},ada${i}@example.com,${i * 3}.50,x`)].join('\n');
    const { document } = await importSample(csv, 'CSV_SAMPLE', { name: 'Customer export (2024).csv' });
    expect(document.tables[0].name).toBe('customer_export_2024');
    expect(document.tables[0].fields.map((f) => f.name)).toEqual(['Customer_ID', 'Full_Name', 'e_mail', '_2024_spend', 'Stra_e_x']);
    expect(checkDocument(document, { cellBytes: 65_536, planRows: 1_000_000_000, maxTables: 1_000, maxFields: 500 })).toEqual([]);
  });

  it('sniffs tab and semicolon delimiters to the same blueprint', async () => {
    const rows = parseCsv(csv) as string[][];
    const quote = (v: string) => (/[\t;"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
    for (const delimiter of ['\t', ';']) {
      const text = rows.map((r) => r.map(quote).join(delimiter)).join('\n');
      expect((await importSample(text, 'CSV_SAMPLE', { name: 'customers' })).document).toEqual(doc);
    }
  });
});

describe('nested arrays and irregular objects', () => {
  it('turns a nested array of objects into a child table sized per parent, adding the parent a key', async () => {
    const orders = Array.from({ length: 60 }, (_, i) => ({ placed: `2025-01-${String(1 + (i % 28)).padStart(2, '0')}`, items: Array.from({ length: 1 + (i % 4) }, (_, k) => ({ sku: `SK-${100 + k}${i % 10}`, qty: 1 + k })) }));
    const { document, report } = await importSample(JSON.stringify({ orders }), 'JSON_SAMPLE');
    expect(document.tables.map((t) => t.name)).toEqual(['orders', 'items']);
    expect(tableOf(document, 'orders')).toMatchObject({ primaryKey: 'id', fields: expect.arrayContaining([{ name: 'id', generator: 'sequence', options: { start: 1 } }]) });
    expect(fieldOf(document, 'items', 'order_id')).toEqual({ name: 'order_id', generator: 'ref', options: { table: 'orders' } });
    expect(tableOf(document, 'items').rows).toMatchObject({ perParent: 'orders', min: 1, max: 4 });
    expect(report.find((d) => d.path === 'tables[1].rows')?.details).toMatchObject({ observed: { parents: 60, min: 1, max: 4, mean: 2.5 } });
    const items = await generate(document, 'items');
    expect(items.length).toBeGreaterThanOrEqual(60);
  });

  it('keeps objects whose keys vary from row to row as one JSON column', async () => {
    const events = Array.from({ length: 50 }, (_, i) => ({ id: i + 1, payload: { [`k${i}`]: i, [`v${i % 7}`]: 'x' } }));
    const { document } = await importSample(JSON.stringify(events), 'JSON_SAMPLE');
    expect(fieldOf(document, 'items', 'payload').generator).toBe('datatype.json');
    expect(document.tables[0].fields.map((f) => f.name)).toEqual(['id', 'payload']);
  });

  it("builds emails from the row's names when the sample's emails contain them", async () => {
    const first = ['Ada', 'Grace', 'Alan', 'Edsger', 'Barbara', 'Donald'];
    const last = ['Lovelace', 'Hopper', 'Turing', 'Dijkstra', 'Liskov', 'Knuth'];
    const people = Array.from({ length: 30 }, (_, i) => ({ first_name: first[i % 6], last_name: last[(i * 5) % 6], email: `${first[i % 6].toLowerCase()}.${last[(i * 5) % 6].toLowerCase()}${i}@example.com` }));
    const { document } = await importSample(JSON.stringify(people), 'JSON_SAMPLE');
    expect(fieldOf(document, 'items', 'email')).toMatchObject({ generator: 'internet.email', options: { firstName: '{first_name}', lastName: '{last_name}' } });
    const [row] = await generate(document, 'items', 1);
    expect((row.email as string).toLowerCase()).toContain((row.first_name as string).toLowerCase().replace(/[^a-z]/g, '').slice(0, 3));
  });

  it('keeps the order of dates that never come out of order in the sample', async () => {
    const orders = Array.from({ length: 40 }, (_, i) => {
      const day = 1 + (i % 20);
      return { id: i + 1, created_at: `2025-02-${String(day).padStart(2, '0')}T10:00:00Z`, shipped_at: `2025-02-${String(day + 2).padStart(2, '0')}T09:00:00Z`, delivered_at: i % 5 ? `2025-02-${String(day + 5).padStart(2, '0')}T15:00:00Z` : null };
    });
    const { document } = await importSample(JSON.stringify(orders), 'JSON_SAMPLE', { name: 'orders' });
    expect(fieldOf(document, 'orders', 'created_at').options).not.toHaveProperty('from', expect.stringMatching(/^\{/));
    expect(fieldOf(document, 'orders', 'shipped_at').options).toMatchObject({ from: '{created_at}' });
    expect(fieldOf(document, 'orders', 'delivered_at').options).toMatchObject({ from: '{shipped_at}' });
    const rows = await generate(document, 'orders', 2000);
    const ordered = (a: unknown, b: unknown) => b === null || (a as string) <= (b as string);
    expect(rows.every((r) => ordered(r.created_at, r.shipped_at) && ordered(r.shipped_at, r.delivered_at))).toBe(true);
  });

  it('finds a reference from a role name such as `author`', async () => {
    const users = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, name: `user ${i}` }));
    const articles = Array.from({ length: 40 }, (_, i) => ({ id: i + 1, author: (i % 20) + 1, rating: 1 + (i % 5) }));
    const { document } = await importSample(JSON.stringify({ users, articles }), 'JSON_SAMPLE');
    expect(fieldOf(document, 'articles', 'author')).toEqual({ name: 'author', generator: 'ref', options: { table: 'users' } });
    expect(fieldOf(document, 'articles', 'rating').generator).toBe('number.int');
  });
});

describe('hostile samples', () => {
  it('refuses nesting deeper than the limit, without building it', async () => {
    const deep = '['.repeat(200_000) + ']'.repeat(200_000);
    const error = await refusal(importSample(deep, 'JSON_SAMPLE'));
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', path: 'input.text' });
    expect(error.message).toMatch(/nested deeper than 32 levels/);
  });

  it('caps the columns of an object with 10,000 keys while reading it, and says so once', async () => {
    const wide = [Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, i]))];
    for (const text of [JSON.stringify(wide), JSON.stringify({ things: wide }), `${JSON.stringify(wide[0])}\n${JSON.stringify(wide[0])}\n`]) {
      const { document, skipped } = await importSample(text, 'JSON_SAMPLE');
      expect(document.tables[0].fields.map((f) => f.name)).toEqual(Array.from({ length: 500 }, (_, i) => `k${i}`));
      expect(skipped).toEqual([expect.objectContaining({ kind: 'column', reason: expect.stringMatching(/^[\d,]+ keys past the limit of 500 per object/) })]);
    }
  });

  it('counts the columns past the limit across records once per table, not once per column', async () => {
    // Each record brings 300 new keys: 1,500 distinct columns, 500 kept.
    const records = Array.from({ length: 5 }, (_, r) => Object.fromEntries(Array.from({ length: 300 }, (_, i) => [`r${r}_${i}`, i])));
    const { document, skipped } = await importSample(JSON.stringify(records), 'JSON_SAMPLE');
    expect(document.tables[0].fields).toHaveLength(500);
    expect(skipped).toEqual([{ path: 'tables[0]', kind: 'column', name: 'items', reason: '1,000 columns past the limit of 500 left out' }]);
  });

  it('cuts a CSV to 500 columns as its header is read, with one line in the report', async () => {
    const header = Array.from({ length: 2_000 }, (_, i) => `c${i}`).join(',');
    const row = (r: number) => Array.from({ length: 2_000 }, (_, i) => (i === 1_999 ? '"a, ""quoted""\nlast"' : String(r + i))).join(',');
    const text = `${header}\r\n${row(1)}\r\n${row(2)}\r\n`;
    const { document, skipped } = await importSample(text, 'CSV_SAMPLE');
    expect(document.tables[0].fields.map((f) => f.name)).toEqual(Array.from({ length: 500 }, (_, i) => `c${i}`));
    expect(document.tables[0].rows).toBe(2);
    expect(skipped).toEqual([{ kind: 'column', name: 'rows', reason: '1,500 columns past the limit of 500 left out' }]);
  });

  it('bounds the values of one record, cutting the rest of it and saying how many records were cut', async () => {
    const records = [{ id: 1, tags: Array.from({ length: 60_000 }, (_, i) => i) }, { id: 2, tags: [1, 2] }];
    for (const text of [JSON.stringify(records), records.map((r) => JSON.stringify(r)).join('\n')]) {
      const { document, skipped } = await importSample(text, 'JSON_SAMPLE');
      expect(document.tables[0].rows).toBe(2);
      expect(skipped).toEqual([expect.objectContaining({ kind: 'value', reason: '1 record holds more than 50,000 values; the rest of each was left out' })]);
    }
  });

  it('generates the dominant kind of a mixed column and says what it did', async () => {
    const rows = Array.from({ length: 40 }, (_, i) => ({ n: i % 10 === 0 ? 'n/a' : i }));
    const { document, report } = await importSample(JSON.stringify(rows), 'JSON_SAMPLE');
    expect(document.tables[0].fields[0].generator).toBe('number.int');
    expect(report[0].reason).toMatch(/10% of values were of other kinds/);
  });

  it('refuses bytes that are not UTF-8 with the place they are in', async () => {
    const bytes = Buffer.concat([Buffer.from('[{"a": "'), Buffer.from([0xc3, 0x28]), Buffer.from('"}]')]);
    const error = await refusal(importSample(Readable.from([bytes]), 'JSON_SAMPLE'));
    expect(error.message).toMatch(/not valid UTF-8/);
  });

  it('reads a CSV with ragged rows and reports them', async () => {
    const { document, skipped } = await importSample('a,b,c\n1,2,3\n4,5\n6,7,8,9\n10,11,12\n', 'CSV_SAMPLE');
    expect(document.tables[0].rows).toBe(4);
    expect(skipped).toEqual([expect.objectContaining({ kind: 'rows', reason: expect.stringMatching(/^2 row\(s\) have more or fewer cells/) })]);
  });

  it('refuses a stream past the byte limit before reading the rest', async () => {
    let produced = 0;
    async function* endless() {
      yield '[';
      for (;;) {
        produced++;
        yield '{"a": 1},'.repeat(10_000);
      }
    }
    const error = await refusal(importSample(endless(), 'JSON_SAMPLE', { limits: { maxBytes: 1_000_000, maxDepth: 32 } }));
    expect(error.message).toMatch(/larger than 1,000,000 bytes/);
    expect(produced).toBeLessThan(20);
    // 1 MB of small records takes about a second to read; several times that on a machine busy with other suites.
  }, 90_000);

  it.each([
    ['', 'is empty'],
    ['42', 'must start with'],
    ['[1, 2]', 'must be an object'],
    ['{"a": [{"b": 1}', 'not valid JSON'],
    ['{"a": 1}\n{"b": ', 'line 2 that is not JSON'],
    // A stray comma on line 4, after the last record: said with its line and its likely cause.
    ['[\n  {"id": 1},\n  {"id": 2},\n]\n', 'is not valid JSON at line 4: unexpected "]" (a comma before it: JSON allows none after the last item)'],
  ])('refuses %j with a clear message', async (text, message) => {
    const error = await refusal(importSample(text, 'JSON_SAMPLE'));
    expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', path: 'input.text' });
    expect(error.message).toContain(message);
  });
});
