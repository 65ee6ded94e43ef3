import type { TableDef } from '../../src/lib/blueprint-document';
import { numberOptionsFor, refTargetFor } from '../../src/lib/smart-defaults';

const t = (name: string, rows: TableDef['rows'] = 10): TableDef => ({ name, rows, fields: [{ name: 'id', generator: 'sequence' }] });
const tables = [t('customers'), t('products'), t('app_users'), t('categories'), t('order_items', { perParent: 'orders', max: 3 }), t('orders', { perParent: 'customers', max: 3 })];

describe('a new ref points where its name says', () => {
  it.each([
    ['product_id', 'products'],
    ['productId', 'products'],
    ['PRODUCT_ID', 'products'],
    ['product', 'products'],
    ['category_id', 'categories'],
    ['billing_customer_id', 'customers'],
    ['user_id', 'app_users'],
    ['order_id', 'orders'],
  ])('%s → %s', (name, table) => {
    expect(refTargetFor(name, tables, 4)).toBe(table);
  });

  it("falls back to the table's parent, then the first other table", () => {
    expect(refTargetFor('field_3', tables, 4)).toBe('orders');
    expect(refTargetFor('field_3', tables, 0)).toBe('products');
    // Its own table only when the name says so.
    expect(refTargetFor('category_id', tables, 3)).toBe('categories');
  });
});

describe('a new number gets bounds', () => {
  it('from the name', () => {
    expect(numberOptionsFor('number.int', 'rating', 'reviews')).toEqual({ min: 1, max: 5 });
    expect(numberOptionsFor('number.int', 'age', 'customers')).toEqual({ min: 18, max: 90 });
    expect(numberOptionsFor('number.int', 'quantity', 'order_items')).toEqual({ min: 1, max: 20 });
    expect(numberOptionsFor('number.float', 'price', 'products')).toEqual({ min: 1, max: 500, precision: 0.01 });
  });

  it('or a modest range, never the whole 32-bit one; other generators none', () => {
    expect(numberOptionsFor('number.int', 'field_4', 'orders')).toEqual({ min: 1, max: 1000 });
    expect(numberOptionsFor('number.float', 'field_4', 'orders')).toEqual({ min: 0, max: 1000, precision: 0.01 });
    expect(numberOptionsFor('lorem.word', 'rating', 'orders')).toBeUndefined();
  });
});
