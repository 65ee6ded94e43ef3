import { EngineError } from '../../engine';
import { AppError } from '../../graphql/errors';

/** Runs engine code, turning its errors (which know nothing of GraphQL) into API errors with code and path. */
export function engineCall<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw fromEngineError(error);
  }
}

export function fromEngineError(error: unknown): unknown {
  if (!(error instanceof EngineError)) return error;
  return new AppError(error.code, error.message, {
    ...(error.path ? { path: error.path } : {}),
    ...(error.issues ? { issues: error.issues } : {}),
  });
}
