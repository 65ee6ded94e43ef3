import { useId, useState } from 'react';
import { CopyButton } from '../copy-button';

const FORMATS = ['csv', 'tsv', 'json', 'ndjson', 'sql'] as const;
type RowsFormat = (typeof FORMATS)[number];

/** The instant rows API call for a table, as a command to paste into a shell; the key stays a variable. */
export function rowsApiCommand(origin: string, blueprintId: string, table: string, format: RowsFormat, count: number): string {
  const query = new URLSearchParams({ table, count: String(count) });
  return `curl -H "Authorization: Bearer $SEEDBED_KEY" "${origin}/api/v1/blueprints/${encodeURIComponent(blueprintId)}/rows.${format}?${query}"`;
}

interface RowsApiCommandProps {
  blueprintId: string;
  tables: string[];
  /** OWNERs and EDITORs create keys; a VIEWER is told whom to ask instead. */
  canCreateKeys: boolean;
}

/** A copyable curl command that streams rows of the saved revision, for scripts and CI. */
export function RowsApiCommand({ blueprintId, tables, canCreateKeys }: RowsApiCommandProps) {
  const id = useId();
  const [table, setTable] = useState(tables[0] ?? '');
  const [format, setFormat] = useState<RowsFormat>('csv');
  const [count, setCount] = useState(100);
  const shownTable = tables.includes(table) ? table : (tables[0] ?? '');
  const command = rowsApiCommand(window.location.origin, blueprintId, shownTable, format, count);

  return (
    <div className="rows-api">
      <p className="hint">
        Rows of the saved revision, streamed.{' '}
        {canCreateKeys ? "Create an API key in the project's settings" : 'Ask an owner or editor of this project for an API key'} and put it in{' '}
        <code>SEEDBED_KEY</code>. The same data, and everything else, is in the <a href="/graphql">GraphQL API</a>.
      </p>
      <div className="settings-grid">
        <div className="field compact">
          <label htmlFor={`${id}-table`}>Table</label>
          <select id={`${id}-table`} value={shownTable} onChange={(e) => setTable(e.target.value)}>
            {tables.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
        <div className="field compact">
          <label htmlFor={`${id}-format`}>Format</label>
          <select id={`${id}-format`} value={format} onChange={(e) => setFormat(e.target.value as RowsFormat)}>
            {FORMATS.map((f) => (
              <option key={f}>{f}</option>
            ))}
          </select>
        </div>
        <div className="field compact">
          <label htmlFor={`${id}-count`}>Count</label>
          <input
            id={`${id}-count`}
            type="number"
            min={1}
            max={1000000}
            value={count}
            onChange={(e) => setCount(Math.max(1, Math.min(1_000_000, Math.floor(Number(e.target.value) || 1))))}
          />
        </div>
      </div>
      <pre className="code command" aria-label="curl command" tabIndex={0}>
        <code>{command}</code>
      </pre>
      <CopyButton text={command} label="Copy curl command" />
    </div>
  );
}
