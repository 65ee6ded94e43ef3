import { useEffect, useMemo, useRef, useState } from 'react';
import type { BlueprintEditor_BlueprintFragment } from '../../__generated__/graphql';
import { useBlueprintDraft } from '../../hooks/use-blueprint-draft';
import { useEditorActions } from '../../hooks/use-editor-actions';
import { useGeneratorCatalog } from '../../hooks/use-generator-catalog';
import { PREVIEW_ROWS, useLivePreview } from '../../hooks/use-live-preview';
import { asDocument } from '../../lib/blueprint-document';
import { fieldKeysOf, tableKeysOf } from '../../lib/engine';
import { instantIssues, mergeIssues, type LocatedIssue } from '../../lib/document-issues';
import { ErrorMessage } from '../status';
import { ConflictBanner } from './conflict-banner';
import { EditorToolbar } from './editor-toolbar';
import { IssueSummary } from './issue-summary';
import { PreviewTable } from './preview-table';
import { RevisionBanner } from './revision-banner';
import { TableList } from './table-list';
import { TablePanel } from './table-panel';
import { UnsavedChangesGuard } from './unsaved-changes-guard';
import { focusIssue } from './focus-issue';
import { EditorPanels, type EditorPanelsContext } from './editor-panels';
import { DraftCommandsProvider, useDraftCommands } from './draft-commands';
import { useWorkspaceSplit, WorkspaceSplitter } from './workspace-split';
import './editor.css';

interface BlueprintEditorProps {
  blueprint: BlueprintEditor_BlueprintFragment;
  canEdit: boolean;
  /** Project facts the side panels need (runs, downloads, keys). */
  project: Omit<EditorPanelsContext, 'blueprint' | 'canEdit'>;
  /** Fetches the blueprint's current revision again; resolves to it. */
  reload(): Promise<BlueprintEditor_BlueprintFragment | undefined>;
}

/** A random preview seed, as the engine takes them (GraphQL Int, 0 and up). */
const randomSeed = () => Math.floor(Math.random() * 2_147_483_647);

/**
 * The editor: a local draft of the document, previewed live beside its
 * fields and saved on request as a new revision based on the one it started
 * from. Relationships, settings, history, runs, downloads and the API sit in
 * tabs below.
 */
export function BlueprintEditor(props: BlueprintEditorProps) {
  const [draft, dispatch] = useBlueprintDraft(asDocument(props.blueprint.document), props.blueprint.revision);
  const actions = useEditorActions({ blueprint: props.blueprint, canEdit: props.canEdit, draft, dispatch, reload: props.reload });
  return (
    <DraftCommandsProvider draft={draft} dispatch={dispatch} announce={actions.announce}>
      <EditorBody {...props} draft={draft} dispatch={dispatch} actions={actions} />
    </DraftCommandsProvider>
  );
}

/** Whether Ctrl+Z in this element is the editor's: anywhere but the controls that keep their own (search boxes, run and download forms). */
function undoesDraft(target: EventTarget | null): boolean {
  return !(target instanceof Element && target.closest('[data-own-undo], dialog, [role="dialog"], [role="alertdialog"]'));
}

interface EditorBodyProps extends BlueprintEditorProps {
  draft: ReturnType<typeof useBlueprintDraft>[0];
  dispatch: ReturnType<typeof useBlueprintDraft>[1];
  actions: ReturnType<typeof useEditorActions>;
}

