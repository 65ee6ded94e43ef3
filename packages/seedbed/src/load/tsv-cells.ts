/**
 * TSV text (the engine's escapes: `\\`, `\t`, `\n`, `\r`, NULL as `\N`) cut
 * into cells for binding, in batches of `batchRows` rows. No engine import:
 * a SQLite helper thread (sqlite-scratch-worker.ts) parses with it too.
 */

export type Cell = string | number | bigint | null;

/** `rows` rows' cells, row after row: the parameters of one multi-row INSERT. */
export interface CellBatch {
  cells: Cell[];
  rows: number;
}

const UNESCAPE: Record<string, string> = { '\\\\': '\\', '\\t': '\t', '\\n': '\n', '\\r': '\r' };
const NEWLINE = 0x0a;

/**
 * Cells are cut out of each chunk's text in one pass, so the only objects
 * made per row are its cells (no array per row or per line: on the people
 * table those and their garbage collection cost as much as binding the
 * rows). A full batch's `cells` array is reused for the next one: bind it
 * before asking for more.
 */
export class TsvCells {
  private readonly cells: Cell[];
  private k = 0;
  private rows = 0;
  /** Bytes after the last line break seen: a chunk may end inside a line, or inside a character. */
  private rest: Buffer | undefined;

  /** `numeric[c]`: column c holds numbers (bound as SQLite reads their literals); NUL is left out of text when `stripNul`. */
  constructor(
    private readonly numeric: boolean[],
    private readonly batchRows: number,
    private readonly stripNul: boolean,
    private readonly table: string,
  ) {
    this.cells = new Array(batchRows * numeric.length);
  }

  *push(chunk: Buffer): Generator<CellBatch> {
    const bytes = this.rest ? Buffer.concat([this.rest, chunk]) : chunk;
    const cut = bytes.lastIndexOf(NEWLINE) + 1;
    this.rest = cut < bytes.length ? bytes.subarray(cut) : undefined;
    if (!cut) return;
    const text = bytes.toString('utf8', 0, cut);
    const { numeric, cells, batchRows, stripNul } = this;
    const columns = numeric.length;
    const lastColumn = columns - 1;
    // No backslash in the chunk: no escape and no NULL (`\N`) in any cell; no NUL: nothing to strip.
    const escaped = text.indexOf('\\') >= 0;
    const nul = stripNul && text.indexOf('\0') >= 0;
    let pos = 0;
    while (pos < text.length) {
      const lineEnd = text.indexOf('\n', pos);
      for (let c = 0; c < columns; c++) {
        const stop = c === lastColumn ? lineEnd : text.indexOf('\t', pos);
        const s = text.slice(pos, stop);
        if (stop < 0 || stop > lineEnd || (c === lastColumn && s.indexOf('\t') >= 0)) throw new Error(`a row of "${this.table}" does not have ${columns} cells`);
        pos = stop + 1;
        if ((escaped || nul) && (s.indexOf('\\') >= 0 || (nul && s.indexOf('\0') >= 0))) cells[this.k++] = s === '\\N' ? null : numeric[c] ? toNumber(unescape(s, stripNul)) : unescape(s, stripNul);
        else cells[this.k++] = numeric[c] ? toNumber(s) : s;
      }
      if (++this.rows === batchRows) {
        yield { cells, rows: batchRows };
        this.k = 0;
        this.rows = 0;
      }
    }
  }

  /** The last, shorter batch, if any; throws when the text ended inside a line. */
  *end(): Generator<CellBatch> {
    if (this.rest) throw new Error(`the rows of "${this.table}" ended inside a line`);
    if (this.rows) yield { cells: this.cells.slice(0, this.k), rows: this.rows };
    this.k = 0;
    this.rows = 0;
  }
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
