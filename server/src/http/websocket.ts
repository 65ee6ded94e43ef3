/**
 * GraphQL over WebSocket (graphql-ws) at /graphql, held to the limits of
 * HTTP (PRODUCT.md §9, §15): the same validation rules (depth, aliases, cost,
 * tokens), the same per-key rate limit and session budget, errors formatted
 * as over HTTP, plus what only a socket needs: a message size, a cap on
 * connections per address and on open operations per connection, an Origin
 * check, authentication per operation, subscriptions for signed-in callers
 * only, and every subscription event authorised again (socket-operations.ts).
 * Other paths (the mock API's) plug in as endpoints with their own schema
 * and context, and get all of the above the same way.
 */
import { setMaxListeners } from 'node:events';
import type http from 'node:http';
import type { Duplex } from 'node:stream';
import type { IncomingMessage } from 'node:http';
import {
  GraphQLError,
  getOperationAST,
  parse,
  specifiedRules,
  validate,
  type DocumentNode,
  type ExecutionArgs,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { handleProtocols, makeServer, type Context } from 'graphql-ws';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Config } from '../config';
import { AppError, badInput, unauthenticated } from '../errors';
import type { GraphQLContext } from '../graphql/context';
import { formatError } from '../graphql/errors';
import { MAX_TOKENS } from '../modules/query-limits/query-limits';
import { jsonIssue } from '../json-input';
import { createLoaders } from '../loaders';
import type { AccessChanges } from '../modules/auth/access-changes';
import type { Actor } from '../scope';
import type { Services } from '../services';
import { actorFor, credentialsOf, type Credentials } from './authenticate';
import { expensiveFieldCount, type OperationBudget } from './operation-budget';
import { withRequestId } from './request-context';
import { principalOf, SocketOperations } from './socket-operations';

const KEEPALIVE_MS = 12_000;
// graphql-armor's mask for "Did you mean ...", so the schema leaks no more here than over HTTP.
const SUGGESTION = /Did you mean ".+"/g;

export interface WebSocketOptions {
  config: Config;
  schema: GraphQLSchema;
  /** graphql-armor's rules, the very ones Apollo Server runs over HTTP. */
  validationRules: readonly ValidationRule[];
  services: Services;
  budget: OperationBudget;
  db: DataSource;
  log: Logger;
  /** Access changes from every process: each ends the open subscriptions of the caller it names. */
  accessChanges?: AccessChanges;
}

export interface Connection {
  socket: WebSocket;
  request: IncomingMessage;
  credentials?: Credentials;
  clientAddress?: string;
  /** Aborted when the socket closes: the work its operations started stops. */
  closed?: AbortSignal;
}

/** What one path runs its operations against, once the caller is known and the document parsed. */
export interface SocketEndpoint {
  /** Whether an upgrade to this URL path is this endpoint's. */
  matches(pathname: string): boolean;
  /** Pages of other origins this endpoint also lets in (the server's own, or its configured list, always). */
  extraOrigins?(request: IncomingMessage): Promise<string[]>;
  /**
   * The schema to validate against and run, the context, how many expensive operations it costs (PRODUCT.md §15),
   * and its own validation rules if not the main endpoint's.
   * Called again for each event of a subscription, with the actor of that moment: it must check access as for a new request.
   * `signal` is aborted when the operation ends.
   */
  prepare(actor: Actor, connection: Connection, document: DocumentNode, operationName?: string | null, signal?: AbortSignal): Promise<{ schema: GraphQLSchema; contextValue: unknown; expensive: number; validationRules?: readonly ValidationRule[] }>;
}

type WsServer = ReturnType<typeof makeServer<Record<string, unknown>, Connection>>;

export interface AttachedWebSocket {
  /** Connections open now, and subscriptions (until their sources have let go), for /metrics and tests. */
  counts(): { connections: number; subscriptions: number };
  close(): Promise<void>;
}

