/** @jest-environment jsdom */
import { render, screen, within } from '@testing-library/react';
import { PreviewTable } from '../../src/components/editor/preview-table';
import type { PreviewData } from '../../src/hooks/use-live-preview';

const PREVIEW: PreviewData = {
  __typename: 'Preview',
  table: 'users',
  totalRows: 1000,
  offset: 0,
  columns: [
    { __typename: 'PreviewColumn', name: 'id', type: 'INTEGER', nullable: false, unique: true },
    { __typename: 'PreviewColumn', name: 'bio', type: 'STRING', nullable: true, unique: false },
    { __typename: 'PreviewColumn', name: 'tags', type: 'JSON', nullable: false, unique: false },
  ],
  rows: [
    [1, 'Hello', ['a']],
    [2, null, { b: 2 }],
  ],
};

describe('PreviewTable', () => {
  it('shows the rows with each column type in the header, NULLs marked', () => {
    render(<PreviewTable tableName="users" preview={PREVIEW} loading={false} invalid={false} />);
    const region = screen.getByRole('region', { name: 'Preview of users' });
    expect(within(region).getByRole('status').textContent).toBe(`First 2 of ${(1000).toLocaleString()} rows.`);
    const headers = within(region).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['idinteger · unique', 'biostring · nullable', 'tagsjson']);
    const cells = within(region).getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell').map((c) => c.textContent));
    expect(cells).toEqual([
      ['1', 'Hello', '["a"]'],
      ['2', 'NULL', '{"b":2}'],
    ]);
    expect(within(region).getByText('NULL').className).toBe('null-cell');
  });

  it('keeps the previous rows on screen, dimmed, while new ones load', () => {
    const { container } = render(<PreviewTable tableName="users" preview={PREVIEW} loading invalid={false} />);
    expect(screen.getByRole('region').getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('status').textContent).toBe('Updating preview…');
    expect(screen.getAllByRole('row')).toHaveLength(3);
    expect(container.querySelector('.grid-scroll')!.className).toContain('stale');
  });

  it('says so when the draft is invalid, and has empty and error states', () => {
    const { rerender } = render(<PreviewTable tableName="users" preview={undefined} loading={false} invalid />);
    expect(screen.getByRole('status').textContent).toMatch(/Fix the problems/);
    rerender(<PreviewTable tableName="users" preview={undefined} loading={false} invalid={false} />);
    expect(screen.getByText('No rows to show.')).toBeTruthy();
    rerender(<PreviewTable tableName="users" preview={undefined} loading={false} invalid={false} error={new TypeError('Failed to fetch')} />);
    expect(screen.getByRole('status').textContent).toMatch(/Could not reach the server/);
  });
});
