import { MAX_NULL_MARKER, outputIssues } from '@seedbed/engine/document';
import type { OutputOptionsInput } from '../__generated__/graphql';

/**
 * How files are written beyond their format (CSV and TSV: delimiter, header
 * row, line ending, NULL marker, formula escaping; JSON: pretty), as a form holds them. Empty
 * text means "the format's default", so nothing is sent for it. One shape for
 * the editor's download (rows API query) and a run (`StartRunInput.output`).
 */
export interface OutputOptionValues {
  delimiter: string;
  header: boolean;
  lineEnding: '' | 'lf' | 'crlf';
  nullMarker: string;
  pretty: boolean;
  /** For spreadsheets: a text cell that would start a formula gets a leading '. */
  escapeFormulas: boolean;
}

export const defaultOutputOptions: OutputOptionValues = { delimiter: '', header: true, lineEnding: '', nullMarker: '', pretty: false, escapeFormulas: false };

/** The formats (lower case, as the rows API names them) each group of options affects. */
export const isDelimited = (format: string) => /^(csv|tsv)$/i.test(format);
export const isJson = (format: string) => /^json$/i.test(format);

export { MAX_NULL_MARKER };

const SUBJECT: Partial<Record<string, string>> = { delimiter: 'The delimiter', nullMarker: 'The NULL marker' };

/**
 * What the server would refuse in these options for these formats, keyed by
 * option name, worded as sentences for the control's error line. The
 * engine's own check (`outputIssues`), run before asking so the message sits
 * beside its control at once.
 */
export function outputOptionProblems(values: OutputOptionValues, formats: readonly string[]): Partial<Record<keyof OutputOptionValues, string>> {
  // Only CSV and TSV use these two; a form whose formats do not hides them.
  if (!formats.some(isDelimited)) return {};
  const options = { delimiter: values.delimiter || undefined, nullMarker: values.nullMarker || undefined };
  const problems: Partial<Record<keyof OutputOptionValues, string>> = {};
  for (const issue of outputIssues(options, formats.map((f) => f.toLowerCase()))) {
    const key = issue.path as keyof OutputOptionValues;
    problems[key] ??= `${SUBJECT[key] ?? key} ${issue.message}.`;
  }
  return problems;
}

/** `StartRunInput.output` for these formats: only options the formats use and that differ from the defaults; undefined when there are none. */
export function toOutputOptionsInput(values: OutputOptionValues, formats: readonly string[]): OutputOptionsInput | undefined {
  const output: OutputOptionsInput = {};
  if (formats.some(isDelimited)) {
    if (values.delimiter) output.delimiter = values.delimiter;
    if (!values.header) output.header = false;
    if (values.lineEnding) output.lineEnding = values.lineEnding === 'lf' ? 'LF' : 'CRLF';
    if (values.nullMarker) output.nullMarker = values.nullMarker;
    if (values.escapeFormulas) output.escapeFormulas = true;
  }
  if (formats.some(isJson) && values.pretty) output.pretty = true;
  return Object.keys(output).length > 0 ? output : undefined;
}
