/**
 * Stable keys (PRODUCT.md §10): cells are addressed by each table's and
 * field's key, so renames, reorders and moves change no value, and a document
 * written before keys existed keeps its bytes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { compileBlueprint, previewRows, streamBlueprintSql, streamTable, validateBlueprint, withStableKeys, freshKey, type BlueprintDocument } from '../../src/engine';
import { effectiveKeys } from '../../src/engine/document/stable-keys';
import { collect } from './helpers';

const FIXTURE = path.join(__dirname, 'fixtures', 'keyless');
const keyless = (): BlueprintDocument => JSON.parse(fs.readFileSync(path.join(FIXTURE, 'shop.json'), 'utf8'));
const pinned = (...parts: string[]) => fs.readFileSync(path.join(FIXTURE, ...parts), 'utf8');

/** Every column's values by table and field key: what must not move when names and positions do. */
function valuesByKey(doc: BlueprintDocument): Map<string, unknown[]> {
  const plan = compileBlueprint(doc);
  const values = new Map<string, unknown[]>();
  for (const table of plan.tables) {
    const { rows } = previewRows(plan, table.name, 0, 100);
    table.fields.forEach((field, i) => values.set(`${table.key}/${field.key}`, rows.map((row) => row[i])));
  }
  return values;
}

describe('a document written before keys existed', () => {
  // The files were written by `seedbed generate` at the commit before keys (3056188), from shop.json as it is.
  it.each(['csv', 'ndjson'] as const)('keeps its %s bytes, table by table, with and without the keys it is given', async (format) => {
    for (const doc of [keyless(), withStableKeys(keyless())]) {
      const plan = compileBlueprint(doc);
      for (const table of plan.order) expect(await collect(streamTable(plan, table, format))).toBe(pinned(format, `${table}.${format}`));
    }
  });

  it('keeps the bytes of its SQL script', async () => {
    for (const doc of [keyless(), withStableKeys(keyless())]) {
      expect(await collect(streamBlueprintSql(compileBlueprint(doc), 'postgres'))).toBe(pinned('sql', 'keyless_shop.sql'));
    }
  });

  it('is given its names as keys, the key first in each table and field', () => {
    const doc = withStableKeys(keyless());
    expect(doc.tables.map((t) => t.key)).toEqual(['customers', 'products', 'orders', 'order_lines', 'profiles']);
    expect(Object.keys(doc.tables[0])[0]).toBe('key');
    expect(doc.tables[2].fields[1]).toEqual({ key: 'customer_id', name: 'customer_id', generator: 'ref', options: { table: 'customers' } });
    expect(withStableKeys(doc)).toBe(doc);
    expect(validateBlueprint(doc)).toEqual([]);
  });
});

describe('generation addressed by key', () => {
  it('keeps every value when every table and field is renamed, references following', () => {
    const before = withStableKeys(keyless());
    const text = JSON.stringify(before)
      .replace(/(?<!"key":)"customers"/g, '"clients"')
      .replace(/customers\.last_name/g, 'clients.surname')
      .replace(/(?<!"key":)"last_name"/g, '"surname"')
      .replace(/\{last_name\}/g, '{surname}')
      .replace(/"name":"order_lines"/g, '"name":"lines"')
      .replace(/"name":"quantity"/g, '"name":"qty"')
      .replace(/\{quantity\}/g, '{qty}');
    const renamed: BlueprintDocument = JSON.parse(text);
    // The keys are still the old names; the names are new.
    expect(renamed.tables[0]).toMatchObject({ key: 'customers', name: 'clients' });
    expect(renamed.tables[0].fields[2]).toMatchObject({ key: 'last_name', name: 'surname' });
    expect(validateBlueprint(renamed)).toEqual([]);
    expect(valuesByKey(renamed)).toEqual(valuesByKey(before));
    // Without keys, the same rename changes the data: what keys are for.
    const bare = (doc: BlueprintDocument) => JSON.parse(JSON.stringify(doc, (k, v) => (k === 'key' && typeof v === 'string' ? undefined : v)));
    expect(previewRows(compileBlueprint(bare(renamed)), 'clients', 0, 12).rows).not.toEqual(previewRows(compileBlueprint(before), 'customers', 0, 12).rows);
  });

  it('keeps every value when tables and fields are reordered', () => {
    const before = withStableKeys(keyless());
    const moved = withStableKeys(keyless());
    moved.tables.reverse();
    for (const table of moved.tables) table.fields.reverse();
    expect(valuesByKey(moved)).toEqual(valuesByKey(before));
  });

  it('gives a field with a fresh key values of its own, and the others none of theirs changed', () => {
    const before = withStableKeys(keyless());
    const after = withStableKeys(keyless());
    const customers = after.tables[0];
    const key = freshKey(customers.fields.map((f) => f.key!));
    expect(key).toMatch(/^k[0-9a-z]{7}$/);
    // A new field where an old one was, with the old one's name: fresh key, fresh values.
    customers.fields[4] = { key, name: 'country', generator: 'location.country', nullRate: 0.25 };
    const a = valuesByKey(before);
    const b = valuesByKey(after);
    expect(b.get(`customers/${key}`)).not.toEqual(a.get('customers/country'));
    for (const [column, values] of a) if (column !== 'customers/country') expect(b.get(column)).toEqual(values);
  });
});

describe('keys as the validator reads them', () => {
  it('refuses a key of the wrong shape, with its path', () => {
    const doc = withStableKeys(keyless());
    doc.tables[1].key = 'has space';
    doc.tables[1].fields[0].key = '';
    expect(validateBlueprint(doc)).toEqual([
      { path: 'tables[1].key', message: 'must be 1 to 64 letters, digits, _ or -' },
      { path: 'tables[1].fields[0].key', message: 'must be 1 to 64 letters, digits, _ or -' },
    ]);
  });

  it('refuses a key used twice in its scope, naming the first, and allows it in another scope', () => {
    const doc = withStableKeys(keyless());
    doc.tables[4].key = 'orders';
    doc.tables[0].fields[3].key = 'first_name';
    doc.tables[1].fields[1].key = 'first_name'; // another table's fields: another scope
    expect(validateBlueprint(doc)).toEqual([
      { path: 'tables[0].fields[3].key', message: 'field key "first_name" is already used at tables[0].fields[1].key: each field needs its own' },
      { path: 'tables[4].key', message: 'table key "orders" is already used at tables[2].key: each table needs its own' },
    ]);
  });

  it('gives items without a key their name, or a numbered one when another item holds it', () => {
    // `email` was renamed `mail` and kept its key; a new keyless `email` cannot take that key.
    expect(effectiveKeys([{ key: 'email', name: 'mail' }, { name: 'email' }, { name: 'email_2' }, { name: 'x', key: 'bad key' }])).toEqual(['email', 'email_2', 'email_2_2', 'x']);
  });
});
