// Only the architecture rules, on purpose. The pure code lives in workspace
// packages (packages/<name>/src) that the server, the web client and a user's
// project all reach the same way: through the entries their package.json
// `exports` (`@seedbed/engine`, `@seedbed/engine/errors`, `@seedbed/import`,
// `@seedbed/mock`, `seedbed`, `seedbed/seed`), so a package's internals can
// change without breaking callers, and what the server uses is what a user
// can install. The engine stays pure. Tests and benches may import package
// internals to test them; they are not linted.
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

const PACKAGE_INTERNALS = {
  group: ['**/packages/**', '@seedbed/*/src', '@seedbed/*/src/**', '@seedbed/*/dist/**', 'seedbed/src', 'seedbed/src/**', 'seedbed/dist/**'],
  message: "Import a workspace package by its name and an entry of its package.json `exports` ('@seedbed/engine', '@seedbed/import', 'seedbed/seed', …); export what you need from that entry.",
};

const SERVER = {
  group: ['**/server/**', '@seedbed/server', '@seedbed/server/**', '@seedbed/client', '@seedbed/client/**'],
  message: 'A package imports nothing from the server or the web client: it must work installed in a project without them. Pass what it needs in as arguments.',
};

const ENGINE_DEPENDS_ON_NOTHING = {
  regex: '^(@seedbed/|seedbed(/|$))',
  message: 'The engine is the bottom package: the others depend on it, never the reverse.',
};

const IMPURE_PACKAGES = {
  group: ['typeorm', 'typeorm/*', 'pg', 'pg/*', 'pg-*', 'graphql', 'graphql/*', 'graphql-*', 'express', 'express/*', '@apollo/*', 'react', 'react/*', 'react-dom', 'react-dom/*'],
  message: 'The engine is pure: no database, GraphQL, HTTP or React. Do that work outside the engine and pass plain values in.',
};

// One pattern per depth: '../*' from a package's src/*.ts, '../../*' from its
// folders, … would reach outside the package's own sources.
const outsidePackage = (levels) => ({
  group: [`${'../'.repeat(levels)}*`],
  message: "A package's files import only its own sources and other packages' entries.",
});

const NODE_ENTRY = "The browser takes only the packages' browser-safe entries: '@seedbed/engine/document', '@seedbed/import/names'.";

const restrictImports = (...patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});

const DEPTHS = [1, 2, 3, 4, 5];
const atDepth = (levels) => `src/${'*/'.repeat(levels - 1)}*.ts`;

export default defineConfig([
  {
    files: ['server/src/**/*.ts', 'packages/*/src/**/*.ts', 'client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/__generated__/**'],
    languageOptions: { parser: tseslint.parser },
    plugins: { '@typescript-eslint': tseslint.plugin },
  },
  {
    files: ['server/src/**/*.ts'],
    rules: restrictImports(PACKAGE_INTERNALS),
  },
  // The web client shares code with the server only through the packages' browser-safe entries (@seedbed/engine/document, @seedbed/import/names).
  {
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/__generated__/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [PACKAGE_INTERNALS, SERVER, { regex: '^seedbed(/|$)', message: NODE_ENTRY }],
        paths: ['@seedbed/engine', '@seedbed/engine/errors', '@seedbed/import', '@seedbed/mock'].map((name) => ({ name, message: NODE_ENTRY })),
      }],
    },
  },
  ...DEPTHS.map((levels) => ({
    files: [`packages/*/${atDepth(levels)}`],
    ignores: ['packages/engine/**'],
    rules: restrictImports(PACKAGE_INTERNALS, SERVER, outsidePackage(levels)),
  })),
  ...DEPTHS.map((levels) => ({
    files: [`packages/engine/${atDepth(levels)}`],
    rules: restrictImports(PACKAGE_INTERNALS, SERVER, ENGINE_DEPENDS_ON_NOTHING, IMPURE_PACKAGES, outsidePackage(levels)),
  })),
]);
