import type { Resolvers } from './__generated__/resolvers-types';

export const importResolvers: Resolvers = {
  Query: {
    importPreview: (_, { input }, ctx) => ctx.services.imports.preview(ctx, input, ctx.signal),
  },
  Mutation: {
    importBlueprint: (_, { input }, ctx) => ctx.services.imports.create(ctx, input, ctx.signal),
  },
};
