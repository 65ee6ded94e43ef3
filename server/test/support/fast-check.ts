/**
 * Property tests explore new random cases on a developer's machine, and the
 * same fixed ones in CI, so a landing is never blocked by a case nobody has
 * seen yet. FAST_CHECK_SEED replays a failure reported by either.
 */
import fc from 'fast-check';

/** CI replays the same fixed cases on every landing (unless a seed is given to replay a failure). */
const replaying = !process.env.FAST_CHECK_SEED && !!process.env.CI;
const seed = process.env.FAST_CHECK_SEED ? Number(process.env.FAST_CHECK_SEED) : replaying ? 20261125 : undefined;
if (seed !== undefined) fc.configureGlobal({ seed });

export { fc };

/**
 * Runs of a property: all of them where new cases are explored, a quarter in
 * CI, whose fixed seed replays the same cases on every landing anyway.
 */
export const runsOf = (n: number): number => (replaying ? Math.max(10, Math.ceil(n / 4)) : n);
