import { useReducer } from 'react';
import {
  copyName,
  numberedName,
  isPerParent,
  REF_GENERATOR,
  type BlueprintDocument,
  type FieldDef,
  type RowCount,
  type TableDef,
} from '../lib/blueprint-document';

/** Generators an identity column may keep (`identity` needs whole numbers, never NULL). */
const IDENTITY_GENERATORS = new Set(['sequence', 'number.int', REF_GENERATOR]);

/**
 * The editor's local copy of a blueprint document. It is sent to the server
 * only on Save, with `baseRevision` = the revision it was based on, so a save
 * over someone else's newer revision is refused as a CONFLICT.
 */
export interface DraftState {
  document: BlueprintDocument;
  baseRevision: number;
  /** Changed since it was loaded or last saved. */
  dirty: boolean;
  selectedTable: number;
  /** Stable React keys, parallel to tables and fields, so reordering keeps focus and DOM state. */
  tableKeys: string[];
  fieldKeys: string[][];
}

export type SettingsPatch = Partial<Pick<BlueprintDocument, 'name' | 'description' | 'locale' | 'seed' | 'refDate'>>;

export type DraftAction =
  | { type: 'load'; document: BlueprintDocument; revision: number; dirty?: boolean }
  | { type: 'rebase'; revision: number }
  | { type: 'saved'; revision: number; document: BlueprintDocument }
  | { type: 'settings'; patch: SettingsPatch }
  | { type: 'selectTable'; index: number }
  | { type: 'addTable' }
  | { type: 'duplicateTable'; index: number }
  | { type: 'renameTable'; index: number; name: string }
  | { type: 'deleteTable'; index: number }
  | { type: 'moveTable'; from: number; to: number }
  | { type: 'setRows'; table: number; rows: RowCount }
  | { type: 'setPrimaryKey'; table: number; field: string | undefined }
  | { type: 'addField'; table: number }
  | { type: 'duplicateField'; table: number; field: number }
  | { type: 'updateField'; table: number; field: number; patch: Partial<FieldDef> }
  | { type: 'setGenerator'; table: number; field: number; generator: string }
  | { type: 'deleteField'; table: number; field: number }
  | { type: 'moveField'; table: number; from: number; to: number };

let keyCounter = 0;
const newKey = () => `k${++keyCounter}`;

