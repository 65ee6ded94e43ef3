import { compileBlueprint, previewRows } from '@seedbed/engine';
import { doc, table } from './helpers';

const N = 20_000;

function values(fields: Parameters<typeof table>[2], rows = N) {
  const preview = previewRows(compileBlueprint(doc([table('t', rows, fields)])), 't', 0, rows);
  return preview.rows;
}

describe('distributions', () => {
  it('draws NULL at the configured rate', () => {
    const rows = values([{ name: 'bio', generator: 'lorem.word', nullRate: 0.3 }, { name: 'n', generator: 'number.int', nullRate: 0 }]);
    const nulls = rows.filter((r) => r[0] === null).length / N;
    expect(Math.abs(nulls - 0.3)).toBeLessThan(0.015); // ~4.6 standard deviations
    expect(rows.every((r) => r[1] !== null)).toBe(true);
  });

  it('chooses weighted values in proportion to their weights', () => {
    const rows = values([{ name: 'status', generator: 'weighted', options: { values: { paid: 70, pending: 25, refunded: 5 } } }]);
    const share = (v: string) => rows.filter((r) => r[0] === v).length / N;
    expect(Math.abs(share('paid') - 0.7)).toBeLessThan(0.015);
    expect(Math.abs(share('pending') - 0.25)).toBeLessThan(0.015);
    expect(Math.abs(share('refunded') - 0.05)).toBeLessThan(0.008);
  });

  it('keeps numbers in range and roughly uniform', () => {
    const rows = values([{ name: 'n', generator: 'number.int', options: { min: 1, max: 10 } }]);
    const counts = new Map<unknown, number>();
    for (const [v] of rows) counts.set(v, (counts.get(v) ?? 0) + 1);
    expect([...counts.keys()].sort((a, b) => Number(a) - Number(b))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const c of counts.values()) expect(Math.abs(c / N - 0.1)).toBeLessThan(0.012);
  });

  function childCounts(rows: object, parents = 4000): number[] {
    const plan = compileBlueprint(doc([
      table('p', parents, [{ name: 'id', generator: 'sequence' }], 'id'),
      table('c', rows as never, [{ name: 'p_id', generator: 'ref', options: { table: 'p' } }]),
    ]));
    const children = previewRows(plan, 'c', 0, plan.table('c').layout.rows).rows;
    const counts = new Array(parents).fill(0);
    for (const [id] of children) counts[(id as number) - 1]++;
    return counts;
  }

  it('sizes child tables per parent: uniform, Poisson and Zipf', () => {
    const uniform = childCounts({ perParent: 'p', min: 1, max: 3 });
    expect(Math.min(...uniform)).toBe(1);
    expect(Math.max(...uniform)).toBe(3);
    expect(Math.abs(uniform.reduce((a, b) => a + b) / uniform.length - 2)).toBeLessThan(0.05);

    const poisson = childCounts({ perParent: 'p', distribution: 'poisson', mean: 4 });
    const mean = poisson.reduce((a, b) => a + b) / poisson.length;
    const variance = poisson.reduce((a, b) => a + (b - mean) ** 2, 0) / poisson.length;
    expect(Math.abs(mean - 4)).toBeLessThan(0.15);
    expect(Math.abs(variance - 4)).toBeLessThan(0.5);

    const zipf = childCounts({ perParent: 'p', distribution: 'zipf', exponent: 1.5, min: 1, max: 50 });
    const ones = zipf.filter((c) => c === 1).length;
    const twos = zipf.filter((c) => c === 2).length;
    expect(ones / twos).toBeGreaterThan(2.2); // 2^1.5 ≈ 2.83
    expect(Math.max(...zipf)).toBeLessThanOrEqual(50);
  });
});
