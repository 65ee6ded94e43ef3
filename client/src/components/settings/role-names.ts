import type { Role } from '../../__generated__/graphql';

export const ROLES: readonly Role[] = ['OWNER', 'EDITOR', 'VIEWER'];

/** What each role may do, in the words of PRODUCT.md §6, for hints beside role pickers. */
export const ROLE_HINTS: Record<Role, string> = {
  OWNER: 'everything, including members and roles',
  EDITOR: 'edit blueprints, start and cancel runs, create API keys',
  VIEWER: 'read blueprints and runs, download files',
};

export const roleName = (role: Role) => role.charAt(0) + role.slice(1).toLowerCase();
