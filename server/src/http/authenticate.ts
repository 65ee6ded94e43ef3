import type { IncomingMessage } from 'node:http';
import { parse as parseCookies } from 'cookie';
import type { RequestHandler, Response } from 'express';
import { AppError, rateLimited } from '../errors';
import { budgetOwner, type RateLimiter } from '../modules/api-key/rate-limit';
import type { Actor } from '../scope';
import type { Services } from '../services';

export const SESSION_COOKIE = 'seedbed_session';

/** What a caller presented to prove who it is; checked by `actorFor`. */
export type Credentials = { kind: 'apiKey'; secret: string } | { kind: 'session'; token: string } | { kind: 'none' };

function bearerSecret(header: string): string {
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new AppError('UNAUTHENTICATED', 'Authorization must be "Bearer sbk_...".');
  return match[1];
}

/**
 * `Authorization: Bearer sbk_...` (an API key), else the session cookie, else
 * nobody. A WebSocket client may send the key in its `connection_init`
 * payload instead (`{ authorization: 'Bearer sbk_...' }` or `{ apiKey }`),
 * since browsers cannot set headers on the upgrade.
 */
export function credentialsOf(req: IncomingMessage, connectionParams: Record<string, unknown> = {}): Credentials {
  const { authorization, apiKey } = connectionParams;
  if (typeof authorization === 'string' && authorization) return { kind: 'apiKey', secret: bearerSecret(authorization) };
  if (typeof apiKey === 'string' && apiKey) return { kind: 'apiKey', secret: apiKey };
  if (authorization !== undefined || apiKey !== undefined) throw new AppError('UNAUTHENTICATED', 'Send the API key as a string.');
  const header = req.headers.authorization;
  if (header) return { kind: 'apiKey', secret: bearerSecret(header) };
  const token = req.headers.cookie ? parseCookies(req.headers.cookie)[SESSION_COOKIE] : undefined;
  return token ? { kind: 'session', token } : { kind: 'none' };
}

/**
 * The actor behind credentials. A key that is not valid (unknown, revoked,
 * expired) is refused outright rather than treated as anonymous; an unknown
 * or expired session is simply nobody, as a browser with a stale cookie is.
 */
export async function actorFor(credentials: Credentials, services: Services): Promise<Actor> {
  if (credentials.kind === 'apiKey') return { kind: 'apiKey', apiKey: await services.apiKeys.authenticate(credentials.secret) };
  if (credentials.kind === 'session') {
    const session = await services.auth.userForSession(credentials.token);
    if (session) return { kind: 'user', user: session.user, sessionTokenHash: session.tokenHash };
  }
  return { kind: 'anonymous' };
}

/** Who sent this request (see `credentialsOf`). */
export async function authenticate(req: IncomingMessage, services: Services): Promise<Actor> {
  return actorFor(credentialsOf(req), services);
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
  // A refusal is thrown to the app's error handler (Express 5 forwards a rejected handler).
  return async (req, res, next) => {
    const actor = await authenticate(req, services);
    if (actor.kind === 'apiKey') {
      const state = await limiter.hit(actor.apiKey);
      res.setHeader('x-ratelimit-limit', state.limit);
      res.setHeader('x-ratelimit-remaining', state.remaining);
      res.setHeader('x-ratelimit-reset', state.resetSeconds);
      if (!state.allowed) throw rateLimited(`${budgetOwner(state.subject)} made more than ${state.limit} requests in the last minute.`, state.resetSeconds);
    }
    res.locals.actor = actor;
    next();
  };
}
