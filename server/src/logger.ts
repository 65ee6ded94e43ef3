import pino from 'pino';

/** Structured JSON logs on stdout; masked internal errors are logged with their request id. */
export function createLogger(level: string) {
  return pino({ level, base: { service: 'seedbed' }, serializers: { err: serializeError } });
}

/** pino's own, less what some libraries hang on an error: pg-boss attaches the whole pg client (a screenful, with its connection settings). */
function serializeError(error: Error) {
  const { client: _client, ...serialized } = pino.stdSerializers.err(error) as ReturnType<typeof pino.stdSerializers.err> & { client?: unknown };
  return serialized;
}
