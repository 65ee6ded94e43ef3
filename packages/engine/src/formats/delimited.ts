import type { CellFormat, Value } from '../generators/types';
import type { FieldPlan, TablePlan } from '../plan/types';
import type { ByteSink } from './byte-sink';
import type { EncodeContext, Encoder, RowSource } from './types';
import type { ResolvedOutput } from './output';

type DelimitedFormat = Exclude<CellFormat, 'json'>;

const TSV_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

const text = (v: Value): string => (typeof v === 'object' ? JSON.stringify(v) : String(v));

// The checks below are indexOf scans, not a regex test: on short cells in
// the row loop they measured ~100 ns per row cheaper (people table, 2 quoted columns).

/** RFC 4180: quote a field holding a quote, comma or line break; NULL is an empty field, '' is `""`. */
function csvQuote(v: Value): string {
  if (v == null) return '';
  const s = typeof v === 'string' ? v : text(v);
  if (s === '') return '""';
  const quote = s.indexOf('"') >= 0;
  if (quote) return `"${s.replace(/"/g, '""')}"`;
  // Commas are the usual reason (company names): no quotes inside, so no replace pass.
  return s.indexOf(',') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0 ? `"${s}"` : s;
}

/** PostgreSQL text format: `\N` is NULL; tabs, newlines and backslashes escaped. */
function tsvEscape(v: Value): string {
  if (v == null) return '\\N';
  const s = typeof v === 'string' ? v : text(v);
  const special = s.indexOf('\\') >= 0 || s.indexOf('\t') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0;
  return special ? s.replace(/[\\\t\n\r]/g, (c) => TSV_ESCAPES[c]) : s;
}

/** Columns whose values can be joined as they are (Array#join prints NULL as empty text). */
const passThrough = (f: FieldPlan) => f.plainText && f.type !== 'json';

/** Per column, the generator's own text for CSV/TSV (arrays as PostgreSQL reads them), where it has one. */
type CellText = ((v: Value) => string) | undefined;
const cellTexts = (table: TablePlan): CellText[] => table.fields.map((f) => (f.ref ? f.ref.field.def : f.def).delimitedText);

/** Any value as `format` writes it in a cell, NULL included (as the row loop below does): what cell writers pre-encode. */
export function delimitedCell(format: DelimitedFormat, v: Value): string {
  const d = format === 'csv' ? CSV : TSV;
  return v == null ? d.null : typeof v === 'number' ? String(v) : d.encode(v);
}

interface Delimited {
  format: DelimitedFormat;
  separator: string;
  lineEnd: string;
  null: string;
  /** Encodes a non-null value of a column that is not pass-through. */
  encode(v: Value): string;
}

const CSV: Delimited = { format: 'csv', separator: ',', lineEnd: '\r\n', null: '', encode: csvQuote };
const TSV: Delimited = { format: 'tsv', separator: '\t', lineEnd: '\n', null: '\\N', encode: tsvEscape };

/** What a spreadsheet reads as the start of a formula (OWASP, CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** `s` as a spreadsheet shows it as text: a leading `'` before what would start a formula. */
export const escapeFormula = (s: string): string => (FORMULA_START.test(s) ? `'${s}` : s);

/** The cell rules of a format with a delimiter, NULL marker or formula escaping of the user's: every value is encoded from its text. */
function customCells(format: DelimitedFormat, output: ResolvedOutput): Delimited {
  const { delimiter, nullMarker } = output;
  // Text only: a number is written bare and no spreadsheet reads -5 as a formula.
  const textOf = output.escapeFormulas ? (v: Value) => (typeof v === 'string' ? escapeFormula(v) : text(v)) : (v: Value) => (typeof v === 'string' ? v : text(v));
  if (format === 'csv') {
    // A value that reads as the NULL marker is quoted, as PostgreSQL's CSV COPY does: only an unquoted marker is NULL.
    const encode = (v: Value): string => {
      const s = textOf(v);
      const quote = s === '' || s === nullMarker || s.includes(delimiter) || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('\r') >= 0;
      return quote ? `"${s.replace(/"/g, '""')}"` : s;
    };
    return { format, separator: delimiter, lineEnd: output.lineEnd, null: nullMarker, encode };
  }
  // PostgreSQL's text format with DELIMITER: the delimiter in a value is escaped with a backslash like a tab.
  const escaped = delimiter.replace(/[\]\\^-]/g, '\\$&');
  const special = new RegExp(`[\\\\\\t\\n\\r${escaped}]`, 'gu');
  const encode = (v: Value): string => textOf(v).replace(special, (c) => TSV_ESCAPES[c] ?? `\\${c}`);
  return { format, separator: delimiter, lineEnd: output.lineEnd, null: nullMarker, encode };
}

