import { parse } from 'csv-parse/sync';
import { compileBlueprint, getGenerator, listGenerators, previewRows, SUPPORTED_LOCALES } from '@seedbed/engine';
import type { FieldDef } from '../../../packages/engine/src/document/types';
import type { Value } from '../../../packages/engine/src/generators/types';
import type { Format } from '../../../packages/engine/src/formats/types';
import { RowGenerator } from '../../../packages/engine/src/plan/row-generator';
import { ChunkEncoder } from '../../../packages/engine/src/stream/chunks';
import { DAY_STRIDE, encodeList } from '../../../packages/engine/src/formats/cell-writers';
import { dayTexts, formatDate } from '../../../packages/engine/src/generators/helpers';
import { doc, REQUIRED_OPTIONS, table } from './helpers';

/** The required options, with values that need quoting, dates over centuries, and negative integers. */
const OPTIONS: Record<string, Record<string, unknown>> = {
  ...REQUIRED_OPTIONS,
  'date.between': { from: '1960-01-01', to: '2030-12-31', dateOnly: true },
  weighted: { values: { a: 1, 'b,c': 2 } },
  list: { values: ['x', 'y "z"', 3, null, true, ''] },
  constant: { value: { a: [1, 'b,c'] } },
  template: { template: 'v, {first}' },
  'number.int': { min: -5000, max: 5000 },
};

/** Every generator (but ref) once, a third of them nullable, plus fields that read others and a unique email. */
function everyGenerator(): FieldDef[] {
  const fields: FieldDef[] = listGenerators()
    .filter((g) => g.id !== 'ref')
    .map((g, i) => ({ name: `f${i}`, generator: g.id, ...(i % 3 === 0 ? { nullRate: 0.25 } : {}), ...(OPTIONS[g.id] ? { options: OPTIONS[g.id] } : {}) }));
  return [
    ...fields,
    { name: 'first', generator: 'person.firstName' },
    { name: 'email_of_first', generator: 'internet.email', options: { firstName: '{first}' }, unique: true },
    { name: 'datetime', generator: 'date.between', options: { from: '0900-01-01', to: '2030-12-31' } },
    { name: 'first_millennium_day', generator: 'date.between', options: { from: '0990-01-01', to: '1010-12-31', dateOnly: true } },
    // Over 100,000 days: written without the per-day memo.
    { name: 'four_centuries_day', generator: 'date.between', options: { from: '1700-01-01', to: '2100-12-31', dateOnly: true } },
  ];
}

const text = (v: Value) => (v == null ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v));
/** A cell's CSV text: its generator's own where it has one (arrays as PostgreSQL's COPY reads them). */
const textOf = (field: FieldDef, v: Value) => {
  const own = getGenerator(field.generator)?.delimitedText;
  return v != null && own ? own(v) : text(v);
};

/**
 * Bytes of rows [OFFSET, OFFSET + rows) encoded by cell writers and from
 * values agree in every format with writers, and CSV and NDJSON parse back
 * to the values.
 */
function expectSameBytes(fields: FieldDef[], locale: string, rows: number) {
  const plan = compileBlueprint(doc([table('t', OFFSET + rows, fields)], { locale, seed: 9 }));
  const encode = (format: Format, options?: { cellWriters: false }) => new ChunkEncoder(plan, options).encode('t', format, 'postgres', 0, OFFSET, OFFSET + rows);
  for (const format of ['csv', 'tsv', 'json', 'ndjson'] as const) {
    const written = encode(format).toString('utf8');
    const fromValues = encode(format, { cellWriters: false }).toString('utf8');
    if (written !== fromValues) {
      // Name the first differing row rather than dumping two large strings.
      const a = written.split(/\r?\n/);
      const b = fromValues.split(/\r?\n/);
      const row = a.findIndex((line, i) => line !== b[i]);
      expect({ format, row, line: a[row] }).toEqual({ format, row, line: b[row] });
    }
  }
  // Quoting and escaping are right, not just the same both ways: every cell parses back to its value.
  const values = previewRows(plan, 't', OFFSET, rows).rows;
  const records: string[][] = parse(encode('csv'));
  expect(records).toEqual(values.map((row) => row.map((v, k) => textOf(fields[k], v))));
  // Rows after the stream's first start with a line break: this range starts past it.
  const objects = encode('ndjson').toString('utf8').trim().split('\n').map((line) => JSON.parse(line));
  expect(objects).toEqual(values.map((row) => Object.fromEntries(fields.map((f, k) => [f.name, row[k]]))));
}

const OFFSET = 1234;

describe('cell writers', () => {
  it('pre-encode a list as each entry alone encodes, lone surrogates at entries\' ends included', () => {
    for (const texts of [['Ann', 'Zoë', '', '東京'], ['a\ud800', '\udc00b', 'é'], ['\ud83d', '\ude00']]) {
      const { bytes, starts } = encodeList(texts);
      expect(Buffer.from(bytes).equals(Buffer.concat(texts.map((t) => Buffer.from(t, 'utf8'))))).toBe(true);
      expect([...starts]).toEqual(texts.reduce((at, t) => [...at, at.at(-1)! + Buffer.byteLength(t)], [0]));
    }
  });

  const fields = everyGenerator();
  const readers = fields.filter((f) => f.name === 'first' || f.name === 'email_of_first');

  it('make a range\'s day texts as formatDate prints them, over leap days and centuries', () => {
    const DAY = 86_400_000;
    for (const [from, days] of [[Date.UTC(1899, 0, 1) / DAY, 50_000], [Date.UTC(1000, 0, 1) / DAY, 800], [Date.UTC(9999, 11, 31) / DAY - 900, 901]]) {
      const texts = Buffer.from(dayTexts(from, days));
      const written = Array.from({ length: days }, (_, k) => texts.toString('latin1', k * DAY_STRIDE, k * DAY_STRIDE + 10));
      expect(written).toEqual(Array.from({ length: days }, (_, k) => formatDate((from + k) * DAY)));
    }
  });

  it('are used for most of the catalog', () => {
    const plan = compileBlueprint(doc([table('t', 10, fields)]));
    const writers = new RowGenerator(plan.table('t'), plan.seed).useWriters('csv');
    const written = fields.filter((_f, k) => writers[k]).map((f) => f.generator);
    expect(written).toEqual(expect.arrayContaining(['uuid', 'person.firstName', 'internet.email', 'phone.number', 'date.birthdate', 'location.city', 'location.country', 'company.name', 'number.int']));
    // `first` is read by another field, so its value is made, not written.
    expect(writers[fields.findIndex((f) => f.name === 'first')]).toBeUndefined();
  });

  it('write the same bytes as the values beside fields without writers', () => {
    expectSameBytes(fields, 'en', 60);
  });

  // Only the fields with writers (and the two that read each other): the other generators are slow under jest.
  // Drawn options, seeds and row ranges in every locale: cell-writers.property.test.ts; here, the bytes also parse back.
  it.each(SUPPORTED_LOCALES)('write the same CSV, TSV and JSON bytes as the values, which parse back, in locale %s', (locale) => {
    const plan = compileBlueprint(doc([table('t', 10, fields)], { locale }));
    const csv = new RowGenerator(plan.table('t'), plan.seed).useWriters('csv');
    const tsv = new RowGenerator(plan.table('t'), plan.seed).useWriters('tsv');
    const withWriters = fields.filter((f, k) => (csv[k] || tsv[k]) && !readers.includes(f));
    expect(withWriters.length).toBeGreaterThan(50);
    expectSameBytes([...withWriters, ...readers], locale, 120);
  });
});
