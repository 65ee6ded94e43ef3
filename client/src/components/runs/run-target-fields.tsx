import { useId } from 'react';
import type { OutputFormat, SqlDialect } from '../../__generated__/graphql';
import { OUTPUT_FORMATS, SQL_DIALECTS, type StartRunValues } from '../../lib/start-run-input';
import { OutputOptionsFields } from '../output-options-fields';
import { DatabaseTargetFields } from './database-target-fields';

interface RunTargetFieldsProps {
  /** The project a database target is tested for. */
  projectId: string;
  values: StartRunValues;
  errors: Record<string, string>;
  onChange(patch: Partial<StartRunValues>): void;
}

const DIALECT_NAMES: Record<SqlDialect, string> = { POSTGRES: 'PostgreSQL', MYSQL: 'MySQL', SQLITE: 'SQLite' };

/** Where the rows go: files in chosen formats, or a PostgreSQL database. */
export function RunTargetFields({ projectId, values, errors, onChange }: RunTargetFieldsProps) {
  const id = useId();
  const formatsError = errors['target.files.formats'];

  function toggleFormat(format: OutputFormat, on: boolean) {
    onChange({ formats: on ? [...values.formats, format] : values.formats.filter((f) => f !== format) });
  }

  return (
    <>
      <fieldset className="choice-row">
        <legend>Output</legend>
        <label>
          <input type="radio" name={`${id}-kind`} checked={values.targetKind === 'FILES'} onChange={() => onChange({ targetKind: 'FILES' })} /> Files
        </label>
        <label>
          <input type="radio" name={`${id}-kind`} checked={values.targetKind === 'DATABASE'} onChange={() => onChange({ targetKind: 'DATABASE' })} /> PostgreSQL database
        </label>
      </fieldset>

      {values.targetKind === 'FILES' ? (
        <>
          <fieldset className="choice-row" aria-describedby={formatsError ? `${id}-formats-error` : undefined} aria-invalid={formatsError ? true : undefined}>
            <legend>Formats</legend>
            {OUTPUT_FORMATS.map((format) => (
              <label key={format}>
                <input type="checkbox" checked={values.formats.includes(format)} onChange={(e) => toggleFormat(format, e.target.checked)} /> {format}
              </label>
            ))}
            {formatsError && (
              <p id={`${id}-formats-error`} className="field-error" role="alert">
                {formatsError}
              </p>
            )}
          </fieldset>
          <div className="settings-grid">
            <div className="field compact">
              <label htmlFor={`${id}-dialect`}>SQL dialect</label>
              <select
                id={`${id}-dialect`}
                value={values.dialect}
                disabled={!values.formats.includes('SQL')}
                aria-describedby={`${id}-dialect-hint`}
                onChange={(e) => onChange({ dialect: e.target.value as SqlDialect })}
              >
                {SQL_DIALECTS.map((d) => (
                  <option key={d} value={d}>
                    {DIALECT_NAMES[d]}
                  </option>
                ))}
              </select>
              <p id={`${id}-dialect-hint`} className="hint">
                For SQL files.
              </p>
              {errors['target.files.dialect'] && <p className="field-error" role="alert">{errors['target.files.dialect']}</p>}
            </div>
            <label className="checkbox-label">
              <input type="checkbox" checked={values.gzip} onChange={(e) => onChange({ gzip: e.target.checked })} /> Compress with gzip
            </label>
          </div>
          {values.formats.some((f) => f === 'CSV' || f === 'TSV' || f === 'JSON') && (
            <fieldset className="settings-grid output-options">
              <legend>How files are written</legend>
              <OutputOptionsFields
                formats={values.formats}
                values={values.output}
                errors={{ delimiter: errors['output.delimiter'], lineEnding: errors['output.lineEnding'], nullMarker: errors['output.nullMarker'] }}
                onChange={(patch) => onChange({ output: { ...values.output, ...patch } })}
              />
            </fieldset>
          )}
        </>
      ) : (
        <>
          <DatabaseTargetFields projectId={projectId} values={values} error={errors['target.database.url']} onChange={onChange} />
          <div className="choice-row">
            <label className="checkbox-label">
              <input type="checkbox" checked={values.truncate} onChange={(e) => onChange({ truncate: e.target.checked })} /> Empty the tables first
            </label>
            <label className="checkbox-label">
              <input type="checkbox" checked={values.createTables} onChange={(e) => onChange({ createTables: e.target.checked })} /> Create missing tables
            </label>
          </div>
        </>
      )}
    </>
  );
}
