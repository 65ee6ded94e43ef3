/**
 * Subscriptions that stop when access stops. graphql-js runs every event of
 * a subscription with the context it was opened with: its actor, its cached
 * roles. Here each event is authorised as a new request would be (the
 * credentials checked again, a fresh context with fresh loaders, so every
 * nested field — a run's project, its members, keys and blueprints — checks
 * the role the caller has now), and an access change announced by any
 * process (modules/auth/access-changes.ts) ends the caller's open
 * subscriptions at once, whatever endpoint (the API, a mock) holds them.
 * Ending one aborts its `signal`, so a source waiting on a timer lets go of
 * its memory at once rather than when the timer fires.
 */
import {
  GraphQLError,
  createSourceEventStream,
  execute,
  getOperationAST,
  Kind,
  type ExecutionArgs,
  type ExecutionResult,
} from 'graphql';
import { AppError, toAppError } from '../errors';
import type { AccessChange } from '../modules/auth/access-changes';
import type { Actor } from '../scope';

/** Errors that mean the caller may not see what it subscribed to. */
const ACCESS_CODES = new Set(['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND']);

/** Who holds an operation, as access changes name them. */
export interface Principal {
  userId?: string;
  sessionTokenHash?: string;
  apiKeyId?: string;
}

export function principalOf(actor: Actor): Principal {
  if (actor.kind === 'user') return { userId: actor.user.id, sessionTokenHash: actor.sessionTokenHash };
  if (actor.kind === 'apiKey') return { apiKeyId: actor.apiKey.id };
  return {};
}

const samePrincipal = (a: Principal, b: Principal) => a.userId === b.userId && a.sessionTokenHash === b.sessionTokenHash && a.apiKeyId === b.apiKeyId;

/** The error that ends a subscription whose holder lost access through `change`. */
function endedBy(change: AccessChange): AppError {
  if ('apiKeyId' in change) return new AppError('UNAUTHENTICATED', 'The API key was revoked: this subscription has ended.');
  if ('sessionTokenHash' in change) return new AppError('UNAUTHENTICATED', 'The session was logged out: this subscription has ended.');
  if (change.projectId) return new AppError('FORBIDDEN', 'Your membership of the project changed: this subscription has ended. Subscribe again to go on with your current role.');
  return new AppError('UNAUTHENTICATED', 'The account\'s password was changed: this subscription has ended.');
}

function touches(change: AccessChange, holder: Principal): boolean {
  if ('apiKeyId' in change) return holder.apiKeyId === change.apiKeyId;
  if ('sessionTokenHash' in change) return holder.sessionTokenHash === change.sessionTokenHash;
  return holder.userId === change.userId;
}

/** What an open subscription needs from its transport: who holds it, and a fresh context for each event. */
export interface OperationAuthority {
  principal: Principal;
  /** Checks the credentials again and builds the context a new request would get; throws when access is gone. */
  contextFor(actor: Actor, signal: AbortSignal): Promise<unknown>;
  /** The actor behind the operation's credentials now (throws for a revoked or expired key). */
  currentActor(): Promise<Actor>;
}

class OpenOperation {
  readonly controller = new AbortController();
  private endWith?: (error: AppError) => void;
  /** Settles with the error that ended the operation from outside. */
  readonly ended = new Promise<AppError>((resolve) => (this.endWith = resolve));

  constructor(readonly authority: OperationAuthority) {}

  end(error: AppError): void {
    this.endWith?.(error);
    this.endWith = undefined;
  }

  /** The context for the next event, or the reason there is none. */
  async authorise(): Promise<unknown> {
    const actor = await this.authority.currentActor();
    if (!samePrincipal(principalOf(actor), this.authority.principal)) {
      throw new AppError('UNAUTHENTICATED', 'The session that opened this subscription has ended.');
    }
    return this.authority.contextFor(actor, this.controller.signal);
  }
}

/** The subscriptions this process holds open, across every connection and endpoint. */
export class SocketOperations {
  private readonly open = new Set<OpenOperation>();
  private readonly byContext = new WeakMap<object, OpenOperation>();

  /** Subscriptions open now, their sources included until they have let go. */
  get size(): number {
    return this.open.size;
  }

