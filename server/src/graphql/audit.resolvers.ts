import type { Resolvers } from './__generated__/resolvers-types';

export const auditResolvers: Resolvers = {
  AuditEvent: {
    actor: (event, _, ctx) => (event.actorUserId ? ctx.loaders.user.load(event.actorUserId) : null),
    data: (event) => event.data,
  },
};
