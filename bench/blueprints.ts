import type { BlueprintDocument } from '../packages/engine/src/document/types';

/** The 10-field people table of the benchmark (uuid, names, email from the names, phone, birthdate, places, company, age). */
export function peopleBlueprint(rows: number): BlueprintDocument {
  return {
    seedbed: 1,
    name: 'people',
    locale: 'en',
    seed: 7,
    tables: [
      {
        name: 'people',
        rows,
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'uuid' },
          { name: 'first_name', generator: 'person.firstName' },
          { name: 'last_name', generator: 'person.lastName' },
          { name: 'email', generator: 'internet.email', options: { firstName: '{first_name}', lastName: '{last_name}' } },
          { name: 'phone', generator: 'phone.number' },
          { name: 'birthdate', generator: 'date.birthdate' },
          { name: 'city', generator: 'location.city' },
          { name: 'country', generator: 'location.country' },
          { name: 'company', generator: 'company.name' },
          { name: 'age', generator: 'number.int', options: { min: 18, max: 90 } },
        ],
      },
    ],
  };
}

/** users → orders (Poisson per user) → order_items (1–4 per order), with refs, weights and formulas. */
export function shopBlueprint(users: number): BlueprintDocument {
  return {
    seedbed: 1,
    name: 'shop',
    seed: 42,
    tables: [
      {
        name: 'users',
        rows: users,
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'sequence' },
          { name: 'first_name', generator: 'person.firstName' },
          { name: 'last_name', generator: 'person.lastName' },
          { name: 'email', generator: 'internet.email', options: { firstName: '{first_name}', lastName: '{last_name}' }, unique: true },
          { name: 'signed_up', generator: 'date.between', options: { from: '2020-01-01', to: '2025-12-31' } },
        ],
      },
      {
        name: 'orders',
        rows: { perParent: 'users', distribution: 'poisson', mean: 3, max: 20 },
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'uuid' },
          { name: 'user_id', generator: 'ref', options: { table: 'users' } },
          { name: 'status', generator: 'weighted', options: { values: { paid: 70, pending: 25, refunded: 5 } } },
          { name: 'total', generator: 'number.float', options: { min: 5, max: 500, precision: 0.01 } },
          { name: 'code', generator: 'formula', options: { expr: "upper(status) & '-' & user_id" } },
        ],
      },
      {
        name: 'order_items',
        rows: { perParent: 'orders', min: 1, max: 4 },
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'sequence' },
          { name: 'order_id', generator: 'ref', options: { table: 'orders' } },
          { name: 'product', generator: 'commerce.department' },
          { name: 'quantity', generator: 'number.int', options: { min: 1, max: 5 } },
          { name: 'unit_price', generator: 'number.float', options: { min: 1, max: 200, precision: 0.01 } },
          { name: 'line_total', generator: 'formula', options: { expr: 'round(quantity * unit_price, 2)' } },
        ],
      },
    ],
  };
}

/**
 * A 5-table shop: customers → orders (Poisson, mean 3) → order_items (1–4),
 * products → reviews (0–40 each, by a customer): about 17 rows in all per
 * customer (products are a quarter of the customers).
 */
export function shop5Blueprint(customers: number): BlueprintDocument {
  return {
    seedbed: 1,
    name: 'shop5',
    seed: 5,
    tables: [
      {
        name: 'customers',
        rows: customers,
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'sequence' },
          { name: 'first_name', generator: 'person.firstName' },
          { name: 'last_name', generator: 'person.lastName' },
          { name: 'email', generator: 'internet.email', options: { firstName: '{first_name}', lastName: '{last_name}' }, unique: true },
          { name: 'city', generator: 'location.city' },
          { name: 'country', generator: 'location.country' },
          { name: 'signed_up', generator: 'date.between', options: { from: '2020-01-01', to: '2025-12-31', dateOnly: true } },
        ],
      },
      {
        name: 'products',
        rows: Math.max(1, Math.round(customers / 4)),
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'sequence' },
          { name: 'department', generator: 'commerce.department' },
          { name: 'price', generator: 'number.float', options: { min: 1, max: 500, precision: 0.01 } },
          { name: 'stock', generator: 'number.int', options: { min: 0, max: 1000 } },
        ],
      },
      {
        name: 'orders',
        rows: { perParent: 'customers', distribution: 'poisson', mean: 3, max: 20 },
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'uuid' },
          { name: 'customer_id', generator: 'ref', options: { table: 'customers' } },
          { name: 'status', generator: 'weighted', options: { values: { paid: 70, pending: 25, refunded: 5 } } },
          { name: 'ordered_at', generator: 'date.between', options: { from: '2020-01-01', to: '2025-12-31' } },
        ],
      },
      {
        name: 'order_items',
        rows: { perParent: 'orders', min: 1, max: 4 },
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'sequence' },
          { name: 'order_id', generator: 'ref', options: { table: 'orders' } },
          { name: 'product_id', generator: 'ref', options: { table: 'products' } },
          { name: 'quantity', generator: 'number.int', options: { min: 1, max: 5 } },
          { name: 'unit_price', generator: 'number.float', options: { min: 1, max: 200, precision: 0.01 } },
        ],
      },
      {
        name: 'reviews',
        rows: { perParent: 'products', min: 0, max: 40 },
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'sequence' },
          { name: 'product_id', generator: 'ref', options: { table: 'products' } },
          { name: 'customer_id', generator: 'ref', options: { table: 'customers' } },
          { name: 'rating', generator: 'number.int', options: { min: 1, max: 5 } },
          { name: 'created_at', generator: 'date.between', options: { from: '2020-01-01', to: '2025-12-31', dateOnly: true } },
        ],
      },
    ],
  };
}

/** 30 mixed fields, for preview latency. */
export function wideBlueprint(): BlueprintDocument {
  const generators = [
    'uuid', 'person.firstName', 'person.lastName', 'person.jobTitle', 'internet.email', 'internet.url', 'internet.ipv4',
    'phone.number', 'location.city', 'location.country', 'location.streetAddress', 'location.zipCode', 'company.name',
    'company.catchPhrase', 'commerce.productName', 'commerce.price', 'finance.iban', 'finance.currencyCode', 'date.past',
    'date.birthdate', 'number.int', 'number.float', 'datatype.boolean', 'lorem.sentence', 'lorem.paragraph', 'color.human',
    'animal.dog', 'vehicle.vehicle', 'string.alphanumeric', 'system.mimeType',
  ];
  return {
    seedbed: 1,
    name: 'wide',
    seed: 1,
    tables: [{ name: 'wide', rows: 1_000_000, fields: generators.map((generator, i) => ({ name: `f${i}_${generator.replace('.', '_')}`, generator })) }],
  };
}
