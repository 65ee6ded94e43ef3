import type { Logger } from 'pino';

/** On SIGINT or SIGTERM, runs the steps once, in order, then exits. */
export function stopOnSignals(log: Logger, steps: (() => Promise<unknown>)[]): void {
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping');
    for (const step of steps) await step();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}
