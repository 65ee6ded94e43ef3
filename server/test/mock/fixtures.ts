import type { BlueprintDocument } from '../../src/engine';

/** users → orders (uuid keys, 0–5 per user) → items (1–3 per order), plus products with a retry-unique text key. */
export const SHOP: BlueprintDocument = {
  seedbed: 1,
  name: 'shop',
  seed: 7,
  tables: [
    {
      name: 'users',
      rows: 300,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 10, step: 5 } },
        { name: 'name', generator: 'person.firstName' },
        { name: 'email', generator: 'internet.email', unique: true },
      ],
    },
    {
      name: 'orders',
      rows: { perParent: 'users', min: 0, max: 5 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'uuid' },
        { name: 'user_id', generator: 'ref', options: { table: 'users' } },
        { name: 'status', generator: 'weighted', options: { values: { paid: 70, pending: 25, refunded: 5 } } },
      ],
    },
    {
      name: 'items',
      rows: { perParent: 'orders', min: 1, max: 3 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence' },
        { name: 'order_id', generator: 'ref', options: { table: 'orders' } },
        { name: 'buyer', generator: 'ref', options: { table: 'users' } },
        { name: 'product', generator: 'ref', options: { table: 'products' } },
      ],
    },
    {
      name: 'products',
      rows: 400,
      primaryKey: 'code',
      fields: [
        { name: 'code', generator: 'regex', options: { pattern: '[A-D]{2}\\d{2}' } },
        { name: 'price', generator: 'number.float', options: { min: 1, max: 99, precision: 0.01 } },
      ],
    },
  ],
};

/** SHOP without the retry-unique products (whose every read replays): what the API tests serve. */
export const SHOP_FAST: BlueprintDocument = {
  ...SHOP,
  tables: SHOP.tables
    .filter((t) => t.name !== 'products')
    .map((t) => (t.name === 'items' ? { ...t, fields: t.fields.filter((f) => f.name !== 'product').concat([{ name: 'quantity', generator: 'number.int', options: { min: 1, max: 9 } }]) } : t)),
};
