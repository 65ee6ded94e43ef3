interface ConflictBannerProps {
  currentRevision: number;
  baseRevision: number;
  /** Who saved `currentRevision`: the same user (in another tab or window), someone else, or not known yet. */
  savedBy: 'you' | 'someone' | undefined;
  authorName?: string;
  busy: boolean;
  onReloadTheirs(): void;
  onKeepMine(): void;
}

/**
 * Shown when a save was refused because a newer revision was saved in
 * between. Nothing of the user's draft is lost whichever they choose.
 */
export function ConflictBanner({ currentRevision, baseRevision, savedBy, authorName, busy, onReloadTheirs, onKeepMine }: ConflictBannerProps) {
  const you = savedBy === 'you';
  const who = you ? 'You saved' : authorName ? `${authorName} saved` : 'Someone else saved';
  return (
    <div role="alert" className="error-box conflict-banner">
      <p>
        <strong>
          {who} revision {currentRevision}
          {you ? ' in another tab or window' : ''}
        </strong>{' '}
        while this tab was editing revision {baseRevision}. The changes here are not saved yet.
      </p>
      <p>
        Load revision {currentRevision} to discard this tab’s draft, or keep this draft: saving it will then make a new revision on top of {you ? 'that one' : 'theirs'}.
      </p>
      <div className="button-row">
        <button type="button" className="secondary" disabled={busy} onClick={onReloadTheirs}>
          {you ? 'Load revision' : 'Reload theirs'}
        </button>
        <button type="button" disabled={busy} onClick={onKeepMine}>
          Keep mine
        </button>
      </div>
    </div>
  );
}
