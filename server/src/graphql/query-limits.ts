/**
 * The depth, alias and cost limits of PRODUCT.md §9, built once and given to
 * both transports (Apollo over HTTP, graphql-ws), so they refuse the same
 * documents. Tests validate the web client's operations and the README's
 * queries against this very set.
 */
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { Limits } from '../config';
import { queryCostRule } from './query-cost';

export function queryLimits(limits: Pick<Limits, 'queryDepth' | 'queryAliases' | 'queryCost'>) {
  const armor = new ApolloArmor({
    maxDepth: { n: limits.queryDepth },
    maxAliases: { n: limits.queryAliases },
    // Replaced by queryCostRule, which also counts page sizes given as variables (see query-cost.ts).
    costLimit: { enabled: false },
  }).protect();
  return { ...armor, validationRules: [...armor.validationRules, queryCostRule({ maxCost: limits.queryCost })] };
}
