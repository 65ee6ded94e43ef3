import { useState, type Dispatch } from 'react';
import { useRestoreFocus } from '../../hooks/use-restore-focus';
import type { DraftAction } from '../../hooks/use-blueprint-draft';
import type { CatalogGenerator } from '../../hooks/use-generator-catalog';
import type { TableDef } from '../../lib/blueprint-document';
import type { LocatedIssue } from '../../lib/document-issues';
import { FieldRow } from './field-row';
import { focusIds, useDraftCommands } from './draft-commands';

interface FieldGridProps {
  table: TableDef;
  tableIndex: number;
  tableKey: string;
  fieldKeys: readonly string[];
  catalog: ReadonlyMap<string, CatalogGenerator>;
  otherTables: readonly string[];
  /** Issues of this table. */
  issues: readonly LocatedIssue[];
  readOnly: boolean;
  dispatch: Dispatch<DraftAction>;
  onFocusField(index: number): void;
}

/** The fields of one table as an editable grid; rows reorder by drag and drop or Alt+↑/↓. */
export function FieldGrid({ table, tableIndex, tableKey, fieldKeys, catalog, otherTables, issues, readOnly, dispatch, onFocusField }: FieldGridProps) {
  const commands = useDraftCommands();
  const [announcement, setAnnouncement] = useState('');
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const rememberFocus = useRestoreFocus();

  function move(from: number, to: number) {
    if (from === to) return;
    rememberFocus();
    dispatch({ type: 'moveField', table: tableIndex, from, to });
    setAnnouncement(`Moved field ${table.fields[from].name || from + 1} to position ${to + 1} of ${table.fields.length}.`);
  }

  return (
    <div className="field-grid">
      <div className="grid-scroll">
        <table className="data-table editor-grid" aria-label={`Fields of ${table.name || 'this table'}`}>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Order</span>#
              </th>
              <th scope="col">Name</th>
              <th scope="col">Generator</th>
              <th scope="col">Null %</th>
              <th scope="col">Unique</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          {table.fields.map((field, i) => (
            <FieldRow
              key={fieldKeys[i] ?? i}
              focusKey={`${tableKey}:${fieldKeys[i]}`}
              field={field}
              index={i}
              count={table.fields.length}
              isKey={table.primaryKey === field.name}
              generator={catalog.get(field.generator)}
              otherTables={otherTables}
              issues={issues.filter((issue) => issue.field === i)}
              readOnly={readOnly}
              dropTarget={dropTarget === i}
              onChange={(patch) => dispatch({ type: 'updateField', table: tableIndex, field: i, patch })}
              onGenerator={(generator) => commands.setGenerator(tableIndex, i, generator)}
              onDelete={() => commands.deleteField(tableIndex, i)}
              onDuplicate={() => commands.duplicateField(tableIndex, i)}
              onFocusRow={() => onFocusField(i)}
              onMove={(to) => move(i, to)}
              onDragState={(over) => setDropTarget(over ? i : (t) => (t === i ? null : t))}
              onDropAt={(from) => move(from, i)}
            />
          ))}
        </table>
      </div>
      {table.fields.length === 0 && <p className="empty">No fields yet: a table needs at least one.</p>}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
      {!readOnly && (
        <button type="button" className="secondary" data-focus-id={focusIds.addField(tableKey)} onClick={() => commands.addField(tableIndex)}>
          Add field
        </button>
      )}
    </div>
  );
}
