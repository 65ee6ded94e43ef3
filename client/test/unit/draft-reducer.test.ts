import { draftReducer, initDraft, type DraftAction, type DraftState } from '../../src/hooks/use-blueprint-draft';
import { starterDocument, type BlueprintDocument } from '../../src/lib/blueprint-document';

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

describe('draftReducer', () => {
  it('starts clean, based on the loaded revision', () => {
    const state = initDraft(shop(), 3);
    expect(state).toMatchObject({ baseRevision: 3, dirty: false, selectedTable: 0 });
    expect(state.tableKeys).toHaveLength(2);
    expect(state.fieldKeys.map((k) => k.length)).toEqual([2, 2]);
  });

  it('renaming a table renames the references to it', () => {
    const state = run(initDraft(shop(), 1), { type: 'renameTable', index: 0, name: 'people' });
    expect(state.dirty).toBe(true);
    expect(state.document.tables[0].name).toBe('people');
    expect(state.document.tables[1].rows).toEqual({ perParent: 'people', min: 0, max: 3 });
    expect(state.document.tables[1].fields[1].options).toEqual({ table: 'people' });
  });

  it('adds a table with a fresh name that is no SQL reserved word, and selects it', () => {
    const state = run(initDraft(shop(), 1), { type: 'addTable' }, { type: 'addTable' });
    expect(state.document.tables.map((t) => t.name)).toEqual(['users', 'orders', 'table_3', 'table_4']);
    expect(state.selectedTable).toBe(3);
    expect(new Set(state.tableKeys).size).toBe(4);
  });

  it('duplicates a field after itself and a table after itself, with fresh names and keys', () => {
    const state = run(initDraft(shop(), 1), { type: 'duplicateField', table: 0, field: 0 }, { type: 'duplicateTable', index: 0 });
    expect(state.document.tables[0].fields.map((f) => f.name).slice(0, 2)).toEqual([state.document.tables[0].fields[0].name, `${state.document.tables[0].fields[0].name}_copy`]);
    expect(state.document.tables.map((t) => t.name)).toEqual(['users', 'users_copy', 'orders']);
    expect(state.document.tables[1].fields).toEqual(state.document.tables[0].fields);
    expect(state.selectedTable).toBe(1);
    expect(new Set(state.tableKeys).size).toBe(3);
    expect(new Set(state.fieldKeys.flat()).size).toBe(state.fieldKeys.flat().length);
    expect(state.dirty).toBe(true);
  });

  it('moving tables keeps the same table selected and its keys with it', () => {
    const before = run(initDraft(shop(), 1), { type: 'selectTable', index: 1 });
    const after = run(before, { type: 'moveTable', from: 1, to: 0 });
    expect(after.document.tables.map((t) => t.name)).toEqual(['orders', 'users']);
    expect(after.selectedTable).toBe(0);
    expect(after.tableKeys).toEqual([before.tableKeys[1], before.tableKeys[0]]);
    expect(after.fieldKeys[0]).toEqual(before.fieldKeys[1]);
  });

  it('deleting a table before the selected one keeps the selection on the same table', () => {
    const state = run(initDraft(shop(), 1), { type: 'addTable' }, { type: 'deleteTable', index: 0 });
    expect(state.document.tables.map((t) => t.name)).toEqual(['orders', 'table_3']);
    expect(state.selectedTable).toBe(1);
  });

  it('reorders fields with their keys; out-of-range moves change nothing', () => {
    const before = initDraft(shop(), 1);
    const after = run(before, { type: 'moveField', table: 0, from: 1, to: 0 });
    expect(after.document.tables[0].fields.map((f) => f.name)).toEqual(['email', 'id']);
    expect(after.fieldKeys[0]).toEqual([before.fieldKeys[0][1], before.fieldKeys[0][0]]);
    expect(run(after, { type: 'moveField', table: 0, from: 0, to: -1 })).toBe(after);
  });

  it('a renamed key field stays the primary key; a deleted one stops being it', () => {
    const renamed = run(initDraft(shop(), 1), { type: 'updateField', table: 0, field: 0, patch: { name: 'user_id' } });
    expect(renamed.document.tables[0].primaryKey).toBe('user_id');
    const deleted = run(renamed, { type: 'deleteField', table: 0, field: 0 });
    expect(deleted.document.tables[0].primaryKey).toBeUndefined();
    expect(deleted.fieldKeys[0]).toEqual([renamed.fieldKeys[0][1]]);
  });

  it('a new generator drops the old options; ref starts pointing at another table', () => {
    const state = run(
      initDraft(shop(), 1),
      { type: 'updateField', table: 1, field: 0, patch: { options: { min: 1 } } },
      { type: 'setGenerator', table: 1, field: 0, generator: 'number.int' },
      { type: 'setGenerator', table: 0, field: 1, generator: 'ref' },
    );
    expect(state.document.tables[1].fields[0]).toEqual({ name: 'id', generator: 'number.int' });
    expect(state.document.tables[0].fields[1]).toEqual({ name: 'email', generator: 'ref', options: { table: 'orders' } });
  });

  it('an identity column that stops making whole numbers stops being an identity', () => {
    const doc = shop();
    (doc.tables[0].fields[0] as Record<string, unknown>).identity = 'always';
    const kept = run(initDraft(doc, 1), { type: 'setGenerator', table: 0, field: 0, generator: 'number.int' });
    expect(kept.document.tables[0].fields[0]).toEqual({ name: 'id', generator: 'number.int', identity: 'always' });
    const dropped = run(kept, { type: 'setGenerator', table: 0, field: 0, generator: 'uuid' });
    expect(dropped.document.tables[0].fields[0]).toEqual({ name: 'id', generator: 'uuid' });
  });

  it('rebase keeps the draft and moves its base; saved clears dirty only if nothing changed meanwhile', () => {
    const edited = run(initDraft(shop(), 2), { type: 'settings', patch: { seed: 9 } });
    const rebased = run(edited, { type: 'rebase', revision: 5 });
    expect(rebased).toMatchObject({ baseRevision: 5, dirty: true, document: edited.document });

    const sent = rebased.document;
    expect(run(rebased, { type: 'saved', revision: 6, document: sent })).toMatchObject({ baseRevision: 6, dirty: false });
    const editedDuringSave = run(rebased, { type: 'settings', patch: { seed: 10 } }, { type: 'saved', revision: 6, document: sent });
    expect(editedDuringSave).toMatchObject({ baseRevision: 6, dirty: true });
  });

  it('loading a document (reload theirs, restore a revision) replaces the draft', () => {
    const edited = run(initDraft(shop(), 2), { type: 'selectTable', index: 1 }, { type: 'settings', patch: { name: 'mine' } });
    const reloaded = run(edited, { type: 'load', document: starterDocument('theirs'), revision: 3 });
    expect(reloaded).toMatchObject({ baseRevision: 3, dirty: false, selectedTable: 0 });
    expect(reloaded.document.name).toBe('theirs');
    const restored = run(edited, { type: 'load', document: shop(), revision: 2, dirty: true });
    expect(restored).toMatchObject({ baseRevision: 2, dirty: true, selectedTable: 1 });
  });
});
