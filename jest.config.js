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

module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/server/test', '<rootDir>/client/test'],
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  transform: { '^.+\\.(t|j)sx?$': swc },
  // faker 10 ships ESM only; jest's module system needs it transformed.
  transformIgnorePatterns: ['/node_modules/(?!@faker-js/)'],
  globalSetup: '<rootDir>/server/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/server/test/support/global-teardown.ts',
  testTimeout: 30000,
};
