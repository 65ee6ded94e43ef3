import { useEffect, useState } from 'react';
import type { BlueprintEditor_BlueprintFragment } from '../../__generated__/graphql';
import { useBlueprintRevisionLazyQuery } from '../../__generated__/hooks';
import { useBlueprintDraft } from '../../hooks/use-blueprint-draft';
import { useGeneratorCatalog } from '../../hooks/use-generator-catalog';
import { useLivePreview } from '../../hooks/use-live-preview';
import { useSaveBlueprint } from '../../hooks/use-save-blueprint';
import { asDocument, type BlueprintDocument } from '../../lib/blueprint-document';
import type { LocatedIssue } from '../../lib/document-issues';
import { describeError } from '../../lib/errors';
import { ErrorMessage } from '../status';
import { BlueprintSettings } from './blueprint-settings';
import { ConflictBanner } from './conflict-banner';
import { EditorToolbar } from './editor-toolbar';
import { IssueSummary } from './issue-summary';
import { PreviewTable } from './preview-table';
import { RelationshipGraph } from './relationship-graph';
import { RevisionBanner } from './revision-banner';
import { RevisionHistory } from './revision-history';
import { TableList } from './table-list';
import { TablePanel } from './table-panel';
import { MockPanel } from './mock-panel';

interface BlueprintEditorProps {
  blueprint: BlueprintEditor_BlueprintFragment;
  canEdit: boolean;
  /** Fetches the blueprint's current revision again; resolves to it. */
  reload(): Promise<BlueprintEditor_BlueprintFragment | undefined>;
}

/**
 * The editor: a local draft of the document, previewed live and saved on
 * request as a new revision based on the one it started from.
 */
