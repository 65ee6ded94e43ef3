import { useMemo, useState, type Ref } from 'react';
import type { ImportResult } from '../../hooks/use-import';
import { useLivePreview } from '../../hooks/use-live-preview';
import { isPerParent, type BlueprintDocument, type TableDef } from '../../lib/blueprint-document';
import { PreviewTable } from '../editor/preview-table';
import { Confidence, confidenceLevel } from './confidence';
import { DecisionDetails } from './decision-details';
import { DecisionList } from './decision-list';
import type { PathedMessage } from './import-errors';
import { PathedErrors } from './pathed-errors';
import { SkippedList } from './skipped-list';

interface ImportReviewProps {
  result: ImportResult;
  document: BlueprintDocument;
  /** The form changed since this review: Create still makes what is shown. */
  stale: boolean;
  canCreate: boolean;
  creating: boolean;
  createErrors: readonly PathedMessage[];
  onCreate(): void;
  /** The heading, which takes focus when a review arrives. */
  headingRef?: Ref<HTMLHeadingElement>;
}

const count = new Intl.NumberFormat();

function rowsText(table: TableDef): string {
  const rows = table.rows;
  if (!isPerParent(rows)) return `${count.format(rows)} rows`;
  const range = rows.min === rows.max ? `${rows.min ?? 0}` : `${rows.min ?? 0}–${rows.max ?? rows.min ?? 0}`;
  const shape = rows.distribution === 'poisson' ? `Poisson, mean ${rows.mean}` : rows.distribution === 'zipf' ? `Zipf, exponent ${rows.exponent}` : null;
  return rows.distribution === 'poisson' ? `${shape} rows per ${rows.perParent} row` : `${range} rows per ${rows.perParent} row${shape ? ` (${shape})` : ''}`;
}

/** The mean count per parent a per-parent spec draws, to set beside the sample's. */
function expectedCounts(table: TableDef): Record<string, unknown> | undefined {
  const rows = table.rows;
  if (!isPerParent(rows)) return undefined;
  if (rows.distribution === 'poisson') return { mean: rows.mean };
  if (rows.distribution === 'zipf' || rows.min === undefined || rows.max === undefined) return undefined;
  return { mean: (rows.min + rows.max) / 2 };
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${count.format(n)} ${n === 1 ? one : many}`;
}

/** One line that says what the review found; also announced when it arrives. */
export function reviewSummary(result: ImportResult, document: BlueprintDocument): string {
  const columns = document.tables.reduce((n, t) => n + t.fields.length, 0);
  const low = result.report.filter((d) => confidenceLevel(d.confidence) === 'low').length;
  return [plural(document.tables.length, 'table'), plural(columns, 'column'), low > 0 ? `${low} with low confidence` : null, `${count.format(result.skipped.length)} left out`]
    .filter(Boolean)
    .join(', ');
}

/**
 * Step two: the inferred tables, each field's generator with the reason and
 * confidence, live rows of the selected table, and what was left out; then
 * Create.
 */
export function ImportReview({ result, document, stale, canCreate, creating, createErrors, onCreate, headingRef }: ImportReviewProps) {
  const [selected, setSelected] = useState(0);
  const index = Math.min(selected, Math.max(0, document.tables.length - 1));
  const table = document.tables[index];
  const preview = useLivePreview(document, table?.name, table ? `import:${index}` : undefined, document.tables.length > 0);
  const lowByTable = useMemo(() => {
    const low = new Map<string, number>();
    for (const d of result.report) if (confidenceLevel(d.confidence) === 'low') low.set(d.table, (low.get(d.table) ?? 0) + 1);
    return low;
  }, [result.report]);

  return (
    <section className="import-review" aria-labelledby="review-heading">
      <h2 id="review-heading" ref={headingRef} tabIndex={-1}>
        2. Review {document.name ? <q>{document.name}</q> : null}
      </h2>
      <p className="meta">{reviewSummary(result, document)}.</p>
      {stale && (
        <p className="info-box" role="note">
          You changed the source after this review. Create makes what is shown here; Review again to see your changes.
        </p>
      )}
      <div className="button-row create-row">
        {canCreate ? (
          <button type="button" onClick={onCreate} disabled={creating || document.tables.length === 0}>
            {creating ? 'Creating…' : 'Create blueprint'}
          </button>
        ) : (
          <p className="hint">Viewers can review an import; an owner or editor creates the blueprint.</p>
        )}
      </div>
      <PathedErrors items={createErrors} />
      {document.tables.length === 0 ? (
        <p className="empty">The source holds no table to import.</p>
      ) : (
        <div className="import-review-layout">
          <nav className="import-tables" aria-label="Imported tables">
            <ol>
              {document.tables.map((t, i) => {
                const low = lowByTable.get(t.name) ?? 0;
                return (
                  <li key={`${i}:${t.name}`}>
                    <button type="button" className={i === index ? 'table-choice selected' : 'table-choice'} aria-pressed={i === index} onClick={() => setSelected(i)}>
                      <span className="table-name">{t.name}</span>
                      <span className="table-choice-meta">
                        {plural(t.fields.length, 'column')}
                        {low > 0 && <span className="low-count"> · ⚠ {low} low</span>}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ol>
          </nav>
          {table && (
            <div className="import-table">
              <section className="panel" aria-labelledby="import-table-heading">
                <h3 id="import-table-heading">Table {table.name}</h3>
                <p className="meta">{rowsText(table)}</p>
                {result.report
                  .filter((d) => d.table === table.name && d.field === '')
                  .map((d) => (
                    <div key={d.path} className={`decision decision-${confidenceLevel(d.confidence)} rows-decision`}>
                      <div className="decision-head">
                        <strong>Rows</strong>
                        <span className="decision-generator">
                          <span aria-hidden="true">→ </span>
                          <code>{rowsText(table)}</code>
                        </span>
                        <Confidence value={d.confidence} />
                      </div>
                      <p className="decision-reason">{d.reason}</p>
                      {d.details != null && <DecisionDetails subject={`rows of ${table.name} per parent`} details={d.details} fitted={expectedCounts(table)} omit={['rows']} />}
                    </div>
                  ))}
                <DecisionList table={table} decisions={result.report.filter((d) => d.table === table.name)} />
              </section>
              <PreviewTable
                tableName={table.name}
                preview={preview.previewKey === `import:${index}` ? preview.preview : undefined}
                loading={preview.loading}
                invalid={preview.issues.length > 0}
                error={preview.error}
              />
              {preview.issues.length > 0 && (
                <PathedErrors items={preview.issues.map((issue) => ({ path: issue.path || undefined, message: issue.message }))} />
              )}
            </div>
          )}
        </div>
      )}
      <SkippedList skipped={result.skipped} />
    </section>
  );
}
