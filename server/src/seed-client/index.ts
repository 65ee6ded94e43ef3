/**
 * The seed client: typed rows for test suites and seed scripts, written
 * through the database client you already have. `seedbed codegen` writes a
 * `seed.ts` whose `createSeedClient` calls `createClient` with its blueprint.
 */
export { createClient, type RuntimeClient } from './client';
export { relationsOf, type Relation } from './relations';
export { jestScope } from './scope';
export { ROW } from './planner';
export * from './adapters';
export type * from './types';
