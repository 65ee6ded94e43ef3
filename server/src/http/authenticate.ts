import type { IncomingMessage } from 'node:http';
import { parse as parseCookies } from 'cookie';
import type { RequestHandler, Response } from 'express';
import type { Actor } from '../graphql/context';
import { AppError } from '../graphql/errors';
import type { RateLimiter } from '../modules/api-key/rate-limit';
import type { Services } from '../services';
import { sendAppError } from './send-error';

export const SESSION_COOKIE = 'seedbed_session';

/**
 * Who sent this request: `Authorization: Bearer sbk_...` (an API key), else the
 * session cookie, else nobody. A bearer header that is not a valid key is
 * refused outright rather than treated as anonymous.
 */
export async function authenticate(req: IncomingMessage, services: Services): Promise<Actor> {
  const header = req.headers.authorization;
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) throw new AppError('UNAUTHENTICATED', 'Authorization must be "Bearer sbk_...".');
    return { kind: 'apiKey', apiKey: await services.apiKeys.authenticate(match[1]) };
  }
  const token = req.headers.cookie ? parseCookies(req.headers.cookie)[SESSION_COOKIE] : undefined;
  if (token) {
    const session = await services.auth.userForSession(token);
    if (session) return { kind: 'user', user: session.user, sessionTokenHash: session.tokenHash };
  }
  return { kind: 'anonymous' };
}

/** The actor that `authenticateRequests` found for this request. */
export function actorOf(res: Response): Actor {
  return res.locals.actor as Actor;
}

/**
 * Authenticates every API request once, and holds API keys to their rate
 * limit (PRODUCT.md §9) with `x-ratelimit-*` headers; refusals get the
 * GraphQL error shape with the right HTTP status.
 */
export function authenticateRequests(services: Services, limiter: RateLimiter): RequestHandler {
  return async (req, res, next) => {
    try {
      const actor = await authenticate(req, services);
      if (actor.kind === 'apiKey') {
        const state = await limiter.hit(actor.apiKey.id);
        res.setHeader('x-ratelimit-limit', state.limit);
        res.setHeader('x-ratelimit-remaining', state.remaining);
        res.setHeader('x-ratelimit-reset', state.resetSeconds);
        if (!state.allowed) {
          res.setHeader('retry-after', state.resetSeconds);
          throw new AppError('RATE_LIMITED', `This API key made more than ${state.limit} requests this minute.`, { retryAfter: state.resetSeconds });
        }
      }
      res.locals.actor = actor;
      next();
    } catch (error) {
      if (!(error instanceof AppError)) return next(error);
      sendAppError(res, error);
    }
  };
}
