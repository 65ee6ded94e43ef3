import { useId, useState, type MouseEvent } from 'react';
import { formatNumbersInText } from '../../lib/format';
import { CopyButton } from '../copy-button';

export const DOWNLOAD_FORMATS = ['csv', 'tsv', 'json', 'ndjson', 'sql'] as const;
export type DownloadFormat = (typeof DOWNLOAD_FORMATS)[number];
/** A download from the editor is a sample; a run makes the big files. */
export const MAX_DOWNLOAD_ROWS = 10_000;

export interface DownloadOptions {
  table: string;
  format: DownloadFormat;
  count: number;
  seed?: number;
  /** CSV and TSV. */
  delimiter?: string;
  header?: boolean;
  lineEnding?: 'lf' | 'crlf';
  nullMarker?: string;
  /** JSON. */
  pretty?: boolean;
}

const delimited = (format: DownloadFormat) => format === 'csv' || format === 'tsv';

/** The rows API path (and query) for these options; options left at their defaults are not sent. */
export function rowsUrl(blueprintId: string, o: DownloadOptions): string {
  const query = new URLSearchParams({ table: o.table, count: String(o.count) });
  if (o.seed !== undefined) query.set('seed', String(o.seed));
  if (delimited(o.format)) {
    if (o.delimiter !== undefined) query.set('delimiter', o.delimiter);
    if (o.header === false) query.set('header', 'false');
    if (o.lineEnding !== undefined) query.set('lineEnding', o.lineEnding);
    if (o.nullMarker !== undefined) query.set('nullMarker', o.nullMarker);
  }
  if (o.format === 'json' && o.pretty) query.set('pretty', 'true');
  return `/api/v1/blueprints/${encodeURIComponent(blueprintId)}/rows.${o.format}?${query}`;
}

const DELIMITERS = [
  { value: '', label: 'Default (comma for CSV, tab for TSV)' },
  { value: ',', label: 'Comma ,' },
  { value: ';', label: 'Semicolon ;' },
  { value: '|', label: 'Pipe |' },
  { value: '\t', label: 'Tab' },
];

interface DownloadPanelProps {
  blueprintId: string;
  revision: number;
  /** Tables of the saved revision (a download never includes unsaved edits). */
  tables: readonly string[];
  selectedTable: string | undefined;
  dirty: boolean;
  /** Whether the caller may create API keys (the script command needs one). */
  canCreateKeys: boolean;
}

/** The file name the server gives (`content-disposition`), else `table.format`. */
function fileNameOf(response: Response, fallback: string): string {
  return /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallback;
}

