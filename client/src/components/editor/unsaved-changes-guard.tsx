import { useContext, useEffect, useRef } from 'react';
import { UNSAFE_DataRouterContext, useBlocker } from 'react-router';

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
  const stayRef = useRef<HTMLButtonElement>(null);
  const blocked = blocker.state === 'blocked';
  useEffect(() => {
    if (blocked) stayRef.current?.focus();
  }, [blocked]);
  if (!blocked) return null;
  return (
    <div className="dialog-backdrop">
      <div
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="leave-heading"
        aria-describedby="leave-text"
        onKeyDown={(event) => {
          if (event.key === 'Escape') blocker.reset();
        }}
      >
        <h2 id="leave-heading">Leave without saving?</h2>
        <p id="leave-text">Your changes to {what} are not saved. Leaving now loses them.</p>
        <div className="button-row">
          <button ref={stayRef} type="button" onClick={() => blocker.reset()}>
            Stay and keep editing
          </button>
          <button type="button" className="secondary danger" onClick={() => blocker.proceed()}>
            Leave without saving
          </button>
        </div>
      </div>
    </div>
  );
}
