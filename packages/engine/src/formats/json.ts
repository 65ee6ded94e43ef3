import type { Value } from '../generators/types';
import type { FieldPlan } from '../plan/types';
import type { EncodeContext, Encoder, RowSource } from './types';
import type { ByteSink } from './byte-sink';

type CellJson = (v: Value) => string;

/** A value as JSON, whatever its column's type (cell writers pre-encode constants with it). */
export function jsonValue(v: Value): string {
  return v === undefined ? 'null' : JSON.stringify(v);
}

function jsonCell(field: FieldPlan): CellJson {
  if (field.type === 'integer' || field.type === 'float') {
    return (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v == null ? 'null' : JSON.stringify(v));
  }
  if (field.type === 'boolean') return (v) => (v == null ? 'null' : v ? 'true' : 'false');
  return (v) => (v === undefined ? 'null' : JSON.stringify(v));
}

/**
 * Rows as JSON objects. Values with a cell writer go straight into the sink
 * (see formats/cell-writers); the others are made and encoded here.
 */
function objectRows(ctx: EncodeContext, source: RowSource, from: number, to: number, sink: ByteSink, separator: (row: number) => string): void {
  const { fields } = ctx.table;
  const cells = fields.map(jsonCell);
  const keys = fields.map((f, k) => (k === 0 ? '{' : ',') + JSON.stringify(f.name) + ':');
  const writers = source.useWriters('json');
  if (writers.some((w) => w)) {
    const rowSeparator = separator(ctx.streamStart + 1);
    const put = () => cells.map((cell) => (out: ByteSink, v: Value) => out.putText(cell(v)));
    const compiled = source.compiledRows?.('json', `json\u0000${rowSeparator}`, { kind: 'json', rowSeparator }, put, to - from);
    if (compiled) return compiled(from, to, sink, ctx.streamStart);
  }
  if (writers.some((w) => w)) {
    for (let r = from; r < to; r++) {
      const values = source.generate(r);
      sink.writeAscii(separator(r));
      for (let k = 0; k < cells.length; k++) {
        sink.putText(keys[k]);
        if (!writers[k]) sink.putText(cells[k](values[k]));
        else if (!source.emit(k, sink)) sink.writeAscii('null');
      }
      sink.writeAscii('}');
    }
    return;
  }
  const parts: string[] = new Array(cells.length * 2);
  for (let r = from; r < to; r++) {
    const values = source.generate(r);
    sink.writeAscii(separator(r));
    for (let k = 0; k < cells.length; k++) {
      parts[2 * k] = keys[k];
      parts[2 * k + 1] = cells[k](values[k]);
    }
    sink.write(parts.join(''));
    sink.writeAscii('}');
  }
}

/**
 * Rows as `JSON.stringify(rows, null, 2)` writes them, one row at a time:
 * every value from its own value (cell writers write compact JSON), nested
 * objects indented under their key.
 */
function prettyRows(ctx: EncodeContext, source: RowSource, from: number, to: number, sink: ByteSink): void {
  const keys = ctx.table.fields.map((f, k) => (k === 0 ? '  {\n    ' : ',\n    ') + JSON.stringify(f.name) + ': ');
  const parts: string[] = new Array(keys.length * 2);
  for (let r = from; r < to; r++) {
    const values = source.generate(r);
    for (let k = 0; k < keys.length; k++) {
      const v = values[k];
      parts[2 * k] = keys[k];
      parts[2 * k + 1] = v !== null && typeof v === 'object' ? JSON.stringify(v, null, 2).replace(/\n/g, '\n    ') : jsonValue(v);
    }
    sink.write((r === ctx.streamStart ? '' : ',\n') + parts.join('') + '\n  }');
  }
}

/** One JSON array; rows after the stream's first are preceded by `,\n` (pretty: indented, as `JSON.stringify(rows, null, 2)`). */
export const jsonEncoder: Encoder = {
  contentType: 'application/json; charset=utf-8',
  extension: 'json',
  header: (ctx, rowCount) => (ctx.output?.pretty && rowCount === 0 ? '[]' : '[\n'),
  rows: (ctx, source, from, to, sink) =>
    ctx.output?.pretty ? prettyRows(ctx, source, from, to, sink) : objectRows(ctx, source, from, to, sink, (r) => (r === ctx.streamStart ? '' : ',\n')),
  footer: (ctx, rowCount) => (rowCount > 0 ? '\n]\n' : ctx.output?.pretty ? '\n' : ']\n'),
};

export const ndjsonEncoder: Encoder = {
  contentType: 'application/x-ndjson; charset=utf-8',
  extension: 'ndjson',
  header: () => '',
  rows: (ctx, source, from, to, sink) => objectRows(ctx, source, from, to, sink, (r) => (r === ctx.streamStart ? '' : '\n')),
  footer: (_ctx, rowCount) => (rowCount > 0 ? '\n' : ''),
};
