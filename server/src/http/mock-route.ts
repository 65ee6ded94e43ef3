/**
 * /mock/:project/:blueprint/graphql (PRODUCT.md §13): a blueprint's mock
 * GraphQL API, over GET (queries) and POST, for a session or an API key of
 * the project; a browser's GET gets the IDE. The token limit of the main
 * endpoint and the mock's own depth, alias and cost limits apply, errors are
 * formatted by the same function, and browsers may call it from the origins
 * the project lists.
 */
import express, { type Request, type RequestHandler, type Response } from 'express';
import { getOperationAST, validate } from 'graphql';
import type { DocumentNode, GraphQLError, GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import type { Config } from '../config';
import { AppError, badInput } from '@seedbed/engine/errors';
import { formatError } from '../graphql/errors';
import { createLoaders } from '../loaders';
import type { RateLimiter } from '../modules/api-key/rate-limit';
import { executeMock } from '@seedbed/mock';
import type { Services } from '../services';
import { actorOf, authenticateRequests } from './authenticate';
import type { OperationBudget } from './operation-budget';
import { coded, parseLimited } from './websocket';
import { graphiqlFor } from './graphiql';
import { jsonBody } from './json-body';

export const MOCK_PATH = '/mock/:project/:blueprint/graphql';
const MAX_SEED = 2_147_483_647;

interface MockRouteOptions {
  services: Services;
  budget: OperationBudget;
  db: DataSource;
  config: Config;
  limiter: RateLimiter;
  log: Logger;
}

export function mockRoute({ services, budget, db, config, limiter, log }: MockRouteOptions) {
  const router = express.Router();
  const format = formatError(log);
  const formatAll = (errors: readonly GraphQLError[]): GraphQLFormattedError[] => errors.map((e) => format(e.toJSON(), e));
  const cors = mockCors(services);

  router.options(MOCK_PATH, cors, (_req, res) => void res.status(204).end());
  router.all(
    MOCK_PATH,
    cors,
    graphiqlFor((req) => req.originalUrl, { title: 'Seedbed mock API', signedInOnly: true }),
    jsonBody(config.limits.bodyBytes),
    authenticateRequests(services, limiter),
    async (req: Request, res: Response) => {
      if (req.method !== 'GET' && req.method !== 'POST') throw new AppError('BAD_USER_INPUT', 'Send GraphQL operations with GET or POST.', {}, 405);
      const scope = { actor: actorOf(res), loaders: createLoaders(db) };
      const { mock, store, authorizeWrite, events } = await services.mocks.open(scope, {
        project: String(req.params.project),
        blueprint: String(req.params.blueprint),
        ...mockVersion((name) => req.query[name]),
      });
      const params = operationParams(req);
      // A text this mock parsed and validated before is not parsed and validated again.
      let document: DocumentNode | undefined = mock.validated.get(params.query);
      if (!document) {
        try {
          document = parseLimited(params.query);
        } catch (error) {
          // The parser's errors, coded as over WebSocket; the query is a string already.
          return void res.status(400).json({ errors: formatAll([error as GraphQLError]) });
        }
        // The mock's own depth, alias and cost limits (its blueprint may set them, PRODUCT.md §9).
        const invalid = validate(mock.schema, document, mock.rules);
        if (invalid.length) return void res.status(400).json({ errors: formatAll(invalid.map((e) => coded(e, 'GRAPHQL_VALIDATION_FAILED'))) });
        mock.validated.set(params.query, document);
      }
      const operation = getOperationAST(document, params.operationName);
      if (req.method === 'GET' && operation?.operation === 'mutation') throw new AppError('BAD_USER_INPUT', 'Send mutations with POST.', {}, 405);
      // A session spends its budget of expensive operations (reads whose size the caller picks); an API key's request is counted already.
      await budget.charge(scope.actor, 1, 1);
      const result = await executeMock(mock, store, { document, variables: params.variables, operationName: params.operationName }, authorizeWrite, events);
      res.setHeader('cache-control', 'no-store');
      // Errors without a path come before any resolver ran (variables that do not fit their types): the caller's input, as Apollo codes them.
      res.status(result.data === undefined ? 400 : 200).json(result.errors ? { ...result, errors: formatAll(result.errors.map((e) => (e.path ? e : coded(e, 'BAD_USER_INPUT')))) } : result);
    },
  );
  return router;
}

/** Browsers may call a project's mocks from the origins it lists; a preflight carries no credentials, so it reads only that list. */
function mockCors(services: Services): RequestHandler {
  return async (req, res, next) => {
    const origin = req.headers.origin;
    if (origin && (await services.mocks.originsOf(String(req.params.project))).includes(origin)) {
      res.setHeader('access-control-allow-origin', origin);
      res.setHeader('access-control-allow-credentials', 'true');
      if (req.method === 'OPTIONS') {
        res.setHeader('access-control-allow-methods', 'GET, POST');
        res.setHeader('access-control-allow-headers', 'authorization, content-type');
        res.setHeader('access-control-max-age', '600');
      }
    }
    res.vary('Origin');
    next();
  };
}

function operationParams(req: Request): { query: string; variables?: Record<string, unknown>; operationName?: string } {
  const source = req.method === 'GET' ? req.query : (req.body ?? {});
  const { query, operationName } = source as Record<string, unknown>;
  let { variables } = source as Record<string, unknown>;
  if (typeof query !== 'string' || !query) throw badInput('query', 'send the GraphQL document as `query`');
  if (typeof variables === 'string') {
    try {
      variables = JSON.parse(variables);
    } catch {
      throw badInput('variables', 'must be a JSON object');
    }
  }
  if (variables !== undefined && variables !== null && (typeof variables !== 'object' || Array.isArray(variables))) throw badInput('variables', 'must be an object');
  if (operationName !== undefined && operationName !== null && typeof operationName !== 'string') throw badInput('operationName', 'must be a string');
  return { query, variables: (variables ?? undefined) as Record<string, unknown> | undefined, operationName: operationName ?? undefined };
}

/** `?revision=` and `?seed=`, whichever transport the URL came with. */
export function mockVersion(param: (name: string) => unknown): { revision?: number; seed?: number } {
  return { revision: whole(param('revision'), 'revision', 1), seed: whole(param('seed'), 'seed', 0, MAX_SEED) };
}

function whole(raw: unknown, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (raw === undefined || raw === null) return undefined;
  const value = typeof raw === 'string' ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) throw badInput(name, `must be a whole number from ${min}${max === Number.MAX_SAFE_INTEGER ? ' up' : ` to ${max}`}`);
  return value;
}
