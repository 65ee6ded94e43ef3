import { useEffect, useRef, useState, type Dispatch } from 'react';
import type { BlueprintEditor_BlueprintFragment } from '../__generated__/graphql';
import { useBlueprintRevisionLazyQuery } from '../__generated__/hooks';
import { asDocument, type BlueprintDocument } from '../lib/blueprint-document';
import { withStableKeys } from '../lib/engine';
import type { LocatedIssue } from '../lib/document-issues';
import { describeError } from '../lib/errors';
import type { DraftAction, DraftState } from './use-blueprint-draft';
import { useSaveBlueprint } from './use-save-blueprint';
import { useSession } from './use-session';

interface Options {
  blueprint: BlueprintEditor_BlueprintFragment;
  canEdit: boolean;
  draft: DraftState;
  dispatch: Dispatch<DraftAction>;
  reload(): Promise<BlueprintEditor_BlueprintFragment | undefined>;
}

export interface Conflict {
  revision: number;
  savedBy?: 'you' | 'someone';
  authorName?: string;
}

/** Who saved the newest revision, as the conflict banner says it. */
function authorOf(blueprint: BlueprintEditor_BlueprintFragment | undefined, revision: number, userId: string | undefined): Pick<Conflict, 'savedBy' | 'authorName'> {
  const node = blueprint?.revisions.edges.find((e) => e.node.number === revision)?.node;
  if (!node) return {};
  if (node.author && node.author.id === userId) return { savedBy: 'you' };
  return { savedBy: 'someone', authorName: node.author?.name };
}

/**
 * What the editor's buttons do: save (also Ctrl+S / Cmd+S), the two ways
 * out of a conflict, opening and restoring old revisions, and the status
 * line. A status line belongs to the draft it was said about, so it goes
 * away as soon as the user edits again.
 */
export function useEditorActions({ blueprint, canEdit, draft, dispatch, reload }: Options) {
  const [save, { saving }] = useSaveBlueprint();
  const { user } = useSession();
  const [loadRevision] = useBlueprintRevisionLazyQuery({ fetchPolicy: 'cache-first' });
  const [viewing, setViewing] = useState<{ number: number; document: BlueprintDocument } | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [saveIssues, setSaveIssues] = useState<{ document: BlueprintDocument; issues: LocatedIssue[] } | null>(null);
  // `about`: the draft it was said of (it goes when the draft changes), null for any, or 'next' for the one an edit is making.
  const [status, setStatus] = useState<{ text: string; about: BlueprintDocument | null | 'next' }>({ text: '', about: null });
  const [failure, setFailure] = useState<unknown>(null);
  const [tab, setTab] = useState('relationships');
  const say = (text: string, about: BlueprintDocument | null = draft.document) => setStatus({ text, about });
  const message = status.about === null || status.about === 'next' || status.about === draft.document ? status.text : '';
  useEffect(() => {
    setStatus((s) => (s.about === 'next' ? { ...s, about: draft.document } : s));
  }, [draft.document]);

  async function onSave() {
    if (!canEdit || viewing || saving) return;
    const sent = draft.document;
    say('Saving…', sent);
    setFailure(null);
    const outcome = await save(blueprint.id, draft.baseRevision, sent);
    switch (outcome.kind) {
      case 'saved':
        dispatch({ type: 'saved', revision: outcome.revision, document: sent });
        setConflict(null);
        setSaveIssues(null);
        say(`Saved as revision ${outcome.revision}.`, sent);
        break;
      case 'conflict': {
        setConflict({ revision: outcome.currentRevision });
        say(`Not saved: revision ${outcome.currentRevision} was saved first.`, sent);
        // The history of this tab is stale too: fetch it, and learn who saved.
        const latest = await reload().catch(() => undefined);
        setConflict({ revision: outcome.currentRevision, ...authorOf(latest, outcome.currentRevision, user?.id) });
        break;
      }
      case 'invalid':
        setSaveIssues({ document: sent, issues: outcome.issues });
        say(`Not saved: ${outcome.issues.length} problem${outcome.issues.length === 1 ? '' : 's'} to fix.`, sent);
        break;
      case 'failed':
        setFailure(outcome.error);
        say(`Not saved: ${describeError(outcome.error)}`, sent);
    }
  }

  const saveRef = useRef(onSave);
  saveRef.current = onSave;
  const dirtyRef = useRef(draft.dirty);
  dirtyRef.current = draft.dirty;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        // The browser's "Save page" is never what is meant in the editor.
        event.preventDefault();
        if (dirtyRef.current) void saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  // Coming back to a tab fetches the newest revision and history; a clean draft follows it.
  const latestRef = useRef({ draft, viewing });
  latestRef.current = { draft, viewing };
  useEffect(() => {
    const onFocus = () => {
      void reload()
        .then((latest) => {
          const { draft: now, viewing: open } = latestRef.current;
          if (!latest || open || now.dirty || latest.revision <= now.baseRevision) return;
          const document = asDocument(latest.document);
          dispatch({ type: 'load', document, revision: latest.revision });
          setStatus({ text: `Updated to revision ${latest.revision}, saved elsewhere.`, about: 'next' });
        })
        .catch(() => undefined);
    };
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [reload, dispatch]);

  async function reloadTheirs() {
    setFailure(null);
    try {
      const latest = await reload();
      if (!latest) throw new Error('The blueprint is gone.');
      const document = asDocument(latest.document);
      dispatch({ type: 'load', document, revision: latest.revision });
      setConflict(null);
      setStatus({ text: `Loaded revision ${latest.revision}.`, about: 'next' });
    } catch (error) {
      setFailure(error);
    }
  }

  function keepMine() {
    if (!conflict) return;
    dispatch({ type: 'rebase', revision: conflict.revision });
    say(`Your draft is now based on revision ${conflict.revision}: Save to replace it.`);
    setConflict(null);
    void reload();
  }

  async function viewRevision(number: number) {
    if (viewing?.number === number) return;
    setOpening(number);
    setFailure(null);
    try {
      const result = await loadRevision({ variables: { id: blueprint.id, number } });
      const revision = result.data?.blueprint?.revisionByNumber;
      if (!revision) throw result.error ?? new Error(`Revision ${number} was not found.`);
      setViewing({ number, document: asDocument(revision.document) });
      say(`Showing revision ${number}, read-only.`, null);
    } catch (error) {
      setFailure(error);
    } finally {
      setOpening(null);
    }
  }

  function closeRevision() {
    setViewing(null);
    say('');
  }

  function restoreRevision() {
    if (!viewing) return;
    dispatch({ type: 'replace', document: withStableKeys(viewing.document), label: `restore revision ${viewing.number}` });
    setStatus({ text: `Revision ${viewing.number} is now your draft: Save to make it the newest revision, or Undo.`, about: 'next' });
    setViewing(null);
  }

  /** A line about the edit just made (Deleted table products.); it goes with the edit after it. */
  const announce = (text: string) => setStatus({ text, about: 'next' });

  return { announce, save: onSave, saving, message, failure, conflict, saveIssues, viewing, opening, tab, setTab, reloadTheirs, keepMine, viewRevision, closeRevision, restoreRevision };
}
