/**
 * The depth, alias and cost limits of PRODUCT.md §9, built once and given to
 * both transports (Apollo over HTTP, graphql-ws), so they refuse the same
 * documents. Tests validate the web client's operations and the README's
 * queries against this very set.
 */
import { ApolloArmor } from '@escape.tech/graphql-armor';
import type { Limits } from '../../config';
import { queryCostRule } from './query-cost';

/**
 * Tokens in one document. Enforced by graphql's own parser (`parseOptions`),
 * not armor's token plugin: that one re-parses in a hook, so every syntax
 * error escaped as an unexpected error and answered 500.
 */
export const MAX_TOKENS = 1000;

export function queryLimits(limits: Pick<Limits, 'queryDepth' | 'queryAliases' | 'queryCost'>) {
  const armor = new ApolloArmor({
    maxDepth: { n: limits.queryDepth },
    maxAliases: { n: limits.queryAliases },
    // Replaced by queryCostRule, which also counts page sizes given as variables (see query-cost.ts).
    costLimit: { enabled: false },
    maxTokens: { enabled: false },
  }).protect();
  return { ...armor, parseOptions: { maxTokens: MAX_TOKENS }, validationRules: [...armor.validationRules, queryCostRule({ maxCost: limits.queryCost })] };
}
