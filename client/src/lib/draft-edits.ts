/**
 * The editor's edits of a blueprint document, as pure functions of (the
 * document, the selected table) → the same after the edit. Every table and
 * field carries its stable key (engine/document/stable-keys.ts): an edit
 * keeps keys (a rename, a move, a new generator), a new table or field gets
 * the fresh key its action brings (made by the caller, so an edit stays a
 * pure function and redoing it gives the same key).
 */
import { copyName, isPerParent, numberedName, REF_GENERATOR, type BlueprintDocument, type FieldDef, type RowCount, type TableDef } from './blueprint-document';
import { numberOptionsFor, refTargetFor } from './smart-defaults';

/** Generators an identity column may keep (`identity` needs whole numbers, never NULL). */
const IDENTITY_GENERATORS = new Set(['sequence', 'number.int', REF_GENERATOR]);

export type SettingsPatch = Partial<Pick<BlueprintDocument, 'name' | 'description' | 'locale' | 'seed' | 'refDate'>>;

export type EditAction =
  | { type: 'settings'; patch: SettingsPatch }
  | { type: 'addTable'; key: string; fieldKey: string }
  | { type: 'duplicateTable'; index: number; key: string }
  | { type: 'renameTable'; index: number; name: string }
  | { type: 'deleteTable'; index: number }
  | { type: 'moveTable'; from: number; to: number }
  | { type: 'setRows'; table: number; rows: RowCount }
  | { type: 'setPrimaryKey'; table: number; field: string | undefined }
  | { type: 'addField'; table: number; key: string }
  | { type: 'duplicateField'; table: number; field: number; key: string }
  | { type: 'updateField'; table: number; field: number; patch: Partial<FieldDef> }
  | { type: 'setGenerator'; table: number; field: number; generator: string }
  | { type: 'deleteField'; table: number; field: number }
  | { type: 'moveField'; table: number; from: number; to: number }
  /** The whole document replaced: Discard changes (back to the saved revision), Restore (an old one). */
  | { type: 'replace'; document: BlueprintDocument; label: string };

export interface Edited {
  document: BlueprintDocument;
  selectedTable: number;
}

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
}

const inRange = (i: number, length: number) => i >= 0 && i < length;

/** After renaming table `from` to `to`, references to it (ref options, per-parent counts) follow. */
function followTableRename(table: TableDef, from: string, to: string): TableDef {
  const same = (name: unknown) => typeof name === 'string' && name.toLowerCase() === from.toLowerCase();
  const rows = isPerParent(table.rows) && same(table.rows.perParent) ? { ...table.rows, perParent: to } : table.rows;
  const fields = table.fields.map((f) => (f.generator === REF_GENERATOR && same(f.options?.table) ? { ...f, options: { ...f.options, table: to } } : f));
  return { ...table, rows, fields };
}

/** A field with a new generator: the old one's options go; a ref points where its name says, a number gets bounds. */
function withGenerator(field: FieldDef, generator: string, tables: readonly TableDef[], self: number): FieldDef {
  const { options: _drop, ...kept } = field;
  // An imported identity column stays one only while it makes whole numbers.
  const { identity: _identity, ...plain } = kept as typeof kept & { identity?: string };
  const rest = IDENTITY_GENERATORS.has(generator) ? kept : plain;
  if (generator === REF_GENERATOR) {
    const target = refTargetFor(field.name, tables, self);
    return { ...rest, generator, options: target ? { table: target } : {} };
  }
  const bounds = numberOptionsFor(generator, field.name, tables[self]?.name ?? '');
  return bounds ? { ...rest, generator, options: bounds } : { ...rest, generator };
}

