/**
 * Per-parent child counts fitted from a sample (issue 12): when a sample's
 * children per parent are clearly Poisson, clearly heavy-tailed (Zipf) or
 * clearly uniform, the fit says so, with parameters near the ones the
 * counts were drawn from. Counts are drawn with a seeded PRNG, so each case
 * is the same on every run; tolerances are about three standard errors.
 */
import type { BlueprintDocument } from '@seedbed/engine';
import { fitChildCounts } from '../../../packages/import/src/sample/fit-counts';
import { importSample } from '../../../packages/import/src/sample/import-sample';
import { prng } from '../support/prng';

/** Knuth's method: multiply uniforms until below e^-mean. */
function poisson(random: () => number, mean: number): number {
  const limit = Math.exp(-mean);
  let k = -1;
  for (let prod = 1; prod > limit; k++) prod *= random();
  return k;
}

/** P(k) ∝ 1 / (k - min + 1)^s over [min, max], as the engine draws Zipf counts. */
function zipf(random: () => number, min: number, max: number, s: number): number {
  const weights = Array.from({ length: max - min + 1 }, (_, i) => (i + 1) ** -s);
  let x = random() * weights.reduce((a, b) => a + b, 0);
  for (let i = 0; i < weights.length; i++) if ((x -= weights[i]) < 0) return min + i;
  return max;
}

const uniform = (random: () => number, min: number, max: number) => min + Math.floor(random() * (max - min + 1));

/** Counts → how many parents had each count: what fitChildCounts reads. */
function histogram(counts: number[]): Map<number, number> {
  const lengths = new Map<number, number>();
  for (const c of counts) lengths.set(c, (lengths.get(c) ?? 0) + 1);
  return lengths;
}

const drawn = (seed: number, parents: number, draw: (random: () => number) => number) => {
  const random = prng(seed);
  return Array.from({ length: parents }, () => draw(random));
};

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** A users/orders sample whose orders per user are `counts`, linked by `userId`. */
function usersAndOrders(counts: number[]): string {
  const users = counts.map((_, i) => ({ id: i + 1, signup_day: 1 + (i % 28) }));
  const orders: Record<string, unknown>[] = [];
  counts.forEach((n, u) => {
    for (let k = 0; k < n; k++) orders.push({ id: orders.length + 1, userId: u + 1, quantity: 1 + ((orders.length * 7) % 5) });
  });
  return JSON.stringify({ users, orders });
}

type Rows = Exclude<BlueprintDocument['tables'][number]['rows'], number>;
const rowsOf = (doc: BlueprintDocument, table: string) => doc.tables.find((t) => t.name === table)!.rows as Rows;

