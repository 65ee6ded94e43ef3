import type { Resolvers } from './__generated__/resolvers-types';
import { apiKeyStatus } from '../modules/api-key/api-key.entity';

export const apiKeyResolvers: Resolvers = {
  Mutation: {
    createApiKey: (_, { input }, ctx) => ctx.services.apiKeys.create(ctx, input),
    revokeApiKey: (_, { id }, ctx) => ctx.services.apiKeys.revoke(ctx, id),
  },
  ApiKey: {
    status: (key) => apiKeyStatus(key),
    createdBy: (key, _, ctx) => (key.createdById ? ctx.loaders.user.load(key.createdById) : null),
  },
};
