import { createContext, useContext, useLayoutEffect, useRef, useState, type Dispatch, type ReactNode } from 'react';
import type { DraftAction, DraftState } from '../../hooks/use-blueprint-draft';
import { fieldImpact, tableImpact } from '../../lib/draft-impact';
import { freshKey } from '../../lib/engine';
import { ConfirmDialog } from './confirm-dialog';

/**
 * The editor's actions that do more than change the document: a new table
 * or field gets a fresh key and the focus (so typing goes on without the
 * mouse), a chosen generator keeps the focus on its button, and what breaks
 * something asks first, naming it. Every one of them is undoable.
 */
export interface DraftCommands {
  addTable(): void;
  duplicateTable(index: number): void;
  deleteTable(index: number): void;
  addField(table: number): void;
  duplicateField(table: number, field: number): void;
  deleteField(table: number, field: number): void;
  setGenerator(table: number, field: number, generator: string): void;
  discard(): void;
  undo(): void;
  redo(): void;
  /** Moves the focus to the element marked `data-focus-id={id}` once the next render has made it. */
  focus(id: string): void;
}

/** `data-focus-id` values, one per control the focus can be sent to. */
export const focusIds = {
  tableName: (tableKey: string) => `table-name:${tableKey}`,
  tableButton: (tableKey: string) => `table:${tableKey}`,
  fieldName: (tableKey: string, fieldKey: string) => `field-name:${tableKey}:${fieldKey}`,
  generator: (tableKey: string, fieldKey: string) => `generator:${tableKey}:${fieldKey}`,
  addField: (tableKey: string) => `add-field:${tableKey}`,
  undo: 'undo',
};

interface Confirmation {
  title: string;
  text: string;
  breaks: string[];
  confirm: string;
  run(): void;
}

const Commands = createContext<DraftCommands | null>(null);

export function useDraftCommands(): DraftCommands {
  const commands = useContext(Commands);
  if (!commands) throw new Error('useDraftCommands needs a DraftCommandsProvider');
  return commands;
}

interface ProviderProps {
  draft: DraftState;
  dispatch: Dispatch<DraftAction>;
  /** Says what was done in the editor's status line (with Undo beside it). */
  announce(text: string): void;
  children: ReactNode;
}