  /** A signal for a new operation's context; `bind` that context to it once made. */
  begin(authority: OperationAuthority): { signal: AbortSignal; bind(contextValue: unknown): void } {
    const operation = new OpenOperation(authority);
    return {
      signal: operation.controller.signal,
      bind: (contextValue) => {
        if (contextValue && typeof contextValue === 'object') this.byContext.set(contextValue, operation);
      },
    };
  }

  /** Ends every subscription `change` takes access from. */
  endFor(change: AccessChange): void {
    const error = endedBy(change);
    for (const operation of this.open) if (touches(change, operation.authority.principal)) operation.end(error);
  }

  /** Ends them all (the server is stopping). */
  endAll(): void {
    for (const operation of this.open) operation.end(new AppError('SERVICE_UNAVAILABLE', 'The server is stopping.'));
  }

  /** graphql-ws's `subscribe`: graphql-js's own, but every event is authorised before it is executed. */
  subscribe = async (args: ExecutionArgs): Promise<AsyncGenerator<ExecutionResult> | ExecutionResult> => {
    const operation = args.contextValue && typeof args.contextValue === 'object' ? this.byContext.get(args.contextValue) : undefined;
    // Only this module's transport binds contexts: anything else is refused rather than left unchecked.
    if (!operation) return { errors: [new GraphQLError('This subscription was not opened through the authorised transport.')] };
    const source = await createSourceEventStream(args);
    if (!(Symbol.asyncIterator in Object(source))) {
      operation.controller.abort();
      return source as ExecutionResult;
    }
    this.open.add(operation);
    return this.stream(operation, (source as AsyncIterable<unknown>)[Symbol.asyncIterator](), args);
  };

  private stream(operation: OpenOperation, source: AsyncIterator<unknown>, args: ExecutionArgs): AsyncGenerator<ExecutionResult> {
    const key = responseKeyOf(args);
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      operation.controller.abort();
      // Not awaited: a source may still be inside its step; it sees the abort and lets go, and then it is forgotten.
      Promise.resolve(source.return?.())
        .catch(() => undefined)
        .finally(() => this.open.delete(operation));
    };
    const last = (error: unknown): IteratorResult<ExecutionResult> => {
      finish();
      const app = toAppError(error) ?? new AppError('INTERNAL_SERVER_ERROR', 'The subscription failed.');
      return { done: false, value: { errors: [new GraphQLError(app.message, { path: [key], originalError: app })] } };
    };

    const iterator = {
      next: async (): Promise<IteratorResult<ExecutionResult>> => {
        if (finished) return { done: true, value: undefined };
        const step = source.next();
        step.catch(() => undefined);
        const outcome = await Promise.race([step.then((result) => ({ result })), operation.ended.then((error) => ({ error }))]);
        if ('error' in outcome) return last(outcome.error);
        if (outcome.result.done) {
          finish();
          return { done: true, value: undefined };
        }
        let contextValue: unknown;
        try {
          contextValue = await operation.authorise();
        } catch (error) {
          return last(error);
        }
        // An access change while this event was being authorised still wins.
        const result = await Promise.race([execute({ ...args, rootValue: outcome.result.value, contextValue }), operation.ended]);
        if (result instanceof AppError) return last(result);
        // The subscribed object itself is no longer the caller's to see: this event says so, and is the last.
        const refused = (result as ExecutionResult).errors?.map((error) => toAppError(error.originalError)).find((error, i) => error && ACCESS_CODES.has(error.code) && (result as ExecutionResult).errors![i].path?.length === 1);
        if (refused) return last(refused);
        return { done: false, value: result as ExecutionResult };
      },
      return: async () => {
        finish();
        return { done: true, value: undefined };
      },
      throw: async (error: unknown) => {
        finish();
        throw error;
      },
      [Symbol.asyncIterator]() {
        return this;
      },
    } as unknown as AsyncGenerator<ExecutionResult>;
    return iterator;
  }
}

/** The response key of a subscription's one root field, for the path of the error that ends it. */
function responseKeyOf(args: ExecutionArgs): string {
  const field = getOperationAST(args.document, args.operationName)?.selectionSet.selections.find((s) => s.kind === Kind.FIELD);
  return field && field.kind === Kind.FIELD ? (field.alias ?? field.name).value : 'subscription';
}
