/**
 * The closed list of error codes (PRODUCT.md §8) and the domain error that
 * services throw. It knows nothing of GraphQL or HTTP: each transport maps it
 * once (graphql/errors.ts `formatError`, http/error-handler.ts).
 */
import { EngineError } from '.';

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
  /** Our own database cannot be reached: retry later (HTTP 503). */
  'SERVICE_UNAVAILABLE',
  'INTERNAL_SERVER_ERROR',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const isErrorCode = (code: unknown): code is ErrorCode => (ERROR_CODES as readonly unknown[]).includes(code);

const HTTP_STATUS: Partial<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  BAD_USER_INPUT: 400,
  QUERY_TOO_COMPLEX: 400,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  CONFLICT: 409,
  SERVICE_UNAVAILABLE: 503,
};

/** The HTTP status of a code when a whole request fails with it (a plain route, a refused GraphQL request). */
export function httpStatusOf(code: ErrorCode): number {
  return HTTP_STATUS[code] ?? 500;
}

export class AppError extends Error {
  /** What the client sees besides the message: the code, and `path`, `retryAfter`, ... where they apply. */
  readonly extensions: Record<string, unknown> & { code: ErrorCode };

  constructor(
    readonly code: ErrorCode,
    message: string,
    extra: Record<string, unknown> = {},
    /** An HTTP status other than the code's own (410 for an expired file, 416 for a bad range). */
    readonly status: number = httpStatusOf(code),
  ) {
    super(message);
    this.name = 'AppError';
    this.extensions = { ...extra, code };
  }
}

export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'Sign in or send an API key.');
export const forbidden = (action: string) => new AppError('FORBIDDEN', `Your role does not allow you to ${action}.`);
/** Also what a non-member sees for an object that exists: the two must be indistinguishable. */
export const notFound = (kind: string, id: string) => new AppError('NOT_FOUND', `${kind} ${id} not found.`);
export const badInput = (path: string, message: string) => new AppError('BAD_USER_INPUT', message, { path });
export const conflict = (message: string, extra: Record<string, unknown> = {}) => new AppError('CONFLICT', message, extra);
/** RATE_LIMITED with `retryAfter` seconds, which HTTP also sends as Retry-After. */
export const rateLimited = (message: string, retryAfter: number) => new AppError('RATE_LIMITED', message, { retryAfter });

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

// Node's socket errors and PostgreSQL's "cannot connect now / shutting down / connection lost" states.
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE', '57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08006']);
const UNREACHABLE_MESSAGES = /Connection terminated|connection is not yet established|Cannot use a pool after calling end|timeout exceeded when trying to connect|Client has encountered a connection error/i;

// character_not_in_repertoire (a NUL in text), untranslatable_character (a NUL escape in JSONB).
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

function sqlStateOf(error: unknown): string | undefined {
  const { code, driverError } = (error ?? {}) as { code?: unknown; driverError?: { code?: unknown } };
  const state = driverError?.code ?? code;
  return typeof state === 'string' ? state : undefined;
}

/** True for an error that says our own database cannot be reached right now. */
export function isDatabaseUnreachable(error: unknown): boolean {
  type Wrapped = { code?: unknown; message?: unknown; cause?: unknown; driverError?: unknown; thrownValue?: unknown };
  // TypeORM wraps pg's error (driverError), graphql what is not an Error of its realm (thrownValue).
  for (let e = error as Wrapped | undefined, i = 0; e && typeof e === 'object' && i < 4; i++) {
    if (typeof e.code === 'string' && UNREACHABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message)) return true;
    e = (e.driverError ?? e.cause ?? e.thrownValue) as Wrapped | undefined;
  }
  return false;
}

/**
 * The one mapping from anything thrown to an AppError that may be shown: our
 * own errors, the engine's (which carry a code and a path), and an unreachable
 * database. Undefined for everything else: a bug, to be masked and logged.
 */
export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof EngineError) {
    return new AppError(error.code, error.message, {
      ...(error.path ? { path: error.path } : {}),
      ...(error.issues ? { issues: error.issues } : {}),
    });
  }
  if (isDatabaseUnreachable(error)) return new AppError('SERVICE_UNAVAILABLE', 'The database cannot be reached right now: try again shortly.', { retryAfter: 5 });
  // Services check the text they store; this is the net under any input they missed.
  if (UNSTORABLE_TEXT.has(sqlStateOf(error) ?? '')) return new AppError('BAD_USER_INPUT', 'The input holds text that cannot be stored (a NUL character or invalid UTF-16).');
  return undefined;
}

/** JSON body of a failed plain-HTTP request, in the shape of GraphQL errors. */
export function errorBody(message: string, extensions: Record<string, unknown>) {
  return { errors: [{ message, extensions }] };
}
