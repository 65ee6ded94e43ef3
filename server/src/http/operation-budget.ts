/**
 * What an operation costs its caller: API keys spend their per-minute
 * requests (with their project and the user who made them), signed-in users
 * a per-minute budget of expensive operations (preview, rows, imports, runs)
 * shared by all their sessions; every window slides. The same accounting
 * serves GraphQL over HTTP and WebSocket and the rows API (PRODUCT.md §9, §15).
 */
import type { ApolloServerPlugin } from '@apollo/server';
import { Kind, type DocumentNode, type SelectionSetNode, getOperationAST } from 'graphql';
import { rateLimited } from '../errors';
import type { GraphQLContext } from '../graphql/context';
import { budgetOwner, subjectsOf, type RateLimiter, type SlidingWindows } from '../modules/api-key/rate-limit';
import type { Actor } from '../scope';

/** Root fields whose work grows with what the caller asks for. */
export const EXPENSIVE_ROOT_FIELDS: ReadonlySet<string> = new Set(['preview', 'importPreview', 'importBlueprint', 'startRun', 'testDatabaseTarget']);

const USER_SCOPE = 'user-expensive';

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
    private readonly windows: SlidingWindows,
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
      const state = await this.apiKeys.hit(actor.apiKey, hits);
      if (!state.allowed) throw rateLimited(`${budgetOwner(state.subject)} made more than ${state.limit} requests in the last minute.`, state.resetSeconds);
    } else if (actor.kind === 'user' && expensive > 0) {
      // Every session of the user spends from one budget: logging in again adds nothing.
      const [state] = await this.windows.hit(USER_SCOPE, subjectsOf(actor), 60, expensive, this.sessionPerMinute);
      if (state.rate > this.sessionPerMinute) {
        throw rateLimited(`This user's sessions started more than ${this.sessionPerMinute} previews, downloads or runs in the last minute.`, state.retryAfter);
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
