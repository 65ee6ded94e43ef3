/**
 * What an operation costs its caller: API keys spend their per-minute
 * requests, sessions a per-minute budget of expensive operations (preview,
 * rows, imports, runs). The same accounting serves GraphQL over HTTP and
 * WebSocket and the rows API (PRODUCT.md §9, §15).
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, type DocumentNode, type SelectionSetNode, getOperationAST } from 'graphql';
import { rateLimited } from '../errors';
import type { GraphQLContext } from '../graphql/context';
import type { RateLimiter, Throttle } from '../modules/api-key/rate-limit';
import type { Actor } from '../scope';

/** Root fields whose work grows with what the caller asks for. */
export const EXPENSIVE_ROOT_FIELDS: ReadonlySet<string> = new Set(['preview', 'importPreview', 'importBlueprint', 'startRun', 'testDatabaseTarget']);

const SESSION_SCOPE = 'session-expensive';

/** Expensive root fields of the operation to run; every alias counts, fragments included. */
export function expensiveFieldCount(document: DocumentNode, operationName?: string | null): number {
  const operation = getOperationAST(document, operationName);
  if (!operation) return 0;
  const fragments = new Map(
    document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d.selectionSet] as const] : [])),
  );
  const seen = new Set<string>();
  const count = (set: SelectionSetNode): number =>
    set.selections.reduce((sum, selection) => {
      if (selection.kind === Kind.FIELD) return sum + (EXPENSIVE_ROOT_FIELDS.has(selection.name.value) ? 1 : 0);
      if (selection.kind === Kind.INLINE_FRAGMENT) return sum + count(selection.selectionSet);
      const fragment = fragments.get(selection.name.value);
      // A fragment spread twice at the root still runs its fields once each (they merge).
      if (!fragment || seen.has(selection.name.value)) return sum;
      seen.add(selection.name.value);
      return sum + count(fragment);
    }, 0);
  return count(operation.selectionSet);
}

export class OperationBudget {
  constructor(
    private readonly apiKeys: RateLimiter,
    private readonly throttle: Throttle,
    private readonly sessionPerMinute: number,
  ) {}

  /**
   * Charges `expensive` operations to the actor. `alreadyCounted`: API-key
   * hits the transport spent on this request already (HTTP counts each
   * request once; a WebSocket operation counts nothing before this).
   */
  async charge(actor: Actor, expensive: number, alreadyCounted: number): Promise<void> {
    if (actor.kind === 'apiKey') {
      const hits = Math.max(1, expensive) - alreadyCounted;
      if (hits <= 0) return;
      const state = await this.apiKeys.hit(actor.apiKey.id, hits);
      if (!state.allowed) throw rateLimited(`This API key made more than ${state.limit} requests this minute.`, state.resetSeconds);
    } else if (actor.kind === 'user' && expensive > 0) {
      const state = await this.throttle.hit(SESSION_SCOPE, actor.sessionTokenHash, 60, expensive);
      if (state.hits > this.sessionPerMinute) {
        throw rateLimited(`This session started more than ${this.sessionPerMinute} previews, downloads or runs this minute.`, state.retryAfter);
      }
    }
  }

  /** Over HTTP, where `authenticateRequests` has counted the request itself. */
  apolloPlugin(): ApolloServerPlugin<GraphQLContext> {
    return {
      requestDidStart: async () => ({
        didResolveOperation: async ({ document, operationName, contextValue }) => {
          await this.charge(contextValue.actor, expensiveFieldCount(document, operationName), 1);
        },
      }),
    };
  }
}
