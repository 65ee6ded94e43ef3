import { Transform, type TransformCallback } from 'node:stream';

/**
 * Passes tab-separated rows (PostgreSQL's text COPY, MySQL's LOAD DATA) through
 * and counts their line ends, one per row: a line break inside a value is
 * escaped. For progress; capped at the rows the table has.
 */
export class RowCounter extends Transform {
  private lines = 0;
  constructor(
    private readonly cap: number,
    private readonly report: (rows: number) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) this.lines++;
    this.report(Math.min(this.cap, this.lines));
    done(null, bytes);
  }
}
