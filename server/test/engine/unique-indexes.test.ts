/**
 * Unique indexes over expressions, partial and NULLS NOT DISTINCT, and
 * exclusion constraints on ranges (TableDef `uniqueIndexes`, `exclusions`):
 * every row keeps them, the bytes are the same from any offset and on any
 * number of workers, and what cannot hold at the asked size is refused with
 * its path before a row is made.
 */
import { compileBlueprint, EngineError, streamTable, validateBlueprint } from '@seedbed/engine';
import type { BlueprintDocument, FieldDef, TableDef } from '../../../packages/engine/src/document/types';
import { rangeBounds } from '../../../packages/engine/src/generators/range';
import { collect, doc, engineRefusal } from './helpers';

async function rows(d: BlueprintDocument, table: string, options: { offset?: number; count?: number; workers?: number } = {}): Promise<Record<string, unknown>[]> {
  const text = await collect(streamTable(compileBlueprint(d), table, 'ndjson', options));
  return text.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

const lower = (col: string) => ({ fn: 'lower' as const, args: [{ col }] });

describe('unique indexes over expressions', () => {
  const users = (count: number): BlueprintDocument =>
    doc([
      {
        name: 'users',
        rows: count,
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'sequence' },
          // 36 spellings, 9 once case is set aside.
          { name: 'handle', generator: 'regex', options: { pattern: '[A-Ca-c]{2}' } },
        ],
        uniqueIndexes: [{ text: 'CREATE UNIQUE INDEX ON users (lower(handle))', line: 3, keys: [lower('handle')] }],
      },
    ]);

  it('lower(col) is distinct: two values that differ only in case never meet', async () => {
    const made = await rows(users(8), 'users');
    const folded = made.map((r) => String(r.handle).toLowerCase());
    expect(new Set(folded).size).toBe(8);
    // Without the index, the same column repeats once case is folded.
    const plain = users(8);
    delete plain.tables[0].uniqueIndexes;
    expect(new Set((await rows(plain, 'users')).map((r) => String(r.handle).toLowerCase())).size).toBeLessThan(8);
  });

  it('is the same from any offset and on several workers', async () => {
    const d = users(8);
    const all = await collect(streamTable(compileBlueprint(d), 'users', 'csv', { header: false }));
    const tail = await collect(streamTable(compileBlueprint(d), 'users', 'csv', { header: false, offset: 5 }));
    expect(all.endsWith(tail)).toBe(true);
    expect(await collect(streamTable(compileBlueprint(d), 'users', 'csv', { header: false, workers: 2, chunkRows: 3 } as never))).toBe(all);
  });

  it('fails with the index path and line when the values run out', async () => {
    const error = await rows(users(12), 'users').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).path).toBe('tables[0].uniqueIndexes[0]');
    expect((error as EngineError).message).toContain('(line 3)');
  });

  // MySQL's world sample: countrylanguage (CountryCode, Language) under a case-insensitive collation.
  const languages = (values: string[]): BlueprintDocument =>
    doc([
      { name: 'country', rows: 10, primaryKey: 'code', fields: [{ name: 'code', generator: 'sequence' }] },
      {
        name: 'countrylanguage',
        rows: { perParent: 'country', min: 1, max: 3 },
        primaryKey: ['country_code', 'language'],
        fields: [
          { name: 'country_code', generator: 'ref', options: { table: 'country' } },
          { name: 'language', generator: 'list', options: { values } },
        ],
        uniqueIndexes: [{ text: 'UNIQUE (CountryCode, Language)', line: 50, keys: [{ col: 'country_code' }, lower('language')] }],
      },
    ]);

  it("is held by a composite key's permutation when each part tells its values apart", async () => {
    const made = await rows(languages(['English', 'French', 'Dutch', 'Greek']), 'countrylanguage');
    const folded = made.map((r) => `${r.country_code}|${String(r.language).toLowerCase()}`);
    expect(new Set(folded).size).toBe(made.length);
    // A NULL part leaves its row out of the index (WordPress's nullable address_type): still held.
    const nullable = languages(['billing', 'shipping', 'Home']);
    const addresses = nullable.tables[1];
    Object.assign(addresses, { primaryKey: 'id', unique: [['country_code', 'language']], fields: [{ name: 'id', generator: 'sequence' }, ...addresses.fields] });
    addresses.fields[2].nullRate = 0.3;
    expect(() => compileBlueprint(nullable)).not.toThrow();
    // Values that meet once folded are not held by the permutation: the index then needs a field it cannot re-draw.
    expect(engineRefusal(() => compileBlueprint(languages(['English', 'english', 'French', 'Dutch']))).path).toBe('tables[1].uniqueIndexes[0]');
  });
});