function rulesOf(format: DelimitedFormat, output: ResolvedOutput | undefined): Delimited {
  const base = format === 'csv' ? CSV : TSV;
  if (!output) return base;
  if (!output.defaultCells) return customCells(format, output);
  return output.lineEnd === base.lineEnd ? base : { ...base, lineEnd: output.lineEnd };
}

/**
 * The row loop of both delimited formats. Cells with a writer go straight
 * into the sink; the others are made as values and copied in. A table with no
 * writer at all joins each row instead (one native write per row beats a
 * JavaScript copy per cell when every cell is a fresh string). A delimiter or
 * NULL marker of the user's encodes every cell from its value: writers and
 * pass-through columns assume the default quoting.
 */
function delimitedRows(format: DelimitedFormat, ctx: EncodeContext, rows: RowSource, from: number, to: number, sink: ByteSink): void {
  const { table } = ctx;
  const d = rulesOf(format, ctx.output);
  const texts = cellTexts(table);
  if (ctx.output && !ctx.output.defaultCells) return joinedRows(d, table.fields.map(() => false), texts, rows, from, to, sink);
  const writers = rows.useWriters(d.format);
  const n = table.fields.length;
  const plain = table.fields.map(passThrough);
  if (writers.every((w) => !w)) return joinedRows(d, plain, texts, rows, from, to, sink);
  const separator = d.separator.charCodeAt(0);
  const layout = { kind: 'delimited', separator, lineEnd: d.lineEnd, nullText: d.null } as const;
  const put = () => table.fields.map((_, k) => valueCell(d, plain[k], texts[k]));
  const compiled = rows.compiledRows?.(d.format, `${d.format}\u0000${d.lineEnd}`, layout, put, to - from);
  if (compiled) return compiled(from, to, sink, ctx.streamStart);
  for (let r = from; r < to; r++) {
    const values = rows.generate(r);
    for (let k = 0; k < n; k++) {
      if (k > 0) sink.putByte(separator);
      if (writers[k]) {
        if (!rows.emit(k, sink) && d.null) sink.writeAscii(d.null);
        continue;
      }
      const v = values[k];
      if (v == null) sink.writeAscii(d.null);
      else if (typeof v === 'number') sink.putNumber(v);
      else sink.putText(plain[k] ? String(v) : d.encode(texts[k] ? texts[k]!(v) : v));
    }
    sink.writeAscii(d.lineEnd);
  }
}

/** How the row loop above writes a made value of one column (for the compiled rows: one function per column). */
function valueCell(d: Delimited, plain: boolean, text: CellText): (sink: ByteSink, v: Value) => void {
  return (sink, v) => {
    if (v == null) sink.writeAscii(d.null);
    else if (typeof v === 'number') sink.putNumber(v);
    else sink.putText(plain ? String(v) : d.encode(text ? text(v) : v));
  };
}

function joinedRows(d: Delimited, plain: boolean[], texts: CellText[], rows: RowSource, from: number, to: number, sink: ByteSink): void {
  const encoded = plain.map((p, k) => (p ? -1 : k)).filter((k) => k >= 0);
  const parts: Value[] = new Array(plain.length);
  for (let r = from; r < to; r++) {
    const values = rows.generate(r);
    for (let k = 0; k < values.length; k++) parts[k] = values[k] == null ? d.null : values[k];
    for (let q = 0; q < encoded.length; q++) {
      const v = values[encoded[q]];
      if (v != null) parts[encoded[q]] = d.encode(texts[encoded[q]] ? texts[encoded[q]]!(v) : v);
    }
    sink.write(parts.join(d.separator));
    sink.writeAscii(d.lineEnd);
  }
}

function headerRow(format: DelimitedFormat, ctx: EncodeContext): string {
  if (ctx.output && !ctx.output.header) return '';
  const d = rulesOf(format, ctx.output);
  return ctx.table.fields.map((f) => d.encode(f.name)).join(d.separator) + d.lineEnd;
}

export const csvEncoder: Encoder = {
  contentType: 'text/csv; charset=utf-8',
  extension: 'csv',
  header: (ctx) => headerRow('csv', ctx),
  rows: (ctx, rows, from, to, sink) => delimitedRows('csv', ctx, rows, from, to, sink),
  footer: () => '',
};

export const tsvEncoder: Encoder = {
  contentType: 'text/tab-separated-values; charset=utf-8',
  extension: 'tsv',
  header: (ctx) => headerRow('tsv', ctx),
  rows: (ctx, rows, from, to, sink) => delimitedRows('tsv', ctx, rows, from, to, sink),
  footer: () => '',
};
