/** @jest-environment jsdom */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { RelationshipGraph } from '../../src/components/editor/relationship-graph';
import type { TableDef } from '../../src/lib/blueprint-document';

const tables: TableDef[] = [
  { name: 'users', rows: 1000, fields: [{ name: 'id', generator: 'sequence' }, { name: 'name', generator: 'person.fullName' }] },
  {
    name: 'orders',
    rows: { perParent: 'users', min: 0, max: 3 },
    fields: [
      { name: 'id', generator: 'uuid' },
      { name: 'user_id', generator: 'ref', options: { table: 'users' } },
      { name: 'coupon_id', generator: 'ref', options: { table: 'coupons' }, nullRate: 0.5 },
    ],
  },
  { name: 'coupons', rows: 20, fields: [{ name: 'id', generator: 'sequence' }] },
];

describe('RelationshipGraph', () => {
  it('draws the tables as buttons and the relationships as a picture with a text list', () => {
    render(<RelationshipGraph document={{ tables }} selected={1} onSelect={() => {}} />);
    const region = screen.getByRole('region', { name: 'Relationship graph' });
    const names = within(region).getAllByRole('button').map((b) => b.textContent);
    expect(names.sort()).toEqual(['Table coupons, 20 rows, 1 field', 'Table orders, per users, 3 fields', 'Table users, 1,000 rows, 2 fields']);
    expect(within(region).getByRole('button', { name: /^Table orders/ }).getAttribute('aria-current')).toBe('true');
    expect(within(region).getByRole('button', { name: /^Table users/ }).getAttribute('aria-current')).toBeNull();

    const picture = within(region).getByRole('img', { name: 'Relationship graph: 3 tables, 3 relationships.' });
    expect(picture.getAttribute('viewBox')).toMatch(/^-?[\d.]+ -?[\d.]+ [\d.]+ [\d.]+$/);
    const edges = [...picture.querySelectorAll('path[data-edge]')];
    expect(edges.map((p) => [p.getAttribute('data-edge'), p.getAttribute('class')])).toEqual([
      ['orders: rows per users (0–3 each)', null],
      ['orders.user_id → users', null],
      ['orders.coupon_id → coupons (nullable)', 'dashed'],
    ]);
    expect([...picture.querySelectorAll('text')].map((t) => t.textContent)).toEqual(['0–3', 'user_id', 'coupon_id']);
    expect(within(region).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'orders: rows per users (0–3 each)',
      'orders.user_id → users',
      'orders.coupon_id → coupons (nullable)',
    ]);
  });

  it('selects a table on click, Enter or Space', () => {
    const onSelect = jest.fn();
    render(<RelationshipGraph document={{ tables }} selected={0} onSelect={onSelect} />);
    const coupons = screen.getByRole('button', { name: /^Table coupons/ });
    expect(coupons.getAttribute('tabindex')).toBe('0');
    fireEvent.click(coupons);
    fireEvent.keyDown(screen.getByRole('button', { name: /^Table orders/ }), { key: 'Enter' });
    fireEvent.keyDown(screen.getByRole('button', { name: /^Table users/ }), { key: ' ' });
    fireEvent.keyDown(coupons, { key: 'a' });
    expect(onSelect.mock.calls).toEqual([[2], [1], [0]]);
  });

  it('redraws when the document changes', () => {
    const { rerender } = render(<RelationshipGraph document={{ tables }} selected={0} onSelect={() => {}} />);
    rerender(<RelationshipGraph document={{ tables: tables.slice(0, 1) }} selected={0} onSelect={() => {}} />);
    expect(screen.getAllByRole('button')).toHaveLength(1);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('Relationship graph: 1 table, 0 relationships.');
    expect(screen.getByText('No relationships between tables.')).toBeTruthy();
  });
});
