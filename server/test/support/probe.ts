/**
 * Another user's `{ __typename }`, sent one after another while an attack
 * runs, and the server's RSS (the test process's, the server runs in it)
 * sampled meanwhile: the generous bounds issue 23's tests check, not timings.
 */
import type { TestClient } from './client';

export interface Probed<T> {
  result: T;
  /** The longest wait of one probe. */
  worstMs: number;
  probes: number;
  /** RSS at its highest, less RSS before the attack, in MB. */
  rssGrowthMb: number;
}

export async function underProbe<T>(probe: TestClient, attack: Promise<T>): Promise<Probed<T>> {
  const before = process.memoryUsage.rss();
  let peak = before;
  let done = false;
  const settled = attack.then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  );
  void settled.then(() => (done = true));
  let worstMs = 0;
  let probes = 0;
  while (!done || probes === 0) {
    const started = Date.now();
    const answer = await probe.ok<{ __typename: string }>('{ __typename }');
    if (answer.__typename !== 'Query') throw new Error(`the probe got ${JSON.stringify(answer)}`);
    worstMs = Math.max(worstMs, Date.now() - started);
    probes++;
    peak = Math.max(peak, process.memoryUsage.rss());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const outcome = await settled;
  if ('error' in outcome) throw outcome.error;
  return { result: outcome.value, worstMs, probes, rssGrowthMb: Math.round((peak - before) / 1048576) };
}

/** Waits until `check` holds, asking every 20 ms; fails after `ms` (a generous bound, never the thing measured). */
export async function eventually(check: () => boolean | Promise<boolean>, ms = 20_000, what = 'the condition'): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what} did not hold within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
