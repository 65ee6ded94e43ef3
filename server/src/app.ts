/**
 * The HTTP surface on one port: GraphQL over HTTP and WebSocket at /graphql
 * (with the GraphiQL IDE for browsers), the rows and file download API,
 * health probes and metrics, the blueprint JSON Schema, and the built web
 * client at /.
 */
import fs from 'node:fs';
import { setMaxListeners } from 'node:events';
import http from 'node:http';
import path from 'node:path';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { makeExecutableSchema } from '@graphql-tools/schema';
import express, { type Response } from 'express';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from './config';
import { blueprintJsonSchema } from './engine';
import type { GraphQLContext, SessionCookie } from './graphql/context';
import { notFound } from './errors';
import { formatError, httpStatusPlugin } from './graphql/errors';
import { queryLimits } from './modules/query-limits/query-limits';
import { resolvers } from './graphql/resolvers';
import { actorOf, authenticateRequests, SESSION_COOKIE } from './http/authenticate';
import { errorHandler } from './http/error-handler';
import { graphiql, ideAssetRoutes, warmIdeSoon } from './http/graphiql';
import { immutableFolder } from './http/static-assets';
import { healthRoutes } from './http/health';
import { jsonBody } from './http/json-body';
import { createMetrics } from './http/metrics';
import { OperationBudget } from './http/operation-budget';
import { rowsRoute } from './http/rows-route';
import { sampleUploadRoute } from './http/sample-upload-route';
import { mockRoute } from './http/mock-route';
import { mockSocketEndpoint } from './http/mock-socket';
import { securityHeaders } from './http/security-headers';
import { limitRowsStreams, ROWS_PATH, RowsStreams } from './http/rows-streams';
import { attachWebSocket, type AttachedWebSocket } from './http/websocket';
import { artifactRoute } from './http/artifact-route';
import { assignRequestId } from './http/request-context';
import { RateLimiter, SlidingWindows } from './modules/api-key/rate-limit';
import { AccessChanges } from './modules/auth/access-changes';
import { protectOwnDatabase } from './modules/load/refused-targets';
import { createLoaders } from './loaders';
import { startRunRuntime } from './modules/run/run-runtime';
import { createServices, type Services } from './services';

export interface App {
  httpServer: http.Server;
  services: Services;
  webSocket: AttachedWebSocket;
  listen(port: number): Promise<number>;
  close(): Promise<void>;
}

const typeDefs = fs.readFileSync(path.resolve(__dirname, '..', '..', 'schema.graphql'), 'utf8');

