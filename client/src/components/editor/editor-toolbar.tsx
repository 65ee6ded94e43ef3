import { DownloadDocumentButton } from '../document-file';
import { focusIds } from './draft-commands';

interface EditorToolbarProps {
  name: string;
  revision: number;
  baseRevision: number;
  dirty: boolean;
  canEdit: boolean;
  saving: boolean;
  message: string;
  /** What Undo and Redo would do ("rename table users"), when there is something. */
  undoLabel?: string;
  redoLabel?: string;
  onUndo(): void;
  onRedo(): void;
  onSave(): void;
  onDiscard(): void;
}

/** The blueprint's name, where the draft stands, Undo and Redo, and Save. */
export function EditorToolbar({ name, revision, baseRevision, dirty, canEdit, saving, message, undoLabel, redoLabel, onUndo, onRedo, onSave, onDiscard }: EditorToolbarProps) {
  return (
    <div className="editor-toolbar">
      <div className="editor-title">
        <h1>{name || 'Untitled blueprint'}</h1>
        <p className="meta">
          Revision {revision}
          {baseRevision !== revision && ` · your draft is based on revision ${baseRevision}`}
          {canEdit ? (dirty ? ' · unsaved changes' : ' · all changes saved') : ' · read-only (viewer)'}
        </p>
      </div>
      <div className="button-row toolbar-actions">
        <DownloadDocumentButton />
        {canEdit && (
          <>
            <span className="button-row undo-redo">
              <button
                type="button"
                className="secondary"
                data-focus-id={focusIds.undo}
                aria-label={undoLabel ? `Undo: ${undoLabel}` : 'Undo'}
                disabled={!undoLabel}
                onClick={onUndo}
                aria-keyshortcuts="Control+Z Meta+Z"
                title={undoLabel ? `Undo: ${undoLabel} (Ctrl+Z or ⌘Z)` : 'Nothing to undo'}
              >
                Undo
              </button>
              <button
                type="button"
                className="secondary"
                aria-label={redoLabel ? `Redo: ${redoLabel}` : 'Redo'}
                disabled={!redoLabel}
                onClick={onRedo}
                aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
                title={redoLabel ? `Redo: ${redoLabel} (Shift+Ctrl+Z or Shift+⌘Z)` : 'Nothing to redo'}
              >
                Redo
              </button>
            </span>
            <button type="button" className="secondary" disabled={!dirty || saving} onClick={onDiscard}>
              Discard changes
            </button>
            <button type="button" disabled={!dirty || saving} onClick={onSave} aria-keyshortcuts="Control+S Meta+S" title="Ctrl+S or ⌘S">
              {saving ? 'Saving…' : 'Save'}
            </button>
          </>
        )}
      </div>
      <p className="status-line toolbar-status" role="status" aria-live="polite">
        {message}
      </p>
    </div>
  );
}
