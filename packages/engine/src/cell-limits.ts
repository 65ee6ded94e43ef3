import { EngineError } from './errors';

/** PRODUCT.md §9: bytes in one cell. Servers pass `config.limits.cellBytes` as `maxCellBytes`. */
export const DEFAULT_MAX_CELL_BYTES = 65_536;

/** PRODUCT.md §9: bytes in one preview response, estimated as the JSON of its rows. */
export const DEFAULT_MAX_PREVIEW_BYTES = 10_000_000;

export function cellLimitOf(options?: { maxCellBytes?: number }): number {
  const limit = options?.maxCellBytes;
  return typeof limit === 'number' && limit > 0 ? limit : DEFAULT_MAX_CELL_BYTES;
}

/** A count as users read it: 10,000,000 (and no 30-digit figures for nested repetitions). */
export function formatCount(n: number): string {
  if (!Number.isFinite(n) || n >= 1e15) return 'more than 1,000,000,000,000,000';
  return Math.round(n).toLocaleString('en-US');
}

/** UTF-8 size of text: what the cell costs in every output format before escaping. */
export function textBytes(s: string): number {
  return Buffer.byteLength(s, 'utf8');
}

/** UTF-8 size of any cell value (objects as their JSON). */
export function valueBytes(v: unknown): number {
  if (v == null) return 0;
  if (typeof v === 'string') return textBytes(v);
  if (typeof v === 'object') return textBytes(JSON.stringify(v) ?? '');
  return String(v).length;
}

/**
 * An error about one field's value, raised where the value is made
 * (generators, formulas, row options), which do not know their field: the
 * row generator names the field on the way out (`at`).
 */
export class FieldValueError extends EngineError {
  constructor(readonly detail: string, readonly suffix = '', fieldPath?: string) {
    super('BAD_USER_INPUT', fieldPath ? `${fieldPath}${suffix}: ${detail}` : detail, fieldPath && `${fieldPath}${suffix}`);
    this.name = 'FieldValueError';
  }

  at(fieldPath: string): FieldValueError {
    return this.path ? this : new FieldValueError(this.detail, this.suffix, fieldPath);
  }
}

/** `error` with the field's path when it is a value error that has none yet. */
export function atField(error: unknown, fieldPath: string): unknown {
  return error instanceof FieldValueError ? error.at(fieldPath) : error;
}

/** `atLeast`: the value was stopped part-way, so `bytes` is what it had reached. */
export function cellTooLarge(bytes: number, limit: number, atLeast = false): FieldValueError {
  return new FieldValueError(`makes a value of ${atLeast ? 'at least ' : ''}${formatCount(bytes)} bytes; at most ${formatCount(limit)} per cell`);
}

/** `text` when it fits a cell; otherwise a FieldValueError. UTF-16 length × 3 bounds the UTF-8 size, so short text costs one comparison. */
export function checkCellText(text: string, limit: number): string {
  if (text.length * 3 <= limit) return text;
  const bytes = textBytes(text);
  if (bytes > limit) throw cellTooLarge(bytes, limit);
  return text;
}

/** Like checkCellText for any value a generator returns (only text can grow). */
export function checkCellValue<V>(value: V, limit: number): V {
  if (typeof value === 'string') checkCellText(value, limit);
  return value;
}
