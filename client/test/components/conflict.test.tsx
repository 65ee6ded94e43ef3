/** @jest-environment jsdom */
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { fireEvent, render, screen } from '@testing-library/react';
import { ConflictBanner } from '../../src/components/editor/conflict-banner';
import { saveFailureOf } from '../../src/hooks/use-save-blueprint';

describe('saveFailureOf', () => {
  it('recognises a CONFLICT with the revision saved in between', () => {
    const error = new CombinedGraphQLErrors({
      errors: [{ message: 'This edit is based on revision 2, but revision 3 was saved since.', extensions: { code: 'CONFLICT', currentRevision: 3, path: 'input.baseRevision' } }],
    });
    expect(saveFailureOf(error)).toEqual({ kind: 'conflict', currentRevision: 3, message: 'This edit is based on revision 2, but revision 3 was saved since.' });
  });

  it('turns a refused document into located issues, and anything else into a failure', () => {
    const invalid = new CombinedGraphQLErrors({ errors: [{ message: 'x', extensions: { code: 'BAD_USER_INPUT', issues: [{ path: 'tables[0].name', message: 'must be an SQL identifier' }] } }] });
    expect(saveFailureOf(invalid)).toEqual({ kind: 'invalid', issues: [{ path: 'tables[0].name', message: 'must be an SQL identifier', table: 0, field: undefined, key: 'name' }] });
    const network = new TypeError('Failed to fetch');
    expect(saveFailureOf(network)).toEqual({ kind: 'failed', error: network });
  });
});

describe('ConflictBanner', () => {
  it('names the revision someone else saved and offers both ways out', () => {
    const reload = jest.fn();
    const keep = jest.fn();
    const { rerender } = render(<ConflictBanner currentRevision={3} baseRevision={2} savedBy="someone" authorName="Bo" busy={false} onReloadTheirs={reload} onKeepMine={keep} />);
    expect(screen.getByRole('alert').textContent).toMatch(/Bo saved revision 3 while this tab was editing revision 2/);
    fireEvent.click(screen.getByRole('button', { name: 'Keep mine' }));
    expect(keep).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Reload theirs' }));
    expect(reload).toHaveBeenCalledTimes(1);
    rerender(<ConflictBanner currentRevision={3} baseRevision={2} savedBy="you" busy={false} onReloadTheirs={reload} onKeepMine={keep} />);
    expect(screen.getByRole('alert').textContent).toMatch(/^You saved revision 3 in another tab or window while this tab was editing revision 2/);
    expect(screen.getByRole('button', { name: 'Load revision' })).toBeTruthy();
  });

  it('cannot be acted on twice while a save is in flight', () => {
    render(<ConflictBanner currentRevision={3} baseRevision={2} savedBy={undefined} busy onReloadTheirs={jest.fn()} onKeepMine={jest.fn()} />);
    expect((screen.getByRole('button', { name: 'Keep mine' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