/** Hands a fetched file to the browser as a download. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Downloads a small sample of a table of the saved revision straight from the editor, or the same as a command. */
export function DownloadPanel({ blueprintId, revision, tables, selectedTable, dirty, canCreateKeys }: DownloadPanelProps) {
  const id = useId();
  const [table, setTable] = useState<string | undefined>(undefined);
  const [format, setFormat] = useState<DownloadFormat>('csv');
  const [count, setCount] = useState(100);
  const [delimiter, setDelimiter] = useState('');
  const [header, setHeader] = useState(true);
  const [lineEnding, setLineEnding] = useState<'' | 'lf' | 'crlf'>('');
  const [nullMarker, setNullMarker] = useState('');
  const [pretty, setPretty] = useState(false);
  const shownTable = table && tables.includes(table) ? table : selectedTable && tables.includes(selectedTable) ? selectedTable : (tables[0] ?? '');
  const options: DownloadOptions = {
    table: shownTable,
    format,
    count,
    delimiter: delimiter || undefined,
    header,
    lineEnding: lineEnding || undefined,
    nullMarker: nullMarker || undefined,
    pretty,
  };
  const url = rowsUrl(blueprintId, options);
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  // Fetched rather than followed: a refusal (a window past the end of a child table, a bad option) is shown here instead of replacing the editor.
  async function onDownload(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setStatus(null);
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { errors?: { message?: string; extensions?: { path?: string } }[] } | null;
        const first = body?.errors?.[0];
        throw new Error(first?.message ? `${first.extensions?.path ? `${first.extensions.path}: ` : ''}${first.message}` : `The server answered ${response.status}.`);
      }
      const fileName = fileNameOf(response, `${shownTable}.${format}`);
      saveBlob(await response.blob(), fileName);
      setStatus({ text: `Downloaded ${fileName}.`, failed: false });
    } catch (error) {
      setStatus({ text: `Not downloaded: ${formatNumbersInText(error instanceof Error ? error.message : String(error))}`, failed: true });
    } finally {
      setBusy(false);
    }
  }
  const command = `curl -H "Authorization: Bearer $SEEDBED_KEY" -o ${shownTable}.${format} "${window.location.origin}${url}"`;

  return (
    <section className="download-panel" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Download rows</h2>
      <p className="hint">
        A sample of the saved revision ({revision}), generated as it downloads.{dirty && ' Your unsaved changes are not in it: save first to include them.'}
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
          <select id={`${id}-format`} value={format} onChange={(e) => setFormat(e.target.value as DownloadFormat)}>
            {DOWNLOAD_FORMATS.map((f) => (
              <option key={f} value={f}>
                {f.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
        <div className="field compact">
          <label htmlFor={`${id}-count`}>Rows</label>
          <input
            id={`${id}-count`}
            type="number"
            min={1}
            max={MAX_DOWNLOAD_ROWS}
            step={1}
            value={count}
            onChange={(e) => setCount(Math.max(1, Math.min(MAX_DOWNLOAD_ROWS, Math.floor(Number(e.target.value) || 1))))}
          />
        </div>
        {delimited(format) && (
          <>
            <div className="field compact">
              <label htmlFor={`${id}-delimiter`}>Delimiter</label>
              <select id={`${id}-delimiter`} value={delimiter} onChange={(e) => setDelimiter(e.target.value)}>
                {DELIMITERS.map((d) => (
                  <option key={d.label} value={d.value}>
                    {d.label}
                  </option>
                ))}
              </select>
            </div>
            <div className="field compact">
              <label htmlFor={`${id}-eol`}>Line ending</label>
              <select id={`${id}-eol`} value={lineEnding} onChange={(e) => setLineEnding(e.target.value as '' | 'lf' | 'crlf')}>
                <option value="">Default ({format === 'csv' ? 'CRLF' : 'LF'})</option>
                <option value="crlf">CRLF (Windows, RFC 4180)</option>
                <option value="lf">LF (Unix)</option>
              </select>
            </div>
            <div className="field compact">
              <label htmlFor={`${id}-null`}>NULL marker</label>
              <input id={`${id}-null`} value={nullMarker} placeholder={format === 'csv' ? 'empty' : '\\N'} maxLength={32} spellCheck={false} onChange={(e) => setNullMarker(e.target.value)} />
            </div>
            <label className="checkbox-label">
              <input type="checkbox" checked={header} onChange={(e) => setHeader(e.target.checked)} /> Header row
            </label>
          </>
        )}
        {format === 'json' && (
          <label className="checkbox-label">
            <input type="checkbox" checked={pretty} onChange={(e) => setPretty(e.target.checked)} /> Pretty-printed
          </label>
        )}
      </div>
      <p className="button-row">
        <a className="button-link" href={url} download aria-disabled={busy || undefined} onClick={(e) => void onDownload(e)}>
          Download {shownTable}.{format}
        </a>
        <span className={status?.failed ? 'field-error' : 'copy-status'} role="status" aria-live="polite">
          {busy ? 'Generating…' : status?.text}
        </span>
      </p>
      <details className="download-command">
        <summary>The same rows from a script</summary>
        <p className="hint">
          {canCreateKeys
            ? 'Create an API key in the project’s settings and put it in SEEDBED_KEY.'
            : 'It needs an API key in SEEDBED_KEY: ask an owner or editor of the project for one.'}
        </p>
        <pre className="code command" aria-label="curl command" tabIndex={0}>
          <code>{command}</code>
        </pre>
        <CopyButton text={command} label="Copy curl command" />
      </details>
    </section>
  );
}
