/**
 * The one authorization helper (PRODUCT.md §6), used by every service.
 * A non-member must not learn that an object exists, so callers pass the
 * NOT_FOUND error they would give for a missing id.
 */
import { forbidden, unauthenticated, type AppError } from '@seedbed/engine/errors';
import type { Scope } from '../../scope';
import { hasRole, type Role } from './role';

export async function roleIn(scope: Scope, projectId: string): Promise<Role | null> {
  const { actor } = scope;
  switch (actor.kind) {
    case 'user':
      return scope.loaders.role.load(`${actor.user.id}:${projectId}`);
    case 'apiKey':
      return actor.apiKey.projectId === projectId ? actor.apiKey.role : null;
    default:
      return null;
  }
}

export async function requireRole(
  scope: Scope,
  projectId: string,
  required: Role,
  hidden: () => AppError,
  action = 'do this',
): Promise<Role> {
  // Anonymous callers are told to sign in, whatever the id: that reveals nothing.
  if (scope.actor.kind === 'anonymous') throw unauthenticated();
  const role = await roleIn(scope, projectId);
  if (!role) throw hidden();
  if (!hasRole(role, required)) throw forbidden(action);
  return role;
}
