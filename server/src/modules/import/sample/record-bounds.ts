/**
 * Bounds on one record of a sample, applied while it is read, before it is
 * built (issue 23: a 120,000-column CSV took a minute and answered 120,000
 * report entries): an object keeps its first `keys` keys (a table has at
 * most that many columns), a record its first `values` values, and what is
 * cut is counted for one report line, not listed.
 */
import { TokenType, type ParsedTokenInfo } from '@streamparser/json';

export const RECORD_LIMITS = {
  /** Keys of one object, and so columns of one table (PRODUCT.md §9: 500 fields per table). */
  keys: 500,
  /** Scalar values of one record, nested ones included. */
  values: 50_000,
} as const;

/** What was cut from the records read so far. */
export class CutCounts {
  /** Keys past `keys` in one object, over every object; and where the first was. */
  keys = 0;
  firstKeysAt?: string;
  /** Records cut short past `values`, and where the first was. */
  records = 0;
  firstRecordAt?: string;

  /** The report's lines for what was cut: at most two, however much. */
  notes(limits = RECORD_LIMITS): { kind: string; name: string; reason: string }[] {
    const notes = [];
    if (this.keys) notes.push({ kind: 'column', name: this.firstKeysAt ?? '', reason: `${count(this.keys)} ${this.keys === 1 ? 'key' : 'keys'} past the limit of ${count(limits.keys)} per object (columns per table) left out` });
    if (this.records) notes.push({ kind: 'value', name: this.firstRecordAt ?? '', reason: `${count(this.records)} ${this.records === 1 ? 'record holds' : 'records hold'} more than ${count(limits.values)} values; the rest of each was left out` });
    return notes;
  }
}

const count = (n: number) => n.toLocaleString('en-US');

interface Frame {
  object: boolean;
  keys: number;
  /** In an object: the next string is a key. */
  expectKey: boolean;
}

/** Skipping one element of a frame: its key and colon (in an object), then its value, nested or not. */
interface Skip {
  stage: 'key' | 'colon' | 'value';
  /** Containers open inside the value being skipped. */
  open: number;
}

const OPENS = new Set([TokenType.LEFT_BRACE, TokenType.LEFT_BRACKET]);
const CLOSES = new Set([TokenType.RIGHT_BRACE, TokenType.RIGHT_BRACKET]);

/**
 * Sits between a JSON tokenizer and its parser: passes tokens on, except the
 * elements of a record past its bounds (a comma and the element after it,
 * nested or not), so the parser builds records that fit. Records are the
 * objects at `recordDepth` (2 in an array of records, 3 in an object of
 * arrays); nothing above them is ever cut.
 */
export class RecordCutter {
  private readonly frames: Frame[] = [];
  private values = 0;
  private recordCut = false;
  private skip: Skip | undefined;

  constructor(
    private readonly recordDepth: number,
    readonly cut: CutCounts,
    private readonly where: () => string,
    private readonly malformed: () => Error,
    private readonly limits = RECORD_LIMITS,
  ) {}

  /** Whether the parser gets `token`. */
  pass(token: ParsedTokenInfo): boolean {
    if (this.skip) {
      this.skipping(token);
      return false;
    }
    const depth = this.frames.length;
    const frame = this.frames[depth - 1];
    const inRecord = depth >= this.recordDepth;
    switch (token.token) {
      case TokenType.LEFT_BRACE:
      case TokenType.LEFT_BRACKET:
        if (frame) frame.expectKey = false;
        this.frames.push({ object: token.token === TokenType.LEFT_BRACE, keys: 0, expectKey: token.token === TokenType.LEFT_BRACE });
        return true;
      case TokenType.RIGHT_BRACE:
      case TokenType.RIGHT_BRACKET:
        this.frames.pop();
        if (depth === this.recordDepth) {
          // A record ends: the next one starts with its own budget.
          this.values = 0;
          this.recordCut = false;
        }
        return true;
      case TokenType.COMMA:
        if (!frame) return true;
        if (inRecord && frame.object && frame.keys >= this.limits.keys) {
          this.cut.keys++;
          this.cut.firstKeysAt ??= this.where();
          this.startSkip(frame);
          return false;
        }
        if (inRecord && this.values >= this.limits.values) {
          if (!this.recordCut) {
            this.recordCut = true;
            this.cut.records++;
            this.cut.firstRecordAt ??= this.where();
          }
          this.startSkip(frame);
          return false;
        }
        frame.expectKey = frame.object;
        return true;
      case TokenType.STRING:
        if (frame?.object && frame.expectKey) {
          frame.expectKey = false;
          frame.keys++;
          return true;
        }
        if (inRecord) this.values++;
        return true;
      case TokenType.COLON:
      case TokenType.SEPARATOR:
        return true;
      default:
        if (inRecord) this.values++;
        return true;
    }
  }

  private startSkip(frame: Frame): void {
    this.skip = { stage: frame.object ? 'key' : 'value', open: 0 };
  }

  private skipping(token: ParsedTokenInfo): void {
    const skip = this.skip!;
    if (skip.stage === 'key') {
      if (token.token !== TokenType.STRING) throw this.malformed();
      skip.stage = 'colon';
      return;
    }
    if (skip.stage === 'colon') {
      if (token.token !== TokenType.COLON) throw this.malformed();
      skip.stage = 'value';
      return;
    }
    if (OPENS.has(token.token)) skip.open++;
    else if (CLOSES.has(token.token)) {
      if (--skip.open < 0) throw this.malformed();
    } else if (skip.open === 0 && (token.token === TokenType.COMMA || token.token === TokenType.COLON)) throw this.malformed();
    // A scalar, or the close of the container the value was: the element is over.
    if (skip.open === 0) this.skip = undefined;
  }
}

/**
 * The same bounds on a record already parsed (an NDJSON line): keys past the
 * limit are deleted from each object, and values past it from the record,
 * walking iteratively (a hostile line must not exhaust the stack).
 */
export function cutRecord(record: Record<string, unknown>, cut: CutCounts, where: string, limits = RECORD_LIMITS): void {
  let values = 0;
  let recordCut = false;
  const stack: unknown[] = [record];
  while (stack.length) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) {
        if (values >= limits.values) {
          value.length = i;
          if (!recordCut) [recordCut, cut.firstRecordAt] = [true, cut.firstRecordAt ?? where];
          break;
        }
        if (value[i] === null || typeof value[i] !== 'object') values++;
        else stack.push(value[i]);
      }
      continue;
    }
    const object = value as Record<string, unknown>;
    let keys = 0;
    for (const key of Object.keys(object)) {
      if (++keys > limits.keys) {
        delete object[key];
        cut.keys++;
        cut.firstKeysAt ??= where;
        continue;
      }
      if (values >= limits.values) {
        delete object[key];
        if (!recordCut) [recordCut, cut.firstRecordAt] = [true, cut.firstRecordAt ?? where];
        continue;
      }
      const v = object[key];
      if (v === null || typeof v !== 'object') values++;
      else stack.push(v);
    }
  }
  if (recordCut) cut.records++;
}
