import { compileBlueprint, previewRows, streamTable, validateGeneratorOptions, EngineError } from '@seedbed/engine';
import { collect, doc, table } from './helpers';

function columnOf(csv: string): string[] {
  const lines = csv.split('\r\n');
  return lines.slice(1, lines[lines.length - 1] === '' ? -1 : undefined);
}

describe('unique fields', () => {
  it('has no duplicate in 1,000,000 values of unique fields (permuted, row-tagged, uuid)', async () => {
    const rows = 1_000_000;
    const plan = compileBlueprint(doc([
      table('people', rows, [
        { name: 'n', generator: 'number.int', options: { min: 1, max: 1_200_000 }, unique: true },
        { name: 'email', generator: 'internet.email', unique: true },
        { name: 'id', generator: 'uuid', unique: true },
      ]),
    ]));
    // Worker threads generate at full speed outside jest's vm sandbox.
    const lines = columnOf(await collect(streamTable(plan, 'people', 'csv', { workers: 2 })));
    expect(lines).toHaveLength(rows);
    const columns = [new Set<string>(), new Set<string>(), new Set<string>()];
    for (const line of lines) {
      const cells = line.split(',');
      for (let k = 0; k < 3; k++) columns[k].add(cells[k]);
    }
    expect(columns.map((c) => c.size)).toEqual([rows, rows, rows]);
    for (const n of columns[0]) {
      const value = Number(n);
      if (!(value >= 1 && value <= 1_200_000)) throw new Error(`out of range: ${n}`);
    }
  }, 120_000);

  it('keeps retry-unique values distinct and identical across offsets and workers', async () => {
    const plan = compileBlueprint(doc([table('codes', 3000, [{ name: 'code', generator: 'regex', options: { pattern: '[A-C]{2}\\d{3}' }, unique: true }])]));
    const all = columnOf(await collect(streamTable(plan, 'codes', 'csv')));
    expect(new Set(all).size).toBe(3000);
    expect(previewRows(plan, 'codes', 2500, 5).rows.map((r) => r[0])).toEqual(all.slice(2500, 2505));
    expect(columnOf(await collect(streamTable(plan, 'codes', 'csv', { workers: 2, chunkRows: 500 })))).toEqual(all);
  });

  it('keeps drawing a nullable retry-unique field after its first NULL, alike at any offset', async () => {
    // A nullable unique email (the common shape of real schemas), retried because a composite key holds it.
    const codesTable = table('codes', 3000, [
      { name: 'team', generator: 'number.int', options: { min: 1, max: 3 } },
      { name: 'code', generator: 'regex', options: { pattern: '[A-C]{2}\\d{3}' }, nullRate: 0.2 },
    ]);
    const plan = compileBlueprint(doc([{ ...codesTable, unique: [['team', 'code']] }]));
    const all = columnOf(await collect(streamTable(plan, 'codes', 'csv')));
    const codes = all.map((line) => line.split(',')[1]);
    // Left behind at its first NULL, the retry state used to make every later cell NULL.
    const nulls = codes.filter((c) => c === '').length;
    expect(nulls).toBeGreaterThan(450);
    expect(nulls).toBeLessThan(750);
    expect(codes.slice(-500).filter((c) => c !== '').length).toBeGreaterThan(300);
    const filled = all.filter((line) => !line.endsWith(','));
    expect(new Set(filled).size).toBe(filled.length);
    expect(previewRows(plan, 'codes', 2500, 5).rows.map((r) => r.map((v) => v ?? '').join(','))).toEqual(all.slice(2500, 2505));
    expect(columnOf(await collect(streamTable(plan, 'codes', 'csv', { workers: 2, chunkRows: 500 })))).toEqual(all);
  });

  it('gives children the retry-unique keys of their parents, read in any order', async () => {
    // A natural key (a code) as the primary key: children look parents up at random rows, which the reader answers from its kept values.
    const plan = compileBlueprint(doc([
      table('parents', 400, [{ name: 'code', generator: 'regex', options: { pattern: '[A-C]{2}\\d{2}' }, unique: true }], 'code'),
      table('kids', 1600, [{ name: 'id', generator: 'sequence' }, { name: 'parent_code', generator: 'ref', options: { table: 'parents' } }], 'id'),
    ]));
    const codes = new Set(columnOf(await collect(streamTable(plan, 'parents', 'csv'))));
    expect(codes.size).toBe(400);
    const kids = columnOf(await collect(streamTable(plan, 'kids', 'csv')));
    expect(kids.every((line) => codes.has(line.split(',')[1]))).toBe(true);
    expect(new Set(kids.map((line) => line.split(',')[1])).size).toBeGreaterThan(300);
    // Read backwards, row by row: the same keys.
    const backwards = Array.from({ length: 20 }, (_, k) => previewRows(plan, 'kids', 1599 - k * 80, 1).rows[0].join(','));
    expect(backwards).toEqual(Array.from({ length: 20 }, (_, k) => kids[1599 - k * 80]));
  });

  it('fails with UNIQUE_EXHAUSTED naming the field when the values run out', async () => {
    const plan = compileBlueprint(doc([table('t', 20, [{ name: 'letter', generator: 'regex', options: { pattern: '[ab]' }, unique: true }])]));
    const error = await collect(streamTable(plan, 't', 'csv')).catch((e) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error.code).toBe('UNIQUE_EXHAUSTED');
    expect(error.path).toBe('tables[0].fields[0].unique');
    expect(error.message).toContain('letter');
  });

  it('rejects a unique field whose known value space is smaller than the row count', () => {
    const tiny = doc([table('t', 3, [{ name: 'id', generator: 'sequence' }, { name: 'flag', generator: 'datatype.boolean', unique: true }])]);
    expect(validateGeneratorOptions(tiny)).toEqual([expect.objectContaining({ path: 'tables[0].fields[1].unique' })]);
    const ok = doc([table('t', 2, [{ name: 'flag', generator: 'datatype.boolean', unique: true }])]);
    expect(validateGeneratorOptions(ok)).toEqual([]);
    expect(new Set(previewRows(compileBlueprint(ok), 't', 0, 2).rows.map((r) => r[0])).size).toBe(2);
  });

  it('gives a one-to-one reference when a ref is unique', () => {
    const plan = compileBlueprint(doc([
      table('users', 500, [{ name: 'id', generator: 'sequence' }], 'id'),
      table('profiles', 500, [{ name: 'user_id', generator: 'ref', options: { table: 'users' }, unique: true }]),
    ]));
    const ids = previewRows(plan, 'profiles', 0, 500).rows.map((r) => r[0]);
    expect(new Set(ids).size).toBe(500);
  });
});
