import type { RowView, Value } from '../generators/types';
import { cellTooLarge, checkCellText, DEFAULT_MAX_CELL_BYTES, textBytes } from '../cell-limits';

const FIELD_REF = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Options whose text is a language of its own, where braces are not field references. */
const LITERAL_OPTIONS: Record<string, readonly string[]> = { regex: ['pattern'], formula: ['expr'] };

export function isLiteralOption(generator: string, option: string): boolean {
  return LITERAL_OPTIONS[generator]?.includes(option) ?? false;
}

/** Field names a string option reads through `{field}` placeholders. */
export function fieldRefsIn(value: unknown): string[] {
  if (typeof value !== 'string' || !value.includes('{')) return [];
  return [...value.matchAll(FIELD_REF)].map((m) => m[1]);
}

/** Reads an option's value from the row; mixed text stops with a FieldValueError past `maxBytes`. */
export type RowOption = (row: RowView, maxBytes?: number) => Value;

const cellText = (v: Value): string => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * A string option with `{field}` placeholders as a per-row reader. A lone
 * `{field}` passes the value through with its type (a number stays a number);
 * mixed text interpolates, with NULL as empty text. Interpolated text is one
 * cell at most: a template repeating a long field stops before building a
 * string past the limit, and says how large it would have been.
 */
export function compileRowOption(value: string, fieldIndex: (name: string) => number): RowOption {
  const whole = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(value);
  if (whole) {
    const i = fieldIndex(whole[1]);
    // Tagged with the field it passes through, for cell writers that read it directly (see optionField).
    return Object.assign((row: RowView) => row.values[i], { field: i });
  }
  const parts: (string | number)[] = [];
  let last = 0;
  for (const m of value.matchAll(FIELD_REF)) {
    parts.push(value.slice(last, m.index), fieldIndex(m[1]));
    last = m.index + m[0].length;
  }
  parts.push(value.slice(last));
  return (row, maxBytes = DEFAULT_MAX_CELL_BYTES) => {
    let s = '';
    for (let k = 0; k < parts.length; k++) {
      const p = parts[k];
      s += typeof p === 'string' ? p : cellText(row.values[p]);
      // UTF-16 length never exceeds the UTF-8 size: past the limit in units means past it in bytes.
      if (s.length > maxBytes) throw cellTooLarge(textBytes(s) + restBytes(parts, k + 1, row), maxBytes);
    }
    return checkCellText(s, maxBytes);
  };
}

function restBytes(parts: (string | number)[], from: number, row: RowView): number {
  // Measured once per field: a template may repeat one long field thousands of times.
  const fieldBytes = new Map<number, number>();
  let bytes = 0;
  for (let k = from; k < parts.length; k++) {
    const p = parts[k];
    if (typeof p === 'string') bytes += textBytes(p);
    else {
      let b = fieldBytes.get(p);
      if (b === undefined) fieldBytes.set(p, (b = textBytes(cellText(row.values[p]))));
      bytes += b;
    }
  }
  return bytes;
}