describe('fitting children per parent', () => {
  // Seeds are fixed; several per distribution so one lucky draw cannot carry the test.
  const SEEDS = [1, 2, 3, 42, 2024];

  it.each(SEEDS)('calls Poisson(3) counts over 300 parents Poisson, with the mean within ±0.3 (seed %i)', (seed) => {
    const counts = drawn(seed, 300, (r) => poisson(r, 3));
    const fit = fitChildCounts(histogram(counts));
    expect(fit.spec).toEqual({ distribution: 'poisson', mean: expect.any(Number) });
    expect(Math.abs((fit.spec as { mean: number }).mean - 3)).toBeLessThan(0.3);
    // The fitted mean is the sample's mean, not a rounding of something else.
    expect((fit.spec as { mean: number }).mean).toBeCloseTo(mean(counts), 3);
    expect(fit.observed).toMatchObject({ parents: 300, min: Math.min(...counts), max: Math.max(...counts) });
  });

  it.each(SEEDS)('calls Zipf(s = 1.5) counts over [1, 60] heavy-tailed, with the exponent within ±0.3 (seed %i)', (seed) => {
    const counts = drawn(seed, 300, (r) => zipf(r, 1, 60, 1.5));
    const fit = fitChildCounts(histogram(counts));
    expect(fit.spec).toMatchObject({ distribution: 'zipf', min: 1, max: Math.max(...counts) });
    expect(Math.abs((fit.spec as { exponent: number }).exponent - 1.5)).toBeLessThan(0.3);
    // Heavy-tailed indeed: most parents have one child, a few have tens.
    expect(Math.max(...counts)).toBeGreaterThanOrEqual(20);
  });

  it.each(SEEDS)('calls uniform counts over [2, 8] uniform, with those bounds (seed %i)', (seed) => {
    const counts = drawn(seed, 300, (r) => uniform(r, 2, 8));
    const fit = fitChildCounts(histogram(counts));
    expect(fit.spec).toEqual({ min: 2, max: 8 });
  });

  it('calls equal counts fixed', () => {
    expect(fitChildCounts(new Map([[4, 300]])).spec).toEqual({ min: 4, max: 4 });
  });

  it('reports every candidate with its log-likelihood, AIC and BIC; the chosen one has the lowest BIC', () => {
    const fit = fitChildCounts(histogram(drawn(7, 300, (r) => poisson(r, 3))));
    expect(fit.candidates.map((c) => c.distribution).sort()).toEqual(['poisson', 'uniform', 'zipf']);
    const parameters: Record<string, number> = { uniform: 2, poisson: 1, zipf: 3 };
    for (const c of fit.candidates) {
      expect(c.aic).toBeCloseTo(2 * parameters[c.distribution] - 2 * c.logLikelihood, 1);
      expect(c.bic).toBeCloseTo(parameters[c.distribution] * Math.log(300) - 2 * c.logLikelihood, 1);
    }
    expect(fit.chosen).toBe('poisson');
    expect(fit.candidates.reduce((a, b) => (b.bic < a.bic ? b : a)).distribution).toBe('poisson');
  });

  it('calls a Zipf of exponent near 0 what it is, uniform, over 300 flat samples but for a rare one', () => {
    // The exponent is a third parameter: without paying for it, about one flat sample in twelve came out Zipf.
    const zipfs = Array.from({ length: 300 }, (_, seed) => fitChildCounts(histogram(drawn(1000 + seed, 300, (r) => uniform(r, 0, 10))))).filter((f) => f.chosen !== 'uniform');
    expect(zipfs.length).toBeLessThanOrEqual(3);
  });
});

describe('per-parent counts through a sample import', () => {
  it('sizes orders per user as Poisson when orders per user are Poisson(3), counting users without orders', async () => {
    const counts = drawn(11, 300, (r) => poisson(r, 3));
    expect(counts.filter((c) => c === 0).length).toBeGreaterThan(5); // users without orders exist, and count as zeros
    const { document, report } = await importSample(usersAndOrders(counts), 'JSON_SAMPLE');
    const rows = rowsOf(document, 'orders');
    expect(rows).toEqual({ perParent: 'users', distribution: 'poisson', mean: expect.any(Number) });
    expect(Math.abs(rows.mean! - 3)).toBeLessThan(0.3);
    expect(rows.mean).toBeCloseTo(mean(counts), 3);
    const decision = report.find((d) => d.table === 'orders' && d.generator === 'perParent')!;
    expect(decision.reason).toMatch(/userId → users: .*fitted as poisson/);
    expect(decision.details).toMatchObject({ observed: { parents: 300, min: 0 } });
  });

  it('sizes orders per user as Zipf when a few users have most of the orders', async () => {
    const counts = drawn(12, 300, (r) => zipf(r, 1, 60, 1.5));
    const { document } = await importSample(usersAndOrders(counts), 'JSON_SAMPLE');
    const rows = rowsOf(document, 'orders');
    expect(rows).toMatchObject({ perParent: 'users', distribution: 'zipf', min: 1, max: Math.max(...counts) });
    expect(Math.abs(rows.exponent! - 1.5)).toBeLessThan(0.3);
  });

  it('sizes nested items per order as uniform when every count in [2, 8] is about as common', async () => {
    const counts = drawn(13, 300, (r) => uniform(r, 2, 8));
    const orders = counts.map((n, i) => ({ placed: `2025-01-${String(1 + (i % 28)).padStart(2, '0')}`, items: Array.from({ length: n }, (_, k) => ({ qty: 1 + ((i + k) % 5) })) }));
    const { document } = await importSample(JSON.stringify({ orders }), 'JSON_SAMPLE');
    const child = document.tables.find((t) => t.name !== 'orders')!;
    expect(child.rows).toEqual({ perParent: 'orders', min: 2, max: 8 });
  });
});
