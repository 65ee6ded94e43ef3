import { Transform, type TransformCallback } from 'node:stream';

/**
 * Passes rows of text through and counts line ends as rows, for progress
 * only: `skip` header lines left out, and capped at the table's rows (a
 * quoted CSV value holding a line break overcounts; in tab-separated text
 * such a break is escaped). The database's own count is the one reported.
 */
export class LineCounter extends Transform {
  private lines = 0;
  constructor(
    private readonly cap: number,
    private readonly report: (rows: number) => void,
    private readonly skip = 0,
  ) {
    super();
  }

  override _transform(chunk: Buffer | string, _encoding: BufferEncoding, done: TransformCallback): void {
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let at = bytes.indexOf(10); at !== -1; at = bytes.indexOf(10, at + 1)) this.lines++;
    this.report(Math.max(0, Math.min(this.cap, this.lines - this.skip)));
    done(null, bytes);
  }
}
