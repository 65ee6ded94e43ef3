/**
 * A growable UTF-8 buffer that encoders write whole rows into. Writing each
 * row's text straight away lets it die young; accumulating a chunk as one
 * big string keeps hundreds of thousands of rope nodes alive across
 * scavenges, and garbage collection then dominates (measured: ~60% of time).
 * Rows should arrive as flat strings (`parts.join(',')`, not `a + ',' + b`):
 * flattening a 40-piece rope costs ~300 ns, more than encoding it.
 * The buffer owns its ArrayBuffer, so workers can transfer it without a copy.
 */
export class ByteSink {
  private buffer: Buffer;
  private position = 0;

  constructor(initialBytes = 1 << 20) {
    this.buffer = Buffer.allocUnsafeSlow(initialBytes);
  }

  write(text: string): void {
    // UTF-16 → UTF-8 is at most 3 bytes per code unit.
    const worst = text.length * 3;
    if (this.position + worst > this.buffer.length) this.grow(worst);
    this.position += this.buffer.utf8Write(text, this.position);
  }

  /** Appends ASCII text that is a constant (separators, line ends). */
  writeAscii(text: string): void {
    if (this.position + text.length > this.buffer.length) this.grow(text.length);
    for (let i = 0; i < text.length; i++) this.buffer[this.position++] = text.charCodeAt(i);
  }

  private grow(needed: number) {
    const next = Buffer.allocUnsafeSlow(Math.max(this.buffer.length * 2, this.position + needed));
    this.buffer.copy(next, 0, 0, this.position);
    this.buffer = next;
  }

  /** The bytes written so far (a view; the sink must not be reused afterwards). */
  bytes(): Buffer {
    return this.buffer.subarray(0, this.position);
  }
}

declare global {
  interface Buffer {
    /** Node's internal fast path behind buf.write(s, offset, 'utf8'); present in every Node release. */
    utf8Write(text: string, offset: number): number;
  }
}
