import type { PreviewData } from '../../hooks/use-live-preview';
import { describeError } from '../../lib/errors';
import { formatValue } from './format-value';

interface PreviewTableProps {
  tableName: string | undefined;
  preview: PreviewData | undefined;
  loading: boolean;
  /** The draft has problems: the rows shown (if any) are from before them. */
  invalid: boolean;
  error?: unknown;
}

const count = new Intl.NumberFormat();

/** The first rows of the selected table, as the server generates them from the draft. */
export function PreviewTable({ tableName, preview, loading, invalid, error }: PreviewTableProps) {
  const status = error
    ? `Preview failed: ${describeError(error)}`
    : invalid
      ? 'Fix the problems listed to refresh the preview.'
      : loading
        ? 'Updating preview…'
        : preview
          ? `First ${preview.rows.length} of ${count.format(preview.totalRows)} rows.`
          : '';
  return (
    <section className="preview" aria-labelledby="preview-heading" aria-busy={loading}>
      <h2 id="preview-heading">Preview{tableName ? ` of ${tableName}` : ''}</h2>
      <p className={error || invalid ? 'status-line field-error' : 'status-line'} role="status" aria-live="polite">
        {status}
      </p>
      {!preview ? (
        !loading && !error && !invalid && <p className="empty">No rows to show.</p>
      ) : (
        <div className={loading || invalid ? 'grid-scroll stale' : 'grid-scroll'} tabIndex={0} aria-label={`Preview rows of ${preview.table}`}>
          <table className="data-table preview-table">
            <thead>
              <tr>
                {preview.columns.map((c) => (
                  <th scope="col" key={c.name}>
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
                  {preview.columns.map((c, i) => (
                    <td key={c.name} className={row[i] === null ? 'null-cell' : undefined}>
                      {formatValue(row[i])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
          {preview.rows.length === 0 && <p className="empty">This table has no rows with the current counts.</p>}
        </div>
      )}
    </section>
  );
}
