import { useState, type Dispatch, type KeyboardEvent } from 'react';
import { useRestoreFocus } from '../../hooks/use-restore-focus';
import type { DraftAction } from '../../hooks/use-blueprint-draft';
import type { TableDef } from '../../lib/blueprint-document';
import { tableHasIssues, type LocatedIssue } from '../../lib/document-issues';
import { focusIds, useDraftCommands } from './draft-commands';

interface TableListProps {
  tables: readonly TableDef[];
  tableKeys: readonly string[];
  selected: number;
  issues: readonly LocatedIssue[];
  readOnly: boolean;
  dispatch: Dispatch<DraftAction>;
}

/** The blueprint's tables: select one to edit; add, delete and reorder (buttons or Alt+↑/↓). */
export function TableList({ tables, tableKeys, selected, issues, readOnly, dispatch }: TableListProps) {
  const [announcement, setAnnouncement] = useState('');
  const rememberFocus = useRestoreFocus();
  const commands = useDraftCommands();

  function move(from: number, to: number) {
    if (to < 0 || to >= tables.length) return;
    rememberFocus();
    dispatch({ type: 'moveTable', from, to });
    setAnnouncement(`Moved table ${tables[from].name} to position ${to + 1} of ${tables.length}.`);
  }

  function onKeyDown(event: KeyboardEvent, index: number) {
    if (readOnly || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    move(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  }

   return (
    <nav className="table-list" aria-labelledby="tables-heading">
      <h2 id="tables-heading">Tables ({tables.length})</h2>
      {tables.length === 0 && <p className="empty">No tables yet.</p>}
      <ol>
        {tables.map((table, i) => (
          <li key={tableKeys[i] ?? i} className={i === selected ? 'selected' : undefined} onKeyDown={(e) => onKeyDown(e, i)}>
            <button
              type="button"
              className="table-select"
              data-focus-id={focusIds.tableButton(tableKeys[i])}
              aria-current={i === selected ? 'true' : undefined}
              onClick={() => dispatch({ type: 'selectTable', index: i })}
            >
              <span className="table-name">{table.name || `(table ${i + 1})`}</span>
              {tableHasIssues(issues, i) && (
                <span className="issue-dot" title="Has problems">
                  <span aria-hidden="true">!</span>
                  <span className="visually-hidden"> (has problems)</span>
                </span>
              )}
            </button>
            {!readOnly && (
              <span className="table-actions">
                <button type="button" className="icon" aria-label={`Move ${table.name} up`} disabled={i === 0} onClick={() => move(i, i - 1)}>
                  ↑
                </button>
                <button type="button" className="icon" aria-label={`Move ${table.name} down`} disabled={i === tables.length - 1} onClick={() => move(i, i + 1)}>
                  ↓
                </button>
                <button type="button" className="icon danger" aria-label={`Delete table ${table.name}`} disabled={tables.length === 1} onClick={() => commands.deleteTable(i)}>
                  ×
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {!readOnly && (
        <>
          <button type="button" className="secondary" onClick={commands.addTable}>
            Add table
          </button>
          <p className="hint">Alt+↑/↓ on a table moves it.</p>
        </>
      )}
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>
    </nav>
  );
}
