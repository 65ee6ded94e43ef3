import { useId, type ReactNode } from 'react';
import { isDelimited, isJson, MAX_NULL_MARKER, type OutputOptionValues } from '../lib/output-options';

const DELIMITERS = [
  { value: ',', label: 'Comma ,' },
  { value: ';', label: 'Semicolon ;' },
  { value: '|', label: 'Pipe |' },
  { value: '\t', label: 'Tab' },
];

interface OutputOptionsFieldsProps {
  /** The formats that will be written (any case): each option is shown only when one of them uses it. */
  formats: readonly string[];
  values: OutputOptionValues;
  onChange(patch: Partial<OutputOptionValues>): void;
  /** A message per option (the form's own check or the server's refusal at `output.<option>`), shown under its control. Header row and pretty are plain switches the server cannot refuse. */
  errors?: Partial<Record<CheckedOption, string | undefined>>;
}

/** "comma" for CSV alone, "tab" for TSV alone, both named when both are written. */
function perFormat(csv: boolean, tsv: boolean, forCsv: string, forTsv: string): string {
  if (csv && tsv) return `${forCsv} for CSV, ${forTsv} for TSV`;
  return csv ? forCsv : forTsv;
}

/**
 * The output options users of spreadsheets and loaders expect (CSV and TSV:
 * delimiter, line ending, NULL marker, header row; JSON: pretty-printed),
 * for the editor's download and for a run alike. Renders controls only, so
 * they sit in the caller's grid next to its own.
 */
type CheckedOption = 'delimiter' | 'lineEnding' | 'nullMarker';

export function OutputOptionsFields({ formats, values, onChange, errors = {} }: OutputOptionsFieldsProps) {
  const id = useId();
  const csv = formats.some((f) => /^csv$/i.test(f));
  const tsv = formats.some((f) => /^tsv$/i.test(f));
  const delimited = formats.some(isDelimited);
  const json = formats.some(isJson);
  const controlId = (key: CheckedOption) => `${id}-${key}`;
  const invalid = (key: CheckedOption) => (errors[key] ? { 'aria-invalid': true, 'aria-describedby': `${controlId(key)}-error` } : {});
  /** One labelled control with its error line under it. */
  const field = (key: CheckedOption, label: string, control: ReactNode) => (
    <div className={errors[key] ? 'field compact invalid' : 'field compact'}>
      <label htmlFor={controlId(key)}>{label}</label>
      {control}
      {errors[key] && (
        <p id={`${controlId(key)}-error`} className="field-error" role="alert">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <>
      {delimited && (
        <>
          {field(
            'delimiter',
            'Delimiter',
            <select id={controlId('delimiter')} value={values.delimiter} onChange={(e) => onChange({ delimiter: e.target.value })} {...invalid('delimiter')}>
              <option value="">Default ({perFormat(csv, tsv, 'comma', 'tab')})</option>
              {DELIMITERS.map((d) => (
                <option key={d.label} value={d.value}>
                  {d.label}
                </option>
              ))}
            </select>,
          )}
          {field(
            'lineEnding',
            'Line ending',
            <select
              id={controlId('lineEnding')}
              value={values.lineEnding}
              onChange={(e) => onChange({ lineEnding: e.target.value as OutputOptionValues['lineEnding'] })}
              {...invalid('lineEnding')}
            >
              <option value="">Default ({perFormat(csv, tsv, 'CRLF', 'LF')})</option>
              <option value="crlf">CRLF (Windows, RFC 4180)</option>
              <option value="lf">LF (Unix)</option>
            </select>,
          )}
          {field(
            'nullMarker',
            'NULL marker',
            <input
              id={controlId('nullMarker')}
              value={values.nullMarker}
              placeholder={perFormat(csv, tsv, 'empty', '\\N')}
              maxLength={MAX_NULL_MARKER}
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => onChange({ nullMarker: e.target.value })}
              {...invalid('nullMarker')}
            />,
          )}
          <label className="checkbox-label">
            <input type="checkbox" checked={values.header} onChange={(e) => onChange({ header: e.target.checked })} /> Header row
          </label>
          <label className="checkbox-label" title="For Excel, LibreOffice or Google Sheets: a text cell starting with =, +, -, @, a tab or a CR gets a leading ' so it is shown, never run as a formula. Leave off for files a database or a program loads.">
            <input type="checkbox" checked={values.escapeFormulas} onChange={(e) => onChange({ escapeFormulas: e.target.checked })} /> Safe for spreadsheets (escape formulas)
          </label>
        </>
      )}
      {json && (
        <label className="checkbox-label">
          <input type="checkbox" checked={values.pretty} onChange={(e) => onChange({ pretty: e.target.checked })} /> Pretty-printed JSON
        </label>
      )}
    </>
  );
}