export function BlueprintEditor({ blueprint, canEdit, reload }: BlueprintEditorProps) {
  const [draft, dispatch] = useBlueprintDraft(asDocument(blueprint.document), blueprint.revision);
  const catalog = useGeneratorCatalog();
  const [save, { saving }] = useSaveBlueprint();
  const [loadRevision] = useBlueprintRevisionLazyQuery({ fetchPolicy: 'cache-first' });
  const [viewing, setViewing] = useState<{ number: number; document: BlueprintDocument } | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const [conflict, setConflict] = useState<number | null>(null);
  const [saveIssues, setSaveIssues] = useState<{ document: BlueprintDocument; issues: LocatedIssue[] } | null>(null);
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<unknown>(null);

  const readOnly = !canEdit || viewing !== null;
  const shown = viewing?.document ?? draft.document;
  const selected = Math.min(draft.selectedTable, shown.tables.length - 1);
  const table = shown.tables[selected];
  const tableKey = viewing ? `r${viewing.number}:${selected}` : draft.tableKeys[selected];
  const preview = useLivePreview(shown, table?.name, tableKey, shown.tables.length > 0);
  // Issues from a refused save hold until the draft changes; then the live preview speaks again.
  const issues = saveIssues && saveIssues.document === draft.document && !viewing ? saveIssues.issues : preview.issues;

  useEffect(() => {
    if (!draft.dirty || !canEdit) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [draft.dirty, canEdit]);

  async function onSave() {
    if (!canEdit || viewing || saving) return;
    const sent = draft.document;
    setMessage('Saving…');
    setFailure(null);
    const outcome = await save(blueprint.id, draft.baseRevision, sent);
    switch (outcome.kind) {
      case 'saved':
        dispatch({ type: 'saved', revision: outcome.revision, document: sent });
        setConflict(null);
        setSaveIssues(null);
        setMessage(`Saved as revision ${outcome.revision}.`);
        break;
      case 'conflict':
        setConflict(outcome.currentRevision);
        setMessage('Not saved: someone else saved first.');
        break;
      case 'invalid':
        setSaveIssues({ document: sent, issues: outcome.issues });
        setMessage(`Not saved: ${outcome.issues.length} problem${outcome.issues.length === 1 ? '' : 's'} to fix.`);
        break;
      case 'failed':
        setFailure(outcome.error);
        setMessage(`Not saved: ${describeError(outcome.error)}`);
    }
  }

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key === 's') {
        event.preventDefault();
        if (draft.dirty) void onSave();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  async function onReloadTheirs() {
    setFailure(null);
    try {
      const latest = await reload();
      if (!latest) throw new Error('The blueprint is gone.');
      dispatch({ type: 'load', document: asDocument(latest.document), revision: latest.revision });
      setConflict(null);
      setMessage(`Reloaded revision ${latest.revision}.`);
    } catch (error) {
      setFailure(error);
    }
  }

  function onKeepMine() {
    if (conflict === null) return;
    dispatch({ type: 'rebase', revision: conflict });
    setMessage(`Your draft is now based on revision ${conflict}: Save to replace it.`);
    setConflict(null);
    void reload();
  }

  async function onView(number: number) {
    if (viewing?.number === number) return;
    setOpening(number);
    setFailure(null);
    try {
      const result = await loadRevision({ variables: { id: blueprint.id, number } });
      const revision = result.data?.blueprint?.revisionByNumber;
      if (!revision) throw result.error ?? new Error(`Revision ${number} was not found.`);
      setViewing({ number, document: asDocument(revision.document) });
      setMessage(`Showing revision ${number}, read-only.`);
    } catch (error) {
      setFailure(error);
    } finally {
      setOpening(null);
    }
  }

  function onRestore() {
    if (!viewing) return;
    dispatch({ type: 'load', document: viewing.document, revision: draft.baseRevision, dirty: true });
    setMessage(`Revision ${viewing.number} is now your draft: Save to make it the newest revision.`);
    setViewing(null);
  }

  return (
    <div className="editor">
      <EditorToolbar
        name={shown.name}
        revision={blueprint.revision}
        baseRevision={draft.baseRevision}
        dirty={draft.dirty}
        canEdit={canEdit}
        saving={saving}
        message={message}
        onSave={() => void onSave()}
        onDiscard={() => void onReloadTheirs()}
      />
      {conflict !== null && <ConflictBanner currentRevision={conflict} baseRevision={draft.baseRevision} busy={saving} onReloadTheirs={() => void onReloadTheirs()} onKeepMine={onKeepMine} />}
      {failure != null && <ErrorMessage error={failure} />}
      {viewing && <RevisionBanner number={viewing.number} canEdit={canEdit} onClose={() => {
            setViewing(null);
            setMessage('');
          }} onRestore={onRestore} />}
      {catalog.error && <ErrorMessage error={catalog.error} retry={catalog.refetch} />}
      <IssueSummary issues={issues} document={shown} onShowTable={(index) => dispatch({ type: 'selectTable', index })} />
      <div className="editor-layout">
        <aside className="editor-side">
          <TableList tables={shown.tables} tableKeys={viewing ? shown.tables.map((_, i) => `v${i}`) : draft.tableKeys} selected={selected} issues={issues} readOnly={readOnly} dispatch={dispatch} />
          <RevisionHistory revisions={blueprint.revisions} current={blueprint.revision} viewing={viewing?.number ?? null} loadingNumber={opening} onView={(n) => void onView(n)} />
        </aside>
        <div className="editor-main">
          {table ? (
            <TablePanel
              key={tableKey}
              table={table}
              tableIndex={selected}
              tableNames={shown.tables.map((t) => t.name)}
              fieldKeys={viewing ? table.fields.map((_, i) => `v${i}`) : (draft.fieldKeys[selected] ?? [])}
              catalog={catalog.byId}
              issues={issues}
              readOnly={readOnly}
              dispatch={dispatch}
            />
          ) : (
            <p className="empty">This blueprint has no tables yet.</p>
          )}
          <PreviewTable tableName={table?.name} preview={preview.previewKey === tableKey ? preview.preview : undefined} loading={preview.loading} invalid={preview.issues.length > 0} error={preview.error} />
          <RelationshipGraph document={shown} selected={selected} onSelect={(index) => dispatch({ type: 'selectTable', index })} />
          <BlueprintSettings document={shown} issues={issues} readOnly={readOnly} dispatch={dispatch} />
          <MockPanel blueprintId={blueprint.id} canEdit={canEdit} />
        </div>
      </div>
    </div>
  );
}
