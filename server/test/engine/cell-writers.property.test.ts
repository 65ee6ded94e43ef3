import { fc, runsOf } from '../support/fast-check';
import { compileBlueprint, EngineError, getGenerator, listGenerators, SUPPORTED_LOCALES, validateBlueprint, type Plan } from '@seedbed/engine';
import type { BlueprintDocument, FieldDef } from '../../../packages/engine/src/document/types';
import type { CellFormat } from '../../../packages/engine/src/generators/types';
import type { Format } from '../../../packages/engine/src/formats/types';
import { RowGenerator } from '../../../packages/engine/src/plan/row-generator';
import { ChunkEncoder } from '../../../packages/engine/src/stream/chunks';
import { compileAfter, setCompileAfterRows } from '../../../packages/engine/src/formats/row-compiler';
import { doc, REQUIRED_OPTIONS, table } from './helpers';
import { arbitraryOf } from './schema-arbitrary';

/**
 * A generator's cell writer and its value function are two implementations
 * of one thing: whatever the options (drawn from the generator's own option
 * schema), seed, locale, format, row range and nullRate, the bytes written
 * must equal the bytes encoded from the values.
 */

const FORMATS: readonly Format[] = ['csv', 'tsv', 'json', 'ndjson'];
const WRITER_FORMATS: readonly CellFormat[] = ['csv', 'tsv', 'json'];

/** Every generator with a cell writer in some locale and format, under the options it requires. */
function generatorsWithWriters(): string[] {
  const ids = listGenerators().map((g) => g.id).filter((id) => id !== 'ref');
  const fields: FieldDef[] = ids.map((id, i) => ({ name: `f${i}`, generator: id, ...(REQUIRED_OPTIONS[id] ? { options: REQUIRED_OPTIONS[id] } : {}) }));
  const written = new Set<string>();
  for (const locale of SUPPORTED_LOCALES) {
    const plan = compileBlueprint(doc([table('t', 1, fields)], { locale }));
    for (const format of WRITER_FORMATS) {
      const writers = new RowGenerator(plan.table('t'), plan.seed).useWriters(format);
      ids.forEach((id, k) => writers[k] && written.add(id));
    }
  }
  return ids.filter((id) => written.has(id));
}

const GENERATORS = generatorsWithWriters();

/** A field every drawn field may read through `{first}` in a text option (emails read names this way). */
const FIRST: FieldDef = { name: 'first', generator: 'person.firstName' };

const isoDay = (from: string, to: string) => fc.date({ min: new Date(`${from}T00:00:00Z`), max: new Date(`${to}T23:59:59Z`), noInvalidDate: true });
/** Dates where writers change how they write: around years 1000 and 9999, and the usual ones. */
const dates = fc.oneof(isoDay('0001-01-01', '9999-12-31'), isoDay('0990-01-01', '1010-12-31'), isoDay('9990-01-01', '9999-12-31'), isoDay('1900-01-01', '2100-12-31'));
const STRING_HINTS = [
  fc.constantFrom('{first}', '{first}, {first}', 'x{first}'),
  dates.map((d) => d.toISOString().slice(0, 10)),
  dates.map((d) => d.toISOString()),
  dates.map((d) => d.toISOString().slice(0, 19).replace('T', ' ')),
];

const optionsOf = new Map(listGenerators().filter((g) => GENERATORS.includes(g.id)).map((g) => [g.id, arbitraryOf(g.optionsSchema, { strings: STRING_HINTS }) as fc.Arbitrary<Record<string, unknown>>]));

/** Whether a field passes validation on its own (with `first` to read): drawn options break rules across options (min ≤ max) at times. */
const validAlone = (field: Omit<FieldDef, 'name'>) => validateBlueprint(doc([table('t', 10, [{ name: 'f0', ...field }, FIRST])])).length === 0;

/** One valid field of `id`: options from its schema, sometimes nullable, sometimes unique where that keeps its writer. */
const fieldOf = (id: string): fc.Arbitrary<Omit<FieldDef, 'name'>> =>
  fc
    .record({
      options: optionsOf.get(id)!,
      nullRate: fc.option(fc.oneof(fc.constant(0), fc.constant(1), fc.double({ min: 0, max: 1, noNaN: true })), { nil: undefined }),
      unique: getGenerator(id)?.injective ? fc.boolean() : fc.constant(false),
    })
    .map(({ options, nullRate, unique }) => ({
      generator: id,
      options,
      ...(unique ? { unique: true } : nullRate !== undefined ? { nullRate } : {}),
    }))
    .filter(validAlone);

