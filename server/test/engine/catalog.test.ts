import { compileBlueprint, categories, listGenerators, previewRows, searchGenerators, SUPPORTED_LOCALES, type OutputType } from '../../src/engine';
import { doc, REQUIRED_OPTIONS as OPTIONS, table } from './helpers';

const MATCHES: Record<OutputType, (v: unknown) => boolean> = {
  string: (v) => typeof v === 'string',
  integer: (v) => Number.isInteger(v),
  float: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
  date: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)),
  datetime: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/.test(v) && !Number.isNaN(Date.parse(v)),
  uuid: (v) => typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(v),
  json: (v) => typeof v === 'object' && v !== null,
};

describe('generator catalog', () => {
  const all = listGenerators();

  it('has at least 150 generators in at least 15 categories, and at least 10 locales', () => {
    expect(all.length).toBeGreaterThanOrEqual(150);
    expect(categories().length).toBeGreaterThanOrEqual(15);
    expect(SUPPORTED_LOCALES.length).toBeGreaterThanOrEqual(10);
    for (const id of ['sequence', 'uuid', 'ref', 'weighted', 'regex', 'formula', 'template', 'constant', 'list']) {
      expect(all.some((g) => g.id === id)).toBe(true);
    }
  });

  it('describes every generator: schema, output type, SQL types, examples', () => {
    for (const g of all) {
      expect(g.description.length).toBeGreaterThan(3);
      expect(g.optionsSchema).toMatchObject({ type: 'object' });
      expect(Object.keys(g.sqlType).sort()).toEqual(['mysql', 'postgres', 'sqlite']);
      expect(g.examples.length).toBeGreaterThan(0);
    }
  });

  it("produces values of each generator's declared output type", () => {
    const fields = all
      .filter((g) => g.id !== 'ref')
      .map((g, i) => ({ name: `f${i}`, generator: g.id, ...(OPTIONS[g.id] ? { options: OPTIONS[g.id] } : {}) }));
    const plan = compileBlueprint(doc([table('t', 1000, fields)]));
    const preview = previewRows(plan, 't', 0, 25);
    const wrong: string[] = [];
    preview.columns.forEach((column, k) => {
      const generator = fields[k].generator;
      const declared = all.find((g) => g.id === generator)!.outputType;
      if (generator !== 'formula' && column.type !== declared) {
        wrong.push(`${generator}: column type ${column.type} ≠ ${declared}`);
      }
      for (const row of preview.rows) if (!MATCHES[column.type](row[k])) wrong.push(`${generator} (${column.type}): ${JSON.stringify(row[k])}`);
    });
    expect(wrong).toEqual([]);
  });

  it('generates in every supported locale', () => {
    const fields = ['person.firstName', 'person.lastName', 'internet.email', 'location.city', 'location.country', 'company.name', 'phone.number', 'location.streetAddress']
      .map((generator, i) => ({ name: `f${i}`, generator }));
    for (const locale of SUPPORTED_LOCALES) {
      const rows = previewRows(compileBlueprint(doc([table('t', 10, fields)], { locale })), 't', 0, 10).rows;
      for (const row of rows) for (const v of row) expect(typeof v === 'string' && v.length > 0).toBe(true);
    }
    const german = previewRows(compileBlueprint(doc([table('t', 50, [{ name: 'c', generator: 'location.country' }])], { locale: 'de' })), 't', 0, 50).rows;
    const english = previewRows(compileBlueprint(doc([table('t', 50, [{ name: 'c', generator: 'location.country' }])], { locale: 'en' })), 't', 0, 50).rows;
    expect(german).not.toEqual(english);
  });

  it('searches by word and filters by category', () => {
    expect(searchGenerators('first name').map((g) => g.id)).toContain('person.firstName');
    expect(searchGenerators(undefined, 'finance').every((g) => g.category === 'finance')).toBe(true);
    expect(searchGenerators('no-such-generator-xyz')).toEqual([]);
  });

  it('ranks the id first, then its words, then descriptions, common generators before exotic ones', () => {
    const top = (search: string, n = 3) => searchGenerators(search).slice(0, n).map((g) => g.id);
    expect(top('ref')).toEqual(['ref', expect.anything(), expect.anything()]);
    expect(top('phone', 2)).toEqual(['phone.number', 'phone.imei']);
    expect(top('email', 2)).toEqual(['internet.email', 'internet.exampleEmail']);
    expect(top('uuid', 2)).toEqual(['uuid', 'string.uuid']);
    expect(top('date', 4)).toEqual(['date.between', 'date.past', 'date.recent', 'date.birthdate']);
    expect(top('first name', 1)).toEqual(['person.firstName']);
    // A description's mention comes after every name that says it: "a booking reference" is not `ref`.
    const ids = searchGenerators('ref').map((g) => g.id);
    expect(ids.indexOf('airline.recordLocator')).toBeGreaterThan(ids.indexOf('ref'));
    expect(searchGenerators('date', 'date').every((g) => g.category === 'date')).toBe(true);
  });
});
