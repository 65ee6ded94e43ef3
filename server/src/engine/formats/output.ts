import type { DocumentIssue } from '../document/types';
import { EngineError } from '../errors';
import type { Format } from './types';

export type LineEnding = 'lf' | 'crlf';
export const LINE_ENDINGS: readonly LineEnding[] = ['lf', 'crlf'];

/**
 * How a table is written, beyond its format: what users of spreadsheets and
 * loaders expect to set (Mockaroo's and generatedata's CSV and JSON options).
 * Options of another format are ignored (a run writes several formats with
 * one set), so every key is optional and the defaults are each format's own.
 */
export interface OutputOptions {
  /** CSV and TSV: the one character between fields (default `,` and a tab). */
  delimiter?: string;
  /** CSV and TSV: write the row of column names first (default true). */
  header?: boolean;
  /** CSV and TSV: `crlf` (CSV's default, RFC 4180) or `lf` (TSV's default). */
  lineEnding?: LineEnding;
  /** CSV and TSV: the text of a NULL cell (default: nothing in CSV, `\N` in TSV). */
  nullMarker?: string;
  /** JSON: one key per line, indented by two spaces as `JSON.stringify(rows, null, 2)` (default false). NDJSON stays one row per line. */
  pretty?: boolean;
  /**
   * CSV and TSV for spreadsheets: a text cell that starts with `=`, `+`, `-`,
   * `@`, a tab or a CR gets a leading `'`, so Excel, LibreOffice and Google
   * Sheets show it instead of running it as a formula (OWASP's CSV injection
   * advice). Numbers are left alone. Off by default: the file then no longer
   * holds the values as generated, which a database load wants (default false).
   */
  escapeFormulas?: boolean;
}

/** Output options with every default filled in, for one format. */
export interface ResolvedOutput {
  delimiter: string;
  header: boolean;
  lineEnd: string;
  nullMarker: string;
  pretty: boolean;
  escapeFormulas: boolean;
  /** Cells are written exactly as the default delimiter and NULL marker write them (the fast paths, cell writers included, apply). */
  defaultCells: boolean;
}

/** A NULL marker is a cell's text, not a payload. */
export const MAX_NULL_MARKER = 32;

const DEFAULTS: Record<'csv' | 'tsv', { delimiter: string; lineEnd: string; nullMarker: string }> = {
  csv: { delimiter: ',', lineEnd: '\r\n', nullMarker: '' },
  tsv: { delimiter: '\t', lineEnd: '\n', nullMarker: '\\N' },
};

const isDelimited = (format: string): format is 'csv' | 'tsv' => format === 'csv' || format === 'tsv';

const OPTION_KEYS = ['delimiter', 'header', 'lineEnding', 'nullMarker', 'pretty', 'escapeFormulas'];

/** Characters a delimiter cannot be: quoting and escaping (`"`, `\`), line breaks, and letters or digits (numbers and escapes are written bare). */
const BAD_DELIMITER = /["\\\r\n\p{L}\p{N}]/u;

/**
 * Every problem of `options` for the formats it will be used with, each at
 * `base` + the key (`output.delimiter`, or `delimiter` for query parameters).
 */
export function outputIssues(options: unknown, formats: readonly string[], base = ''): DocumentIssue[] {
  const at = (key: string) => (base ? `${base}.${key}` : key);
  if (options === undefined || options === null) return [];
  if (typeof options !== 'object' || Array.isArray(options)) return [{ path: base || 'output', message: 'must be an object of output options' }];
  const o = options as Record<string, unknown>;
  const issues: DocumentIssue[] = [];
  for (const key of Object.keys(o)) {
    if (!OPTION_KEYS.includes(key)) issues.push({ path: at(key), message: `is not an output option (${OPTION_KEYS.join(', ')})` });
  }
  if (o.delimiter !== undefined && o.delimiter !== null) {
    if (typeof o.delimiter !== 'string' || [...o.delimiter].length !== 1) issues.push({ path: at('delimiter'), message: 'must be exactly one character, such as ; or |' });
    else if (BAD_DELIMITER.test(o.delimiter)) issues.push({ path: at('delimiter'), message: 'cannot be a quote, a backslash, a line break, a letter or a digit' });
  }
  for (const key of ['header', 'pretty', 'escapeFormulas']) {
    if (o[key] !== undefined && o[key] !== null && typeof o[key] !== 'boolean') issues.push({ path: at(key), message: 'must be true or false' });
  }
  if (o.lineEnding !== undefined && o.lineEnding !== null && !LINE_ENDINGS.includes(o.lineEnding as LineEnding)) {
    issues.push({ path: at('lineEnding'), message: 'must be lf or crlf' });
  }
  if (o.nullMarker !== undefined && o.nullMarker !== null) {
    const marker = o.nullMarker;
    if (typeof marker !== 'string') issues.push({ path: at('nullMarker'), message: 'must be text, such as NULL or \\N' });
    else if (marker.length > MAX_NULL_MARKER) issues.push({ path: at('nullMarker'), message: `must be at most ${MAX_NULL_MARKER} characters` });
    else if (/[\r\n"]/.test(marker)) issues.push({ path: at('nullMarker'), message: 'cannot hold a quote or a line break' });
    else {
      const clash = formats.filter(isDelimited).find((f) => marker.includes(typeof o.delimiter === 'string' ? o.delimiter : DEFAULTS[f].delimiter));
      if (clash) issues.push({ path: at('nullMarker'), message: `cannot hold the ${clash.toUpperCase()} delimiter` });
    }
  }
  return issues;
}

/** `options` for `format` with its defaults filled in; BAD_USER_INPUT (every issue, each with its path) when they are not valid. */
export function resolveOutput(format: Format | string, options?: OutputOptions | null, base = ''): ResolvedOutput {
  const issues = outputIssues(options, [format], base);
  if (issues.length) throw new EngineError('BAD_USER_INPUT', `${issues[0].path}: ${issues[0].message}`, issues[0].path, issues);
  const o = options ?? {};
  const defaults = isDelimited(format) ? DEFAULTS[format] : DEFAULTS.csv;
  const delimiter = o.delimiter ?? defaults.delimiter;
  const nullMarker = o.nullMarker ?? defaults.nullMarker;
  const lineEnd = o.lineEnding === 'lf' ? '\n' : o.lineEnding === 'crlf' ? '\r\n' : defaults.lineEnd;
  return {
    delimiter,
    header: o.header ?? true,
    lineEnd,
    nullMarker,
    pretty: format === 'json' && o.pretty === true,
    escapeFormulas: isDelimited(format) && o.escapeFormulas === true,
    // Escaping formulas looks at every text cell, which the pre-encoded fast paths do not.
    defaultCells: delimiter === defaults.delimiter && nullMarker === defaults.nullMarker && o.escapeFormulas !== true,
  };
}

