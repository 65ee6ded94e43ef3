/**
 * Errors the engine throws. `code` matches PRODUCT.md §8 so the server can map
 * them once (GraphQL `extensions.code`/`path`, HTTP 400 bodies, CLI exit 1).
 */
export type EngineErrorCode = 'BAD_USER_INPUT' | 'UNIQUE_EXHAUSTED';

export class EngineError extends Error {
  constructor(
    readonly code: EngineErrorCode,
    message: string,
    /** Document path of the offending input, e.g. `tables[1].fields[3].unique`. */
    readonly path?: string,
    /** Every issue when several were found at once (validation). */
    readonly issues?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = 'EngineError';
  }
}

export function badInput(path: string, message: string): EngineError {
  return new EngineError('BAD_USER_INPUT', `${path}: ${message}`, path);
}

export function uniqueExhausted(path: string, field: string, detail: string): EngineError {
  return new EngineError('UNIQUE_EXHAUSTED', `unique field "${field}" (${path}) ran out of distinct values: ${detail}`, path);
}
