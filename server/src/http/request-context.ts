/**
 * A request id for every HTTP request, carried through async calls so the
 * one place that masks internal errors can name it (and the log line too).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';

const store = new AsyncLocalStorage<{ requestId: string }>();

export function currentRequestId(): string | undefined {
  return store.getStore()?.requestId;
}

export const assignRequestId: RequestHandler = (req, res, next) => {
  const given = req.get('x-request-id');
  const requestId = given && /^[\w-]{1,64}$/.test(given) ? given : randomUUID();
  res.setHeader('x-request-id', requestId);
  store.run({ requestId }, next);
};

/** Runs `work` under a fresh request id: one per WebSocket message, as HTTP has one per request. */
export function withRequestId<T>(work: () => T): T {
  return store.run({ requestId: randomUUID() }, work);
}
