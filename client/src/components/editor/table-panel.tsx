import { useId, type Dispatch } from 'react';
import type { DraftAction } from '../../hooks/use-blueprint-draft';
import type { CatalogGenerator } from '../../hooks/use-generator-catalog';
import type { TableDef } from '../../lib/blueprint-document';
import { issuesAt, type LocatedIssue } from '../../lib/document-issues';
import { IssueText } from './issue-text';
import { FieldGrid } from './field-grid';
import { RowCountEditor } from './row-count-editor';
import { focusIds, useDraftCommands } from './draft-commands';

interface TablePanelProps {
  table: TableDef;
  tableIndex: number;
  tableNames: readonly string[];
  /** The table's stable key, and its fields' (for React lists and where the focus goes). */
  tableKey: string;
  fieldKeys: readonly string[];
  catalog: ReadonlyMap<string, CatalogGenerator>;
  issues: readonly LocatedIssue[];
  readOnly: boolean;
  dispatch: Dispatch<DraftAction>;
  onFocusField(index: number): void;
}

/** The selected table: its name, row count, primary key and fields. */
export function TablePanel({ table, tableIndex, tableNames, tableKey, fieldKeys, catalog, issues, readOnly, dispatch, onFocusField }: TablePanelProps) {
  const id = useId();
  const commands = useDraftCommands();
  const otherTables = tableNames.filter((_, i) => i !== tableIndex);
  const tableIssues = issues.filter((i) => i.table === tableIndex);
  const nameIssues = issuesAt(tableIssues, { table: tableIndex, key: 'name' });
  const keyIssues = issuesAt(tableIssues, { table: tableIndex, key: 'primaryKey' });
  const otherIssues = tableIssues.filter((i) => i.field === undefined && !['name', 'primaryKey'].includes(i.key) && !i.key.startsWith('rows'));

  return (
    <section className="table-panel" aria-labelledby={`${id}-heading`}>
      <div className="table-panel-head">
        <h2 id={`${id}-heading`}>Table {table.name}</h2>
        {!readOnly && (
          <button type="button" className="secondary small" onClick={() => commands.duplicateTable(tableIndex)}>
            Duplicate table
          </button>
        )}
      </div>
      <div className="table-settings">
        <div className={nameIssues.length ? 'field compact invalid' : 'field compact'}>
          <label htmlFor={`${id}-name`}>Table name</label>
          <input
            id={`${id}-name`}
            data-focus-id={focusIds.tableName(tableKey)}
            value={table.name}
            disabled={readOnly}
            spellCheck={false}
            aria-invalid={nameIssues.length ? true : undefined}
            aria-describedby={nameIssues.length ? `${id}-name-error` : readOnly ? undefined : `${id}-name-hint`}
            onChange={(e) => dispatch({ type: 'renameTable', index: tableIndex, name: e.target.value })}
          />
          {!readOnly && (
            <p id={`${id}-name-hint`} className="hint">
              Letters, digits and _. References to it follow a rename.
            </p>
          )}
          <IssueText id={`${id}-name-error`} messages={nameIssues} />
        </div>
        <div className={keyIssues.length ? 'field compact invalid' : 'field compact'}>
          <label htmlFor={`${id}-key`}>Primary key</label>
          <select
            id={`${id}-key`}
            value={table.primaryKey ?? ''}
            disabled={readOnly}
            aria-invalid={keyIssues.length ? true : undefined}
            aria-describedby={keyIssues.length ? `${id}-key-error` : undefined}
            onChange={(e) => dispatch({ type: 'setPrimaryKey', table: tableIndex, field: e.target.value || undefined })}
          >
            <option value="">No primary key</option>
            {table.primaryKey !== undefined && !table.fields.some((f) => f.name === table.primaryKey) && <option value={table.primaryKey}>{table.primaryKey} (missing)</option>}
            {table.fields.map((f, i) => (
              <option key={fieldKeys[i] ?? i} value={f.name}>
                {f.name}
              </option>
            ))}
          </select>
          <IssueText id={`${id}-key-error`} messages={keyIssues} />
        </div>
        <RowCountEditor
          rows={table.rows}
          tableIndex={tableIndex}
          otherTables={otherTables}
          issues={tableIssues}
          readOnly={readOnly}
          onChange={(rows) => dispatch({ type: 'setRows', table: tableIndex, rows })}
        />
      </div>
      <IssueText id={`${id}-other`} messages={otherIssues.map((i) => (i.key ? `${i.key}: ${i.message}` : i.message))} />
      <FieldGrid table={table} tableIndex={tableIndex} tableKey={tableKey} fieldKeys={fieldKeys} catalog={catalog} otherTables={otherTables} issues={tableIssues.filter((i) => i.field !== undefined)} readOnly={readOnly} dispatch={dispatch} onFocusField={onFocusField} />
    </section>
  );
}
