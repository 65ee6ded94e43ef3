/** CsvTrimmer cuts CSV text as csv-parse would cut the records it parses, wherever the chunks break. */
import { parse } from 'csv-parse/sync';
import { CsvTrimmer } from '../../src/modules/import/sample/csv-trim';
import { fc, runsOf } from '../support/fast-check';

const cell = fc.oneof(
  fc.stringMatching(/^[a-z0-9 ]{0,6}$/),
  // Quoted cells with the delimiter, quotes and line breaks inside.
  fc.stringMatching(/^[a-z,;\n\r" ]{0,8}$/).map((s) => `"${s.replace(/"/g, '""')}"`),
);
const records = fc.array(fc.array(cell, { minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 8 });

describe('CsvTrimmer', () => {
  it('keeps the first cells of every record exactly as the parser reads them, whatever the chunks', () => {
    fc.assert(
      fc.property(records, fc.constantFrom(',', ';'), fc.constantFrom('\n', '\r\n'), fc.integer({ min: 1, max: 6 }), fc.array(fc.nat(), { maxLength: 6 }), (rows, delimiter, eol, keep, cuts) => {
        const text = rows.map((r) => r.join(delimiter)).join(eol) + eol;
        const trimmer = new CsvTrimmer(delimiter, keep);
        const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
        let out = '';
        let from = 0;
        for (const at of [...points, text.length]) {
          out += trimmer.push(text.slice(from, at));
          from = at;
        }
        trimmer.end();
        const options = { delimiter, relax_column_count: true, skip_empty_lines: true };
        const expected = (parse(text, options) as string[][]).map((r) => r.slice(0, keep));
        expect(parse(out, options)).toEqual(expected);
        expect(trimmer.headerCells).toBe((parse(text, options) as string[][])[0]?.length);
      }),
      { numRuns: runsOf(300) },
    );
  });
});
