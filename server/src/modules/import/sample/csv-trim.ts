/**
 * Cuts each CSV record after its first `keep` cells, in the text, before the
 * CSV parser sees it: the parser then never builds the cells past the limit
 * (csv-parse made 10 million strings of a 22 MB, 120,000-column sample, for
 * 500 columns kept). A tight scan of the text, chunk by chunk, that knows of
 * quoting as RFC 4180 (and csv-parse) has it: a quote opens a quoted cell
 * only at the cell's start, `""` inside is a quote, and delimiters and line
 * breaks inside quotes belong to the cell. Line endings are kept as written.
 */
const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

export class CsvTrimmer {
  /** Cells of the first record that is not empty (the header, as the parser skips empty lines), once it has ended. */
  headerCells: number | undefined;
  /** Records cut short, the header included. */
  recordsCut = 0;
  private cells = 1;
  private empty = true;
  /** Nothing of the record read yet (CRs aside). */
  private fresh = true;
  private atCellStart = true;
  private quoted = false;
  /** Inside quotes, the last character was a quote: the next decides between `""` and the end of quoting. */
  private quotePending = false;
  private skipping = false;
  /** While skipping: the last character skipped was a CR (the record ends with CRLF). */
  private skippedCr = false;
  private readonly delimiter: number;

  constructor(delimiter: string, private readonly keep: number) {
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** The chunk with the cells past `keep` of each record left out. */
  push(text: string): string {
    let out = '';
    let from = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (this.quoted) {
        if (this.quotePending) {
          this.quotePending = false;
          if (c === QUOTE) continue; // `""`: a quote inside the cell
          this.quoted = false; // the quote ended the quoting; this character is read below
        } else {
          if (c === QUOTE) this.quotePending = true;
          continue;
        }
      }
      const fresh = this.fresh;
      if (c !== CR && c !== LF) this.empty = this.fresh = false;
      if (c === QUOTE && this.atCellStart) {
        this.quoted = true;
        this.atCellStart = false;
        continue;
      }
      if (c === this.delimiter) {
        this.cells++;
        this.atCellStart = true;
        if (this.cells === this.keep + 1 && !this.skipping) {
          // The first cell past the limit starts here: keep what came before, drop from this delimiter on.
          // A record cut to one empty cell keeps it quoted, or the parser would skip it as an empty line.
          out += text.slice(from, i) + (fresh ? '""' : '');
          this.skipping = true;
          this.recordsCut++;
        }
        continue;
      }
      if (c === LF) {
        if (this.skipping) {
          out += this.skippedCr ? '\r\n' : '\n';
          from = i + 1;
          this.skipping = false;
        }
        if (!this.empty) this.headerCells ??= this.cells;
        this.cells = 1;
        this.empty = true;
        this.fresh = true;
        this.atCellStart = true;
        this.skippedCr = false;
        continue;
      }
      this.skippedCr = c === CR;
      this.atCellStart = false;
    }
    if (!this.skipping) out += text.slice(from);
    return out;
  }

  /** At the end of the text: a last record without a line break has ended too. */
  end(): void {
    if (!this.empty) this.headerCells ??= this.cells;
  }
}