describe('partial unique indexes', () => {
  const addresses = (extra: Partial<TableDef> = {}): BlueprintDocument =>
    doc([
      { name: 'users', rows: 20, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }] },
      {
        name: 'addresses',
        rows: 120,
        primaryKey: 'id',
        fields: [
          { name: 'id', generator: 'sequence' },
          { name: 'user_id', generator: 'ref', options: { table: 'users' } },
          { name: 'is_default', generator: 'datatype.boolean' },
          { name: 'deleted_at', generator: 'date.between', options: { from: '2024-01-01', to: '2024-12-31' }, nullRate: 0.7 },
        ],
        uniqueIndexes: [
          {
            text: 'CREATE UNIQUE INDEX ON addresses (user_id) WHERE is_default AND deleted_at IS NULL',
            keys: [{ col: 'user_id' }],
            where: { fn: 'and', args: [{ col: 'is_default' }, { fn: 'isnull', args: [{ col: 'deleted_at' }] }] },
          },
        ],
        ...extra,
      },
    ]);

  it('holds only where its predicate is true: one live default address per user, any number of others', async () => {
    const made = await rows(addresses(), 'addresses');
    const live = made.filter((r) => r.is_default === true && r.deleted_at === null);
    expect(new Set(live.map((r) => r.user_id)).size).toBe(live.length);
    // 120 rows over 20 users: the rows outside the index are many, and repeat users.
    expect(made.length - live.length).toBeGreaterThan(60);
    expect(live.length).toBeGreaterThan(0);
    expect(made.some((r) => r.deleted_at !== null)).toBe(true);
  });

  it('a full unique over fewer values than rows is refused before any row, with its path', () => {
    const d = addresses();
    delete d.tables[1].uniqueIndexes![0].where;
    const error = engineRefusal(() => compileBlueprint(d));
    expect(error.path).toBe('tables[1].uniqueIndexes[0]');
    expect(error.message).toContain('at most 20 rows');
  });
});

describe('NULLS NOT DISTINCT', () => {
  const tags = (nullsNotDistinct: boolean, count: number): BlueprintDocument =>
    doc([
      {
        name: 'tags',
        rows: count,
        fields: [
          { name: 'id', generator: 'sequence' },
          { name: 'parent', generator: 'number.int', options: { min: 1, max: 4 }, nullRate: 0.5 },
        ],
        uniqueIndexes: [{ text: 'UNIQUE NULLS NOT DISTINCT (parent)', keys: [{ col: 'parent' }], nullsNotDistinct }],
      },
    ]);

  it('NULL is one value among the others: at most one row holds it', async () => {
    const made = await rows(tags(true, 5), 'tags');
    expect(new Set(made.map((r) => r.parent)).size).toBe(5);
    expect(made.filter((r) => r.parent === null).length).toBe(1);
  });

  it('a re-drawn field that draws its own NULLs is still a nullable column in the SQL it writes', async () => {
    const sql = await collect(streamTable(compileBlueprint(tags(true, 5)), 'tags', 'sql'));
    expect(sql).toMatch(/"?parent"? BIGINT,?\n/);
    expect(sql).toMatch(/"?id"? BIGINT NOT NULL/);
  });

  it('by default a NULL key leaves the row out of the index', async () => {
    const made = await rows(tags(false, 30), 'tags');
    const present = made.filter((r) => r.parent !== null);
    expect(new Set(present.map((r) => r.parent)).size).toBe(present.length);
    expect(made.filter((r) => r.parent === null).length).toBeGreaterThan(20);
  });
});

