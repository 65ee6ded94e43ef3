import { toAppError } from '@seedbed/engine/errors';

/** Runs engine code, turning its errors (which know nothing of the API) into API errors with code and path. */
export function engineCall<T>(work: () => T): T {
  try {
    return work();
  } catch (error) {
    throw fromEngineError(error);
  }
}

/** An engine error as the AppError `toAppError` makes of it (the one mapping); anything else unchanged. */
export function fromEngineError(error: unknown): unknown {
  return toAppError(error) ?? error;
}
