/**
 * A sample as a stream of records (PRODUCT.md §12, JSON_SAMPLE and
 * CSV_SAMPLE): an array of objects, an object of arrays (one collection per
 * key, as a mock server's `db.json` has), NDJSON, or CSV/TSV with a header.
 * Records are yielded one at a time and never kept here, so memory follows
 * the largest record, not the sample.
 */
import { Tokenizer, TokenParser, TokenType } from '@streamparser/json';
import { parse as parseCsv } from 'csv-parse';
import { AppError, badInput } from '../../../errors';
import { CsvTrimmer } from './csv-trim';
import { CutCounts, cutRecord, RecordCutter, RECORD_LIMITS } from './record-bounds';
import { describeByteAt, invalidUtf8At } from '../source-text';

export type SampleKind = 'JSON_SAMPLE' | 'CSV_SAMPLE';

export interface SampleLimits {
  /** Bytes of the whole sample. */
  maxBytes: number;
  /** Nesting of objects and arrays, counted from the top of the sample. */
  maxDepth: number;
}

export const DEFAULT_SAMPLE_LIMITS: SampleLimits = { maxBytes: 50 * 1024 * 1024, maxDepth: 32 };

export interface SampleRecord {
  collection: string;
  record: Record<string, unknown>;
  /** Where the record is in the sample, for messages: `[3]`, `users[3]`, `line 4`. */
  where: string;
}

/** Text or bytes, whole or in chunks (a request body, a file stream). */
export type SampleInput = string | AsyncIterable<Uint8Array | string>;

/** Where the problem is in the user's input: the GraphQL field the sample came in. */
const PATH = 'input.text';
const refuse = (problem: string) => badInput(PATH, `The sample ${problem}.`);

/** Something of the sample that is not read as records, or not whole, said in the import's report. */
export type OnSkip = (item: { kind: string; name: string; reason: string }) => void;

async function* chunksOf(input: SampleInput): AsyncGenerator<string> {
  if (typeof input === 'string') {
    yield input;
    return;
  }
  // Strict decoding: a sample that is not UTF-8 is refused, never read as replacement characters, and the refusal names the byte.
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let offset = 0;
  // The last bytes of the previous chunk, which may begin the character a chunk ends.
  let tail: Uint8Array = new Uint8Array(0);
  for await (const chunk of input) {
    if (typeof chunk === 'string') {
      yield chunk;
      continue;
    }
    try {
      yield decoder.decode(chunk, { stream: true });
    } catch {
      const joined = Buffer.concat([tail, chunk]);
      const at = Math.max(0, invalidUtf8At(joined, true));
      throw refuse(`is not valid UTF-8 at ${describeByteAt(joined, at, offset - tail.length)}`);
    }
    offset += chunk.length;
    tail = unfinishedCharacter(chunk);
  }
  try {
    const rest = decoder.decode();
    if (rest) yield rest;
  } catch {
    throw refuse(`is not valid UTF-8 at ${describeByteAt(tail, Math.max(0, invalidUtf8At(tail)), offset - tail.length)}: it ends inside a character`);
  }
}

/** The bytes at the end of `chunk` that begin a character the next chunk completes (none when it ends whole). */
function unfinishedCharacter(chunk: Uint8Array): Uint8Array {
  for (let j = chunk.length - 1; j >= Math.max(0, chunk.length - 3); j--) {
    const byte = chunk[j];
    if ((byte & 0xc0) === 0x80) continue;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return j + length > chunk.length ? chunk.subarray(j) : new Uint8Array(0);
  }
  return new Uint8Array(0);
}

/** Text handed to the parsers at a time: small enough that one slice holds the event loop a few milliseconds. */
const SLICE = 64 * 1024;

/**
 * Counts bytes as they pass and stops past the limit, before the rest is
 * read. Large text goes on in slices with a turn of the event loop between
 * them, so a big sample pasted into one request never stalls other users.
 */