/** Everything but the fields: locale, seeds, refDate and the row range. */
const setting = fc.record({
  locale: fc.constantFrom(...SUPPORTED_LOCALES),
  seed: fc.integer({ min: 0, max: 2147483647 }),
  refDate: fc.option(dates.map((d) => d.toISOString().slice(0, 10)), { nil: undefined }),
  offset: fc.oneof(fc.constant(0), fc.nat(5000), fc.nat(2 ** 40)),
  rows: fc.integer({ min: 1, max: 60 }),
  // Rows after a stream's first start with a line break: ranges start at the stream's start or past it.
  atStreamStart: fc.boolean(),
  // A NULL where a field reads `{first}`: the reader falls back to a drawn name.
  firstNullRate: fc.constantFrom(0, 0.5),
});

type Setting = typeof setting extends fc.Arbitrary<infer S> ? S : never;

/**
 * The plan, or none when compiling refuses the document with an engine error
 * (a bound only the plan can tell, such as a unique field's value space).
 * Anything else is a bug the validator let through, and fails the property:
 * it found two (a birthdate `min` above the default `max`, a `from` that
 * matched the date pattern but was no date), both now refused by validation.
 */
function compiled(document: BlueprintDocument): Plan | undefined {
  try {
    return compileBlueprint(document);
  } catch (error) {
    if (error instanceof EngineError) return undefined;
    throw error;
  }
}

type Outcome = { bytes: Buffer } | { error: string };

function outcome(encode: () => Buffer): Outcome {
  try {
    return { bytes: encode() };
  } catch (e) {
    return { error: `${(e as Error).name}: ${(e as Error).message}` };
  }
}

/** The first line where two encodings differ, not two large strings. */
function difference(format: Format, written: Outcome, fromValues: Outcome): string | undefined {
  if ('error' in written || 'error' in fromValues) {
    return JSON.stringify(written) === JSON.stringify(fromValues) ? undefined : `${format}: writers ${JSON.stringify(written).slice(0, 300)}, values ${JSON.stringify(fromValues).slice(0, 300)}`;
  }
  if (written.bytes.equals(fromValues.bytes)) return undefined;
  const a = written.bytes.toString('utf8').split('\n');
  const b = fromValues.bytes.toString('utf8').split('\n');
  const row = a.findIndex((line, i) => line !== b[i]);
  return `${format} line ${row}: writers ${JSON.stringify(a[row])}, values ${JSON.stringify(b[row])}`;
}

/** `encode`'s outcome with rows compiled at once (streams this short are written cell by cell otherwise). */
function compiledNow(encode: () => Buffer): Outcome {
  const before = compileAfter();
  setCompileAfterRows(0);
  try {
    return outcome(encode);
  } finally {
    setCompileAfterRows(before);
  }
}

/**
 * Checks one document (skipped when invalid: cross-option rules are the
 * validator's); returns how many of the drawn fields were written by a
 * writer in some format, so a test can tell it compared writers at all.
 */
function writersMatchValues(drawn: Omit<FieldDef, 'name'>[], s: Setting, compiledRows = false): number {
  const fields = [...drawn.map((f, i) => ({ name: `f${i}`, ...f })), { ...FIRST, nullRate: s.firstNullRate }];
  const document: BlueprintDocument = doc([table('t', s.offset + s.rows, fields)], {
    locale: s.locale,
    seed: s.seed,
    ...(s.refDate ? { refDate: s.refDate } : {}),
  });
  fc.pre(validateBlueprint(document).length === 0);
  const plan = compiled(document);
  fc.pre(plan !== undefined);
  const from = s.offset;
  const streamStart = s.atStreamStart ? from : 0;
  const withWriters = new ChunkEncoder(plan);
  const fromValues = new ChunkEncoder(plan, { cellWriters: false });
  for (const format of FORMATS) {
    const encode = (encoder: ChunkEncoder) => () => encoder.encode('t', format, 'postgres', streamStart, from, from + s.rows);
    // Compiled: the row compiler's code (formats/row-compiler) from the first row, not the writers called one by one.
    const written = compiledRows ? compiledNow(encode(withWriters)) : outcome(encode(withWriters));
    const diff = difference(format, written, outcome(encode(fromValues)));
    if (diff) throw new Error(diff);
  }
  const written = new Set<number>();
  for (const format of WRITER_FORMATS) {
    const writers = new RowGenerator(plan.table('t'), plan.seed).useWriters(format);
    drawn.forEach((_f, k) => writers[k] && written.add(k));
  }
  return written.size;
}