export function attachWebSocket(httpServer: http.Server, options: WebSocketOptions, others: SocketEndpoint[] = []): AttachedWebSocket {
  const { config, log } = options;
  const main: SocketEndpoint = {
    matches: (pathname) => pathname === '/graphql',
    prepare: async (actor, connection, document, operationName, signal) => ({
      schema: options.schema,
      expensive: expensiveFieldCount(document, operationName),
      contextValue: { actor, loaders: createLoaders(options.db), services: options.services, db: options.db, cookie: null, log, clientAddress: connection.clientAddress, signal } satisfies GraphQLContext,
    }),
  };
  const operations = new SocketOperations();
  const stopListening = options.accessChanges?.subscribe((change) => operations.endFor(change));
  const perAddress = new ConnectionsPerAddress(config.limits.wsConnectionsPerAddress);
  const endpoints = [main, ...others].map((endpoint) => ({ endpoint, server: makeServer<Record<string, unknown>, Connection>(graphqlWsOptions(options, endpoint, operations)) }));
  const routeOf = (request: IncomingMessage) => endpoints.find((e) => e.endpoint.matches(pathnameOf(request)));
  const wsServer = new WebSocketServer({
    noServer: true,
    maxPayload: config.limits.wsMessageBytes,
    handleProtocols,
    // Cookies ride along on a cross-site upgrade; refusing foreign pages keeps them from acting as the user.
    verifyClient: ({ req }, done) => {
      if (originAllowed(req, config)) return done(true);
      const extra = routeOf(req)?.endpoint.extraOrigins;
      if (!extra) return done(false, 403, 'Origin not allowed');
      extra(req).then(
        (origins) => (origins.includes(String(req.headers.origin)) ? done(true) : done(false, 403, 'Origin not allowed')),
        () => done(false, 403, 'Origin not allowed'),
      );
    },
  });
  const upgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const route = routeOf(request);
    if (!route) return void socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    // Counted before the handshake, so a burst of upgrades cannot all pass; given back when the socket goes, however it goes.
    const address = clientAddressOf(request, config.trustProxy) ?? 'unknown';
    if (!perAddress.take(address)) return void socket.end(tooManyConnections(config.limits.wsConnectionsPerAddress));
    socket.once('close', () => perAddress.give(address));
    wsServer.handleUpgrade(request, socket, head, (ws) => serve(route.server, ws, request));
  };
  httpServer.on('upgrade', upgrade);

  const unreadBytes = 2 * config.limits.previewBytes;
  const serve = (server: WsServer, socket: WebSocket, request: IncomingMessage) => {
    // ws has already closed the socket (1009 for an oversized message, 1002 for a bad frame): a client fault, not ours.
    socket.on('error', (error) => log.warn({ reason: error.message }, 'websocket closed on a bad message'));
    let alive = true;
    socket.on('pong', () => (alive = true));
    const keepalive = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
    }, KEEPALIVE_MS);

    const gone = new AbortController();
    // Every open operation's previews listen (20 operations of 15 aliases at most).
    setMaxListeners(1000, gone.signal);
    socket.once('close', () => gone.abort(new Error('the socket closed')));
    const closed = server.opened(
      {
        protocol: socket.protocol,
        // A client gone mid-send is not an error worth more than dropping the message.
        send: (data) =>
          new Promise<void>((resolve) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            // A client that does not read its answers would have them all held here: past two large answers, it is let go.
            if (socket.bufferedAmount > unreadBytes) {
              socket.terminate();
              return resolve();
            }
            socket.send(data, () => resolve());
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', async (data) => {
            try {
              // A request id per message, as HTTP has one per request, for the errors it may answer.
              await withRequestId(() => handle(String(data)));
            } catch (error) {
              log.error({ err: error }, 'websocket message failed');
              socket.close(1011, 'Internal server error');
            }
          }),
      },
      { socket, request, clientAddress: clientAddressOf(request, config.trustProxy), closed: gone.signal },
    );
    socket.once('close', (code, reason) => {
      clearInterval(keepalive);
      void closed(code, String(reason));
    });
  };

  return {
    counts: () => ({ connections: wsServer.clients.size, subscriptions: operations.size }),
    close: () =>
      new Promise<void>((resolve) => {
        httpServer.off('upgrade', upgrade);
        stopListening?.();
        operations.endAll();
        for (const client of wsServer.clients) client.close(1001, 'Going away');
        wsServer.close(() => resolve());
      }),
  };
}

