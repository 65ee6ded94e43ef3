import { useId } from 'react';
import type { CatalogGenerator } from '../../hooks/use-generator-catalog';
import type { FieldDef } from '../../lib/blueprint-document';
import {
  helpText,
  isEditableList,
  isEditableWeights,
  optionControls,
  parseNumberInput,
  withOption,
  type OptionControl,
} from '../../lib/options-schema';
import { humanizeName } from '../../lib/format';
import { withSubject, type LocatedIssue } from '../../lib/document-issues';
import { describedBy, IssueText } from './issue-text';
import { InlineCode } from './inline-code';
import { JsonOption, ListEditor, WeightsEditor } from './option-editors';

interface OptionsFormProps {
  generator: CatalogGenerator | undefined;
  field: FieldDef;
  /** Names of the blueprint's other tables, for `ref`. */
  otherTables: readonly string[];
  /** Issues located at this field (any key). */
  issues: readonly LocatedIssue[];
  readOnly: boolean;
  onChange(options: Record<string, unknown> | undefined): void;
}

/** The options of one field, as a form built from its generator's JSON Schema. */
export function OptionsForm({ generator, field, otherTables, issues, readOnly, onChange }: OptionsFormProps) {
  const options = field.options ?? {};
  const controls = generator ? optionControls(generator.optionsSchema, generator.id) : [];
  const generalIssues = issues.filter((i) => i.key === 'options').map((i) => i.message);
  const errorId = useId();

  function set(name: string, value: unknown) {
    const next = withOption(options, name, value);
    onChange(Object.keys(next).length ? next : undefined);
  }

  if (!generator) {
    return (
      <div className="options-form">
        <p className="hint">Unknown generator “{field.generator}”: its options are edited as JSON.</p>
        <JsonOption label="Options (JSON)" value={field.options} readOnly={readOnly} onChange={(v) => onChange(v as Record<string, unknown> | undefined)} />
      </div>
    );
  }
  return (
    <fieldset className="options-form" aria-describedby={generalIssues.length ? errorId : undefined}>
      <legend>
        Options of <code>{generator.id}</code> for {field.name || 'this field'}
      </legend>
      {controls.length === 0 && <p className="hint">This generator has no options.</p>}
      {controls.map((control) => (
        <OptionControlView
          key={control.name}
          control={control}
          value={options[control.name]}
          otherTables={otherTables}
          messages={issues.filter((i) => i.key === `options.${control.name}` || i.key.startsWith(`options.${control.name}.`) || i.key.startsWith(`options.${control.name}[`)).map((i) => i.message)}
          readOnly={readOnly}
          onChange={(value) => set(control.name, value)}
        />
      ))}
      {generator.id !== 'ref' && controls.some((c) => c.kind === 'text' || c.kind === 'list' || c.kind === 'weights') && (
        <p className="hint">Text options may contain {'{field}'} to use another field of the same row, such as {'{first_name}'}.</p>
      )}
      <IssueText id={errorId} messages={generalIssues} />
    </fieldset>
  );
}

interface ControlProps {
  control: OptionControl;
  value: unknown;
  otherTables: readonly string[];
  messages: string[];
  readOnly: boolean;
  onChange(value: unknown): void;
}

function OptionControlView({ control, value, otherTables, messages, readOnly, onChange }: ControlProps) {
  const id = useId();
  const help = helpText(control);
  const helpId = help ? `${id}-help` : undefined;
  const errorId = messages.length ? `${id}-error` : undefined;
  const name = humanizeName(control.name);
  const label = `${name}${control.required ? ' (required)' : ''}`;
  const shownMessages = messages.map((m) => withSubject(name, m));
  const common = {
    id,
    disabled: readOnly,
    'aria-invalid': messages.length ? true : undefined,
    'aria-describedby': describedBy(helpId, errorId),
    'aria-required': control.required || undefined,
  } as const;
  const placeholder = control.default !== undefined ? String(control.default) : undefined;

  let input;
  switch (control.kind) {
    case 'text':
      input = <input {...common} type="text" value={typeof value === 'string' ? value : value === undefined ? '' : JSON.stringify(value)} placeholder={placeholder} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)} />;
      break;
    case 'integer':
    case 'number':
      input = (
        <input
          {...common}
          type="number"
          inputMode={control.kind === 'integer' ? 'numeric' : 'decimal'}
          min={control.min}
          max={control.max}
          step={control.step ?? 'any'}
          value={typeof value === 'number' || typeof value === 'string' ? value : ''}
          placeholder={placeholder}
          onChange={(e) => onChange(parseNumberInput(e.target.value, control.kind as 'integer' | 'number'))}
        />
      );
      break;
    case 'boolean':
      return (
        <div className={messages.length ? 'option checkbox invalid' : 'option checkbox'}>
          <input {...common} type="checkbox" checked={value === true} onChange={(e) => onChange(e.target.checked ? true : control.default === true ? false : undefined)} />
          <label htmlFor={id}>{label}</label>
          {help && (
            <p id={helpId} className="hint">
              <InlineCode text={help} />
            </p>
          )}
          <IssueText id={`${id}-error`} messages={shownMessages} />
        </div>
      );
    case 'enum':
    case 'table': {
      const choices = control.kind === 'enum' ? control.values : otherTables;
      const current = typeof value === 'string' ? value : '';
      input = (
        <select {...common} value={current} onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}>
          <option value="">{control.kind === 'table' ? 'Choose a table…' : control.default !== undefined ? `Default (${String(control.default)})` : '—'}</option>
          {current && !choices.includes(current) && <option value={current}>{current} (missing)</option>}
          {choices.map((c) => (
            <option key={c} value={c}>
              {c === '' ? '(empty)' : c}
            </option>
          ))}
        </select>
      );
      break;
    }
    case 'weights':
      input = isEditableWeights(value) ? (
        <WeightsEditor id={id} label={name} value={value as Record<string, number> | undefined} readOnly={readOnly} onChange={onChange} />
      ) : (
        <JsonOption id={id} label={name} value={value} readOnly={readOnly} onChange={onChange} />
      );
      break;
    case 'list':
      input = isEditableList(value) ? (
        <ListEditor id={id} label={name} value={value as string[] | undefined} readOnly={readOnly} onChange={onChange} />
      ) : (
        <JsonOption id={id} label={name} value={value} readOnly={readOnly} onChange={onChange} />
      );
      break;
    default:
      input = <JsonOption id={id} label={name} value={value} readOnly={readOnly} onChange={onChange} />;
  }
  const grouped = control.kind === 'weights' || control.kind === 'list';
  return (
    <div className={messages.length ? 'option invalid' : 'option'}>
      {grouped ? <span className="option-label" id={`${id}-label`}>{label}</span> : <label htmlFor={id}>{label}</label>}
      {input}
      {help && (
            <p id={helpId} className="hint">
              <InlineCode text={help} />
            </p>
          )}
      <IssueText id={`${id}-error`} messages={shownMessages} />
    </div>
  );
}
