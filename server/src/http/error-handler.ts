/**
 * The one place an HTTP route's error becomes a response (PRODUCT.md §8,
 * §15): routes throw or `next(error)`, and whatever arrives here answers JSON
 * `{ errors: [{ message, extensions: { code, path?, requestId } }] }` with its
 * status, never an HTML page or a stack.
 */
import { randomUUID } from 'node:crypto';
import type { ErrorRequestHandler, Response } from 'express';
import type { Logger } from 'pino';
import { AppError, errorBody, toAppError } from '@seedbed/engine/errors';
import { currentRequestId } from './request-context';

/** What body-parser and Express itself report (with `status` or `type`), as our errors. */
function fromHttpLayer(error: unknown): AppError | undefined {
  const { type, status, message } = (error ?? {}) as { type?: unknown; status?: unknown; message?: unknown };
  if (type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', 'The request body is larger than the limit.');
  if (type === 'entity.parse.failed') return new AppError('BAD_USER_INPUT', 'The request body is not valid JSON.');
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = status === 404 ? 'NOT_FOUND' : status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_USER_INPUT';
    return new AppError(code, typeof message === 'string' ? message : 'Bad request.', {}, status);
  }
  return undefined;
}

export function requestIdOf(res: Response): string {
  const header = res.getHeader('x-request-id');
  return typeof header === 'string' ? header : (currentRequestId() ?? randomUUID());
}

/** Sends an AppError as a route's whole answer. */
export function sendAppError(res: Response, error: AppError): void {
  const retryAfter = error.extensions.retryAfter;
  if (retryAfter !== undefined) res.setHeader('retry-after', String(retryAfter));
  // A download that failed is not the file: drop what a route set for it (Content-Range stays, for 416).
  for (const header of ['content-disposition', 'content-type', 'etag', 'content-length']) res.removeHeader(header);
  res.status(error.status).json(errorBody(error.message, { ...error.extensions, requestId: requestIdOf(res) }));
}

/** The final Express error handler: the last `app.use` of the app. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (error, _req, res, _next) => {
    // A stream already under way cannot change its status: cut it, so the client sees it incomplete.
    if (res.headersSent) {
      log.warn({ err: error, requestId: requestIdOf(res) }, 'response failed after its headers were sent');
      res.destroy();
      return;
    }
    const known = toAppError(error) ?? fromHttpLayer(error);
    if (known) {
      if (known.code === 'SERVICE_UNAVAILABLE') log.warn({ err: error, requestId: requestIdOf(res) }, 'database unreachable');
      return sendAppError(res, known);
    }
    const requestId = requestIdOf(res);
    log.error({ err: error, requestId }, 'internal error');
    res.status(500).json(errorBody(`Internal server error (request id ${requestId}).`, { code: 'INTERNAL_SERVER_ERROR', requestId }));
  };
}
