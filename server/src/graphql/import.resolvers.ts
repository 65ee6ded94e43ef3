import type { Resolvers } from './__generated__/resolvers-types';

export const importResolvers: Resolvers = {
  Query: {
    importPreview: (_, { input }, ctx) => ctx.services.imports.preview(ctx, input),
  },
  Mutation: {
    importBlueprint: (_, { input }, ctx) => ctx.services.imports.create(ctx, input),
  },
  ImportDecision: {
    // Row-count decisions and documents the engine refuses carry no values.
    samples: (decision) => decision.samples ?? [],
  },
};
