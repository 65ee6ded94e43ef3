import { parse } from 'csv-parse/sync';
import { compileBlueprint, streamTable } from '../../src/engine';
import { collect, doc, table } from './helpers';

const NASTY = ['plain', 'with,comma', 'with "quotes"', 'line\nbreak', 'crlf\r\nbreak', '', ' padded ', 'tab\there', 'back\\slash', "it's", 'naïve ünïcödé ✓'];

function nastyPlan() {
  return compileBlueprint(doc([
    table('t', 400, [
      { name: 'id', generator: 'sequence' },
      { name: 'text', generator: 'list', options: { values: NASTY } },
      { name: 'maybe', generator: 'lorem.word', nullRate: 0.3 },
      { name: 'n', generator: 'number.float', options: { min: -5, max: 5, precision: 0.01 } },
      { name: 'flag', generator: 'datatype.boolean' },
      { name: 'when', generator: 'date.past' },
      { name: 'blob', generator: 'datatype.json' },
      { name: 'label', generator: 'template', options: { template: '{text}|{n}' } },
    ], 'id'),
  ]));
}

describe('formats', () => {
  const plan = nastyPlan();
  const rows = Array.from({ length: 400 }, (_, i) => i);

  it('writes RFC 4180 CSV that round-trips quotes, commas and line breaks', async () => {
    const csv = await collect(streamTable(plan, 't', 'csv'));
    const records: string[][] = parse(csv, { relax_column_count: false });
    expect(records[0]).toEqual(['id', 'text', 'maybe', 'n', 'flag', 'when', 'blob', 'label']);
    expect(records).toHaveLength(401);
    const json = JSON.parse(await collect(streamTable(plan, 't', 'json')));
    for (const i of rows) {
      const record = records[i + 1];
      const expected = json[i];
      expect(record[1]).toBe(expected.text);
      expect(record[2]).toBe(expected.maybe ?? '');
      expect(Number(record[3])).toBe(expected.n);
      expect(JSON.parse(record[6])).toEqual(expected.blob);
      expect(record[7]).toBe(`${expected.text}|${expected.n}`);
    }
    expect(records.some((r) => r[1] === 'line\nbreak')).toBe(true);
    // NULL is an empty field, the empty string a quoted one.
    expect(csv).toContain(',"",');
  });

  it('writes TSV in PostgreSQL text format', async () => {
    const tsv = await collect(streamTable(plan, 't', 'tsv'));
    const lines = tsv.trimEnd().split('\n');
    expect(lines).toHaveLength(401);
    for (const line of lines) expect(line.split('\t')).toHaveLength(8);
    expect(tsv).toContain('line\\nbreak');
    expect(tsv).toContain('tab\\there');
    expect(tsv).toContain('\\N');
  });

  it('writes JSON and NDJSON with typed values', async () => {
    const json = JSON.parse(await collect(streamTable(plan, 't', 'json')));
    const ndjson = (await collect(streamTable(plan, 't', 'ndjson'))).trimEnd().split('\n').map((l) => JSON.parse(l));
    expect(ndjson).toEqual(json);
    expect(typeof json[0].id).toBe('number');
    expect(typeof json[0].flag).toBe('boolean');
    expect(typeof json[0].blob).toBe('object');
    expect(JSON.parse(await collect(streamTable(plan, 't', 'json', { offset: 400 })))).toEqual([]);
  });

  it('writes SQL with escaped literals in batched INSERTs, for every dialect', async () => {
    const pg = await collect(streamTable(plan, 't', 'sql', { dialect: 'postgres' }));
    expect(pg).toMatch(/^SET client_encoding = 'UTF8';\nSET standard_conforming_strings = on;\n\nCREATE TABLE "t" \(\n  "id" BIGINT NOT NULL,/);
    expect(pg).toContain('PRIMARY KEY ("id")');
    expect(pg).toContain("'it''s'");
    // A backslash reads the same whether standard_conforming_strings is on or off.
    expect(pg).toContain("E'back\\\\slash'");
    expect(pg.match(/INSERT INTO/g)).toHaveLength(1);
    const mysql = await collect(streamTable(plan, 't', 'sql', { dialect: 'mysql' }));
    expect(mysql).toMatch(/^SET NAMES utf8mb4;\nSET SESSION sql_mode = '[A-Z_,]*NO_BACKSLASH_ESCAPES[A-Z_,]*';\n/);
    expect(mysql).toContain('CREATE TABLE `t`');
    expect(mysql).toContain("'it''s'");
    // Never a backslash in a MySQL literal: what holds one is spelled in hex, read alike in every sql_mode.
    expect(mysql).toContain(`_utf8mb4 X'${Buffer.from('back\\slash').toString('hex')}'`);
    expect(mysql).not.toContain('\\');
    const sqlite = await collect(streamTable(plan, 't', 'sql', { dialect: 'sqlite' }));
    expect(sqlite).toMatch(/"flag" INTEGER NOT NULL/);
    const big = compileBlueprint(doc([table('t', 1200, [{ name: 'id', generator: 'sequence' }])]));
    expect((await collect(streamTable(big, 't', 'sql'))).match(/INSERT INTO/g)).toHaveLength(3);
  });

  it('stops generating when the consumer destroys the stream', async () => {
    const huge = compileBlueprint(doc([table('t', 50_000_000, [{ name: 'id', generator: 'sequence' }])]));
    const stream = streamTable(huge, 't', 'csv', { chunkRows: 1000 });
    let chunks = 0;
    for await (const _ of stream) if (++chunks === 3) break;
    expect(stream.destroyed).toBe(true);
    const parallel = streamTable(huge, 't', 'csv', { chunkRows: 1000, workers: 2 });
    chunks = 0;
    for await (const _ of parallel) if (++chunks === 3) break;
    expect(parallel.destroyed).toBe(true);
  });
});
