import { useEffect, useRef } from 'react';
import type { PreviewData } from '../../hooks/use-live-preview';
import type { FieldDef } from '../../lib/blueprint-document';
import { describeError } from '../../lib/errors';
import { decimalsOfStep, formatCount } from '../../lib/format';
import { formatValue } from './format-value';

interface PreviewTableProps {
  tableName: string | undefined;
  preview: PreviewData | undefined;
  loading: boolean;
  /** The draft has problems: the rows shown (if any) are from before them. */
  invalid: boolean;
  error?: unknown;
  /** The selected field's column, highlighted and scrolled into view. */
  highlight?: string;
  /** The table's fields, for the decimals a number column shows (`precision: 0.01` → 257.00). */
  fields?: readonly FieldDef[];
  /** Paging and reseeding; without them the preview has no controls. */
  controls?: PreviewControlsProps;
}

export interface PreviewControlsProps {
  pageSize: number;
  onPage(offset: number): void;
  /** The seed the rows come from, when it is not the blueprint's own. */
  seed?: number;
  onNewSeed(): void;
  onResetSeed(): void;
  /** The preview takes the whole width, under the fields. */
  wide?: boolean;
  onToggleWide?(): void;
}

/** Values longer than this are cut in their cell: their whole text shows on hover (title) or when the cell has the focus. */
const LONG_VALUE = 32;

const NUMERIC = new Set(['INTEGER', 'FLOAT']);

/** Decimals per column: from the field's `fractionDigits`, `precision` or `multipleOf` option. */
function decimalsOf(fields: readonly FieldDef[] | undefined, column: string): number | undefined {
  const options = fields?.find((f) => f.name === column)?.options;
  if (!options) return undefined;
  if (typeof options.fractionDigits === 'number' && Number.isInteger(options.fractionDigits)) return Math.min(20, Math.max(0, options.fractionDigits));
  return decimalsOfStep(options.precision) ?? decimalsOfStep(options.multipleOf);
}

function cellText(value: unknown, decimals: number | undefined): string {
  return typeof value === 'number' && decimals !== undefined ? value.toFixed(decimals) : formatValue(value);
}

/** Rows of the selected table, as the server generates them from the draft, with paging and a reseed. */
export function PreviewTable({ tableName, preview, loading, invalid, error, highlight, fields, controls }: PreviewTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const first = preview ? preview.offset + 1 : 0;
  const last = preview ? preview.offset + preview.rows.length : 0;
  const status = error
    ? `Preview failed: ${describeError(error)}`
    : invalid
      ? 'Fix the problems listed to refresh the preview.'
      : loading
        ? 'Updating preview…'
        : preview
          ? preview.rows.length === 0
            ? `No rows here: the table has ${formatCount(preview.totalRows)}.`
            : preview.offset === 0
              ? `First ${preview.rows.length} of ${formatCount(preview.totalRows)} rows.`
              : `Rows ${formatCount(first)}–${formatCount(last)} of ${formatCount(preview.totalRows)}.`
          : '';

  useEffect(() => {
    if (!highlight) return;
    const box = scrollRef.current;
    const th = box?.querySelector<HTMLElement>(`th[data-column="${CSS.escape(highlight)}"]`);
    if (!box || !th) return;
    const outer = box.getBoundingClientRect();
    const cell = th.getBoundingClientRect();
    // Scroll only the preview's own box, and only as far as it takes to show the column.
    if (cell.left < outer.left) box.scrollLeft -= outer.left - cell.left + 8;
    else if (cell.right > outer.right) box.scrollLeft += Math.min(cell.right - outer.right + 8, cell.left - outer.left - 8);
  }, [highlight, preview]);

  return (
    <section className="preview" aria-labelledby="preview-heading" aria-busy={loading}>
      <div className="preview-head">
        <h2 id="preview-heading">Preview{tableName ? ` of ${tableName}` : ''}</h2>
        {controls && <PreviewControls {...controls} preview={preview} busy={loading} />}
      </div>
      <p className={error || invalid ? 'status-line field-error' : 'status-line'} role="status" aria-live="polite">
        {status}
      </p>
      {!preview ? (
        !loading && !error && !invalid && <p className="empty">No rows to show.</p>
      ) : (
        <div ref={scrollRef} className={loading || invalid ? 'grid-scroll stale' : 'grid-scroll'} tabIndex={0} aria-label={`Preview rows of ${preview.table}`}>
          <table className="data-table preview-table">
            <thead>
              <tr>
                {preview.columns.map((c) => (
                  <th scope="col" key={c.name} data-column={c.name} className={[NUMERIC.has(c.type) ? 'num' : '', c.name === highlight ? 'highlight' : ''].join(' ').trim() || undefined}>
                    {c.name}
                    <span className="column-type">
                      {c.type.toLowerCase()}
                      {c.unique ? ' · unique' : ''}
                      {c.nullable ? ' · nullable' : ''}
                    </span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.rows.map((row, r) => (
                <tr key={r}>
                  {preview.columns.map((c, i) => {
                    const text = cellText(row[i], NUMERIC.has(c.type) ? decimalsOf(fields, c.name) : undefined);
                    const long = text.length > LONG_VALUE;
                    const classes = [row[i] === null ? 'null-cell' : NUMERIC.has(c.type) ? 'num' : '', c.name === highlight ? 'highlight' : '', long ? 'long' : ''].join(' ').trim();
                    return (
                      <td key={c.name} className={classes || undefined} title={long ? text : undefined} tabIndex={long ? 0 : undefined}>
                        {text}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function PreviewControls({ pageSize, onPage, seed, onNewSeed, onResetSeed, wide, onToggleWide, preview, busy }: PreviewControlsProps & { preview: PreviewData | undefined; busy: boolean }) {
  const offset = preview?.offset ?? 0;
  const total = preview?.totalRows ?? 0;
  return (
    <div className="preview-controls button-row">
      <button type="button" className="secondary small" disabled={!preview || offset === 0} onClick={() => onPage(Math.max(0, offset - pageSize))}>
        ← Previous {pageSize}
      </button>
      <button type="button" className="secondary small" disabled={!preview || offset + pageSize >= total} onClick={() => onPage(offset + pageSize)}>
        Next {pageSize} →
      </button>
      <button type="button" className="secondary small" disabled={busy && !preview} onClick={onNewSeed} title="Shows other rows; the blueprint's seed is unchanged">
        New seed
      </button>
      {onToggleWide && (
        <button type="button" className="secondary small wide-toggle" aria-pressed={wide} onClick={onToggleWide} title="The preview across the whole width, under the fields">
          Wide preview
        </button>
      )}
      {seed !== undefined && (
        <span className="preview-seed">
          seed {seed}{' '}
          <button type="button" className="link-button" onClick={onResetSeed}>
            back to the blueprint's
          </button>
        </span>
      )}
    </div>
  );
}