export async function createApp(config: Config, db: DataSource, log: Logger): Promise<App> {
  // Its own database is never a target of runs, imports or checks made through this process.
  protectOwnDatabase((db.options as { url?: string }).url!);
  const runs = await startRunRuntime(config, db, log);
  const services = createServices(db, config, runs);
  const accessChanges = new AccessChanges((db.options as { url?: string }).url!, log);
  await accessChanges.start();
  const windows = new SlidingWindows(db);
  const limiter = new RateLimiter(windows, config.limits.apiRequestsPerMinute);
  const budget = new OperationBudget(limiter, windows, config.limits.sessionExpensivePerMinute);
  const schema = makeExecutableSchema({ typeDefs, resolvers });
  const app = express();
  app.disable('x-powered-by');
  // One proxy hop: req.ip is the address the proxy saw (X-Forwarded-For's last entry), not the first, which any client can write.
  app.set('trust proxy', config.trustProxy ? 1 : false);
  const httpServer = http.createServer(app);
  // Idle keep-alive connections are closed by the client or the proxy in front, never by us first:
  // with Node's 5 s default a client reusing a connection as its timer fired got ECONNRESET (seen
  // under load in the tests), and a load balancer's 60 s idle timeout turned the same race into 502s.
  httpServer.keepAliveTimeout = 65_000;
  httpServer.headersTimeout = 66_000;

  // One set of query limits (depth, aliases, cost, tokens) for both transports.
  const limits = queryLimits(config.limits);
  const webSocket = attachWebSocket(httpServer, { config, schema, validationRules: limits.validationRules, services, budget, db, log, accessChanges }, [mockSocketEndpoint(services, db)]);

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    ...limits,
    csrfPrevention: true,
    // main.ts owns shutdown order (HTTP, then the database, then embedded PostgreSQL).
    stopOnTerminationSignals: false,
    introspection: true,
    formatError: formatError(log),
    plugins: [
      ...limits.plugins,
      budget.apolloPlugin(),
      httpStatusPlugin(),
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginDrainHttpServer({ httpServer }),
      { async serverWillStart() { return { async drainServer() { await webSocket.close(); } }; } },
    ],
  });
  await apollo.start();

  const metrics = createMetrics(db, config.metricsToken, webSocket.counts);
  app.use(securityHeaders(), assignRequestId, metrics.observe);
  app.get('/metrics', metrics.serve);
  app.use(ideAssetRoutes);
  if (config.env !== 'test') warmIdeSoon();
  healthRoutes(app, db);
  app.get('/schemas/blueprint.json', (_req, res) => {
    res.type('application/schema+json').send(JSON.stringify(blueprintJsonSchema, null, 2));
  });

  app.use(
    '/graphql',
    graphiql,
    jsonBody(config.limits.bodyBytes),
    authenticateRequests(services, limiter),
    expressMiddleware(apollo, {
      context: async ({ req, res }): Promise<GraphQLContext> => ({
        actor: actorOf(res),
        loaders: createLoaders(db),
        services,
        db,
        cookie: sessionCookie(res, req.secure),
        log,
        clientAddress: req.ip,
        signal: abortedOnClose(res),
        // 'close' comes once the response was handed to the system, or its connection is gone.
        delivered: new Promise<void>((resolve) => res.once('close', () => resolve())),
      }),
    }),
  );

  // Before the JSON body parser: an uploaded sample is read as a stream, within its own limit.
  app.use(sampleUploadRoute(services, db, limiter, budget, config.limits.sampleBytes));
  app.use('/api', jsonBody(config.limits.bodyBytes), authenticateRequests(services, limiter));
  const streams = new RowsStreams(db, config.limits.rowsStreamsPerCaller);
  app.get(ROWS_PATH, limitRowsStreams(streams, budget));
  app.use(rowsRoute(services, db, config.limits.instantRows, config.engineThreads));
  app.use(artifactRoute(services, db));
  app.use('/api', (req) => {
    throw notFound('API route', req.path);
  });
  app.use(mockRoute({ services, budget, db, config, limiter, log }));

  serveClient(app, config.clientDist);
  // The one place an HTTP route's error becomes its answer.
  app.use(errorHandler(log));

  return {
    httpServer,
    services,
    webSocket,
    listen: (port) =>
      new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, config.host, () => resolve((httpServer.address() as import('node:net').AddressInfo).port));
      }),
    close: async () => {
      await apollo.stop();
      await webSocket.close();
      if (httpServer.listening) await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      streams.stop();
      await runs.stop();
      await accessChanges.stop();
    },
  };
}

/** Aborted when the response closes before it was finished: its client went away. */
function abortedOnClose(res: Response): AbortSignal {
  const controller = new AbortController();
  // Each preview of the request (15 aliases at most) listens while it waits and while it runs.
  setMaxListeners(100, controller.signal);
  res.once('close', () => {
    if (!res.writableFinished) controller.abort(new Error('the client went away'));
  });
  return controller.signal;
}

function sessionCookie(res: Response, secure: boolean): SessionCookie {
  const options = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
  return {
    set: (token, expiresAt) => res.cookie(SESSION_COOKIE, token, { ...options, expires: expiresAt }),
    clear: () => res.clearCookie(SESSION_COOKIE, options),
  };
}

/**
 * The built web client: its hashed bundles (`/assets/…`) as immutable,
 * compressed assets; index.html (a few hundred bytes) checked again on every
 * visit, so a new build is seen at once; its routes (/p/...) fall back to it.
 */
function serveClient(app: express.Express, dist: string) {
  const index = path.join(dist, 'index.html');
  app.use('/assets', immutableFolder(path.join(dist, 'assets')));
  app.use(express.static(dist, { index: false, cacheControl: false, setHeaders: (res) => res.setHeader('cache-control', 'no-cache') }));
  app.get(/^\/(?!api\/|graphql|mock\/).*/, (req, res, next) => {
    if (!req.accepts('html') || !fs.existsSync(index)) return next();
    res.setHeader('cache-control', 'no-cache');
    res.sendFile(index, { cacheControl: false });
  });
}
