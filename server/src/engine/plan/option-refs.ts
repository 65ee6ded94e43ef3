import type { RowView, Value } from '../generators/types';

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

export type RowOption = (row: RowView) => Value;

/**
 * A string option with `{field}` placeholders as a per-row reader. A lone
 * `{field}` passes the value through with its type (a number stays a number);
 * mixed text interpolates, with NULL as empty text.
 */
export function compileRowOption(value: string, fieldIndex: (name: string) => number): RowOption {
  const whole = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(value);
  if (whole) {
    const i = fieldIndex(whole[1]);
    return (row) => row.values[i];
  }
  const parts: (string | number)[] = [];
  let last = 0;
  for (const m of value.matchAll(FIELD_REF)) {
    parts.push(value.slice(last, m.index), fieldIndex(m[1]));
    last = m.index + m[0].length;
  }
  parts.push(value.slice(last));
  return (row) => {
    let s = '';
    for (const p of parts) {
      if (typeof p === 'string') s += p;
      else {
        const v = row.values[p];
        s += v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
      }
    }
    return s;
  };
}
