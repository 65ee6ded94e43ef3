/**
 * Property tests explore new random cases on a developer's machine, and the
 * same fixed ones in CI, so a landing is never blocked by a case nobody has
 * seen yet. FAST_CHECK_SEED replays a failure reported by either.
 */
import fc from 'fast-check';

const seed = process.env.FAST_CHECK_SEED ? Number(process.env.FAST_CHECK_SEED) : process.env.CI ? 20261125 : undefined;
if (seed !== undefined) fc.configureGlobal({ seed });

export { fc };
