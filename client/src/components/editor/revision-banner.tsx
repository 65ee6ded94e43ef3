interface RevisionBannerProps {
  number: number;
  canEdit: boolean;
  onClose(): void;
  onRestore(): void;
}

/** Says that an old revision is on screen, read-only, and how to leave or restore it. */
export function RevisionBanner({ number, canEdit, onClose, onRestore }: RevisionBannerProps) {
  return (
    <div className="info-box" role="region" aria-label={`Viewing revision ${number}`}>
      <p>
        <strong>Viewing revision {number}</strong> (read-only). Your draft is kept.
      </p>
      <div className="button-row">
        <button type="button" className="secondary" onClick={onClose}>
          Back to your draft
        </button>
        {canEdit && (
          <button type="button" onClick={onRestore}>
            Restore as draft
          </button>
        )}
      </div>
      {canEdit && <p className="hint">Restoring replaces your draft with this revision; saving it then makes a new revision.</p>}
    </div>
  );
}