/** The edit applied, or null when it changes nothing (an index out of range, a move to the same place). */
export function applyEdit({ document, selectedTable }: Edited, action: EditAction): Edited | null {
  const { tables } = document;
  const withTables = (next: TableDef[], selected = selectedTable): Edited => ({ document: { ...document, tables: next }, selectedTable: selected });
  const mapTable = (index: number, change: (t: TableDef) => TableDef): Edited | null =>
    inRange(index, tables.length) ? withTables(tables.map((t, i) => (i === index ? change(t) : t))) : null;
  const mapFields = (index: number, change: (fields: FieldDef[], table: TableDef) => FieldDef[] | null): Edited | null => {
    const table = tables[index];
    const fields = table && change(table.fields, table);
    return fields ? withTables(tables.map((t, i) => (i === index ? { ...t, fields } : t))) : null;
  };

  switch (action.type) {
    case 'settings':
      return { document: { ...document, ...action.patch }, selectedTable };
    case 'replace':
      return { document: action.document, selectedTable: Math.max(0, Math.min(selectedTable, action.document.tables.length - 1)) };
    case 'addTable': {
      // `table` itself is an SQL reserved word: table_2, table_3, ... need no quoting anywhere.
      const name = numberedName('table', tables.length + 1, tables.map((t) => t.name));
      const table: TableDef = { key: action.key, name, rows: 100, primaryKey: 'id', fields: [{ key: action.fieldKey, name: 'id', generator: 'sequence', options: { start: 1 } }] };
      return withTables([...tables, table], tables.length);
    }
    case 'duplicateTable': {
      const source = tables[action.index];
      if (!source) return null;
      // The copy's fields keep their keys (keys are unique per table); its own key is fresh, so its values are its own.
      const copy: TableDef = { ...source, key: action.key, name: copyName(source.name, tables.map((t) => t.name)), fields: source.fields.map((f) => ({ ...f })) };
      const at = action.index + 1;
      return withTables([...tables.slice(0, at), copy, ...tables.slice(at)], at);
    }
    case 'renameTable': {
      const old = tables[action.index]?.name;
      if (old === undefined) return null;
      return withTables(tables.map((t, i) => followTableRename(i === action.index ? { ...t, name: action.name } : t, old, action.name)));
    }
    case 'deleteTable': {
      if (!inRange(action.index, tables.length)) return null;
      const selected = selectedTable > action.index ? selectedTable - 1 : selectedTable;
      return withTables(
        tables.filter((_, i) => i !== action.index),
        Math.max(0, Math.min(selected, tables.length - 2)),
      );
    }
    case 'moveTable': {
      if (!inRange(action.from, tables.length) || !inRange(action.to, tables.length) || action.from === action.to) return null;
      const selected = tables[selectedTable];
      const next = move(tables, action.from, action.to);
      return withTables(next, Math.max(0, next.indexOf(selected)));
    }
    case 'setRows':
      return mapTable(action.table, (t) => ({ ...t, rows: action.rows }));
    case 'setPrimaryKey':
      return mapTable(action.table, (t) => {
        const { primaryKey: _drop, ...rest } = t;
        return action.field ? { ...rest, primaryKey: action.field } : rest;
      });
    case 'addField':
      return mapFields(action.table, (fields) => [...fields, { key: action.key, name: numberedName('field', fields.length + 1, fields.map((f) => f.name)), generator: 'lorem.word' }]);
    case 'duplicateField':
      return mapFields(action.table, (fields) => {
        const source = fields[action.field];
        if (!source) return null;
        // A copy of a unique key is not the key; its name is fresh so the table stays valid.
        const copy = { ...source, key: action.key, name: copyName(source.name, fields.map((f) => f.name)) };
        return [...fields.slice(0, action.field + 1), copy, ...fields.slice(action.field + 1)];
      });
    case 'updateField':
      return mapTable(action.table, (t) => {
        const old = t.fields[action.field];
        if (!old) return t;
        const field = { ...old, ...action.patch };
        // A renamed key field stays the key.
        const primaryKey = t.primaryKey !== undefined && t.primaryKey === old.name && action.patch.name !== undefined ? action.patch.name : t.primaryKey;
        return { ...t, primaryKey, fields: t.fields.map((f, i) => (i === action.field ? field : f)) };
      });
    case 'setGenerator':
      return mapFields(action.table, (fields) => {
        const field = fields[action.field];
        if (!field || field.generator === action.generator) return null;
        return fields.map((f, i) => (i === action.field ? withGenerator(f, action.generator, tables, action.table) : f));
      });
    case 'deleteField': {
      const table = tables[action.table];
      if (!table || !inRange(action.field, table.fields.length)) return null;
      const removed = table.fields[action.field].name;
      return mapTable(action.table, (t) => {
        const next = { ...t, fields: t.fields.filter((_, j) => j !== action.field) };
        if (next.primaryKey === removed) delete next.primaryKey;
        return next;
      });
    }
    case 'moveField':
      return mapFields(action.table, (fields) =>
        inRange(action.from, fields.length) && inRange(action.to, fields.length) && action.from !== action.to ? move(fields, action.from, action.to) : null,
      );
  }
}

/** What an edit is called on the Undo and Redo buttons: "rename table users", "delete field email". */
export function describeEdit(document: BlueprintDocument, action: EditAction): string {
  const table = (i: number) => document.tables[i]?.name ?? 'a table';
  const field = (t: number, f: number) => document.tables[t]?.fields[f]?.name ?? 'a field';
  switch (action.type) {
    case 'settings':
      return `change the blueprint's ${Object.keys(action.patch).join(', ')}`;
    case 'replace':
      return action.label;
    case 'addTable':
      return 'add a table';
    case 'duplicateTable':
      return `duplicate table ${table(action.index)}`;
    case 'renameTable':
      return `rename table ${table(action.index)}`;
    case 'deleteTable':
      return `delete table ${table(action.index)}`;
    case 'moveTable':
      return `move table ${table(action.from)}`;
    case 'setRows':
      return `change the rows of ${table(action.table)}`;
    case 'setPrimaryKey':
      return `change the primary key of ${table(action.table)}`;
    case 'addField':
      return `add a field to ${table(action.table)}`;
    case 'duplicateField':
      return `duplicate field ${field(action.table, action.field)}`;
    case 'updateField': {
      const what = action.patch.name !== undefined ? 'rename' : action.patch.options !== undefined ? 'change the options of' : 'change';
      return `${what} field ${field(action.table, action.field)}`;
    }
    case 'setGenerator':
      return `make ${field(action.table, action.field)} a ${action.generator}`;
    case 'deleteField':
      return `delete field ${field(action.table, action.field)}`;
    case 'moveField':
      return `move field ${field(action.table, action.from)}`;
  }
}

/**
 * Edits that continue the previous one merge into one undo step: typing a
 * name letter by letter is undone as one rename, not one letter at a time.
 */
export function editGroup(document: BlueprintDocument, action: EditAction): string | undefined {
  const tableKey = (i: number) => document.tables[i]?.key ?? String(i);
  const fieldKey = (t: number, f: number) => document.tables[t]?.fields[f]?.key ?? String(f);
  switch (action.type) {
    case 'settings':
      return `settings:${Object.keys(action.patch).sort().join(',')}`;
    case 'renameTable':
      return `rename:${tableKey(action.index)}`;
    case 'setRows':
      return `rows:${tableKey(action.table)}:${isPerParent(action.rows) ? 'per-parent' : 'count'}`;
    case 'updateField':
      return `field:${tableKey(action.table)}:${fieldKey(action.table, action.field)}:${Object.keys(action.patch).sort().join(',')}`;
    default:
      return undefined;
  }
}
