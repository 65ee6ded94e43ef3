import pino from 'pino';

/** Structured JSON logs on stdout; masked internal errors are logged with their request id. */
export function createLogger(level: string) {
  return pino({ level, base: { service: 'seedbed' } });
}
