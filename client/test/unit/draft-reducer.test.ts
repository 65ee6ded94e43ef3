import { draftReducer, initDraft, type DraftAction, type DraftState } from '../../src/hooks/use-blueprint-draft';
import { starterDocument, type BlueprintDocument } from '../../src/lib/blueprint-document';
import { fieldImpact, tableImpact } from '../../src/lib/draft-impact';

const shop = (): BlueprintDocument => ({
  seedbed: 1,
  name: 'shop',
  tables: [
    { name: 'users', rows: 10, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }, { name: 'email', generator: 'internet.email' }] },
    {
      name: 'orders',
      rows: { perParent: 'users', min: 0, max: 3 },
      primaryKey: 'id',
      fields: [{ name: 'id', generator: 'uuid' }, { name: 'user_id', generator: 'ref', options: { table: 'users' } }],
    },
  ],
});

const run = (state: DraftState, ...actions: DraftAction[]) => actions.reduce(draftReducer, state);
const keys = (state: DraftState) => state.document.tables.map((t) => t.key);
const fieldKeys = (state: DraftState, t: number) => state.document.tables[t].fields.map((f) => f.key);

describe('draftReducer', () => {
  it('starts clean, based on the loaded revision, every table and field keyed (a keyless document by its names)', () => {
    const state = initDraft(shop(), 3);
    expect(state).toMatchObject({ baseRevision: 3, dirty: false, selectedTable: 0, past: [], future: [] });
    expect(keys(state)).toEqual(['users', 'orders']);
    expect(fieldKeys(state, 1)).toEqual(['id', 'user_id']);
  });

  it('renaming a table renames the references to it, and keeps its key', () => {
    const state = run(initDraft(shop(), 1), { type: 'renameTable', index: 0, name: 'people' });
    expect(state.dirty).toBe(true);
    expect(state.document.tables[0]).toMatchObject({ key: 'users', name: 'people' });
    expect(state.document.tables[1].rows).toEqual({ perParent: 'people', min: 0, max: 3 });
    expect(state.document.tables[1].fields[1].options).toEqual({ table: 'people' });
  });

  it('adds a table with a fresh name that is no SQL reserved word and the key it was given, and selects it', () => {
    const state = run(initDraft(shop(), 1), { type: 'addTable', key: 'k1', fieldKey: 'k2' }, { type: 'addTable', key: 'k3', fieldKey: 'k4' });
    expect(state.document.tables.map((t) => t.name)).toEqual(['users', 'orders', 'table_3', 'table_4']);
    expect(keys(state)).toEqual(['users', 'orders', 'k1', 'k3']);
    expect(state.selectedTable).toBe(3);
  });

  it('duplicates a field after itself and a table after itself, with fresh names and keys', () => {
    const state = run(initDraft(shop(), 1), { type: 'duplicateField', table: 0, field: 0, key: 'kf' }, { type: 'duplicateTable', index: 0, key: 'kt' });
    expect(state.document.tables[0].fields.map((f) => [f.key, f.name]).slice(0, 2)).toEqual([['id', 'id'], ['kf', 'id_copy']]);
    expect(state.document.tables.map((t) => [t.key, t.name])).toEqual([['users', 'users'], ['kt', 'users_copy'], ['orders', 'orders']]);
    expect(state.document.tables[1].fields).toEqual(state.document.tables[0].fields);
    expect(state.selectedTable).toBe(1);
  });

  it('moving tables keeps the same table selected, with its keys', () => {
    const before = run(initDraft(shop(), 1), { type: 'selectTable', index: 1 });
    const after = run(before, { type: 'moveTable', from: 1, to: 0 });
    expect(keys(after)).toEqual(['orders', 'users']);
    expect(after.selectedTable).toBe(0);
  });

  it('deleting a table before the selected one keeps the selection on the same table', () => {
    const state = run(initDraft(shop(), 1), { type: 'addTable', key: 'k1', fieldKey: 'k2' }, { type: 'deleteTable', index: 0 });
    expect(state.document.tables.map((t) => t.name)).toEqual(['orders', 'table_3']);
    expect(state.selectedTable).toBe(1);
  });

  it('reorders fields with their keys; out-of-range moves change nothing', () => {
    const after = run(initDraft(shop(), 1), { type: 'moveField', table: 0, from: 1, to: 0 });
    expect(fieldKeys(after, 0)).toEqual(['email', 'id']);
    expect(run(after, { type: 'moveField', table: 0, from: 0, to: -1 })).toBe(after);
  });

  it('a renamed key field stays the primary key; a deleted one stops being it', () => {
    const renamed = run(initDraft(shop(), 1), { type: 'updateField', table: 0, field: 0, patch: { name: 'user_id' } });
    expect(renamed.document.tables[0].primaryKey).toBe('user_id');
    expect(renamed.document.tables[0].fields[0]).toMatchObject({ key: 'id', name: 'user_id' });
    const deleted = run(renamed, { type: 'deleteField', table: 0, field: 0 });
    expect(deleted.document.tables[0].primaryKey).toBeUndefined();
    expect(fieldKeys(deleted, 0)).toEqual(['email']);
  });

  it('a new generator drops the old options; numbers get bounds from the name or a modest range', () => {
    const state = run(
      initDraft(shop(), 1),
      { type: 'updateField', table: 1, field: 0, patch: { options: { min: 1 } } },
      { type: 'setGenerator', table: 1, field: 0, generator: 'number.int' },
      { type: 'updateField', table: 0, field: 1, patch: { name: 'rating' } },
      { type: 'setGenerator', table: 0, field: 1, generator: 'number.int' },
    );
    expect(state.document.tables[1].fields[0]).toEqual({ key: 'id', name: 'id', generator: 'number.int', options: { min: 1, max: 1000 } });
    expect(state.document.tables[0].fields[1]).toEqual({ key: 'email', name: 'rating', generator: 'number.int', options: { min: 1, max: 5 } });
    const priced = run(state, { type: 'updateField', table: 0, field: 1, patch: { name: 'unit_price' } }, { type: 'setGenerator', table: 0, field: 1, generator: 'number.float' });
    expect(priced.document.tables[0].fields[1].options).toEqual({ min: 1, max: 500, precision: 0.01 });
  });

  it('an identity column that stops making whole numbers stops being an identity', () => {
    const doc = shop();
    (doc.tables[0].fields[0] as Record<string, unknown>).identity = 'always';
    const kept = run(initDraft(doc, 1), { type: 'setGenerator', table: 0, field: 0, generator: 'sequence' });
    expect(kept.document.tables[0].fields[0]).toEqual({ key: 'id', name: 'id', generator: 'sequence', identity: 'always' });
    const dropped = run(kept, { type: 'setGenerator', table: 0, field: 0, generator: 'uuid' });
    expect(dropped.document.tables[0].fields[0]).toEqual({ key: 'id', name: 'id', generator: 'uuid' });
  });

  it('rebase keeps the draft and moves its base; saved clears dirty only if nothing changed meanwhile, and the history', () => {
    const edited = run(initDraft(shop(), 2), { type: 'settings', patch: { seed: 9 } });
    const rebased = run(edited, { type: 'rebase', revision: 5 });
    expect(rebased).toMatchObject({ baseRevision: 5, dirty: true, document: edited.document });

    const sent = rebased.document;
    expect(run(rebased, { type: 'saved', revision: 6, document: sent })).toMatchObject({ baseRevision: 6, dirty: false, past: [], future: [] });
    const editedDuringSave = run(rebased, { type: 'settings', patch: { seed: 10 } }, { type: 'saved', revision: 6, document: sent });
    expect(editedDuringSave).toMatchObject({ baseRevision: 6, dirty: true });
  });

  it('loading a document (reload theirs) replaces the draft and its history', () => {
    const edited = run(initDraft(shop(), 2), { type: 'selectTable', index: 1 }, { type: 'settings', patch: { name: 'mine' } });
    const reloaded = run(edited, { type: 'load', document: starterDocument('theirs'), revision: 3 });
    expect(reloaded).toMatchObject({ baseRevision: 3, dirty: false, selectedTable: 0, past: [] });
    expect(reloaded.document.name).toBe('theirs');
  });
});

