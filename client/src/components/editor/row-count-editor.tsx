import { useId } from 'react';
import { isPerParent, type Distribution, type PerParentRows, type RowCount } from '../../lib/blueprint-document';
import { issuesAt, type LocatedIssue } from '../../lib/document-issues';
import { describedBy, IssueText } from './issue-text';

interface RowCountEditorProps {
  rows: RowCount;
  tableIndex: number;
  /** Tables that can be this one's parent. */
  otherTables: readonly string[];
  issues: readonly LocatedIssue[];
  readOnly: boolean;
  onChange(rows: RowCount): void;
}

const numberOrUndefined = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** A fixed row count, or a count drawn per row of a parent table (uniform, Poisson or Zipf). */
export function RowCountEditor({ rows, tableIndex, otherTables, issues, readOnly, onChange }: RowCountEditorProps) {
  const id = useId();
  const perParent = isPerParent(rows);
  const at = (key: string) => issuesAt(issues, { table: tableIndex, key });
  const general = [...at('rows')];
  const spec: PerParentRows = perParent ? rows : { perParent: otherTables[0] ?? '', min: 0, max: 5 };

  function setSpec(patch: Partial<PerParentRows>) {
    const next: PerParentRows = { ...spec, ...patch };
    for (const key of Object.keys(next) as (keyof PerParentRows)[]) if (next[key] === undefined) delete next[key];
    onChange(next);
  }

  function numberInput(key: 'min' | 'max' | 'mean' | 'exponent', label: string, step: string) {
    const messages = at(`rows.${key}`);
    return (
      <div className="field compact">
        <label htmlFor={`${id}-${key}`}>{label}</label>
        <input
          id={`${id}-${key}`}
          type="number"
          min={0}
          step={step}
          value={spec[key] ?? ''}
          disabled={readOnly}
          aria-invalid={messages.length ? true : undefined}
          aria-describedby={messages.length ? `${id}-${key}-error` : undefined}
          onChange={(e) => setSpec({ [key]: numberOrUndefined(e.target.value) })}
        />
        <IssueText id={`${id}-${key}-error`} messages={messages} />
      </div>
    );
  }

  return (
    <fieldset className="row-count">
      <legend>Rows</legend>
      <div className="radio-row">
        <label>
          <input type="radio" name={`${id}-mode`} checked={!perParent} disabled={readOnly} onChange={() => onChange(100)} /> Fixed count
        </label>
        <label>
          <input type="radio" name={`${id}-mode`} checked={perParent} disabled={readOnly || otherTables.length === 0} onChange={() => onChange(spec)} /> Per parent row
        </label>
      </div>
      {otherTables.length === 0 && !perParent && <p className="hint">Add another table to size this one per parent row.</p>}
      {!perParent ? (
        <div className="field compact">
          <label htmlFor={`${id}-count`}>Row count</label>
          <input
            id={`${id}-count`}
            type="number"
            min={0}
            step={1}
            value={Number.isFinite(rows) ? rows : ''}
            disabled={readOnly}
            aria-invalid={general.length ? true : undefined}
            aria-describedby={describedBy(general.length > 0 && `${id}-rows-error`)}
            onChange={(e) => onChange(e.target.value === '' ? Number.NaN : Number(e.target.value))}
          />
        </div>
      ) : (
        <div className="row-count-grid">
          <div className="field compact">
            <label htmlFor={`${id}-parent`}>Parent table</label>
            <select id={`${id}-parent`} value={spec.perParent} disabled={readOnly} onChange={(e) => setSpec({ perParent: e.target.value })}>
              {!otherTables.includes(spec.perParent) && <option value={spec.perParent}>{spec.perParent || 'Choose…'}</option>}
              {otherTables.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
            <IssueText id={`${id}-parent-error`} messages={at('rows.perParent')} />
          </div>
          {numberInput('min', 'Min per parent', '1')}
          {numberInput('max', 'Max per parent', '1')}
          <div className="field compact">
            <label htmlFor={`${id}-dist`}>Distribution</label>
            <select
              id={`${id}-dist`}
              value={spec.distribution ?? 'uniform'}
              disabled={readOnly}
              onChange={(e) => {
                const distribution = e.target.value as Distribution;
                setSpec({
                  distribution: distribution === 'uniform' ? undefined : distribution,
                  mean: distribution === 'poisson' ? (spec.mean ?? 2) : undefined,
                  exponent: distribution === 'zipf' ? (spec.exponent ?? 1.1) : undefined,
                });
              }}
            >
              <option value="uniform">Uniform</option>
              <option value="poisson">Poisson</option>
              <option value="zipf">Zipf</option>
            </select>
          </div>
          {spec.distribution === 'poisson' && numberInput('mean', 'Mean (λ)', 'any')}
          {spec.distribution === 'zipf' && numberInput('exponent', 'Exponent (s)', 'any')}
        </div>
      )}
      <IssueText id={`${id}-rows-error`} messages={general} />
    </fieldset>
  );
}
