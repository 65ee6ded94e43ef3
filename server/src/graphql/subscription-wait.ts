/**
 * Waits of subscription sources that end with their operation: a source
 * blocked on a timer would otherwise hold its memory (and a closed client's
 * context) until the timer fires, up to a minute for a slow heartbeat.
 */

/** Resolves after `ms`, or at once when `signal` is aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/**
 * Notices from `listen` (which returns its unsubscribe), waited for one at a
 * time: `next(ms)` resolves on the next notice (or one that came since the
 * last wait), after `ms`, or when `signal` is aborted.
 */
export function untilChangedOrAborted(listen: (onChange: () => void) => () => void, signal?: AbortSignal) {
  let changed = false;
  let wake = () => {};
  const unsubscribe = listen(() => {
    changed = true;
    wake();
  });
  return {
    async next(ms: number): Promise<void> {
      if (!changed) {
        await Promise.race([sleep(ms, signal), new Promise<void>((resolve) => (wake = resolve))]);
        wake = () => {};
      }
      changed = false;
    },
    stop: unsubscribe,
  };
}
