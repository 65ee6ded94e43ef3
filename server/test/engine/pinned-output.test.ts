/**
 * Pinned outputs: the bytes of a corpus of blueprints (the templates, the
 * benchmark's tables, every generator in two locales) in every format,
 * dialect and output option, as SHA-256 digests recorded before the row
 * writers were compiled (issue 27). Any change of bytes fails here, naming
 * the case. The documents are a snapshot (documents.json), so new generators
 * or edited templates do not move the corpus.
 *
 * Re-recording (PIN_OUTPUTS=1 npx jest server/test/engine/pinned-output.test.ts)
 * is only for a deliberate change of output, with GENERATOR_PACK_VERSION bumped.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { compileBlueprint, streamBlueprintSql, streamTable, type BlueprintDocument, type StreamTableOptions } from '@seedbed/engine';
import type { Format } from '../../../packages/engine/src/formats/types';
import { compileAfter, setCompileAfterRows } from '../../../packages/engine/src/formats/row-compiler';

const DIR = path.join(__dirname, 'fixtures', 'pinned');
const documents = JSON.parse(fs.readFileSync(path.join(DIR, 'documents.json'), 'utf8')) as Record<string, BlueprintDocument>;
const HASHES = path.join(DIR, 'hashes.json');

// Streams this short are written cell by cell in production: here a stream compiles its writers after its first chunk (so both
// kinds of writing, and the switch between them, are pinned), and a window at once.
const compileAfterBefore = compileAfter();
afterAll(() => setCompileAfterRows(compileAfterBefore));
const recording = process.env.PIN_OUTPUTS === '1';
const pinned: Record<string, string> = recording ? {} : JSON.parse(fs.readFileSync(HASHES, 'utf8'));

/** Per table: every format at its defaults, SQL in each dialect, a window past the stream's start, and the output options. */
const TABLE_CASES: [string, Format, StreamTableOptions][] = [
  ['csv', 'csv', {}],
  ['tsv', 'tsv', {}],
  ['json', 'json', {}],
  ['ndjson', 'ndjson', {}],
  ['sql-postgres', 'sql', { dialect: 'postgres' }],
  ['sql-mysql', 'sql', { dialect: 'mysql' }],
  ['sql-sqlite', 'sql', { dialect: 'sqlite' }],
  ['csv-window', 'csv', { offset: 37, count: 45 }],
  ['ndjson-window', 'ndjson', { offset: 37, count: 45 }],
  ['json-window', 'json', { offset: 37, count: 45 }],
  ['sql-window', 'sql', { offset: 37, count: 45, dialect: 'mysql' }],
  ['csv-lf-noheader', 'csv', { output: { lineEnding: 'lf', header: false } }],
  ['tsv-crlf', 'tsv', { output: { lineEnding: 'crlf' } }],
  ['csv-custom', 'csv', { output: { delimiter: ';', nullMarker: 'NULL' } }],
  ['csv-formulas', 'csv', { output: { escapeFormulas: true } }],
  ['tsv-custom', 'tsv', { output: { delimiter: '|', nullMarker: '' } }],
  ['json-pretty', 'json', { output: { pretty: true } }],
];

const digest = async (stream: Readable): Promise<string> => {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of stream) {
    const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
    bytes += buf.length;
    hash.update(buf);
  }
  return `${bytes}:${hash.digest('hex')}`;
};

const names = Object.keys(documents);

describe('pinned outputs', () => {
  const seen: Record<string, string> = {};
  afterAll(() => {
    if (recording) fs.writeFileSync(HASHES, JSON.stringify(seen, Object.keys(seen).sort(), 1) + '\n');
  });

  it.each(names)('%s: every table in every format and option keeps its bytes', async (name) => {
    const plan = compileBlueprint(documents[name]);
    const mismatches: string[] = [];
    for (const table of plan.order) {
      for (const [label, format, options] of TABLE_CASES) {
        // Small chunks: rows cross chunk boundaries inside the window too.
        setCompileAfterRows(label.endsWith('-window') ? 0 : 64);
        const key = `${name}/${table}/${label}`;
        seen[key] = await digest(streamTable(plan, table, format, { count: 300, ...options, chunkRows: 64 }));
        if (!recording && pinned[key] !== seen[key]) mismatches.push(key);
      }
    }
    for (const dialect of ['postgres', 'mysql', 'sqlite'] as const) {
      const key = `${name}/blueprint-sql-${dialect}`;
      seen[key] = await digest(streamBlueprintSql(plan, dialect));
      if (!recording && pinned[key] !== seen[key]) mismatches.push(key);
    }
    expect(mismatches).toEqual([]);
  });

  // Runs last: every recorded case was made again above (none silently dropped, say by a table left out of the order).
  it('made every case it recorded', () => {
    if (recording) return;
    expect(Object.keys(pinned).filter((key) => !(key in seen))).toEqual([]);
  });
});
