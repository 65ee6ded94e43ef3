import type { BlueprintDocument } from '@seedbed/engine';

export const onlineShop: BlueprintDocument = {
  seedbed: 1,
  name: 'online-shop',
  description: 'Customers, a product catalog, orders and their line items, with prices in cents and order statuses.',
  locale: 'en',
  seed: 42,
  refDate: '2025-01-01',
  tables: [
    {
      name: 'customers',
      rows: 500,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'first_name', generator: 'person.firstName' },
        { name: 'last_name', generator: 'person.lastName' },
        { name: 'email', generator: 'internet.email', options: { firstName: '{first_name}', lastName: '{last_name}' }, unique: true },
        { name: 'city', generator: 'location.city' },
        { name: 'created_at', generator: 'date.between', options: { from: '2022-01-01', to: '2024-12-31' } },
      ],
    },
    {
      name: 'products',
      rows: 200,
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'sequence', options: { start: 1 } },
        { name: 'sku', generator: 'regex', options: { pattern: '[A-Z]{3}-[0-9]{5}' }, unique: true },
        { name: 'name', generator: 'commerce.productName' },
        { name: 'department', generator: 'commerce.department' },
        { name: 'price_cents', generator: 'number.int', options: { min: 199, max: 49999 } },
        { name: 'in_stock', generator: 'datatype.boolean', options: { probability: 0.85 } },
      ],
    },
    {
      name: 'orders',
      rows: { perParent: 'customers', min: 0, max: 6, distribution: 'poisson', mean: 2 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'uuid' },
        { name: 'customer_id', generator: 'ref', options: { table: 'customers' } },
        { name: 'status', generator: 'weighted', options: { values: { paid: 70, shipped: 15, pending: 10, refunded: 5 } } },
        { name: 'ordered_at', generator: 'date.between', options: { from: '2023-01-01', to: '2024-12-31' } },
      ],
    },
    {
      name: 'order_items',
      rows: { perParent: 'orders', min: 1, max: 5 },
      primaryKey: 'id',
      fields: [
        { name: 'id', generator: 'uuid' },
        { name: 'order_id', generator: 'ref', options: { table: 'orders' } },
        { name: 'product_id', generator: 'ref', options: { table: 'products' } },
        { name: 'quantity', generator: 'number.int', options: { min: 1, max: 4 } },
      ],
    },
  ],
};
