import { useContext, useEffect } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

interface UnsavedChangesGuardProps {
  /** There are edits that leaving would lose. */
  when: boolean;
  /** Named in the question: "Your changes to shop are not saved." */
  what: string;
}

/**
 * Asks before unsaved edits are lost: a browser reload or tab close gets the
 * browser's own prompt; a link, the Back button or any in-app navigation gets
 * a dialog whose default is to stay.
 */
export function UnsavedChangesGuard(props: UnsavedChangesGuardProps) {
  useEffect(() => {
    if (!props.when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [props.when]);
  // useBlocker needs a data router; component tests render the editor in a plain one.
  return useContext(UNSAFE_DataRouterContext) ? <NavigationGuard {...props} /> : null;
}

function NavigationGuard({ when, what }: UnsavedChangesGuardProps) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  if (blocker.state !== 'blocked') return null;
  return (
    <ConfirmDialog title="Leave without saving?" keepLabel="Stay and keep editing" confirmLabel="Leave without saving" onKeep={() => blocker.reset()} onConfirm={() => blocker.proceed()}>
      <p>Your changes to {what} are not saved. Leaving now loses them.</p>
    </ConfirmDialog>
  );
}
