import type { LocatedIssue } from '../../lib/document-issues';

/**
 * Puts the focus on the control an issue is about, once its table is on
 * screen: the field's invalid control (its options fold out when they hold
 * an issue), else its name; for the table itself, its invalid setting or name.
 */
export function focusIssue(issue: LocatedIssue): void {
  const panel = document.querySelector('.table-panel');
  if (!panel) return;
  const scope = issue.field === undefined ? panel.querySelector('.table-settings') : panel.querySelector(`tbody[data-field-index="${issue.field}"]`);
  if (!scope) return;
  const target =
    scope.querySelector<HTMLElement>('[aria-invalid="true"]:not([disabled])') ??
    scope.querySelector<HTMLElement>('button.invalid') ??
    scope.querySelector<HTMLElement>('input:not([disabled]), select:not([disabled]), button:not([disabled])') ??
    (scope as HTMLElement);
  target.scrollIntoView({ block: 'center' });
  target.focus({ preventScroll: true });
}