async function* bounded(input: SampleInput, maxBytes: number): AsyncGenerator<string> {
  let bytes = 0;
  for await (const text of chunksOf(input)) {
    bytes += Buffer.byteLength(text);
    if (bytes > maxBytes) throw new AppError('PAYLOAD_TOO_LARGE', `The sample is larger than ${maxBytes.toLocaleString('en-US')} bytes, the import limit.`, { path: PATH });
    for (let at = 0; at < text.length; ) {
      if (at > 0) await new Promise((resolve) => setImmediate(resolve));
      let end = Math.min(text.length, at + SLICE);
      // Never cut between the two halves of a surrogate pair.
      if (end < text.length && /[\uD800-\uDBFF]/.test(text[end - 1])) end++;
      yield text.slice(at, end);
      at = end;
    }
  }
}

/**
 * The sample's records, each within RECORD_LIMITS (keys per object, values
 * per record) as it is read: what is cut is said through `onSkip` once, at
 * the end, with its count.
 */
export async function* readSample(input: SampleInput, kind: SampleKind, defaultName: string, onSkip: OnSkip, limits: SampleLimits = DEFAULT_SAMPLE_LIMITS): AsyncGenerator<SampleRecord> {
  const text = bounded(input, limits.maxBytes);
  const cut = new CutCounts();
  if (kind === 'CSV_SAMPLE') yield* readCsv(text, defaultName, onSkip);
  else yield* readJson(text, defaultName, limits.maxDepth, onSkip, cut);
  for (const note of cut.notes()) onSkip(note);
}

// ---------------------------------------------------------------- JSON

/** Looks at the start of the sample: `[` an array, `{` an object or NDJSON (a complete object on the first line, and more after it). */
async function sniffJson(text: AsyncGenerator<string>): Promise<{ mode: 'array' | 'object' | 'ndjson'; head: string[] }> {
  let head = '';
  const chunks: string[] = [];
  // next() by hand: leaving a for-await loop would close the stream the records still need.
  for (let step = await text.next(); !step.done; step = await text.next()) {
    head += step.value;
    chunks.push(step.value);
    const start = head.search(/\S/);
    if (start < 0) continue;
    if (head[start] === '[') return { mode: 'array', head: chunks };
    if (head[start] !== '{') throw refuse('is not JSON: it must start with `[` (an array of objects) or `{` (an object of arrays, or NDJSON)');
    const newline = head.indexOf('\n', start);
    if (newline < 0 && head.length < 1_048_576) continue;
    const firstLine = newline < 0 ? head.slice(start) : head.slice(start, newline);
    const rest = newline < 0 ? '' : head.slice(newline + 1);
    let complete = false;
    try {
      JSON.parse(firstLine);
      complete = true;
    } catch {
      /* a pretty-printed object spans lines */
    }
    return { mode: complete && /^\s*\{/.test(rest) ? 'ndjson' : 'object', head: chunks };
  }
  if (!head.trim()) throw refuse('is empty');
  return { mode: head.trim().startsWith('[') ? 'array' : 'object', head: chunks };
}

async function* readJson(text: AsyncGenerator<string>, defaultName: string, maxDepth: number, onSkip: OnSkip, cut: CutCounts): AsyncGenerator<SampleRecord> {
  const { mode, head } = await sniffJson(text);
  // The chunks read while sniffing go on one at a time, as they came, with a turn of the event loop between them.
  async function* all(): AsyncGenerator<string> {
    for (const chunk of head) {
      yield chunk;
      await new Promise((resolve) => setImmediate(resolve));
    }
    yield* text;
  }
  if (mode === 'ndjson') yield* readNdjson(all(), defaultName, maxDepth, cut);
  else yield* readJsonDocument(all(), mode, defaultName, maxDepth, onSkip, cut);
}

function depthOf(value: unknown, limit: number): number {
  // Iterative: a hostile record must not exhaust the call stack.
  let deepest = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    deepest = Math.max(deepest, depth + 1);
    if (deepest > limit) return deepest;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return deepest;
}

function asRecord(value: unknown, where: string): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw refuse(`at ${where} must be an object (a record), not ${Array.isArray(value) ? 'an array' : JSON.stringify(value)?.slice(0, 40)}`);
  return value as Record<string, unknown>;
}

