import type { Resolvers } from './__generated__/resolvers-types';

export const importResolvers: Resolvers = {
  Query: {
    importPreview: async (_, { input }, ctx) => {
      const result = await ctx.services.imports.preview(ctx, input, ctx.signal);
      return { ...result, mockAnswers: result.mockAnswers ?? [] };
    },
  },
  Mutation: {
    importBlueprint: (_, { input }, ctx) => ctx.services.imports.create(ctx, input, ctx.signal),
  },
  ImportDecision: {
    // Row-count decisions and documents the engine refuses carry no values.
    samples: (decision) => decision.samples ?? [],
  },
};
