/**
 * A document's object keys carry no meaning (PostgreSQL's JSONB, editors and
 * scripts all reorder them), so reordering them must not change one byte of
 * output: same revision + seed = same bytes from every entry point.
 */
import { fc } from '../support/fast-check';
import { compileBlueprint, FORMATS, listGenerators, previewRows, streamTable } from '@seedbed/engine';
import type { BlueprintDocument, FieldDef } from '../../../packages/engine/src/document/types';
import { compareCodePoints } from '../../../packages/engine/src/document/canonical';
import { collect, doc, REQUIRED_OPTIONS, table } from './helpers';

/**
 * Options for every generator whose options schema admits an object (a keyed
 * option or a free JSON value), written with unsorted keys at every depth.
 */
const OBJECT_OPTIONS: Record<string, Record<string, unknown>[]> = {
  weighted: [
    { values: { refunded: 5, paid: 70, pending: 25 } },
    { values: { zulu: 1, Alpha: 1, 'é': 1, 'ä': 2, '😀': 1, '\uff21': 1, '10': 1, '9': 1 } },
    { values: [{ weight: 3, value: { zone: 'eu', kind: 'web' } }, { value: { kind: 'shop', zone: 'us' }, weight: 1 }] },
  ],
  list: [{ values: [{ y: 1, x: 2 }, { x: 3, y: { q: [1, { d: 1, c: 2 }], p: null } }] }],
  constant: [{ value: { zeta: true, alpha: [{ b: 1, a: 2 }], mid: { n: 1, m: 'x' } } }],
  array: [{ max: 4, element: 'weighted', min: 1, elementOptions: { values: { zulu: 1, alpha: 2, mid: 3 } } }],
};

/** A schema admits an object when it is untyped (any JSON) or names object/array among its types. */
function admitsObject(schema: any): boolean {
  if (!schema || typeof schema !== 'object') return false;
  if (schema.type === undefined && !schema.oneOf && !schema.anyOf && !('const' in schema) && !schema.enum) return true;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('object') || types.includes('array') || [...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].some(admitsObject);
}

const objectOptionGenerators = listGenerators()
  .filter((g) => Object.values((g.optionsSchema as { properties: Record<string, unknown> }).properties).some(admitsObject))
  .map((g) => g.id);

/** One table of fields with several options each, refs, formulas, templates and per-parent rows. */
function relational(): BlueprintDocument {
  const objectFields: FieldDef[] = objectOptionGenerators.flatMap((id) =>
    (OBJECT_OPTIONS[id] ?? []).map((options, i) => ({ name: `${id.replace(/\W/g, '_')}_${i}`, generator: id, options })),
  );
  return doc(
    [
      table('users', 40, [
        { name: 'id', generator: 'sequence', options: { step: 3, start: 10 } },
        { name: 'first_name', generator: 'person.firstName' },
        { name: 'last_name', generator: 'person.lastName' },
        { name: 'email', generator: 'internet.email', options: { lastName: '{last_name}', firstName: '{first_name}' }, unique: true },
        { name: 'score', generator: 'number.int', options: { max: 900, min: 100 }, nullRate: 0.2 },
        { name: 'total', generator: 'number.float', options: { precision: 0.01, max: 500, min: 5 } },
        { name: 'joined', generator: 'date.between', options: { to: '2025-12-31', from: '2020-01-01' } },
        { name: 'code', generator: 'regex', options: { maxRepetition: 3, pattern: '[A-Z]{2}-\\d+' } },
        { name: 'greeting', generator: 'template', options: { template: '{first_name} ({score})' } },
        ...objectFields,
        { name: 'label', generator: 'formula', options: { expr: "upper(weighted_0) & '-' & id" } },
      ], 'id'),
      table('orders', { max: 4, distribution: 'uniform', perParent: 'users', min: 0 }, [
        { name: 'id', generator: 'uuid' },
        { name: 'user_id', generator: 'ref', options: { field: 'id', table: 'users' } },
        { name: 'status', generator: 'weighted', options: { values: { shipped: 2, cancelled: 1, open: 4 } } },
      ], 'id'),
    ],
    { refDate: '2025-01-01', locale: 'en', seed: 9 },
  );
}

