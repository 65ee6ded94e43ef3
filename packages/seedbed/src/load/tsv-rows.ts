/**
 * A table's rows as values read back from the engine's TSV (its fastest
 * output: the compiled cell writers), for a driver that binds parameters
 * instead of parsing SQL text (SQLite's prepared statements).
 *
 * Only for tables whose every column's TSV text is exactly what its SQL
 * literal spells (`valuesAsText`), so binding stores what the SQL script's
 * INSERTs store: numbers are bound as numbers (a column without type
 * affinity keeps them as such), everything else as the literal's text.
 */
import type { Readable } from 'node:stream';
import { streamTable, type Plan } from '@seedbed/engine';

const SAME_AS_LITERAL = new Set(['string', 'integer', 'float', 'uuid', 'date']);

/** Whether every column of the table reads back from TSV as the value its SQL literal spells. */
export function valuesAsText(plan: Plan, name: string): boolean {
  return plan.table(name).fields.every((f) => {
    const source = f.ref ? f.ref.field : f;
    return SAME_AS_LITERAL.has(source.type) && !source.def.sqlLiteral && !source.def.delimitedText;
  });
}

export type Cell = string | number | bigint | null;

const UNESCAPE: Record<string, string> = { '\\\\': '\\', '\\t': '\t', '\\n': '\n', '\\r': '\r' };

/**
 * The table's rows (references closing a cycle as NULL, as the INSERTs
 * write them), one array of cells per row, read chunk by chunk as the
 * consumer goes: memory holds one chunk.
 */
export async function* tsvRows(plan: Plan, name: string, options: { workers?: number; dialect: 'mysql' | 'sqlite'; stripNul?: boolean }): AsyncGenerator<Cell[][]> {
  const table = plan.table(name);
  const numeric = table.fields.map((f) => {
    const type = (f.ref ? f.ref.field : f).type;
    return type === 'integer' || type === 'float';
  });
  const numericColumns = numeric.flatMap((n, c) => (n ? [c] : []));
  const stream: Readable = streamTable(plan, name, 'tsv', { workers: options.workers, deferRefs: true, header: false, dialect: options.dialect });
  let rest = '';
  for await (const chunk of stream) {
    const text = rest + (chunk as Buffer).toString('utf8');
    const last = text.lastIndexOf('\n');
    rest = text.slice(last + 1);
    if (last < 0) continue;
    const lines = text.slice(0, last).split('\n');
    const rows: Cell[][] = new Array(lines.length);
    // No backslash in the chunk: no escape and no NULL (`\N`) in any cell, so the split parts are the cells but numbers.
    if (text.indexOf('\\') < 0 && !(options.stripNul && text.indexOf('\0') >= 0)) {
      for (let r = 0; r < lines.length; r++) {
        const cells: Cell[] = lines[r].split('\t');
        for (const c of numericColumns) cells[c] = toNumber(cells[c] as string);
        rows[r] = cells;
      }
      yield rows;
      continue;
    }
    for (let r = 0; r < lines.length; r++) {
      const parts = lines[r].split('\t');
      const cells: Cell[] = new Array(parts.length);
      for (let c = 0; c < parts.length; c++) {
        const s = parts[c];
        if (s === '\\N') cells[c] = null;
        else if (numeric[c]) cells[c] = toNumber(s);
        else if (s.indexOf('\\') < 0 && !(options.stripNul && s.indexOf('\0') >= 0)) cells[c] = s;
        else cells[c] = unescape(s, options.stripNul === true);
      }
      rows[r] = cells;
    }
    yield rows;
  }
  if (rest) throw new Error(`the rows of "${name}" ended inside a line`);
}

function unescape(s: string, stripNul: boolean): string {
  const text = s.indexOf('\\') >= 0 ? s.replace(/\\[\\tnr]/g, (e) => UNESCAPE[e]) : s;
  return stripNul ? text.replace(/\0/g, '') : text;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * A number as SQLite reads its literal: digits alone are an INTEGER (bound
 * as a bigint, since a JavaScript number binds as REAL), past 64 bits a
 * REAL, anything else a REAL; text that is no number stays text, as the
 * literal quoted it.
 */
function toNumber(s: string): Cell {
  if (/^-?\d+$/.test(s)) {
    const n = BigInt(s);
    return n >= INT64_MIN && n <= INT64_MAX ? n : Number(s);
  }
  const n = Number(s);
  return s.trim() !== '' && Number.isFinite(n) ? n : s;
}
