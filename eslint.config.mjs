// Only the architecture rules, on purpose: the engine stays pure, and the rest
// of the server reaches it through one door (server/src/engine/index.ts), so
// its internals can change without breaking callers. Tests and benches may
// import engine internals to test them; they are not linted.
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const ENGINE_INTERNALS = {
  group: ['**/engine/*'],
  message: "Import the engine from its entry ('../engine' or '../../engine'); export what you need from server/src/engine/index.ts.",
};

const IMPURE_PACKAGES = {
  group: ['typeorm', 'typeorm/*', 'pg', 'pg/*', 'pg-*', 'graphql', 'graphql/*', 'graphql-*', 'express', 'express/*', '@apollo/*', 'react', 'react/*', 'react-dom', 'react-dom/*'],
  message: 'The engine is pure: no database, GraphQL, HTTP or React. Do that work outside server/src/engine and pass plain values in.',
};

// One pattern per depth: '../*' from the engine's root files, '../../*' from its
// folders, … reach the server outside the engine (modules, graphql, http, db, config…).
const outsideEngine = (levels) => ({
  group: [`${'../'.repeat(levels)}*`],
  message: 'The engine imports nothing from the server outside server/src/engine; pass what it needs in as arguments.',
});

const restrictImports = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});

export default defineConfig([
  {
    files: ['server/src/**/*.ts'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
  },
  {
    files: ['server/src/**/*.ts'],
    ignores: ['server/src/engine/**'],
    rules: restrictImports(ENGINE_INTERNALS),
  },
  // engine/*.ts, engine/*/*.ts, … down to four folders deep
  ...[1, 2, 3, 4].map((levels) => ({
    files: [`server/src/engine/${'*/'.repeat(levels - 1)}*.ts`],
    rules: restrictImports(IMPURE_PACKAGES, outsideEngine(levels)),
  })),
]);
