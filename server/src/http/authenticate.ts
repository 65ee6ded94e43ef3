import type { IncomingMessage } from 'node:http';
import { parse as parseCookies } from 'cookie';
import type { Actor } from '../graphql/context';
import { AppError } from '../graphql/errors';
import type { Services } from '../services';

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
