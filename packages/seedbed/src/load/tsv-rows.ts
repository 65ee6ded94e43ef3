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

/** `rows` rows' cells, row after row: the parameters of one multi-row INSERT. */
export interface CellBatch {
  cells: Cell[];
  rows: number;
}

const UNESCAPE: Record<string, string> = { '\\\\': '\\', '\\t': '\t', '\\n': '\n', '\\r': '\r' };
const NEWLINE = 0x0a;

/**
 * The table's rows (references closing a cycle as NULL, as the INSERTs
 * write them) in batches of `batchRows` (the last one shorter), read chunk
 * by chunk as the consumer goes. A full batch's `cells` array is reused for
 * the next one: bind it before asking for more. Cells are cut out of each
 * chunk's text in one pass, so the only objects made per row are its cells
 * (no array per row or per line: on the people table those and their
 * garbage collection cost as much as binding the rows).
 */
export async function* tsvBatches(plan: Plan, name: string, options: { workers?: number; dialect: 'mysql' | 'sqlite'; stripNul?: boolean; batchRows: number }): AsyncGenerator<CellBatch> {
  const table = plan.table(name);
  const numeric = table.fields.map((f) => {
    const type = (f.ref ? f.ref.field : f).type;
    return type === 'integer' || type === 'float';
  });
  const columns = numeric.length;
  const lastColumn = columns - 1;
  const { batchRows } = options;
  const stripNul = options.stripNul === true;
  const cells: Cell[] = new Array(batchRows * columns);
  let k = 0;
  let rows = 0;
  const stream: Readable = streamTable(plan, name, 'tsv', { workers: options.workers, deferRefs: true, header: false, dialect: options.dialect });
  // Bytes after the last line break seen: a chunk may end inside a line, or inside a character.
  let rest: Buffer | undefined;
  for await (const chunk of stream) {
    const bytes = rest ? Buffer.concat([rest, chunk as Buffer]) : (chunk as Buffer);
    const cut = bytes.lastIndexOf(NEWLINE) + 1;
    rest = cut < bytes.length ? bytes.subarray(cut) : undefined;
    if (!cut) continue;
    const text = bytes.toString('utf8', 0, cut);
    // No backslash in the chunk: no escape and no NULL (`\N`) in any cell; no NUL: nothing to strip.
    const escaped = text.indexOf('\\') >= 0;
    const nul = stripNul && text.indexOf('\0') >= 0;
    let pos = 0;
    while (pos < text.length) {
      const lineEnd = text.indexOf('\n', pos);
      for (let c = 0; c < columns; c++) {
        const stop = c === lastColumn ? lineEnd : text.indexOf('\t', pos);
        const s = text.slice(pos, stop);
        if (stop < 0 || stop > lineEnd || (c === lastColumn && s.indexOf('\t') >= 0)) throw new Error(`a row of "${name}" does not have ${columns} cells`);
        pos = stop + 1;
        if ((escaped || nul) && (s.indexOf('\\') >= 0 || (nul && s.indexOf('\0') >= 0))) cells[k++] = s === '\\N' ? null : numeric[c] ? toNumber(unescape(s, stripNul)) : unescape(s, stripNul);
        else cells[k++] = numeric[c] ? toNumber(s) : s;
      }
      if (++rows === batchRows) {
        yield { cells, rows };
        k = 0;
        rows = 0;
      }
    }
  }
  if (rest) throw new Error(`the rows of "${name}" ended inside a line`);
  if (rows) yield { cells: cells.slice(0, k), rows };
}

function unescape(s: string, stripNul: boolean): string {
  const text = s.indexOf('\\') >= 0 ? s.replace(/\\[\\tnr]/g, (e) => UNESCAPE[e]) : s;
  return stripNul ? text.replace(/\0/g, '') : text;
}

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;
const DIGITS = /^-?\d+$/;

/**
 * A number as SQLite reads its literal: digits alone are an INTEGER (bound
 * as a bigint, since a JavaScript number binds as REAL), past 64 bits a
 * REAL, anything else a REAL; text that is no number stays text, as the
 * literal quoted it.
 */
function toNumber(s: string): Cell {
  if (DIGITS.test(s)) {
    // Up to 18 digits always fit in 64 bits.
    if (s.length <= 18) return BigInt(s);
    const n = BigInt(s);
    return n >= INT64_MIN && n <= INT64_MAX ? n : Number(s);
  }
  const n = Number(s);
  return s.trim() !== '' && Number.isFinite(n) ? n : s;
}
