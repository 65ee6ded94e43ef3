/**
 * A growable UTF-8 buffer that encoders write into, by whole strings or, on
 * the text formats' hot path, byte by byte from cell writers.
 *
 * Strings: writing each row's text straight away lets it die young;
 * accumulating a chunk as one big string keeps hundreds of thousands of rope
 * nodes alive across scavenges, and garbage collection then dominates
 * (measured: ~60% of time). Rows should arrive as flat strings
 * (`parts.join(',')`, not `a + ',' + b`): flattening a 40-piece rope costs
 * ~300 ns, more than encoding it.
 *
 * Bytes: a native write costs ~85 ns per call whatever its length, so short
 * text is copied by the `put*` methods in JavaScript instead, and cell
 * writers put digits and pre-encoded list entries without making a string.
 * The buffer owns its ArrayBuffer, so workers can transfer it without a copy.
 */
// Module bindings, not `Math.*` globals: see random/hash.ts.
const { floor } = Math;
const { isSafeInteger } = Number;

export class ByteSink {
  /** The bytes; `pos` is the end of what was written. Cell writers write here directly after `ensure`. */
  buf: Buffer;
  pos = 0;
  /** `buf` as a DataView (for `putSlice`, and writers putting two or four bytes at once after `ensure`). */
  view: DataView;

  constructor(initialBytes = 1 << 20) {
    this.buf = Buffer.allocUnsafeSlow(initialBytes);
    this.view = new DataView(this.buf.buffer, this.buf.byteOffset, this.buf.length);
  }

  write(text: string): void {
    // UTF-16 → UTF-8 is at most 3 bytes per code unit.
    this.ensure(text.length * 3);
    this.pos += this.buf.utf8Write(text, this.pos);
  }

  /** Appends ASCII text that is a constant (separators, line ends). */
  writeAscii(text: string): void {
    this.ensure(text.length);
    for (let i = 0; i < text.length; i++) this.buf[this.pos++] = text.charCodeAt(i);
  }

  /** Room for `bytes` more bytes at `pos`. */
  ensure(bytes: number): void {
    if (this.pos + bytes > this.buf.length) this.grow(bytes);
  }

  putByte(byte: number): void {
    if (this.pos >= this.buf.length) this.grow(1);
    this.buf[this.pos++] = byte;
  }

  /**
   * Appends bytes[start, end) of text prepared in advance (a list entry, a
   * literal), four bytes at a time through `from`, a DataView of `bytes`: on
   * entries of a few bytes that measured about twice as fast as a byte loop
   * and than TypedArray#set.
   */
  putSlice(from: DataView, bytes: Uint8Array, start: number, end: number): void {
    this.ensure(end - start);
    const { buf, view } = this;
    let p = this.pos;
    let i = start;
    for (; i + 4 <= end; i += 4, p += 4) view.setUint32(p, from.getUint32(i, true), true);
    for (; i < end; i++) buf[p++] = bytes[i];
    this.pos = p;
  }

  /** Appends a string as UTF-8: short ASCII text is copied here, anything else goes through the native encoder. */
  putText(text: string): void {
    const n = text.length;
    if (n > 48) return this.write(text);
    this.ensure(n);
    const { buf } = this;
    const start = this.pos;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c > 127) {
        this.pos = start;
        return this.write(text);
      }
      buf[start + i] = c;
    }
    this.pos = start + n;
  }

  /** Appends a number exactly as `String(n)` prints it: safe integers digit by digit, anything else through the string. */
  putNumber(n: number): void {
    if (!isSafeInteger(n)) return this.putText(String(n));
    if (n < 0) {
      this.putByte(45);
      n = -n;
    }
    if (n < 10) return this.putByte(48 + n);
    let digits = 1;
    for (let x = n; x >= 10; x = floor(x / 10)) digits++;
    this.ensure(digits);
    const { buf } = this;
    let p = this.pos + digits;
    this.pos = p;
    while (n >= 10) {
      const q = floor(n / 10);
      buf[--p] = 48 + (n - q * 10);
      n = q;
    }
    buf[--p] = 48 + n;
  }

  /** `n` as exactly `width` digits, zero-padded (n ≥ 0 and below 10^width). */
  putPadded(n: number, width: number): void {
    this.ensure(width);
    const { buf } = this;
    let p = this.pos + width;
    this.pos = p;
    for (let i = 0; i < width; i++) {
      const q = floor(n / 10);
      buf[--p] = 48 + (n - q * 10);
      n = q;
    }
  }

  private grow(needed: number) {
    const next = Buffer.allocUnsafeSlow(Math.max(this.buf.length * 2, this.pos + needed));
    this.buf.copy(next, 0, 0, this.pos);
    this.buf = next;
    this.view = new DataView(next.buffer, next.byteOffset, next.length);
  }

  /** Empties the sink, keeping its buffer: a writer that is done with the bytes encodes the next chunk into the same memory. */
  reset(): void {
    this.pos = 0;
  }

  /** The bytes written so far (a view: valid until the sink is reset or written again). */
  bytes(): Buffer {
    return this.buf.subarray(0, this.pos);
  }
}

declare global {
  interface Buffer {
    /** Node's internal fast path behind buf.write(s, offset, 'utf8'); present in every Node release. */
    utf8Write(text: string, offset: number): number;
  }
}
