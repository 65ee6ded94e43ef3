/**
 * One entry for every loader: the guarded target's engine picks PostgreSQL
 * (COPY) or MySQL/MariaDB (batched INSERTs); both load in one transaction
 * and refuse or fail with the same detail.
 */
import type { Plan } from '@seedbed/engine';
import { loadIntoMysql } from './mysql-loader';
import { loadIntoPostgres } from './postgres-loader';
import type { LoadOptions, LoadResult } from './load-options';
import type { ResolvedTarget } from '@seedbed/import';

export type { LoadOptions, LoadResult } from './load-options';

export function loadInto(plan: Plan, target: ResolvedTarget, options: LoadOptions = {}): Promise<LoadResult> {
  return target.engine === 'mysql' ? loadIntoMysql(plan, target, options) : loadIntoPostgres(plan, target, options);
}
