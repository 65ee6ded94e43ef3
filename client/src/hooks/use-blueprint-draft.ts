import { useReducer } from 'react';
import type { BlueprintDocument } from '../lib/blueprint-document';
import { applyEdit, describeEdit, editGroup, type EditAction, type SettingsPatch } from '../lib/draft-edits';
import { withStableKeys } from '../lib/engine';

export type { SettingsPatch };

/** A state of the draft the user can go back to, and what the step after it did. */
interface Step {
  document: BlueprintDocument;
  selectedTable: number;
  /** The edit that left this state ("rename table users"): what Undo undoes, or Redo redoes. */
  label: string;
}

/** Undo keeps this many steps; older ones fall off. */
export const UNDO_LIMIT = 200;

/**
 * The editor's local copy of a blueprint document, with its undo history.
 * It is sent to the server only on Save, with `baseRevision` = the revision
 * it was based on, so a save over someone else's newer revision is refused
 * as a CONFLICT. Every table and field carries its stable key from the
 * moment it is loaded: React lists are keyed by them, and renames keep them.
 */
export interface DraftState {
  document: BlueprintDocument;
  /** The revision the draft is based on, as saved: what Discard goes back to. */
  saved: BlueprintDocument;
  baseRevision: number;
  /** Differs from the saved revision (an undo back to it is clean again). */
  dirty: boolean;
  selectedTable: number;
  /** States before each edit, oldest first; and states undone, the next to redo last. */
  past: Step[];
  future: Step[];
  /** The merge group of the last edit, while the next may continue it (typing a name). */
  group?: string;
}

export type DraftAction =
  | EditAction
  | { type: 'load'; document: BlueprintDocument; revision: number }
  | { type: 'rebase'; revision: number }
  | { type: 'saved'; revision: number; document: BlueprintDocument }
  | { type: 'selectTable'; index: number }
  | { type: 'undo' }
  | { type: 'redo' };

export function initDraft(document: BlueprintDocument, revision: number): DraftState {
  const keyed = withStableKeys(document);
  return { document: keyed, saved: keyed, baseRevision: revision, dirty: false, selectedTable: 0, past: [], future: [] };
}

const clamp = (index: number, document: BlueprintDocument) => Math.max(0, Math.min(index, document.tables.length - 1));

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'load':
      return { ...initDraft(action.document, action.revision), selectedTable: clamp(state.selectedTable, action.document) };
    case 'rebase':
      return { ...state, baseRevision: action.revision };
    case 'saved':
      // Edits made while the save was in flight stay unsaved. The history starts again from the saved revision.
      return { ...state, saved: action.document, baseRevision: action.revision, dirty: state.document !== action.document, past: [], future: [], group: undefined };
    case 'selectTable':
      return action.index >= 0 && action.index < state.document.tables.length ? { ...state, selectedTable: action.index, group: undefined } : state;
    case 'undo':
    case 'redo': {
      const from = action.type === 'undo' ? state.past : state.future;
      const step = from[from.length - 1];
      if (!step) return state;
      const here: Step = { document: state.document, selectedTable: state.selectedTable, label: step.label };
      const rest = from.slice(0, -1);
      const past = action.type === 'undo' ? rest : [...state.past, here];
      const future = action.type === 'undo' ? [...state.future, here] : rest;
      return { ...state, document: step.document, selectedTable: clamp(step.selectedTable, step.document), dirty: step.document !== state.saved, past, future, group: undefined };
    }
    default: {
      const edited = applyEdit(state, action);
      if (!edited) return state;
      const group = editGroup(state.document, action);
      // Typing on in the same input continues the step it started.
      const continues = group !== undefined && group === state.group && state.future.length === 0 && state.past.length > 0;
      const past = continues ? state.past : [...state.past, { document: state.document, selectedTable: state.selectedTable, label: describeEdit(state.document, action) }].slice(-UNDO_LIMIT);
      return { ...state, ...edited, dirty: edited.document !== state.saved, past, future: [], group };
    }
  }
}

export function useBlueprintDraft(document: BlueprintDocument, revision: number) {
  return useReducer(draftReducer, undefined, () => initDraft(document, revision));
}
