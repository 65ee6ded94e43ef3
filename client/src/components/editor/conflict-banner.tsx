interface ConflictBannerProps {
  currentRevision: number;
  baseRevision: number;
  busy: boolean;
  onReloadTheirs(): void;
  onKeepMine(): void;
}

/**
 * Shown when a save was refused because someone else saved in between.
 * Nothing of the user's draft is lost whichever they choose.
 */
export function ConflictBanner({ currentRevision, baseRevision, busy, onReloadTheirs, onKeepMine }: ConflictBannerProps) {
  return (
    <div role="alert" className="error-box conflict-banner">
      <p>
        <strong>Someone else saved revision {currentRevision}</strong> while you were editing revision {baseRevision}. Your changes are not saved yet.
      </p>
      <p>Reload theirs to discard your draft and continue from revision {currentRevision}, or keep yours: saving it will then replace their revision with a new one.</p>
      <div className="button-row">
        <button type="button" className="secondary" disabled={busy} onClick={onReloadTheirs}>
          Reload theirs
        </button>
        <button type="button" disabled={busy} onClick={onKeepMine}>
          Keep mine
        </button>
      </div>
    </div>
  );
}
