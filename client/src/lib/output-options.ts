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

/** Same limits as the server's `outputIssues` (engine/formats/output.ts). */
export const MAX_NULL_MARKER = 32;
const BAD_DELIMITER = /["\\\r\n\p{L}\p{N}]/u;
const DEFAULT_DELIMITER: Record<'csv' | 'tsv', string> = { csv: ',', tsv: '\t' };

/**
 * What the server would refuse in these options for these formats, keyed by
 * option name, worded as sentences for the control's error line. Checked
 * before asking so the message sits beside its control at once.
 */
export function outputOptionProblems(values: OutputOptionValues, formats: readonly string[]): Partial<Record<keyof OutputOptionValues, string>> {
  const delimited = formats.map((f) => f.toLowerCase()).filter((f): f is 'csv' | 'tsv' => isDelimited(f));
  if (delimited.length === 0) return {};
  const problems: Partial<Record<keyof OutputOptionValues, string>> = {};
  if (values.delimiter) {
    if ([...values.delimiter].length !== 1) problems.delimiter = 'The delimiter is exactly one character, such as ; or |.';
    else if (BAD_DELIMITER.test(values.delimiter)) problems.delimiter = 'The delimiter cannot be a quote, a backslash, a line break, a letter or a digit.';
  }
  const marker = values.nullMarker;
  if (marker) {
    if (marker.length > MAX_NULL_MARKER) problems.nullMarker = `The NULL marker has at most ${MAX_NULL_MARKER} characters.`;
    else if (/[\r\n"]/.test(marker)) problems.nullMarker = 'The NULL marker cannot hold a quote or a line break.';
    else {
      const clash = delimited.find((f) => marker.includes(values.delimiter || DEFAULT_DELIMITER[f]));
      if (clash) problems.nullMarker = `The NULL marker cannot hold the ${clash.toUpperCase()} delimiter.`;
    }
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
