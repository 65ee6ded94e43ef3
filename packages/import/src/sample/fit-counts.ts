/**
 * Children per parent row, fitted from a sample: the row spec (fixed,
 * uniform, Poisson or Zipf, as the engine draws them) that explains the
 * observed counts best by Schwarz's criterion (BIC, each parameter costing
 * ln(parents)), so a fit with fewer parameters wins unless it explains the
 * counts clearly worse. Akaike's figure is reported too; its lighter penalty
 * (2 per parameter) called about one flat sample of 300 parents in twelve
 * Zipf with an exponent near 0, which is the uniform by another name.
 */
import type { BlueprintDocument } from '@seedbed/engine';
import { round } from './column-stats';

type RowSpec = Exclude<BlueprintDocument['tables'][number]['rows'], number>;

export interface CountFit {
  spec: Omit<RowSpec, 'perParent'>;
  /** Each candidate's log-likelihood and AIC, for the report. */
  candidates: Array<{ distribution: string; params: Record<string, number>; logLikelihood: number; aic: number; bic: number }>;
  /** The candidate the spec is: lowest BIC. */
  chosen: string;
  observed: { parents: number; min: number; max: number; mean: number };
}

/** `lengths`: number of children → how many parents had that many. */
export function fitChildCounts(lengths: Map<number, number>): CountFit {
  const entries = [...lengths].filter(([, parents]) => parents > 0).sort((a, b) => a[0] - b[0]);
  const parents = entries.reduce((sum, [, p]) => sum + p, 0);
  const min = entries[0]?.[0] ?? 0;
  const max = entries.at(-1)?.[0] ?? 0;
  const mean = parents ? entries.reduce((sum, [k, p]) => sum + k * p, 0) / parents : 0;
  const observed = { parents, min, max, mean: round(mean, 3) };
  if (min === max) {
    return { spec: { min, max }, candidates: [{ distribution: 'fixed', params: { count: min }, logLikelihood: 0, aic: 0, bic: 0 }], chosen: 'fixed', observed };
  }
  const candidates: CountFit['candidates'] = [];
  const candidate = (distribution: string, params: Record<string, number>, logLikelihood: number, parameters: number) =>
    candidates.push({ distribution, params, logLikelihood, aic: 2 * parameters - 2 * logLikelihood, bic: parameters * Math.log(parents) - 2 * logLikelihood });
  candidate('uniform', { min, max }, -parents * Math.log(max - min + 1), 2);
  if (mean > 0) {
    const poisson = entries.reduce((sum, [k, p]) => sum + p * (k * Math.log(mean) - mean - logFactorial(k)), 0);
    candidate('poisson', { mean: round(mean, 3) }, poisson, 1);
  }
  const exponent = bestZipfExponent(entries, min, max);
  // Three parameters (min, max and the exponent): the exponent must pay for itself against the uniform over the same range.
  candidate('zipf', { min, max, exponent: round(exponent, 3) }, zipfLogLikelihood(entries, min, max, exponent), 3);
  for (const c of candidates) [c.logLikelihood, c.aic, c.bic] = [round(c.logLikelihood, 2), round(c.aic, 2), round(c.bic, 2)];
  const best = candidates.reduce((a, b) => (b.bic < a.bic ? b : a));
  const spec: CountFit['spec'] =
    best.distribution === 'poisson' ? { distribution: 'poisson', mean: best.params.mean } : best.distribution === 'zipf' ? { distribution: 'zipf', min, max, exponent: best.params.exponent } : { min, max };
  return { spec, candidates, chosen: best.distribution, observed };
}

function zipfLogLikelihood(entries: Array<[number, number]>, min: number, max: number, s: number): number {
  let norm = 0;
  for (let k = min; k <= max; k++) norm += (k - min + 1) ** -s;
  return entries.reduce((sum, [k, p]) => sum + p * (-s * Math.log(k - min + 1) - Math.log(norm)), 0);
}

/** Golden-section search over the exponent (the log-likelihood is unimodal in it). */
function bestZipfExponent(entries: Array<[number, number]>, min: number, max: number): number {
  let [lo, hi] = [0.01, 8];
  const phi = (Math.sqrt(5) - 1) / 2;
  for (let i = 0; i < 40; i++) {
    const a = hi - phi * (hi - lo);
    const b = lo + phi * (hi - lo);
    if (zipfLogLikelihood(entries, min, max, a) > zipfLogLikelihood(entries, min, max, b)) hi = b;
    else lo = a;
  }
  return (lo + hi) / 2;
}

const logFactorials: number[] = [0];
function logFactorial(k: number): number {
  for (let i = logFactorials.length; i <= k; i++) logFactorials[i] = logFactorials[i - 1] + Math.log(i);
  return logFactorials[k];
}

