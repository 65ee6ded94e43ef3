import { useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useStartRun } from '../../hooks/use-start-run';
import { noErrors, type FormErrors } from '../../lib/errors';
import { initialStartRunValues, startRunErrors, toStartRunInput, type StartRunValues } from '../../lib/start-run-input';
import { FormErrorList, TextField } from '../text-field';
import { RunTargetFields } from './run-target-fields';

/** Which error messages each form value answers to. */
const ERROR_KEYS_OF: Partial<Record<keyof StartRunValues, string[]>> = {
  targetKind: ['target.files.formats', 'target.files.dialect', 'target.database.url', 'output', 'output.delimiter', 'output.lineEnding', 'output.nullMarker'],
  formats: ['target.files.formats', 'output.delimiter', 'output.lineEnding', 'output.nullMarker'],
  output: ['output', 'output.delimiter', 'output.lineEnding', 'output.nullMarker'],
  dialect: ['target.files.dialect'],
  databaseUrl: ['target.database.url'],
  rows: ['rows'],
  table: ['table', 'rows'],
  seed: ['seed'],
};

interface StartRunFormProps {
  projectId: string;
  blueprintId: string;
  /** The saved revision a run would pin (unsaved edits are not part of it). */
  revision: number;
  /** Tables with a fixed row count: the ones `rows` can resize. */
  sizableTables: string[];
}

/** Starts a run of the blueprint's saved revision and opens its page. */
export function StartRunForm({ projectId, blueprintId, revision, sizableTables }: StartRunFormProps) {
  const [values, setValues] = useState<StartRunValues>(initialStartRunValues);
  const [errors, setErrors] = useState<FormErrors>(noErrors);
  const [startRun, { loading }] = useStartRun();
  const navigate = useNavigate();
  // The run's page keeps the URL's form of the project (its slug, as links show it).
  const { project: inUrl } = useParams();
  function change(patch: Partial<StartRunValues>) {
    setValues((v) => ({ ...v, ...patch }));
    // A message about a field goes once the user changes that field.
    const touched = Object.keys(patch).flatMap((key) => ERROR_KEYS_OF[key as keyof StartRunValues] ?? []);
    setErrors((e) => (touched.some((k) => k in e.fields) ? { ...e, fields: Object.fromEntries(Object.entries(e.fields).filter(([k]) => !touched.includes(k))) } : e));
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const checked = toStartRunInput(blueprintId, values);
    if ('errors' in checked) {
      setErrors(checked.errors);
      return;
    }
    setErrors(noErrors);
    try {
      const run = await startRun({ ...checked.input, revision });
      if (run) navigate(`/p/${inUrl ?? projectId}/runs/${run.id}`);
    } catch (error) {
      setErrors(startRunErrors(error));
    }
  }

  return (
    <form className="start-run-form" onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={loading} aria-label="Start a run">
      <p className="hint">Runs revision {revision}, the last one saved. Save your edits first to include them.</p>
      <FormErrorList messages={errors.form} />
      <RunTargetFields projectId={projectId} values={values} errors={errors.fields} onChange={change} />
      <div className="settings-grid">
        <TextField
          label="Rows"
          inputMode="numeric"
          autoComplete="off"
          placeholder="as in the blueprint"
          value={values.rows}
          onChange={(e) => change({ rows: e.target.value })}
          hint="Child tables scale with it."
          error={errors.fields.rows}
        />
        {sizableTables.length > 1 && (
          <div className="field compact">
            <label htmlFor="start-run-table">Rows of table</label>
            <select id="start-run-table" value={values.table} onChange={(e) => change({ table: e.target.value })}>
              <option value="">{sizableTables[0]} (first)</option>
              {sizableTables.slice(1).map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
            {errors.fields.table && <p className="field-error" role="alert">{errors.fields.table}</p>}
          </div>
        )}
        <TextField
          label="Seed"
          inputMode="numeric"
          autoComplete="off"
          placeholder="the blueprint's seed"
          value={values.seed}
          onChange={(e) => change({ seed: e.target.value })}
          error={errors.fields.seed}
        />
      </div>
      <button type="submit" disabled={loading}>
        {loading ? 'Starting…' : 'Start run'}
      </button>
    </form>
  );
}
