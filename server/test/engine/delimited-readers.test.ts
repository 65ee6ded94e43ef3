/**
 * CSV and TSV read back with the reader options the README gives
 * ("Reading the files back") equal the NDJSON of the same seed, cell for
 * cell: above all a NULL stays NULL and an empty string stays empty.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parse } from 'csv-parse/sync';
import { Client } from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { compileBlueprint, schemaDdl, streamTable } from '@seedbed/engine';
import { createEmptyDatabase } from '../support/database';
import { collect, doc, table } from './helpers';
import { expectSameRows, ORDER, plan } from './round-trip';

/** The README's csv-parse options: an unquoted empty field is NULL, a quoted one ("") is an empty string. */
function parseCsv(csv: string): (string | null)[][] {
  return parse(csv, { cast: (value, context) => (value === '' && !context.quoting ? null : value) });
}

describe('CSV', () => {
  it('writes NULL as an empty field, an empty string as "", and ends lines with CRLF', async () => {
    const csv = await collect(streamTable(plan, 'people', 'csv'));
    const lines = csv.split('\r\n');
    expect(lines.at(-1)).toBe('');
    // The header names the fields; text and the JSON column are NULL in some rows and '' in others.
    expect(lines[0]).toBe(plan.table('people').fields.map((f) => f.name).join(','));
    const rows = parseCsv(csv).slice(1);
    const text = plan.table('people').fieldByName.get('text')!.index;
    expect(rows.some((r) => r[text] === null)).toBe(true);
    expect(rows.some((r) => r[text] === '')).toBe(true);
    expect(csv).toMatch(/,"",/);
    expect(csv).toMatch(/,,/);
  });

  it('reads back with csv-parse into the rows of NDJSON', async () => {
    for (const name of plan.order) {
      const [header, ...rows] = parseCsv(await collect(streamTable(plan, name, 'csv')));
      expect(header).toEqual(plan.table(name).fields.map((f) => f.name));
      await expectSameRows(name, rows);
    }
  });
});

describe('PostgreSQL COPY', () => {
  async function copyBack(format: 'csv' | 'tsv', options: string): Promise<void> {
    const database = await createEmptyDatabase();
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      for (const ddl of schemaDdl(plan, 'postgres')) await client.query(ddl.create);
      for (const name of plan.order) {
        const body = await collect(streamTable(plan, name, format));
        await pipeline(Readable.from([Buffer.from(body)]), client.query(copyFrom(`COPY "${name}" FROM STDIN ${options}`)));
        const columns = plan.table(name).fields.map((f) => `"${f.name}"::text`).join(', ');
        const result = await client.query({ text: `SELECT ${columns} FROM "${name}" ORDER BY "${name}"."${ORDER[name]}"`, rowMode: 'array' });
        await expectSameRows(name, result.rows);
      }
    } finally {
      await client.end();
      await database.drop();
    }
  }

  it('reads CSV with (FORMAT csv, HEADER true) into the rows of NDJSON', async () => {
    await copyBack('csv', '(FORMAT csv, HEADER true)');
  });

  it('reads TSV with (FORMAT text, HEADER true) into the rows of NDJSON', async () => {
    await copyBack('tsv', '(FORMAT text, HEADER true)');
  });

  it('reads bytea written as \\x and hex back as the same bytes, in TSV as in CSV (TSV escapes its backslash)', async () => {
    const blobs = compileBlueprint(doc([table('blobs', 200, [{ name: 'id', generator: 'sequence' }, { name: 'data', generator: 'bytes', options: { min: 0, max: 12 }, nullRate: 0.1 }], 'id')]));
    const database = await createEmptyDatabase();
    const client = new Client({ connectionString: database.url });
    await client.connect();
    try {
      const ndjson = (await collect(streamTable(blobs, 'blobs', 'ndjson'))).trim().split('\n').map((line) => JSON.parse(line).data);
      for (const [format, options] of [['tsv', '(FORMAT text, HEADER true)'], ['csv', '(FORMAT csv, HEADER true)']] as const) {
        await client.query('DROP TABLE IF EXISTS blobs; CREATE TABLE blobs (id int PRIMARY KEY, data bytea)');
        const body = await collect(streamTable(blobs, 'blobs', format));
        await pipeline(Readable.from([Buffer.from(body)]), client.query(copyFrom(`COPY blobs FROM STDIN ${options}`)));
        const { rows } = await client.query<{ data: string | null }>('SELECT data::text AS data FROM blobs ORDER BY id');
        expect(rows.map((r) => r.data)).toEqual(ndjson);
      }
    } finally {
      await client.end();
      await database.drop();
    }
  });
});