function EditorBody({ blueprint, canEdit, project, draft, dispatch, actions }: EditorBodyProps) {
  const catalog = useGeneratorCatalog();
  const commands = useDraftCommands();
  const split = useWorkspaceSplit();
  const { viewing } = actions;
  const readOnlyRef = useRef(false);
  const commandsRef = useRef(commands);
  commandsRef.current = commands;
  // Ctrl+Z / ⌘Z undoes, Shift+Ctrl+Z / Shift+⌘Z (or Ctrl+Y) redoes, in the grid, the table list and the settings alike.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || readOnlyRef.current || !undoesDraft(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) commandsRef.current.undo();
      else if ((key === 'z' && event.shiftKey) || (key === 'y' && !event.shiftKey)) commandsRef.current.redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const [focusedField, setFocusedField] = useState<{ tableKey: string; index: number } | null>(null);
  const [previewState, setPreviewState] = useState<{ tableKey: string; offset: number; seed?: number }>({ tableKey: '', offset: 0 });

  const readOnly = !canEdit || viewing !== null;
  readOnlyRef.current = readOnly;
  const shown = viewing?.document ?? draft.document;
  const selected = Math.min(draft.selectedTable, shown.tables.length - 1);
  const table = shown.tables[selected];
  // Every table and field of the draft carries its stable key; an old revision's are read as the engine reads them.
  const tableKeys = useMemo(() => tableKeysOf(shown), [shown]);
  const fieldKeys = useMemo(() => (table ? fieldKeysOf(table) : []), [table]);
  const tableKey = viewing ? `r${viewing.number}:${tableKeys[selected]}` : tableKeys[selected];
  const previewWindow = previewState.tableKey === tableKey ? previewState : { tableKey, offset: 0 };
  const preview = useLivePreview(shown, table?.name, tableKey, shown.tables.length > 0, { offset: previewWindow.offset, seed: previewWindow.seed });
  const instant = useMemo(() => (viewing ? [] : instantIssues(draft.document)), [draft.document, viewing]);
  // Issues from a refused save hold until the draft changes; then the live preview speaks again.
  const saveIssues = actions.saveIssues && actions.saveIssues.document === draft.document && !viewing ? actions.saveIssues.issues : null;
  const issues = mergeIssues(instant, saveIssues ?? preview.issues);
  const highlight = focusedField && focusedField.tableKey === tableKey ? table?.fields[focusedField.index]?.name : undefined;
  const [pendingFocus, setPendingFocus] = useState<LocatedIssue | null>(null);

  useEffect(() => {
    if (!pendingFocus || pendingFocus.table !== selected) return;
    focusIssue(pendingFocus);
    setPendingFocus(null);
  }, [pendingFocus, selected]);

  function showIssue(issue: LocatedIssue) {
    if (issue.table === undefined) {
      actions.setTab('settings');
      return;
    }
    dispatch({ type: 'selectTable', index: issue.table });
    setPendingFocus(issue);
  }

  return (
    <div className="editor">
      <UnsavedChangesGuard when={draft.dirty && canEdit} what={draft.document.name || 'this blueprint'} />
      <EditorToolbar
        name={shown.name}
        revision={blueprint.revision}
        baseRevision={draft.baseRevision}
        dirty={draft.dirty}
        canEdit={canEdit}
        saving={actions.saving}
        message={actions.message}
        undoLabel={draft.past[draft.past.length - 1]?.label}
        redoLabel={draft.future[draft.future.length - 1]?.label}
        onUndo={commands.undo}
        onRedo={commands.redo}
        onSave={() => void actions.save()}
        onDiscard={commands.discard}
      />
      {actions.conflict && (
        <ConflictBanner
          currentRevision={actions.conflict.revision}
          baseRevision={draft.baseRevision}
          savedBy={actions.conflict.savedBy}
          authorName={actions.conflict.authorName}
          busy={actions.saving}
          onReloadTheirs={() => void actions.reloadTheirs()}
          onKeepMine={actions.keepMine}
        />
      )}
      {actions.failure != null && <ErrorMessage error={actions.failure} />}
      {viewing && <RevisionBanner number={viewing.number} canEdit={canEdit} onClose={actions.closeRevision} onRestore={actions.restoreRevision} />}
      {catalog.error && <ErrorMessage error={catalog.error} retry={catalog.refetch} />}
      <IssueSummary issues={issues} document={shown} onShow={showIssue} />
      <div className={split.wide ? 'editor-workspace wide-preview' : 'editor-workspace'} style={split.style}>
        <div className="editor-side">
          <TableList tables={shown.tables} tableKeys={tableKeys} selected={selected} issues={issues} readOnly={readOnly} dispatch={dispatch} />
        </div>
        <div className="editor-fields">
          {table ? (
            <TablePanel
              key={tableKey}
              table={table}
              tableIndex={selected}
              tableNames={shown.tables.map((t) => t.name)}
              tableKey={tableKeys[selected]}
              fieldKeys={fieldKeys}
              catalog={catalog.byId}
              issues={issues}
              readOnly={readOnly}
              dispatch={dispatch}
              onFocusField={(index) => tableKey && setFocusedField({ tableKey, index })}
            />
          ) : (
            <p className="empty">This blueprint has no tables yet.</p>
          )}
        </div>
        {!split.wide && <WorkspaceSplitter share={split.share} onShare={split.setShare} />}
        <div className="editor-preview">
          <PreviewTable
            tableName={table?.name}
            preview={preview.previewKey === tableKey ? preview.preview : undefined}
            loading={preview.loading}
            invalid={issues.length > 0}
            error={preview.error}
            highlight={highlight}
            fields={table?.fields}
            controls={{
              pageSize: PREVIEW_ROWS,
              seed: previewWindow.seed,
              onPage: (offset) => setPreviewState({ ...previewWindow, offset }),
              onNewSeed: () => setPreviewState({ tableKey, offset: previewWindow.offset, seed: randomSeed() }),
              onResetSeed: () => setPreviewState({ tableKey, offset: previewWindow.offset }),
              wide: split.wide,
              onToggleWide: split.toggleWide,
            }}
          />
        </div>
      </div>
      <EditorPanels
        tab={actions.tab}
        onTab={actions.setTab}
        context={{ ...project, blueprint, canEdit }}
        document={shown}
        selected={selected}
        issues={issues}
        readOnly={readOnly}
        dirty={draft.dirty}
        dispatch={dispatch}
        viewing={viewing?.number ?? null}
        opening={actions.opening}
        onView={(n) => void actions.viewRevision(n)}
      />
    </div>
  );
}