async function* readNdjson(text: AsyncGenerator<string>, name: string, maxDepth: number, cut: CutCounts): AsyncGenerator<SampleRecord> {
  let pending = '';
  let line = 0;
  const parseLine = (raw: string): SampleRecord | undefined => {
    line++;
    if (!raw.trim()) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (e) {
      throw refuse(`has a line ${line} that is not JSON: ${(e as Error).message}`);
    }
    const record = asRecord(value, `line ${line}`);
    // Cut first: the walk for depth then sees only what is kept.
    cutRecord(record, cut, `line ${line}`);
    if (depthOf(record, maxDepth) > maxDepth) throw refuse(`has a line ${line} nested deeper than ${maxDepth} levels`);
    return { collection: name, record, where: `line ${line}` };
  };
  for await (const chunk of text) {
    pending += chunk;
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const record = parseLine(pending.slice(0, newline));
      pending = pending.slice(newline + 1);
      if (record) yield record;
    }
  }
  const last = parseLine(pending);
  if (last) yield last;
}

/**
 * A whole JSON document, tokenized as it arrives. Only the records are
 * assembled (`$.*` of an array, `$.*.*` of an object of arrays), and the
 * token stream counts nesting so a deeply nested sample is refused before it
 * is built, and cuts each record to its bounds before the parser builds it.
 */
async function* readJsonDocument(text: AsyncGenerator<string>, mode: 'array' | 'object', name: string, maxDepth: number, onSkip: OnSkip, cut: CutCounts): AsyncGenerator<SampleRecord> {
  const tokenizer = new Tokenizer();
  const parser = new TokenParser({ paths: mode === 'array' ? ['$.*'] : ['$.*', '$.*.*'], keepStack: false });
  const ready: SampleRecord[] = [];
  let depth = 0;
  const lines = lineCounter();
  let afterComma = false;
  let records = 0;
  // Where the record being read is, for the report: its index among the records read.
  const where = () => (mode === 'array' ? `[${records}]` : `record ${records + 1}`);
  const cutter = new RecordCutter(mode === 'array' ? 2 : 3, cut, where, () => refuse('is not valid JSON'));
  tokenizer.onToken = (token) => {
    lines.at = token.offset;
    afterComma = lines.comma;
    lines.comma = token.token === TokenType.COMMA;
    if (token.token === TokenType.LEFT_BRACE || token.token === TokenType.LEFT_BRACKET) {
      if (++depth > maxDepth) throw refuse(`is nested deeper than ${maxDepth} levels`);
    } else if (token.token === TokenType.RIGHT_BRACE || token.token === TokenType.RIGHT_BRACKET) depth--;
    if (cutter.pass(token)) parser.write(token);
  };
  parser.onValue = ({ value, key, parent, stack }) => {
    if (mode === 'array') {
      records++;
      ready.push({ collection: name, record: asRecord(value, `[${String(key)}]`), where: `[${String(key)}]` });
    } else if (stack.length === 2 && Array.isArray(parent)) {
      records++;
      const collection = String(stack[1].key);
      ready.push({ collection, record: asRecord(value, `${collection}[${String(key)}]`), where: `${collection}[${String(key)}]` });
    } else if (stack.length === 1 && !Array.isArray(value)) {
      onSkip({ kind: 'value', name: String(key), reason: 'a top-level value that is not a list of records' });
    }
  };
  try {
    for await (const chunk of text) {
      lines.add(chunk);
      tokenizer.write(chunk);
      yield* ready.splice(0);
    }
    tokenizer.end();
    // The tokenizer accepts a document cut short; the parser knows it is unfinished.
    if (!parser.isEnded) parser.end();
  } catch (e) {
    if (e instanceof AppError) throw e;
    // "Unexpected RIGHT_BRACKET ("]") in state VALUE" says little: name the character, and the usual cause.
    const message = (e as Error).message.replace(/^Unexpected [A-Z_]+ \((".*")\) in state [A-Z_]+/, 'unexpected $1');
    const hint = afterComma && /^unexpected "[\]}]"/.test(message) ? ' (a comma before it: JSON allows none after the last item)' : '';
    throw refuse(`is not valid JSON at line ${lines.line()}: ${message}${hint}`);
  }
  yield* ready.splice(0);
}

