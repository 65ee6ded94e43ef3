/** Revision diffs (engine/document/diff.ts): what the editor's History and `seedbed diff` show. */
import { diffDocuments, formatDiff, withStableKeys, type BlueprintDocument } from '../../src/engine';
import { shop } from './helpers';

const keyed = (): BlueprintDocument => withStableKeys(shop(50));

describe('diffDocuments', () => {
  it('finds nothing between a document and itself, keys or key order aside', () => {
    const doc = shop(50);
    const reordered: BlueprintDocument = JSON.parse(JSON.stringify(doc), (_k, v) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v));
    expect(diffDocuments(doc, reordered)).toEqual({ same: true, details: [], tables: [] });
    expect(diffDocuments(doc, withStableKeys(doc)).same).toBe(true);
    expect(formatDiff(diffDocuments(doc, doc))).toEqual(['No differences.']);
  });

  it('tells a rename from a removal by the stable key, and lists what else changed, option by option', () => {
    const before = keyed();
    const after = keyed();
    after.seed = 7;
    after.tables[0].name = 'people';
    after.tables[0].fields[1].name = 'given_name';
    after.tables[1].fields[3].options = { min: 5, max: 900, precision: 0.01 };
    after.tables[1].fields[2].nullRate = 0.1;
    after.tables[1].rows = { perParent: 'people', min: 1, max: 5 };
    after.tables[2].fields.splice(4, 1);
    after.tables[2].fields.push({ key: 'k0000001', name: 'quantity', generator: 'number.int', options: { min: 1, max: 9 } });
    const diff = diffDocuments(before, after);
    expect(diff.details).toEqual([{ what: 'seed', before: 42, after: 7 }]);
    expect(diff.tables.map((t) => [t.change, t.name, t.previousName])).toEqual([
      ['changed', 'people', 'users'],
      ['changed', 'orders', undefined],
      ['changed', 'order_items', undefined],
    ]);
    expect(diff.tables[0].fields).toEqual([{ change: 'changed', key: 'first_name', name: 'given_name', previousName: 'first_name', generator: 'person.firstName', details: [] }]);
    expect(formatDiff(diff)).toEqual([
      '~ seed: 42 → 7',
      '~ table people (renamed from users)',
      '    ~ field given_name (renamed from first_name)',
      '~ table orders',
      '    ~ rows: 0–5 per users row → 1–5 per people row',
      '    ~ field status: nullRate: (none) → 0.1',
      '    ~ field total: options.max: 500 → 900',
      // The formula reads `users.last_name`: its text did not follow, and the diff shows nothing it did not change.
      '~ table order_items',
      // A new field under an old one's name is another field (its own key, its own values), after those kept.
      '    + field quantity: number.int',
      '    - field quantity: number.int',
    ]);
  });

  it('lists added and removed tables, and a new order of tables or fields', () => {
    const before = keyed();
    const after = keyed();
    after.tables.reverse();
    after.tables[0].fields.reverse();
    after.tables.splice(1, 1);
    after.tables.push({ key: 'knew0001', name: 'notes', rows: 5, fields: [{ key: 'kt', name: 'text', generator: 'lorem.word' }] });
    const lines = formatDiff(diffDocuments(before, after));
    expect(lines).toEqual([
      '~ table order: users, order_items → order_items, users',
      expect.stringMatching(/^~ table order_items$/),
      '    ~ field order: id, order_id, buyer_id, sku, quantity, note → note, quantity, sku, buyer_id, order_id, id',
      '+ table notes (1 field)',
      '- table orders (5 fields)',
    ]);
  });
});