describe('undo and redo', () => {
  it('undo every edit in turn back to the saved draft, which is clean again; redo them all', () => {
    const start = initDraft(shop(), 1);
    const edited = run(
      start,
      { type: 'addTable', key: 'k1', fieldKey: 'k2' },
      { type: 'renameTable', index: 2, name: 'p' },
      { type: 'renameTable', index: 2, name: 'pr' },
      { type: 'renameTable', index: 2, name: 'products' },
      { type: 'selectTable', index: 0 },
      { type: 'deleteField', table: 0, field: 1 },
    );
    // Typing a name letter by letter is one step.
    expect(edited.past.map((s) => s.label)).toEqual(['add a table', 'rename table table_3', 'delete field email']);
    const once = run(edited, { type: 'undo' });
    expect(once.document.tables[0].fields.map((f) => f.name)).toEqual(['id', 'email']);
    expect(once.future.map((s) => s.label)).toEqual(['delete field email']);
    const all = run(once, { type: 'undo' }, { type: 'undo' });
    expect(all.document).toBe(start.document);
    expect(all.dirty).toBe(false);
    expect(run(all, { type: 'undo' })).toBe(all);
    const again = run(all, { type: 'redo' }, { type: 'redo' }, { type: 'redo' });
    expect(again.document).toBe(edited.document);
    expect(again.dirty).toBe(true);
  });

  it('restores a deleted table with the references to it, and its selection', () => {
    const start = run(initDraft(shop(), 1), { type: 'selectTable', index: 0 });
    const deleted = run(start, { type: 'deleteTable', index: 0 });
    expect(deleted.document.tables.map((t) => t.name)).toEqual(['orders']);
    const undone = run(deleted, { type: 'undo' });
    expect(undone.document.tables[1].fields[1].options).toEqual({ table: 'users' });
    expect(undone.document.tables[1].rows).toEqual({ perParent: 'users', min: 0, max: 3 });
    expect(undone.selectedTable).toBe(0);
  });

  it('a new edit after an undo drops what could be redone; discarding is an edit too', () => {
    const edited = run(initDraft(shop(), 1), { type: 'settings', patch: { seed: 1 } }, { type: 'undo' }, { type: 'settings', patch: { locale: 'de' } });
    expect(edited.future).toEqual([]);
    const discarded = run(edited, { type: 'replace', document: edited.saved, label: 'discard your changes' });
    expect(discarded).toMatchObject({ dirty: false });
    expect(run(discarded, { type: 'undo' }).document.locale).toBe('de');
  });
});

describe('what a delete breaks', () => {
  it('names the references, per-parent rows and formulas pointing at a table or a field', () => {
    const doc = shop();
    doc.tables[1].fields.push({ name: 'label', generator: 'formula', options: { expr: "upper(users.email) & '!'" } });
    doc.tables[0].fields.push({ name: 'greeting', generator: 'template', options: { template: 'Hi {email}' } });
    expect(tableImpact(doc, 0)).toEqual(['orders has its rows per users row', 'orders.user_id references users', 'orders.label reads users in its formula']);
    expect(fieldImpact(doc, 0, 0)).toEqual(["it is users's primary key", 'orders.user_id references it']);
    expect(fieldImpact(doc, 0, 1)).toEqual(['greeting reads it', 'orders.label reads it in its formula']);
    expect(tableImpact(doc, 1)).toEqual([]);
  });
});
