import { blueprintSqlPieces, compileSeedPlan, type BlueprintDocument, type Dialect } from '../../src/engine';

/**
 * A shop as an ORM would declare it: int4 serial user ids (the narrowest
 * common key), uuid orders sized per user, items per order with a composite
 * unique (order_id, product_id), products referenced at random.
 */
export function shopBlueprint(): BlueprintDocument {
  return {
    seedbed: 1,
    name: 'shop',
    seed: 3,
    tables: [
      {
        name: 'users',
        rows: 100,
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'sequence', sqlType: 'integer', identity: 'default' },
          { name: 'first_name', generator: 'person.firstName' },
          { name: 'last_name', generator: 'person.lastName' },
          { name: 'email', generator: 'internet.email', options: { firstName: '{first_name}', lastName: '{last_name}' }, unique: true },
          { name: 'bio', generator: 'lorem.sentence', nullRate: 0.3 },
        ],
      },
      {
        name: 'products',
        rows: 40,
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'sequence' },
          { name: 'name', generator: 'commerce.productName' },
          { name: 'sku', generator: 'regex', options: { pattern: '[A-Z]{3}-\\d{5}' }, unique: true },
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
          { name: 'total', generator: 'number.float', options: { min: 5, max: 500, precision: 0.01 } },
        ],
      },
      {
        name: 'items',
        rows: { perParent: 'orders', min: 1, max: 3 },
        primaryKey: 'id',
        unique: [['order_id', 'product_id']],
        fields: [
          { name: 'id', generator: 'sequence' },
          { name: 'order_id', generator: 'ref', options: { table: 'orders' } },
          { name: 'product_id', generator: 'ref', options: { table: 'products' } },
          { name: 'quantity', generator: 'number.int', options: { min: 1, max: 9 } },
        ],
      },
    ],
  };
}

/** The blueprint's tables with their keys and foreign keys and no rows: the text of `seedbed generate --format sql`'s script, its rows left out. */
export function schemaSql(doc: BlueprintDocument, dialect: Dialect): string {
  const pieces = blueprintSqlPieces(compileSeedPlan(doc).plan, dialect);
  // Each table's footer ends its INSERTs with ';': without them it would be an empty statement.
  return pieces.map((p) => (typeof p === 'string' ? p.replace(/^;\n/, '') : '')).join('');
}