export function DraftCommandsProvider({ draft, dispatch, announce, children }: ProviderProps) {
  const [confirmation, setConfirmation] = useState<Confirmation | null>(null);
  const focusTarget = useRef<{ id: string; renders: number } | null>(null);
  const latest = useRef(draft);
  latest.current = draft;

  // After the render that made it, the requested element gets the focus (new rows exist only then).
  useLayoutEffect(() => {
    const target = focusTarget.current;
    if (!target) return;
    const element = document.querySelector<HTMLElement>(`[data-focus-id="${CSS.escape(target.id)}"]`);
    // Given up after a few renders, so an old request never steals the focus later.
    if (!element) {
      if (++target.renders > 3) focusTarget.current = null;
      return;
    }
    focusTarget.current = null;
    element.focus();
    if (element instanceof HTMLInputElement) element.select();
  });

  const doc = () => latest.current.document;
  const tableKey = (t: number) => doc().tables[t]?.key ?? '';
  const commands: DraftCommands = {
    focus: (id) => {
      focusTarget.current = { id, renders: 0 };
    },
    addTable() {
      const key = freshKey(doc().tables.map((t) => t.key!));
      dispatch({ type: 'addTable', key, fieldKey: freshKey([]) });
      commands.focus(focusIds.tableName(key));
      announce('Added a table: type its name.');
    },
    duplicateTable(index) {
      const key = freshKey(doc().tables.map((t) => t.key!));
      dispatch({ type: 'duplicateTable', index, key });
      commands.focus(focusIds.tableName(key));
      announce(`Duplicated table ${doc().tables[index]?.name}.`);
    },
    deleteTable(index) {
      const table = doc().tables[index];
      if (!table) return;
      const run = () => {
        dispatch({ type: 'deleteTable', index });
        const next = doc().tables[index + 1] ?? doc().tables[index - 1];
        if (next) commands.focus(focusIds.tableButton(next.key!));
        announce(`Deleted table ${table.name} and its ${table.fields.length} field${table.fields.length === 1 ? '' : 's'}.`);
      };
      const breaks = tableImpact(doc(), index);
      if (!breaks.length) return run();
      setConfirmation({
        title: `Delete table ${table.name}?`,
        text: `It has ${table.fields.length} field${table.fields.length === 1 ? '' : 's'}, and ${breaks.length === 1 ? 'this points at it' : `these ${breaks.length} point at it`}; they stop working until you point them elsewhere:`,
        breaks,
        confirm: `Delete table ${table.name}`,
        run,
      });
    },
    addField(table) {
      const key = freshKey(doc().tables[table]?.fields.map((f) => f.key!) ?? []);
      dispatch({ type: 'addField', table, key });
      commands.focus(focusIds.fieldName(tableKey(table), key));
      announce('Added a field at the end of the table: type its name.');
    },
    duplicateField(table, field) {
      const key = freshKey(doc().tables[table]?.fields.map((f) => f.key!) ?? []);
      dispatch({ type: 'duplicateField', table, field, key });
      commands.focus(focusIds.fieldName(tableKey(table), key));
      announce(`Duplicated field ${doc().tables[table]?.fields[field]?.name} as field ${field + 2}.`);
    },
    deleteField(table, field) {
      const fields = doc().tables[table]?.fields ?? [];
      const removed = fields[field];
      if (!removed) return;
      const run = () => {
        dispatch({ type: 'deleteField', table, field });
        const next = fields[field + 1] ?? fields[field - 1];
        commands.focus(next ? focusIds.fieldName(tableKey(table), next.key!) : focusIds.addField(tableKey(table)));
        announce(`Deleted field ${removed.name}.`);
      };
      const breaks = fieldImpact(doc(), table, field);
      if (!breaks.length) return run();
      setConfirmation({
        title: `Delete field ${removed.name}?`,
        text: breaks.length === 1 ? 'This stops working until you change it:' : `These ${breaks.length} stop working until you change them:`,
        breaks,
        confirm: `Delete field ${removed.name}`,
        run,
      });
    },
    setGenerator(table, field, generator) {
      const target = doc().tables[table]?.fields[field];
      dispatch({ type: 'setGenerator', table, field, generator });
      if (target) commands.focus(focusIds.generator(tableKey(table), target.key!));
    },
    discard() {
      const { past, saved, baseRevision } = latest.current;
      const run = () => {
        dispatch({ type: 'replace', document: saved, label: 'discard your changes' });
        announce(`Discarded your changes: the draft is revision ${baseRevision} again.`);
      };
      setConfirmation({
        title: 'Discard your changes?',
        text: `The draft goes back to revision ${baseRevision}, losing ${past.length === 1 ? 'the one change' : `the ${past.length} changes`} made since. Undo brings them back.`,
        breaks: [],
        confirm: 'Discard changes',
        run,
      });
    },
    undo() {
      const step = latest.current.past[latest.current.past.length - 1];
      if (!step) return;
      dispatch({ type: 'undo' });
      announce(`Undid: ${step.label}.`);
    },
    redo() {
      const step = latest.current.future[latest.current.future.length - 1];
      if (!step) return;
      dispatch({ type: 'redo' });
      announce(`Redid: ${step.label}.`);
    },
  };

  return (
    <Commands.Provider value={commands}>
      {children}
      {confirmation && (
        <BreakingConfirm
          {...confirmation}
          onCancel={() => setConfirmation(null)}
          onConfirm={() => {
            setConfirmation(null);
            confirmation.run();
          }}
        />
      )}
    </Commands.Provider>
  );
}

/** Asks before something that breaks other things, saying what; the default is to keep everything. */
function BreakingConfirm({ title, text, breaks, confirm, onCancel, onConfirm }: Confirmation & { onCancel(): void; onConfirm(): void }) {
  return (
    <ConfirmDialog title={title} keepLabel="Keep it" confirmLabel={confirm} onKeep={onCancel} onConfirm={onConfirm}>
      <p>{text}</p>
      {breaks.length > 0 && (
        <ul className="confirm-breaks">
          {breaks.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {breaks.length > 0 && <p className="hint">Undo (Ctrl+Z) restores it all.</p>}
    </ConfirmDialog>
  );
}
