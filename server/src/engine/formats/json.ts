import type { Value } from '../generators/types';
import type { FieldPlan } from '../plan/types';
import type { EncodeContext, Encoder, RowSource } from './types';

type CellJson = (v: Value) => string;

function jsonCell(field: FieldPlan): CellJson {
  if (field.type === 'integer' || field.type === 'float') {
    return (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v == null ? 'null' : JSON.stringify(v));
  }
  if (field.type === 'boolean') return (v) => (v == null ? 'null' : v ? 'true' : 'false');
  return (v) => (v === undefined ? 'null' : JSON.stringify(v));
}

function objectRows(ctx: EncodeContext, source: RowSource, from: number, to: number, separator: (row: number) => string): string {
  const { fields } = ctx.table;
  const cells = fields.map(jsonCell);
  const keys = fields.map((f, k) => (k === 0 ? '{' : ',') + JSON.stringify(f.name) + ':');
  let out = '';
  for (let r = from; r < to; r++) {
    const values = source(r);
    let line = separator(r);
    for (let k = 0; k < cells.length; k++) line += keys[k] + cells[k](values[k]);
    out += line + '}';
  }
  return out;
}

/** One JSON array; rows after the stream's first are preceded by `,\n`. */
export const jsonEncoder: Encoder = {
  contentType: 'application/json; charset=utf-8',
  extension: 'json',
  header: () => '[\n',
  rows: (ctx, source, from, to) => objectRows(ctx, source, from, to, (r) => (r === ctx.streamStart ? '' : ',\n')),
  footer: (_ctx, rowCount) => (rowCount > 0 ? '\n]\n' : ']\n'),
};

export const ndjsonEncoder: Encoder = {
  contentType: 'application/x-ndjson; charset=utf-8',
  extension: 'ndjson',
  header: () => '',
  rows: (ctx, source, from, to) => objectRows(ctx, source, from, to, (r) => (r === ctx.streamStart ? '' : '\n')),
  footer: (_ctx, rowCount) => (rowCount > 0 ? '\n' : ''),
};
