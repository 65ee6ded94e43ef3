/**
 * How GraphQL answers errors, over HTTP and WebSocket alike: the one place
 * where a thrown error becomes what the client sees. AppErrors (and engine
 * errors) pass with their code and path; GraphQL's own parse, validation and
 * variable errors become BAD_USER_INPUT or QUERY_TOO_COMPLEX; anything else is
 * masked behind a request id that the log line carries with the real error.
 */
import { randomUUID } from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import { httpStatusOf, isErrorCode, toAppError } from '@seedbed/engine/errors';
import { currentRequestId } from '../http/request-context';

// GraphQL Armor's and the cost rule's rejections arrive as validation errors with these messages.
const TOO_COMPLEX = /(depth|aliases|cost|token|directives) limit of \d+ exceeded/i;
// graphql's parser, stopped by `maxTokens`.
const TOO_MANY_TOKENS = /contains more th(?:an|at) (\d+) tokens/i;
const GRAPHQL_OWN_CODES = new Set(['GRAPHQL_PARSE_FAILED', 'GRAPHQL_VALIDATION_FAILED', 'BAD_USER_INPUT', 'BAD_REQUEST', 'OPERATION_RESOLUTION_FAILURE', 'PERSISTED_QUERY_NOT_SUPPORTED']);

function originalOf(error: unknown): unknown {
  return error instanceof GraphQLError && error.originalError ? error.originalError : error;
}

/** Apollo's `formatError`, also applied to every error graphql-ws sends. */
export function formatError(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const requestId = currentRequestId() ?? randomUUID();
    const where = { locations: formatted.locations, path: formatted.path };
    const app = toAppError(originalOf(error));
    if (app) {
      if (app.code === 'SERVICE_UNAVAILABLE') log.warn({ err: originalOf(error), requestId }, 'database unreachable');
      return { message: app.message, ...where, extensions: { ...app.extensions, requestId } };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && GRAPHQL_OWN_CODES.has(code)) {
      const tokens = TOO_MANY_TOKENS.exec(formatted.message);
      if (tokens) return { message: `Token limit of ${tokens[1]} exceeded: send a shorter document.`, ...where, extensions: { code: 'QUERY_TOO_COMPLEX', requestId } };
      const tooComplex = TOO_COMPLEX.test(formatted.message);
      const message = tooComplex ? formatted.message.replace(/^Syntax Error:\s*/, '') : formatted.message;
      return { message, ...where, extensions: { code: tooComplex ? 'QUERY_TOO_COMPLEX' : 'BAD_USER_INPUT', requestId } };
    }
    // Errors the GraphQL layer itself made with a code of the closed list (validation rules); never a wrapped throw.
    if (isErrorCode(code) && code !== 'INTERNAL_SERVER_ERROR' && originalOf(error) === error) {
      const { http: _http, stacktrace: _stack, ...extensions } = formatted.extensions ?? {};
      return { ...formatted, extensions: { ...extensions, requestId } };
    }
    log.error({ err: originalOf(error), requestId, path: formatted.path }, 'internal error');
    return {
      message: `Internal server error (request id ${requestId}).`,
      ...where,
      extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
    };
  };
}

/**
 * HTTP status of a GraphQL response from its formatted errors: a request
 * refused before execution answers its code's status (400 for syntax, 429,
 * 503, ...); an executed one stays 200 unless a rate limit or an unreachable
 * database stopped it, which clients retry on the status alone.
 */
export function httpStatusPlugin(): ApolloServerPlugin {
  return {
    requestDidStart: async () => ({
      willSendResponse: async ({ response }) => {
        if (response.body.kind !== 'single') return;
        const result = response.body.singleResult;
        const codes = (result.errors ?? []).map((e) => e.extensions?.code).filter(isErrorCode);
        if (!codes.length) return;
        const limited = result.errors!.find((e) => e.extensions?.code === 'RATE_LIMITED' || e.extensions?.code === 'SERVICE_UNAVAILABLE');
        if (limited) {
          response.http.status = httpStatusOf(limited.extensions!.code as 'RATE_LIMITED');
          response.http.headers.set('retry-after', String(limited.extensions!.retryAfter ?? 1));
        } else if (!('data' in result)) {
          response.http.status = httpStatusOf(codes[0]);
        }
      },
    }),
  };
}
