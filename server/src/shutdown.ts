import type { Logger } from 'pino';

/**
 * On SIGINT or SIGTERM, runs the steps once, in order, then exits. Returns
 * the same stop for other reasons to stop (a run worker whose parent is gone).
 */
export function stopOnSignals(log: Logger, steps: (() => Promise<unknown>)[]): (reason: string) => Promise<void> {
  let stopping = false;
  const stop = async (reason: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ reason }, 'stopping');
    for (const step of steps) {
      // One failing step must not keep the later ones (the database, embedded PostgreSQL) running.
      await step().catch((error) => log.error({ err: error }, 'shutdown step failed'));
    }
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  return stop;
}