/** Generators whose options change what their writers write get more runs than option-less lists. */
const runsFor = (id: string) => (Object.keys(getGenerator(id)?.options ?? {}).length ? 1000 : 100);

describe('cell writers against the values, over drawn options', () => {
  it('cover the generators that have writers', () => {
    // Most of the catalog: a writer lookup that found none would make every property below pass vacuously.
    expect(GENERATORS.length).toBeGreaterThan(80);
    expect(GENERATORS).toEqual(expect.arrayContaining(['uuid', 'sequence', 'list', 'weighted', 'constant', 'internet.email', 'phone.number', 'number.int', 'date.between', 'date.birthdate', 'company.name', 'location.city']));
  });

  it.each(GENERATORS)('%s writes the bytes its values encode to', (id) => {
    let runs = 0;
    let written = 0;
    fc.assert(
      fc.property(fieldOf(id), setting, (field, s) => {
        // A drawn `maxLength` picks among the values that fit, through the values by design: such runs still compare bytes, but do not count towards the writers' use.
        const fitted = field.options?.maxLength !== undefined;
        if (!fitted) runs++;
        const used = writersMatchValues([field], s);
        if (!fitted) written += used;
      }),
      { numRuns: runsOf(runsFor(id)), includeErrorInReport: true },
    );
    // Not a vacuous pass: runs without a maxLength were drawn, and the writer was really used in a third of them at least.
    expect(runs).toBeGreaterThan(0);
    expect(written).toBeGreaterThanOrEqual(runs / 3);
  });

  // Every (generator, locale) pair, in rows that mix written and made cells.
  it.each(SUPPORTED_LOCALES)('every generator with a writer writes what its values encode to, in locale %s', (locale) => {
    const fields = fc.tuple(...GENERATORS.map(fieldOf));
    fc.assert(fc.property(fields, setting, (drawn, s) => void writersMatchValues(drawn, { ...s, locale })), { numRuns: runsOf(40), includeErrorInReport: true });
  });

  it('write rows of several drawn fields as their values encode them', () => {
    const fields = fc.array(fc.constantFrom(...GENERATORS).chain(fieldOf), { minLength: 2, maxLength: 5 });
    fc.assert(fc.property(fields, setting, (drawn, s) => void writersMatchValues(drawn, s)), { numRuns: runsOf(1500), includeErrorInReport: true });
  });

  // Compiling costs milliseconds per table and format: fewer runs, each a row of several fields (emails reading `{first}` among them).
  it('compile rows of several drawn fields that write what their values encode to', () => {
    const fields = fc.array(fc.constantFrom(...GENERATORS).chain(fieldOf), { minLength: 2, maxLength: 6 });
    fc.assert(fc.property(fields, setting, (drawn, s) => void writersMatchValues(drawn, s, true)), { numRuns: runsOf(150), includeErrorInReport: true });
  });

  it.each(['number.int', 'uuid', 'phone.number', 'person.firstName'])('%s compiles to what its values encode to', (id) => {
    fc.assert(fc.property(fieldOf(id), setting, (field, s) => void writersMatchValues([field], s, true)), { numRuns: runsOf(60), includeErrorInReport: true });
  });

  // Day lists are tens of thousands of entries (made per plan): fewer runs. Drawn refDates reach years below 1000 and above 9999.
  it('date.birthdate compiles to what its values encode to', () => {
    fc.assert(fc.property(fieldOf('date.birthdate'), setting, (field, s) => void writersMatchValues([field], s, true)), { numRuns: runsOf(24), includeErrorInReport: true });
  });

  // Drawn options seldom leave an email the shape the compiler writes inline (names read whole from a field, or drawn): these always do.
  it('compiles emails reading or drawing their names to what their values encode to', () => {
    const email = fc.record({
      options: fc.record({ firstName: fc.constant('{first}'), lastName: fc.constant('{first}'), provider: fc.constantFrom('example.com', 'mail.test') }, { requiredKeys: [] }),
      unique: fc.boolean(),
      nullRate: fc.constantFrom(0, 0.3),
    });
    const field = email.map(({ options, unique, nullRate }) => ({ generator: 'internet.email', options, ...(unique ? { unique } : { nullRate }) }));
    fc.assert(fc.property(fc.array(field, { minLength: 1, maxLength: 2 }), setting, (drawn, s) => void writersMatchValues(drawn, s, true)), { numRuns: runsOf(200), includeErrorInReport: true });
  });
});