export function initDraft(document: BlueprintDocument, revision: number, dirty = false): DraftState {
  return {
    document,
    baseRevision: revision,
    dirty,
    selectedTable: 0,
    tableKeys: document.tables.map(newKey),
    fieldKeys: document.tables.map((t) => t.fields.map(newKey)),
  };
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

function withTables(state: DraftState, tables: TableDef[], extra: Partial<DraftState> = {}): DraftState {
  return { ...state, document: { ...state.document, tables }, dirty: true, ...extra };
}

function mapTable(state: DraftState, index: number, change: (t: TableDef) => TableDef): DraftState {
  return withTables(state, state.document.tables.map((t, i) => (i === index ? change(t) : t)));
}

/** After renaming table `from` to `to`, references to it (ref options, per-parent counts) follow. */
function followTableRename(table: TableDef, from: string, to: string): TableDef {
  const same = (name: unknown) => typeof name === 'string' && name.toLowerCase() === from.toLowerCase();
  const rows = isPerParent(table.rows) && same(table.rows.perParent) ? { ...table.rows, perParent: to } : table.rows;
  const fields = table.fields.map((f) =>
    f.generator === REF_GENERATOR && same(f.options?.table) ? { ...f, options: { ...f.options, table: to } } : f,
  );
  return { ...table, rows, fields };
}

const inRange = (i: number, length: number) => i >= 0 && i < length;

export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  const { tables } = state.document;
  switch (action.type) {
    case 'load':
      return { ...initDraft(action.document, action.revision, action.dirty), selectedTable: Math.max(0, Math.min(state.selectedTable, action.document.tables.length - 1)) };
    case 'rebase':
      return { ...state, baseRevision: action.revision };
    case 'saved':
      // Edits made while the save was in flight stay unsaved.
      return { ...state, baseRevision: action.revision, dirty: state.document !== action.document };
    case 'settings':
      return { ...state, document: { ...state.document, ...action.patch }, dirty: true };
    case 'selectTable':
      return inRange(action.index, tables.length) ? { ...state, selectedTable: action.index } : state;
    case 'addTable': {
      // `table` itself is an SQL reserved word: table_2, table_3, ... need no quoting anywhere.
      const name = numberedName('table', tables.length + 1, tables.map((t) => t.name));
      const table: TableDef = { name, rows: 100, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence', options: { start: 1 } }] };
      return withTables(state, [...tables, table], {
        selectedTable: tables.length,
        tableKeys: [...state.tableKeys, newKey()],
        fieldKeys: [...state.fieldKeys, [newKey()]],
      });
    }
    case 'duplicateTable': {
      const source = tables[action.index];
      if (!source) return state;
      const copy: TableDef = { ...source, name: copyName(source.name, tables.map((t) => t.name)), fields: source.fields.map((f) => ({ ...f })) };
      const at = action.index + 1;
      return withTables(state, [...tables.slice(0, at), copy, ...tables.slice(at)], {
        selectedTable: at,
        tableKeys: [...state.tableKeys.slice(0, at), newKey(), ...state.tableKeys.slice(at)],
        fieldKeys: [...state.fieldKeys.slice(0, at), source.fields.map(newKey), ...state.fieldKeys.slice(at)],
      });
    }
    case 'renameTable': {
      const old = tables[action.index]?.name;
      if (old === undefined) return state;
      return withTables(
        state,
        tables.map((t, i) => followTableRename(i === action.index ? { ...t, name: action.name } : t, old, action.name)),
      );
    }
    case 'deleteTable': {
      if (!inRange(action.index, tables.length)) return state;
      const keep = (_: unknown, i: number) => i !== action.index;
      const selected = state.selectedTable > action.index ? state.selectedTable - 1 : state.selectedTable;
      return withTables(state, tables.filter(keep), {
        tableKeys: state.tableKeys.filter(keep),
        fieldKeys: state.fieldKeys.filter(keep),
        selectedTable: Math.max(0, Math.min(selected, tables.length - 2)),
      });
    }
    case 'moveTable': {
      if (!inRange(action.from, tables.length) || !inRange(action.to, tables.length) || action.from === action.to) return state;
      const selectedKey = state.tableKeys[state.selectedTable];
      const tableKeys = move(state.tableKeys, action.from, action.to);
      return withTables(state, move(tables, action.from, action.to), {
        tableKeys,
        fieldKeys: move(state.fieldKeys, action.from, action.to),
        selectedTable: Math.max(0, tableKeys.indexOf(selectedKey)),
      });
    }
    case 'setRows':
      return mapTable(state, action.table, (t) => ({ ...t, rows: action.rows }));
    case 'setPrimaryKey':
      return mapTable(state, action.table, (t) => {
        const { primaryKey: _drop, ...rest } = t;
        return action.field ? { ...rest, primaryKey: action.field } : rest;
      });
    case 'addField': {
      const table = tables[action.table];
      if (!table) return state;
      const name = numberedName('field', table.fields.length + 1, table.fields.map((f) => f.name));
      const fieldKeys = state.fieldKeys.map((keys, i) => (i === action.table ? [...keys, newKey()] : keys));
      return withTables(
        state,
        tables.map((t, i) => (i === action.table ? { ...t, fields: [...t.fields, { name, generator: 'lorem.word' }] } : t)),
        { fieldKeys },
      );
    }
    case 'duplicateField': {
      const table = tables[action.table];
      const source = table?.fields[action.field];
      if (!source) return state;
      // A copy of a unique key is not the key; its name is fresh so the table stays valid.
      const copy = { ...source, name: copyName(source.name, table.fields.map((f) => f.name)) };
      const at = action.field + 1;
      const fieldKeys = state.fieldKeys.map((keys, i) => (i === action.table ? [...keys.slice(0, at), newKey(), ...keys.slice(at)] : keys));
      return withTables(
        state,
        tables.map((t, i) => (i === action.table ? { ...t, fields: [...t.fields.slice(0, at), copy, ...t.fields.slice(at)] } : t)),
        { fieldKeys },
      );
    }
    case 'updateField':
      return mapTable(state, action.table, (t) => {
        const old = t.fields[action.field];
        if (!old) return t;
        const field = { ...old, ...action.patch };
        // A renamed key field stays the key.
        const primaryKey = t.primaryKey !== undefined && t.primaryKey === old.name && action.patch.name !== undefined ? action.patch.name : t.primaryKey;
        return { ...t, primaryKey, fields: t.fields.map((f, i) => (i === action.field ? field : f)) };
      });
    case 'setGenerator':
      return mapTable(state, action.table, (t) => ({
        ...t,
        fields: t.fields.map((f, i) => {
          if (i !== action.field || f.generator === action.generator) return f;
          // Options belong to a generator: start the new one from its defaults. An imported identity
          // column stays one only while it makes whole numbers (the ones an import marks identity).
          const { options: _drop, ...kept } = f;
          const { identity: _identity, ...plain } = kept as typeof kept & { identity?: string };
          const rest = IDENTITY_GENERATORS.has(action.generator) ? kept : plain;
          if (action.generator !== REF_GENERATOR) return { ...rest, generator: action.generator };
          const target = tables.find((_, j) => j !== action.table);
          return { ...rest, generator: action.generator, options: target ? { table: target.name } : {} };
        }),
      }));
    case 'deleteField': {
      const table = tables[action.table];
      if (!table || !inRange(action.field, table.fields.length)) return state;
      const removed = table.fields[action.field].name;
      const fieldKeys = state.fieldKeys.map((keys, i) => (i === action.table ? keys.filter((_, j) => j !== action.field) : keys));
      return withTables(
        state,
        tables.map((t, i) => {
          if (i !== action.table) return t;
          const next = { ...t, fields: t.fields.filter((_, j) => j !== action.field) };
          if (next.primaryKey === removed) delete next.primaryKey;
          return next;
        }),
        { fieldKeys },
      );
    }
    case 'moveField': {
      const table = tables[action.table];
      if (!table || !inRange(action.from, table.fields.length) || !inRange(action.to, table.fields.length) || action.from === action.to) return state;
      const fieldKeys = state.fieldKeys.map((keys, i) => (i === action.table ? move(keys, action.from, action.to) : keys));
      return withTables(
        state,
        tables.map((t, i) => (i === action.table ? { ...t, fields: move(t.fields, action.from, action.to) } : t)),
        { fieldKeys },
      );
    }
  }
}

export function useBlueprintDraft(document: BlueprintDocument, revision: number) {
  return useReducer(draftReducer, undefined, () => initDraft(document, revision));
}