/**
 * Open connections per client address (PRODUCT.md §9): one address cannot
 * hold thousands of sockets, each with its buffers and timers, and starve
 * everyone else of memory. Counted in this process, as its sockets are.
 */
class ConnectionsPerAddress {
  private readonly open = new Map<string, number>();

  constructor(private readonly limit: number) {}

  take(address: string): boolean {
    const held = this.open.get(address) ?? 0;
    if (held >= this.limit) return false;
    this.open.set(address, held + 1);
    return true;
  }

  give(address: string): void {
    const left = (this.open.get(address) ?? 1) - 1;
    if (left > 0) this.open.set(address, left);
    else this.open.delete(address);
  }
}

/** The refusal of one connection too many, as HTTP routes answer a 429: JSON with its code and retryAfter. */
function tooManyConnections(limit: number): string {
  const body = JSON.stringify({
    errors: [{ message: `At most ${limit} WebSocket connections from one address: close one first.`, extensions: { code: 'RATE_LIMITED', retryAfter: 5 } }],
  });
  return `HTTP/1.1 429 Too Many Requests\r\nConnection: close\r\nRetry-After: 5\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

function graphqlWsOptions({ config, schema, validationRules, services, budget, log }: WebSocketOptions, endpoint: SocketEndpoint, operations: SocketOperations) {
  const rules = [...specifiedRules, ...validationRules];
  const format = formatError(log);
  const toClient = (error: GraphQLError) => {
    const formatted = format(error.toJSON(), error);
    return { ...formatted, message: formatted.message.replace(SUGGESTION, '[Suggestion hidden]') };
  };

  return {
    schema,
    subscribe: operations.subscribe,
    /** Checks the credentials before the ack: a bad or revoked key gets 4403 Forbidden and never `connection_ack`. */
    onConnect: async (ctx: Context<Record<string, unknown>, Connection>) => {
      try {
        const credentials = credentialsOf(ctx.extra.request, ctx.connectionParams);
        await actorFor(credentials, services);
        ctx.extra.credentials = credentials;
        return true;
      } catch (error) {
        if (!(error instanceof AppError)) log.error({ err: error }, 'websocket authentication failed');
        return false;
      }
    },

    onSubscribe: async (ctx: Context<Record<string, unknown>, Connection>, _id: string, payload: { query: string; operationName?: string | null; variables?: Record<string, unknown> | null }) => {
      try {
        // The operation asking is already among them.
        if (Object.keys(ctx.subscriptions).length > config.limits.wsSubscriptions) {
          throw new AppError('RATE_LIMITED', `At most ${config.limits.wsSubscriptions} operations open on one connection: complete one first.`, { retryAfter: 1 });
        }
        const document = parseLimited(payload.query);
        const deep = jsonIssue(payload.variables, { path: 'variables', depthOnly: true });
        if (deep) throw badInput(deep.path, `${deep.path} ${deep.message}`);
        // Checked per operation, so a key revoked or a session ended mid-connection stops working at once.
        const credentials = ctx.extra.credentials ?? { kind: 'none' };
        const actor = await actorFor(credentials, services);
        // A subscription holds memory and a database listener for as long as it likes: only for someone the server knows.
        if (getOperationAST(document, payload.operationName)?.operation === 'subscription' && actor.kind === 'anonymous') throw unauthenticated();
        const operation = operations.begin({
          principal: principalOf(actor),
          currentActor: () => actorFor(credentials, services),
          contextFor: async (now, signal) => (await endpoint.prepare(now, ctx.extra, document, payload.operationName, signal)).contextValue,
        });
        const prepared = await endpoint.prepare(actor, ctx.extra, document, payload.operationName, operation.signal);
        const invalid = validate(prepared.schema, document, prepared.validationRules ?? rules);
        if (invalid.length) return invalid.map((error) => coded(error, 'GRAPHQL_VALIDATION_FAILED'));
        if (!getOperationAST(document, payload.operationName)) throw new AppError('BAD_USER_INPUT', 'Name the operation to run.');
        await budget.charge(actor, prepared.expensive, 0);
        const { contextValue } = prepared;
        operation.bind(contextValue);
        return {
          schema: prepared.schema,
          document,
          operationName: payload.operationName,
          variableValues: payload.variables,
          contextValue,
        } satisfies ExecutionArgs;
      } catch (error) {
        // formatError (in onError) shows an AppError's code and masks anything else, as over HTTP.
        if (error instanceof GraphQLError) return [error];
        return [new GraphQLError(error instanceof Error ? error.message : String(error), { originalError: error instanceof Error ? error : undefined })];
      }
    },

    onError: (_ctx: unknown, _id: string, _payload: unknown, errors: readonly GraphQLError[]) => errors.map(toClient),

    onNext: (_ctx: unknown, _id: string, _payload: unknown, _args: unknown, result: { errors?: readonly GraphQLError[] }) =>
      // Errors without a path come before any resolver ran (variables that do not fit their types): the caller's input, as over HTTP.
      result.errors ? { ...result, errors: result.errors.map((error) => toClient(error.path ? error : coded(error, 'BAD_USER_INPUT'))) } : undefined,
  };
}

function pathnameOf(request: IncomingMessage): string {
  const url = request.url ?? '';
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}

export function coded(error: GraphQLError, code: string): GraphQLError {
  return new GraphQLError(error.message, { nodes: error.nodes, source: error.source, positions: error.positions, extensions: { code } });
}

/** Parses with the token limit of HTTP; formatError words both kinds of failure as it does there. */
export function parseLimited(query: unknown): DocumentNode {
  if (typeof query !== 'string') throw new AppError('BAD_USER_INPUT', 'The query must be a string.');
  try {
    return parse(query, { maxTokens: MAX_TOKENS });
  } catch (error) {
    if (!(error instanceof GraphQLError)) throw error;
    throw coded(error, 'GRAPHQL_PARSE_FAILED');
  }
}

/**
 * Browsers send `Origin` on the upgrade; programs usually do not, and are
 * let through (they cannot borrow anyone's cookie). With no allowed list the
 * page must come from the server's own origin, the Host it was reached at.
 */
function originAllowed(req: IncomingMessage, config: Config): boolean {
  const origin = req.headers.origin;
  if (!origin) return true;
  try {
    const { protocol, host } = new URL(origin);
    if (config.allowedOrigins.length) return config.allowedOrigins.some((allowed) => new URL(allowed).origin === new URL(origin).origin);
    const forwarded = config.trustProxy ? firstOf(req.headers['x-forwarded-host']) : undefined;
    const own = forwarded ?? req.headers.host;
    return !!own && new URL(`${protocol}//${own}`).host === host;
  } catch {
    return false;
  }
}

/** Express's `req.ip` for an upgrade, which Express never sees: the nearest proxy's client when trusted. */
function clientAddressOf(req: IncomingMessage, trustProxy: boolean): string | undefined {
  // The entry the proxy appended (as Express with one trusted hop): earlier ones are the client's own words.
  const header = req.headers['x-forwarded-for'];
  const forwarded = trustProxy ? (Array.isArray(header) ? header.join(',') : header)?.split(',').pop()?.trim() || undefined : undefined;
  return forwarded ?? req.socket.remoteAddress;
}

function firstOf(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0]?.trim() || undefined;
}
