/**
 * Children per parent row, fitted from a sample: the row spec (fixed,
 * uniform, Poisson or Zipf, as the engine draws them) that explains the
 * observed counts best by Akaike's criterion, so a one-parameter fit wins
 * over a two-parameter one unless it explains the counts clearly worse.
 */
import type { BlueprintDocument } from '../../../engine';
import { round } from './column-stats';

type RowSpec = Exclude<BlueprintDocument['tables'][number]['rows'], number>;

export interface CountFit {
  spec: Omit<RowSpec, 'perParent'>;
  /** Each candidate's log-likelihood and AIC, for the report. */
  candidates: Array<{ distribution: string; params: Record<string, number>; logLikelihood: number; aic: number }>;
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
    return { spec: { min, max }, candidates: [{ distribution: 'fixed', params: { count: min }, logLikelihood: 0, aic: 0 }], observed };
  }
  const candidates: CountFit['candidates'] = [];
  const uniform = -parents * Math.log(max - min + 1);
  candidates.push({ distribution: 'uniform', params: { min, max }, logLikelihood: uniform, aic: 4 - 2 * uniform });
  if (mean > 0) {
    const poisson = entries.reduce((sum, [k, p]) => sum + p * (k * Math.log(mean) - mean - logFactorial(k)), 0);
    candidates.push({ distribution: 'poisson', params: { mean: round(mean, 3) }, logLikelihood: poisson, aic: 2 - 2 * poisson });
  }
  const exponent = bestZipfExponent(entries, min, max);
  const zipf = zipfLogLikelihood(entries, min, max, exponent);
  candidates.push({ distribution: 'zipf', params: { min, max, exponent: round(exponent, 3) }, logLikelihood: zipf, aic: 4 - 2 * zipf });
  for (const c of candidates) [c.logLikelihood, c.aic] = [round(c.logLikelihood, 2), round(c.aic, 2)];
  const best = candidates.reduce((a, b) => (b.aic < a.aic ? b : a));
  const spec: CountFit['spec'] =
    best.distribution === 'poisson' ? { distribution: 'poisson', mean: best.params.mean } : best.distribution === 'zipf' ? { distribution: 'zipf', min, max, exponent: best.params.exponent } : { min, max };
  return { spec, candidates, observed };
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

