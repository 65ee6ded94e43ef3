/**
 * Holds each caller (API key or session) to a few rows API streams at once,
 * and charges each stream to its budget, before the rows route starts
 * generating. Counted in this process: a stream lives on one connection to
 * one process, so a restart frees every slot with the streams themselves.
 */
import type { RequestHandler } from 'express';
import { rateLimited } from '../errors';
import type { Actor } from '../scope';
import { actorOf } from './authenticate';
import type { OperationBudget } from './operation-budget';

export const ROWS_PATH = '/api/v1/blueprints/:id/rows.:format';

function callerKey(actor: Actor): string | undefined {
  if (actor.kind === 'apiKey') return `key:${actor.apiKey.id}`;
  if (actor.kind === 'user') return `session:${actor.sessionTokenHash}`;
  return undefined;
}

export function limitRowsStreams(perCaller: number, budget: OperationBudget): RequestHandler {
  const open = new Map<string, number>();
  const release = (key: string) => {
    const left = (open.get(key) ?? 1) - 1;
    if (left > 0) open.set(key, left);
    else open.delete(key);
  };

  return async (_req, res, next) => {
    const actor = actorOf(res);
    const key = callerKey(actor);
    // Anonymous callers are refused by the route itself.
    if (!key) return next();
    if ((open.get(key) ?? 0) >= perCaller) throw rateLimited(`At most ${perCaller} rows streams at once: wait for one to finish.`, 1);
    // Taken before any await, so a burst of parallel requests cannot all pass the check.
    open.set(key, (open.get(key) ?? 0) + 1);
    let held = true;
    // 'close' comes once the response is finished, has failed, or its client went away.
    res.once('close', () => {
      if (held) release(key);
      held = false;
    });
    // A refusal is thrown to the app's error handler; the slot is freed when that response closes.
    await budget.charge(actor, 1, 1);
    next();
  };
}
