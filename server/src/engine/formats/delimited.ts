import type { OutputType, Value } from '../generators/types';
import type { FieldPlan } from '../plan/types';
import type { Encoder } from './types';

type CellText = (v: Value) => string;

const CSV_SPECIAL = /[",\r\n]/;

/** RFC 4180: quote a field holding a quote, comma or line break; NULL is an empty field, '' is `""`. */
function csvCell(field: FieldPlan): CellText {
  const json = field.type === 'json';
  if (field.plainText && !json) return (v) => (v == null ? '' : String(v));
  return (v) => {
    if (v == null) return '';
    const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
    if (s === '') return '""';
    return CSV_SPECIAL.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
}

const TSV_SPECIAL = /[\\\t\n\r]/;
const TSV_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };

/** PostgreSQL text format: `\N` is NULL, tabs/newlines/backslashes escaped. */
function tsvCell(field: FieldPlan): CellText {
  if (field.plainText && field.type !== 'json') return (v) => (v == null ? '\\N' : String(v));
  return (v) => {
    if (v == null) return '\\N';
    const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
    return TSV_SPECIAL.test(s) ? s.replace(/[\\\t\n\r]/g, (c) => TSV_ESCAPES[c]) : s;
  };
}

function delimited(separator: string, newline: string, cell: (f: FieldPlan) => CellText, headerCell: (name: string) => string): Encoder {
  return {
    contentType: separator === ',' ? 'text/csv; charset=utf-8' : 'text/tab-separated-values; charset=utf-8',
    extension: separator === ',' ? 'csv' : 'tsv',
    header: ({ table }) => table.fields.map((f) => headerCell(f.name)).join(separator) + newline,
    rows({ table }, source, from, to) {
      const cells = table.fields.map(cell);
      const n = cells.length;
      let out = '';
      for (let r = from; r < to; r++) {
        const values = source(r);
        let line = cells[0](values[0]);
        for (let k = 1; k < n; k++) line += separator + cells[k](values[k]);
        out += line + newline;
      }
      return out;
    },
    footer: () => '',
  };
}

export const csvEncoder = delimited(',', '\r\n', csvCell, (name) => name);
export const tsvEncoder = delimited('\t', '\n', tsvCell, (name) => name);

export type { OutputType };
