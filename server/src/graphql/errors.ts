/**
 * The closed list of error codes (PRODUCT.md §8), the helpers that throw them,
 * and the one place where anything else is mapped or masked.
 */
import { randomUUID } from 'node:crypto';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import type { Logger } from 'pino';
import { currentRequestId } from '../http/request-context';

export const ERROR_CODES = [
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'BAD_USER_INPUT',
  'CONFLICT',
  'RATE_LIMITED',
  'QUERY_TOO_COMPLEX',
  'PAYLOAD_TOO_LARGE',
  'UNIQUE_EXHAUSTED',
  'RUN_NOT_CANCELLABLE',
  'TARGET_UNREACHABLE',
  'TARGET_REFUSED',
  'INTERNAL_SERVER_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

const HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  QUERY_TOO_COMPLEX: 400,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  CONFLICT: 409,
};

export function httpStatusOf(code: ErrorCode): number {
  return HTTP_STATUS[code] ?? 500;
}

export class AppError extends GraphQLError {
  constructor(
    readonly code: ErrorCode,
    message: string,
    extra: Record<string, unknown> = {},
  ) {
    super(message, { extensions: { code, ...extra } });
  }
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Sign in or send an API key.');
export const forbidden = (action: string) => new AppError('FORBIDDEN', `Your role does not allow you to ${action}.`);
/** Also what a non-member sees for an object that exists: the two must be indistinguishable. */
export const notFound = (kind: string, id: string) => new AppError('NOT_FOUND', `${kind} ${id} not found.`);
export const badInput = (path: string, message: string) => new AppError('BAD_USER_INPUT', message, { path });
export const conflict = (message: string, extra: Record<string, unknown> = {}) => new AppError('CONFLICT', message, extra);

/**
 * For nullable lookups (`project(id)`, `run(id)`): what the caller may not see
 * is null, exactly like what does not exist; any other error still stands.
 */
export async function nullIfHidden<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (error) {
    if (error instanceof AppError && (error.code === 'NOT_FOUND' || error.code === 'UNAUTHENTICATED')) return null;
    throw error;
  }
}

/** Several input problems at once; the first is the headline, all are listed. */
export function invalidInput(issues: { path: string; message: string }[]): AppError {
  const [first] = issues;
  const more = issues.length > 1 ? ` (and ${issues.length - 1} more)` : '';
  return new AppError('BAD_USER_INPUT', `${first.path}: ${first.message}${more}`, { path: first.path, issues });
}

// GraphQL Armor reports its rejections as validation errors with these messages.
const TOO_COMPLEX = /(depth|aliases|cost|token|directives) limit of \d+ exceeded/i;

/**
 * Apollo's `formatError`: codes from the closed list pass through; GraphQL's
 * own parse/validation/variable errors become BAD_USER_INPUT (or
 * QUERY_TOO_COMPLEX); everything else is masked behind a request id that the
 * log line carries with the real error.
 */
export function formatError(log: Logger) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    const code = formatted.extensions?.code as string | undefined;
    if (code && (ERROR_CODES as readonly string[]).includes(code) && code !== 'INTERNAL_SERVER_ERROR') {
      return formatted;
    }
    if (code === 'GRAPHQL_PARSE_FAILED' || code === 'GRAPHQL_VALIDATION_FAILED' || code === 'BAD_REQUEST' || code === 'OPERATION_RESOLUTION_FAILURE' || code === 'PERSISTED_QUERY_NOT_SUPPORTED') {
      const tooComplex = TOO_COMPLEX.test(formatted.message);
      return {
        message: formatted.message,
        locations: formatted.locations,
        extensions: { code: tooComplex ? 'QUERY_TOO_COMPLEX' : 'BAD_USER_INPUT' },
      };
    }
    const requestId = currentRequestId() ?? randomUUID();
    log.error({ err: (error as { originalError?: unknown })?.originalError ?? error, requestId, path: formatted.path }, 'internal error');
    return {
      message: `Internal server error (request id ${requestId}).`,
      path: formatted.path,
      locations: formatted.locations,
      extensions: { code: 'INTERNAL_SERVER_ERROR', requestId },
    };
  };
}

/** JSON body for a failed plain-HTTP request, in the same shape as GraphQL errors. */
export function httpErrorBody(code: ErrorCode, message: string, extra: Record<string, unknown> = {}) {
  return { errors: [{ message, extensions: { code, ...extra } }] };
}
