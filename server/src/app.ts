/**
 * The HTTP surface on one port: GraphQL over HTTP and WebSocket at /graphql
 * (with the GraphiQL IDE for browsers), the rows and file download API,
 * health probes and metrics, the blueprint JSON Schema, and the built web
 * client at /.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginDrainHttpServer } from '@apollo/server/plugin/drainHttpServer';
import { ApolloServerPluginLandingPageDisabled } from '@apollo/server/plugin/disabled';
import { expressMiddleware } from '@as-integrations/express5';
import { makeExecutableSchema } from '@graphql-tools/schema';
import express, { type ErrorRequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from './config';
import { blueprintJsonSchema } from './engine/document/json-schema';
import type { GraphQLContext, SessionCookie } from './graphql/context';
import { formatError, httpErrorBody } from './graphql/errors';
import { createLoaders } from './graphql/loaders';
import { queryLimits } from './graphql/query-limits';
import { resolvers } from './graphql/resolvers';
import { actorOf, authenticateRequests, SESSION_COOKIE } from './http/authenticate';
import { graphiql } from './http/graphiql';
import { healthRoutes } from './http/health';
import { createMetrics } from './http/metrics';
import { OperationBudget } from './http/operation-budget';
import { rowsRoute } from './http/rows-route';
import { securityHeaders } from './http/security-headers';
import { limitRowsStreams, ROWS_PATH } from './http/rows-streams';
import { attachWebSocket } from './http/websocket';
import { artifactRoute } from './http/artifact-route';
import { assignRequestId } from './http/request-context';
import { RateLimiter, Throttle } from './modules/api-key/rate-limit';
import { startRunRuntime } from './modules/run/run-runtime';
import { createServices, type Services } from './services';

export interface App {
  httpServer: http.Server;
  services: Services;
  listen(port: number): Promise<number>;
  close(): Promise<void>;
}

const typeDefs = fs.readFileSync(path.resolve(__dirname, '..', '..', 'schema.graphql'), 'utf8');

export async function createApp(config: Config, db: DataSource, log: Logger): Promise<App> {
  const runs = await startRunRuntime(config, db, log);
  const services = createServices(db, config, runs);
  const limiter = new RateLimiter(db, config.limits.apiRequestsPerMinute);
  const budget = new OperationBudget(limiter, new Throttle(db), config.limits.sessionExpensivePerMinute);
  const schema = makeExecutableSchema({ typeDefs, resolvers });
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  const httpServer = http.createServer(app);

  // One instance for both transports: protect() adds its reporters to the config each time it is called.
  const armor = queryLimits(config.limits);
  const webSocket = attachWebSocket(httpServer, { config, schema, validationRules: armor.validationRules, services, budget, db, log });

  const apollo = new ApolloServer<GraphQLContext>({
    schema,
    ...armor,
    csrfPrevention: true,
    // main.ts owns shutdown order (HTTP, then the database, then embedded PostgreSQL).
    stopOnTerminationSignals: false,
    introspection: true,
    formatError: formatError(log),
    plugins: [
      ...armor.plugins,
      budget.apolloPlugin(),
      ApolloServerPluginLandingPageDisabled(),
      ApolloServerPluginDrainHttpServer({ httpServer }),
      { async serverWillStart() { return { async drainServer() { await webSocket.close(); } }; } },
    ],
  });
  await apollo.start();

  const metrics = createMetrics(db, config.metricsToken);
  app.use(securityHeaders(), assignRequestId, metrics.observe);
  app.get('/metrics', metrics.serve);
  healthRoutes(app, db);
  app.get('/schemas/blueprint.json', (_req, res) => {
    res.type('application/schema+json').send(JSON.stringify(blueprintJsonSchema, null, 2));
  });

  app.use(
    '/graphql',
    graphiql,
    express.json({ limit: config.limits.bodyBytes }),
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
      }),
    }),
  );

  app.use('/api', express.json({ limit: config.limits.bodyBytes }), authenticateRequests(services, limiter));
  app.get(ROWS_PATH, limitRowsStreams(config.limits.rowsStreamsPerCaller, budget));
  app.use(rowsRoute(services, db, config.limits.instantRows, config.engineThreads));
  app.use(artifactRoute(services, db));
  app.use('/api', (_req, res) => void res.status(404).json(httpErrorBody('NOT_FOUND', 'No such API route.')));

  serveClient(app, config.clientDist);
  app.use(bodyErrors);

  return {
    httpServer,
    services,
    listen: (port) =>
      new Promise((resolve, reject) => {
        httpServer.once('error', reject);
        httpServer.listen(port, () => resolve((httpServer.address() as import('node:net').AddressInfo).port));
      }),
    close: async () => {
      await apollo.stop();
      await webSocket.close();
      if (httpServer.listening) await new Promise<void>((resolve) => httpServer.close(() => resolve()));
      await runs.stop();
    },
  };
}

function sessionCookie(res: Response, secure: boolean): SessionCookie {
  const options = { httpOnly: true, sameSite: 'lax' as const, secure, path: '/' };
  return {
    set: (token, expiresAt) => res.cookie(SESSION_COOKIE, token, { ...options, expires: expiresAt }),
    clear: () => res.clearCookie(SESSION_COOKIE, options),
  };
}

/** The built web client, with its routes (/p/...) falling back to index.html. */
function serveClient(app: express.Express, dist: string) {
  const index = path.join(dist, 'index.html');
  app.use(express.static(dist, { index: false }));
  app.get(/^\/(?!api\/|graphql|mock\/).*/, (req, res, next) => {
    if (!req.accepts('html') || !fs.existsSync(index)) return next();
    res.sendFile(index);
  });
}

/** Body-parser failures, answered in the GraphQL error shape with a code. */
const bodyErrors: ErrorRequestHandler = (error, _req, res, next) => {
  if (res.headersSent) return next(error);
  const type = (error as { type?: string }).type;
  if (type === 'entity.too.large') {
    res.status(413).json(httpErrorBody('PAYLOAD_TOO_LARGE', 'The request body is larger than the limit.'));
  } else if (type === 'entity.parse.failed') {
    res.status(400).json(httpErrorBody('BAD_USER_INPUT', 'The request body is not valid JSON.'));
  } else if (typeof (error as { status?: number }).status === 'number' && (error as { status: number }).status < 500) {
    res.status((error as { status: number }).status).json(httpErrorBody('BAD_USER_INPUT', String((error as Error).message)));
  } else {
    next(error);
  }
};
