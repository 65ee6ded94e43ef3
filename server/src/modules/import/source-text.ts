/**
 * A source text with byte offsets (what parsers report) turned into line
 * numbers, so every skipped statement and error says where it was.
 */
import { badInput } from '../../errors';
import type { SkippedItem } from './types';

/** An import with nothing to import is a mistake in its input, said with the first refusal's line when there is one. */
export function noTables(firstRefusal?: string) {
  return badInput('input.text', `No table could be read from the text.${firstRefusal ? ` ${firstRefusal}` : ' It has no CREATE TABLE statement.'}`);
}

export class SourceText {
  readonly bytes: Buffer;
  readonly refusals: SkippedItem[] = [];
  private lineStarts: number[] | undefined;

  constructor(readonly text: string) {
    this.bytes = Buffer.from(text);
  }

  get byteLength(): number {
    return this.bytes.length;
  }

  slice(start: number, end: number): string {
    return this.bytes.subarray(start, end).toString();
  }

  /** `line 12` for a byte offset. */
  lineOf(offset: number): string {
    this.lineStarts ??= lineStartsOf(this.bytes);
    let low = 0;
    let high = this.lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if (this.lineStarts[mid] <= offset) low = mid;
      else high = mid - 1;
    }
    return `line ${low + 1}`;
  }

  /** Up to `chars` characters from an offset, on one line: for reports. */
  textAt(offset: number, chars: number): string {
    const line = this.slice(offset, Math.min(this.byteLength, offset + chars * 4)).split('\n')[0];
    return line.length > chars ? `${line.slice(0, chars)}…` : line;
  }

  /**
   * Records a statement its parser refused; the import goes on without it.
   * `cursor` (1-based characters into the statement, as PostgreSQL's parser
   * reports it) gives the line of the error itself rather than the statement's first.
   */
  refused(offset: number, statement: string, message: string, cursor?: number): void {
    const lead = statement.trim().split(/\s+/).slice(0, 3).join(' ');
    const at = typeof cursor === 'number' && cursor > 0 ? Buffer.byteLength(statement.slice(0, cursor - 1)) : leadingSpace(statement);
    this.refusals.push({
      kind: 'statement',
      name: lead.length > 60 ? `${lead.slice(0, 60)}…` : lead,
      reason: `${this.lineOf(offset + at)}: the parser refused it (${message.length > 200 ? `${message.slice(0, 200)}…` : message}).`,
    });
  }
}

function leadingSpace(text: string): number {
  return Buffer.byteLength(text) - Buffer.byteLength(text.trimStart());
}

function lineStartsOf(bytes: Buffer): number[] {
  const starts = [0];
  for (let i = bytes.indexOf(10); i >= 0; i = bytes.indexOf(10, i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * The offset of the first byte that does not start a well-formed UTF-8
 * character (RFC 3629: no overlong forms, no surrogates, nothing past
 * U+10FFFF, no stray continuation byte, none cut short), or -1. With
 * `more` (the text goes on in a next chunk), a sequence cut at the end is
 * not an error. Exact, where a fatal TextDecoder only says "somewhere here".
 */
export function invalidUtf8At(bytes: Uint8Array, more = false): number {
  for (let i = 0; i < bytes.length; ) {
    const lead = bytes[i];
    if (lead < 0x80) {
      i++;
      continue;
    }
    const length = lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (!length) return i;
    // The second byte's range rules out overlong forms, surrogates and code points past U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let k = 1; k < length; k++) {
      if (i + k >= bytes.length) return more ? -1 : i;
      const byte = bytes[i + k];
      // The character that breaks is the one this byte started.
      if (k === 1 ? byte < low || byte > high : byte < 0x80 || byte > 0xbf) return i;
    }
    i += length;
  }
  return -1;
}

/** "byte 6 (0xFF)": where UTF-8 broke, as a person looking at the file with a hex viewer finds it. */
export function describeByteAt(bytes: Uint8Array, index: number, offset = 0): string {
  return index < bytes.length ? `byte ${(offset + index).toLocaleString('en-US')} (0x${bytes[index].toString(16).toUpperCase().padStart(2, '0')})` : `byte ${(offset + index).toLocaleString('en-US')} (the text ends inside a character)`;
}