describe('exclusion constraints on ranges', () => {
  const during = (type: string, extra: Record<string, unknown> = {}): FieldDef => ({ name: 'during', generator: 'range', options: { type, from: '2025-01-01', to: '2025-03-01', ...extra } });
  const bookings = (count: number, field: FieldDef): BlueprintDocument =>
    doc([
      { name: 'rooms', rows: 4, primaryKey: 'id', fields: [{ name: 'id', generator: 'sequence' }] },
      {
        name: 'bookings',
        rows: count,
        primaryKey: 'id',
        fields: [{ name: 'id', generator: 'sequence' }, { name: 'room_id', generator: 'ref', options: { table: 'rooms' } }, field],
        exclusions: [{ text: 'EXCLUDE USING gist (room_id WITH =, during WITH &&)', line: 9, equal: ['room_id'], overlap: 'during' }],
      },
    ]);

  const overlapping = (made: Record<string, unknown>[]) => {
    const clashes: string[] = [];
    for (let i = 0; i < made.length; i++) {
      for (let j = i + 1; j < made.length; j++) {
        if (made[i].room_id !== made[j].room_id) continue;
        const a = rangeBounds(String(made[i].during))!;
        const b = rangeBounds(String(made[j].during))!;
        if (a.lo < b.hi && b.lo < a.hi) clashes.push(`${made[i].during} ${made[j].during}`);
      }
    }
    return clashes;
  };

  it.each(['tstzrange', 'tsrange', 'daterange', 'int4range', 'numrange'])('no two bookings of one room overlap (%s)', async (type) => {
    const numeric = type === 'int4range' || type === 'numrange';
    const made = await rows(bookings(80, during(type, numeric ? { from: 0, to: 100_000 } : type === 'daterange' ? { to: '2027-01-01' } : {})), 'bookings');
    expect(made).toHaveLength(80);
    expect(overlapping(made)).toEqual([]);
    // Without the constraint, the same bookings do overlap somewhere (the test can fail).
    const loose = bookings(400, during(type, type === 'daterange' ? {} : numeric ? { from: 0, to: 2_000 } : { to: '2025-01-10' }));
    delete loose.tables[1].exclusions;
    expect(overlapping(await rows(loose, 'bookings')).length).toBeGreaterThan(0);
  });

  it('writes ranges as PostgreSQL prints them', async () => {
    const [row] = await rows(bookings(1, during('tstzrange')), 'bookings');
    expect(row.during).toMatch(/^\["\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00\+00","\d{4}-\d{2}-\d{2} \d{2}:\d{2}:00\+00"\)$/);
    const [day] = await rows(bookings(1, during('daterange')), 'bookings');
    expect(day.during).toMatch(/^\[\d{4}-\d{2}-\d{2},\d{4}-\d{2}-\d{2}\)$/);
  });

  it('a size that cannot fit is refused before any row, with the path and line', () => {
    const error = engineRefusal(() => compileBlueprint(bookings(5_000, during('daterange', { minLength: 2 }))));
    expect(error.path).toBe('tables[1].exclusions[0]');
    expect(error.message).toContain('(line 9)');
    expect(error.message).toMatch(/at most \d+ rows/);
  });

  it('validation names an overlap field that is no range', () => {
    const d = bookings(10, during('tsrange'));
    d.tables[1].exclusions![0].overlap = 'room_id';
    expect(validateBlueprint(d).map((i) => i.path)).toContain('tables[1].exclusions[0].overlap');
  });
});
