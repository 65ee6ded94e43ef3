import type { DataSource } from 'typeorm';
import type { Logger } from 'pino';
import type { Scope } from '../scope';
import type { Services } from '../services';

/** Sets or clears the session cookie of the HTTP response (absent on WebSocket calls). */
export interface SessionCookie {
  set(token: string, expiresAt: Date): void;
  clear(): void;
}

/** A resolver's context: the service scope (actor, loaders) and what the transport adds. */
export interface GraphQLContext extends Scope {
  db: DataSource;
  services: Services;
  cookie: SessionCookie | null;
  log: Logger;
  /** The caller's address (Express `req.ip`, honouring `trust proxy`), for per-address limits such as log-in throttling. */
  clientAddress?: string;
  /** Aborted when the caller goes away (the HTTP request closes unanswered, the WebSocket closes) or the operation ends (a subscription completed, its access lost): work it started and long waits stop. */
  signal?: AbortSignal;
  /** Settles once the answer has left this process (HTTP): until then its bytes are held here, on the caller's account. */
  delivered?: Promise<void>;
}
