/** Who is calling and the per-request loaders: what every service call takes, whatever the transport. */
import type { ApiKeyEntity } from './modules/api-key/api-key.entity';
import type { UserEntity } from './modules/user/user.entity';
import type { Loaders } from './loaders';

/** A signed-in user, an API key acting in its one project, or nobody. */
export type Actor =
  | { kind: 'anonymous' }
  | { kind: 'user'; user: UserEntity; sessionTokenHash: string }
  | { kind: 'apiKey'; apiKey: ApiKeyEntity };

export interface Scope {
  actor: Actor;
  loaders: Loaders;
}