/** The line of the last token read (the tokenizer counts UTF-8 bytes), for a parse error: the last two chunks are kept to count in. */
function lineCounter() {
  const chunks: { start: number; newlines: number; bytes: Buffer }[] = [];
  let bytes = 0;
  let newlines = 0;
  return {
    at: 0,
    /** The last token read was a comma. */
    comma: false,
    add(chunk: string) {
      const buffer = Buffer.from(chunk);
      chunks.push({ start: bytes, newlines, bytes: buffer });
      if (chunks.length > 2) chunks.shift();
      bytes += buffer.length;
      for (let i = buffer.indexOf(10); i >= 0; i = buffer.indexOf(10, i + 1)) newlines++;
    },
    line(): number {
      const chunk = [...chunks].reverse().find((c) => c.start <= this.at) ?? chunks[0];
      if (!chunk) return 1;
      let n = chunk.newlines;
      const end = Math.min(chunk.bytes.length, this.at - chunk.start);
      for (let i = chunk.bytes.indexOf(10); i >= 0 && i < end; i = chunk.bytes.indexOf(10, i + 1)) n++;
      return n + 1;
    },
  };
}

// ---------------------------------------------------------------- CSV

const DELIMITERS = [',', '\t', ';', '|'];

/** The delimiter that splits the header line (outside quotes) into the most fields. */
export function sniffDelimiter(firstLine: string): string {
  let best = ',';
  let bestCount = 0;
  for (const d of DELIMITERS) {
    let count = 0;
    let quoted = false;
    for (const ch of firstLine) {
      if (ch === '"') quoted = !quoted;
      else if (ch === d && !quoted) count++;
    }
    if (count > bestCount) [best, bestCount] = [d, count];
  }
  return best;
}

async function* readCsv(text: AsyncGenerator<string>, name: string, onSkip: OnSkip): AsyncGenerator<SampleRecord> {
  let head = '';
  // next() by hand: leaving a for-await loop would close the stream the rows still need.
  for (let step = await text.next(); !step.done; step = await text.next()) {
    head += step.value;
    if (head.includes('\n') || head.length > 1_048_576) break;
  }
  const delimiter = sniffDelimiter(head.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0]);
  const parser = parseCsv({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, info: true });
  // Cells past the column limit are cut from the text before the parser builds them.
  const trimmer = new CsvTrimmer(delimiter, RECORD_LIMITS.keys);
  const feed = (async () => {
    try {
      parser.write(trimmer.push(head));
      for await (const chunk of text) if (!parser.write(trimmer.push(chunk))) await new Promise((r) => parser.once('drain', r));
      trimmer.end();
      parser.end();
    } catch (e) {
      parser.destroy(e as Error);
    }
  })();
  let header: string[] | undefined;
  // Cells per row as the header has them (before the cut); rows cut to the limit are compared with the limit.
  let width = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!header) {
        header = record.map((h, i) => h.trim() || `column_${i + 1}`);
        const written = record.length === RECORD_LIMITS.keys ? (trimmer.headerCells ?? record.length) : record.length;
        width = record.length;
        const past = written - record.length;
        // One line in the report, however many: no row ever holds those cells.
        if (past > 0) onSkip({ kind: 'column', name, reason: `${past.toLocaleString('en-US')} ${past === 1 ? 'column' : 'columns'} past the limit of ${RECORD_LIMITS.keys} left out` });
        continue;
      }
      const row: Record<string, unknown> = {};
      header.forEach((h, i) => (row[h] = i < record.length && record[i] !== '' ? record[i] : null));
      // Ragged rows keep what they have; the extra cells of a long row go to a marker the importer reports.
      if (record.length !== width) row[RAGGED] = record.length;
      yield { collection: name, record: row, where: `line ${info.lines}` };
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw refuse(`is not valid CSV: ${(e as Error).message}`);
  }
  await feed;
}

/** Marks a CSV row whose field count differs from the header's (the value is its count). */
export const RAGGED = '\u0000ragged';
