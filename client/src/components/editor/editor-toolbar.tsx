import { DownloadDocumentButton } from '../document-file';

interface EditorToolbarProps {
  name: string;
  revision: number;
  baseRevision: number;
  dirty: boolean;
  canEdit: boolean;
  saving: boolean;
  message: string;
  onSave(): void;
  onDiscard(): void;
}

/** The blueprint's name, where the draft stands, and Save. */
export function EditorToolbar({ name, revision, baseRevision, dirty, canEdit, saving, message, onSave, onDiscard }: EditorToolbarProps) {
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
