import type { Logger } from 'pino';

/**
 * On SIGINT or SIGTERM, runs the steps once, in order, then exits (0). Returns
 * the same stop for other reasons to stop (a child whose supervisor is gone,
 * a supervisor whose API cannot start: `exitCode` 1).
 */
export function stopOnSignals(log: Logger, steps: (() => Promise<unknown>)[]): (reason: string, exitCode?: number) => Promise<void> {
  let stopping = false;
  const stop = async (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'stopping');
    for (const step of steps) {
      // One failing step must not keep the later ones (the database, embedded PostgreSQL) running.
      await step().catch((error) => log.error({ err: error }, 'shutdown step failed'));
    }
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  return stop;
}
