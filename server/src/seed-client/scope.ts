import path from 'node:path';

interface JestState {
  testPath?: string;
  currentTestName?: string;
}

/**
 * The running jest test as a scope name: its file (relative to the working
 * directory, `/`-separated, so every machine names it alike) and its full
 * name; in `beforeAll` hooks and at the top of a file, the file alone.
 * Undefined outside jest. `beforeEach` runs as the test it precedes, so rows
 * made there belong to that test.
 */
export function jestScope(): string | undefined {
  const expect = (globalThis as { expect?: { getState?: () => JestState } }).expect;
  const state = typeof expect?.getState === 'function' ? expect.getState() : undefined;
  if (!state?.testPath) return undefined;
  const file = path.relative(process.cwd(), state.testPath).split(path.sep).join('/');
  return state.currentTestName ? `${file} › ${state.currentTestName}` : file;
}
