import type { ImportDecision } from '../../hooks/use-import';
import type { TableDef } from '../../lib/blueprint-document';
import { Confidence, confidenceLevel } from './confidence';
import { DecisionDetails, formatFigure } from './decision-details';
import { fittedFigures } from './fitted-figures';

/** Keys the document format is growing this round (composite keys, declared SQL types); read loosely until every client knows them. */
function primaryKeyOf(table: TableDef): string[] {
  const key: unknown = table.primaryKey;
  if (typeof key === 'string') return [key];
  return Array.isArray(key) ? key.filter((k): k is string => typeof k === 'string') : [];
}

function sqlTypeOf(field: object): string | undefined {
  const sqlType = (field as { sqlType?: unknown }).sqlType;
  return typeof sqlType === 'string' ? sqlType : undefined;
}

/** The figures a sample reported for a column, whose fitted counterparts the field gives. */
function observedKeys(details: unknown): string[] {
  const observed = (details as { observed?: unknown } | null)?.observed;
  return typeof observed === 'object' && observed !== null ? Object.keys(observed) : [];
}

const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

/** A value as the review shows it: text as written, NULL set apart, anything else as JSON. */
function sampleText(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Three values the generator makes for the column, so a wrong guess is seen at a glance. */
function SampleValues({ field, values }: { field: string; values: readonly unknown[] }) {
  return (
    <p className="decision-samples">
      <span className="decision-samples-label">e.g.</span>
      <span role="group" aria-label={`Sample values of ${field}`} className="decision-sample-values">
        {values.map((value, i) => (
          <code key={i} className={value === null ? 'sample-null' : undefined}>
            {sampleText(value)}
          </code>
        ))}
      </span>
    </p>
  );
}

/** Every field of one imported table: its generator, and the import's reason and confidence for it. */
export function DecisionList({ table, decisions }: { table: TableDef; decisions: readonly ImportDecision[] }) {
  const byField = new Map(decisions.map((d) => [d.field, d]));
  const keys = new Set(primaryKeyOf(table));
  return (
    <ol className="decision-list" aria-label={`Columns of ${table.name}`}>
      {table.fields.map((field) => {
        const decision = byField.get(field.name);
        const level = decision ? confidenceLevel(decision.confidence) : undefined;
        const sqlType = sqlTypeOf(field);
        const details = (decision?.details ?? null) as { sqlType?: unknown; nullable?: unknown } | null;
        const notNull = details?.nullable === false;
        return (
          <li key={field.name} className={`decision${level ? ` decision-${level}` : ''}`}>
            <div className="decision-head">
              <span className="decision-field">
                <strong>{field.name}</strong>
                {sqlType && <code className="sql-type">{sqlType}</code>}
                {keys.has(field.name) && <span className="badge key-badge">key</span>}
                {field.unique && <span className="badge">unique</span>}
                {notNull && !keys.has(field.name) && <span className="badge">not null</span>}
                {field.nullRate ? <span className="badge">{percent.format(field.nullRate)} null</span> : null}
              </span>
              <span className="decision-generator">
                <span aria-hidden="true">→ </span>
                <span className="visually-hidden">generator </span>
                <code>{field.generator}</code>
              </span>
              {decision && <Confidence value={decision.confidence} />}
            </div>
            {field.options && Object.keys(field.options).length > 0 && (
              <p className="decision-options">
                <span className="visually-hidden">Options: </span>
                <code>{formatFigure(field.options)}</code>
              </p>
            )}
            <p className="decision-reason">{decision ? decision.reason : 'No reason reported for this field.'}</p>
            {decision?.samples?.length ? <SampleValues field={field.name} values={decision.samples} /> : null}
            {decision?.details != null && (
              <DecisionDetails
                subject={field.name}
                details={decision.details}
                fitted={fittedFigures(field, observedKeys(decision.details), typeof table.rows === 'number' ? table.rows : undefined)}
                omit={[...(details?.sqlType === sqlType ? ['sqlType'] : []), ...(typeof details?.nullable === 'boolean' ? ['nullable'] : [])]}
              />
            )}
          </li>
        );
      })}
    </ol>
  );
}
