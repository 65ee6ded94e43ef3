export type Role = 'OWNER' | 'EDITOR' | 'VIEWER';

export const ROLES: readonly Role[] = ['OWNER', 'EDITOR', 'VIEWER'];

const RANK: Record<Role, number> = { VIEWER: 1, EDITOR: 2, OWNER: 3 };

/** True when `role` includes every right of `required` (PRODUCT.md §6). */
export function hasRole(role: Role, required: Role): boolean {
  return RANK[role] >= RANK[required];
}
