import { useId, useState, type MouseEvent } from 'react';
import { fieldSentence } from '../../lib/errors';
import { formatNumbersInText } from '../../lib/format';
import { defaultOutputOptions, outputOptionProblems, type OutputOptionValues } from '../../lib/output-options';
import { saveBlob } from '../../lib/save-blob';
import { CopyButton } from '../copy-button';
import { OutputOptionsFields } from '../output-options-fields';

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
  escapeFormulas?: boolean;
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
    if (o.escapeFormulas) query.set('escapeFormulas', 'true');
  }
  if (o.format === 'json' && o.pretty) query.set('pretty', 'true');
  return `/api/v1/blueprints/${encodeURIComponent(blueprintId)}/rows.${o.format}?${query}`;
}

/** Output options the server may refuse, by the query parameter that names them. */
type CheckedOption = 'delimiter' | 'lineEnding' | 'nullMarker';
const OPTION_LABELS: Record<CheckedOption, string> = { delimiter: 'Delimiter', lineEnding: 'Line ending', nullMarker: 'NULL marker' };
const isCheckedOption = (path: string | undefined): path is CheckedOption => path !== undefined && Object.hasOwn(OPTION_LABELS, path);

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

/** Downloads a small sample of a table of the saved revision straight from the editor, or the same as a command. */
export function DownloadPanel({ blueprintId, revision, tables, selectedTable, dirty, canCreateKeys }: DownloadPanelProps) {
  const id = useId();
  const [table, setTable] = useState<string | undefined>(undefined);
  const [format, setFormat] = useState<DownloadFormat>('csv');
  const [count, setCount] = useState(100);
  const [output, setOutput] = useState<OutputOptionValues>(defaultOutputOptions);
  // The server's refusal of an option, shown under that option until it is changed.
  const [refused, setRefused] = useState<Partial<Record<CheckedOption, string>>>({});
  const problems = { ...refused, ...outputOptionProblems(output, [format]) };
  const shownTable = table && tables.includes(table) ? table : selectedTable && tables.includes(selectedTable) ? selectedTable : (tables[0] ?? '');
  const options: DownloadOptions = {
    table: shownTable,
    format,
    count,
    delimiter: output.delimiter || undefined,
    header: output.header,
    lineEnding: output.lineEnding || undefined,
    nullMarker: output.nullMarker || undefined,
    escapeFormulas: output.escapeFormulas,
    pretty: output.pretty,
  };
  const url = rowsUrl(blueprintId, options);
  const [status, setStatus] = useState<{ text: string; failed: boolean } | null>(null);
  const [busy, setBusy] = useState(false);

  // Fetched rather than followed: a refusal (a window past the end of a child table, a bad option) is shown here instead of replacing the editor.
  async function onDownload(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    if (busy) return;
    if (Object.keys(problems).length > 0) {
      setStatus({ text: 'Not downloaded: fix the output options marked above.', failed: true });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      const response = await fetch(url, { credentials: 'same-origin' });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { errors?: { message?: string; extensions?: { path?: string } }[] } | null;
        const first = body?.errors?.[0];
        const path = first?.extensions?.path;
        if (first?.message && isCheckedOption(path)) {
          setRefused({ [path]: fieldSentence(OPTION_LABELS[path], first.message) });
          throw new Error('the server refused the output option marked above.');
        }
        throw new Error(first?.message ? `${path ? `${path}: ` : ''}${first.message}` : `The server answered ${response.status}.`);
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
    <section className="download-panel" data-own-undo aria-labelledby={`${id}-heading`}>
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
        <OutputOptionsFields
          formats={[format]}
          values={output}
          errors={problems}
          onChange={(patch) => {
            setOutput((o) => ({ ...o, ...patch }));
            setRefused({});
            setStatus(null);
          }}
        />
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