/** Every other generator of the catalog with default (or the minimal required) options. */
function wide(): BlueprintDocument {
  const fields: FieldDef[] = listGenerators()
    .filter((g) => !['ref', 'formula'].includes(g.id))
    .map((g) => ({ name: `f_${g.id.replace(/\W/g, '_')}`, generator: g.id, ...(REQUIRED_OPTIONS[g.id] ? { options: REQUIRED_OPTIONS[g.id] } : {}) }));
  return doc([table('everything', 15, fields)], { seed: 3 });
}

/** A deep copy with the keys of every object shuffled by a small seeded generator; arrays keep their order. */
function shuffleKeys<T>(value: T, seed: number): T {
  let state = seed >>> 0 || 1;
  const next = () => ((state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0), state);
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    const entries = Object.entries(v);
    for (let i = entries.length - 1; i > 0; i--) {
      const j = next() % (i + 1);
      [entries[i], entries[j]] = [entries[j], entries[i]];
    }
    return Object.fromEntries(entries.map(([k, x]) => [k, walk(x)]));
  };
  return walk(value) as T;
}

async function bytesOf(document: BlueprintDocument): Promise<Record<string, string>> {
  const plan = compileBlueprint(document);
  const out: Record<string, string> = {};
  for (const name of plan.order) {
    for (const format of FORMATS) out[`${name}.${format}`] = await collect(streamTable(plan, name, format, { workers: 1 }));
    out[`${name}.mysql.sql`] = await collect(streamTable(plan, name, 'sql', { dialect: 'mysql', workers: 1 }));
    out[`${name}.preview`] = JSON.stringify(previewRows(plan, name, 0, 15));
  }
  return out;
}

describe('output does not depend on the key order of objects in the document', () => {
  it('has sample options for every generator taking an object option', () => {
    expect(objectOptionGenerators).toEqual(expect.arrayContaining(['weighted', 'list', 'constant']));
    // A new generator with an object option must be added to OBJECT_OPTIONS to be covered below.
    // ref's `match` holds one pair (its schema says so): there is no key order to shuffle.
    expect(objectOptionGenerators.filter((id) => !OBJECT_OPTIONS[id]?.length && id !== 'ref')).toEqual([]);
  });

  it('shuffling reorders keys (the property below is not vacuous)', () => {
    const base = JSON.stringify(relational());
    expect([1, 2, 3, 4, 5].some((seed) => JSON.stringify(shuffleKeys(relational(), seed)) !== base)).toBe(true);
  });

  for (const [name, make] of [['relational', relational], ['every generator', wide]] as const) {
    it(`gives identical bytes in every format for any key order: ${name}`, async () => {
      const expected = await bytesOf(make());
      await fc.assert(
        fc.asyncProperty(fc.integer(), async (seed) => {
          const actual = await bytesOf(shuffleKeys(make(), seed));
          for (const key of Object.keys(expected)) expect(`${key}\n${actual[key]}`).toBe(`${key}\n${expected[key]}`);
        }),
        { numRuns: name === 'relational' ? 40 : 8 },
      );
    });
  }

  it('orders keys by code point, the same on every machine and locale', () => {
    const keys = ['zulu', 'Alpha', 'é', 'ä', '😀', '\uff21', '10', '9', 'a', 'ab'];
    // UTF-8 byte order is code-point order: a locale-free reference.
    const byBytes = [...keys].sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    expect([...keys].sort(compareCodePoints)).toEqual(byBytes);
    expect(byBytes.indexOf('\uff21')).toBeLessThan(byBytes.indexOf('😀')); // UTF-16 unit order would say otherwise
  });

  it('gives the stored (JSONB-ordered) and the written weighted example the same rows', () => {
    const status = (values: Record<string, number>) => {
      const plan = compileBlueprint(doc([table('t', 200, [{ name: 's', generator: 'weighted', options: { values } }])]));
      return previewRows(plan, 't', 0, 100).rows.map((r) => r[0]);
    };
    const written = status({ refunded: 5, paid: 70, pending: 25 });
    expect(status({ paid: 70, pending: 25, refunded: 5 })).toEqual(written);
    expect(new Set(written)).toEqual(new Set(['paid', 'pending', 'refunded']));
  });
});
