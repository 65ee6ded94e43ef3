import { csvEncoder, tsvEncoder } from './delimited';
import { jsonEncoder, ndjsonEncoder } from './json';
import { sqlEncoder } from './sql';
import { FORMATS, type Encoder, type Format } from './types';
import { badInput } from '../errors';

const ENCODERS: Record<Format, Encoder> = { csv: csvEncoder, tsv: tsvEncoder, json: jsonEncoder, ndjson: ndjsonEncoder, sql: sqlEncoder };

export function encoderFor(format: string): Encoder {
  if (!(FORMATS as readonly string[]).includes(format)) throw badInput('format', `unknown format "${format}"; use ${FORMATS.join(', ')}`);
  return ENCODERS[format as Format];
}

export { FORMATS };
export { LINE_ENDINGS, MAX_NULL_MARKER, outputIssues, resolveOutput, type LineEnding, type OutputOptions } from './output';
export type { Encoder, Format };
