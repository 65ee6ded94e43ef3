/** One jest run for the whole repository: server integration tests talk to a
 * real PostgreSQL started once in globalSetup; every test file gets its own
 * database cloned from a migrated template, so files run in parallel. */
const swc = ['@swc/jest', {
  jsc: {
    parser: { syntax: 'typescript', decorators: true, tsx: true },
    transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    target: 'es2022',
  },
  module: { type: 'commonjs' },
}];

// The workspace packages resolve to their TypeScript sources, so tests need no build (server/bin/workspace-sources.js).
const { workspaceSources } = require('./server/bin/workspace-sources');
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const moduleNameMapper = Object.fromEntries(Object.entries(workspaceSources()).map(([name, file]) => [`^${escape(name)}$`, file]));

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/server/test', '<rootDir>/client/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '^.+\\.(t|j|cj|mj)sx?$': swc },
  moduleNameMapper,
  // faker 10, pg-boss 12 and its dependencies ship ESM only; jest's module system needs them transformed.
  transformIgnorePatterns: ['/node_modules/(?!(@faker-js|pg-boss|serialize-error|non-error|rrule-temporal|@guanmingchiu)/)'],
  globalSetup: '<rootDir>/server/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/server/test/support/global-teardown.ts',
  testTimeout: 30000,
  // Most test files wait on PostgreSQL, Chromium or a worker process more than they compute: two run
  // side by side even on a 2-core machine, where jest's default (cores − 1) would run them one at a time.
  maxWorkers: Math.max(2, require('node:os').availableParallelism() - 1),
};
