import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { ApiKeyEntity } from '../modules/api-key/api-key.entity';
import type { UserEntity } from '../modules/user/user.entity';
import type { Services } from '../services';
import type { Loaders } from './loaders';

/** Who is calling: a signed-in user, an API key acting in its one project, or nobody. */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'user'; user: UserEntity; sessionTokenHash: string }
  | { kind: 'apiKey'; apiKey: ApiKeyEntity };

/** What a service call needs to know about the request it serves. */
export interface Scope {
  actor: Actor;
  loaders: Loaders;
}

/** Sets or clears the session cookie of the HTTP response (absent on WebSocket calls). */
export interface SessionCookie {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

export interface GraphQLContext extends Scope {
  db: DataSource;
  services: Services;
  cookie: SessionCookie | null;
  log: Logger;
  /** The caller's address (Express `req.ip`, honouring `trust proxy`), for per-address limits such as log-in throttling. */
  clientAddress?: string;
}
