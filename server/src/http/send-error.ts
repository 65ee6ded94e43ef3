import type { Response } from 'express';
import { AppError, httpErrorBody, httpStatusOf } from '../graphql/errors';

/** An API error on a plain HTTP route: its status, and the GraphQL error shape with code (and path). */
export function sendAppError(res: Response, error: AppError): void {
  res.status(httpStatusOf(error.code)).json(httpErrorBody(error.code, error.message, { ...error.extensions, code: error.code }));
}
