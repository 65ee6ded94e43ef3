import type { BlueprintDocument } from '../engine';
import type { Resolvers } from './__generated__/resolvers-types';
import { mockExampleQuery } from '../modules/mock/example-query';
import { mockAnswersOf } from '../modules/mock/describe';
import { graphqlKeyOf } from '../modules/mock/sdl-mapping';

/** The mock API's settings in the main schema: a project's CORS origins, how a mock answers, resetting one. The mocks themselves answer at /mock/:project/:blueprint/graphql. */
export const mockResolvers: Resolvers = {
  Mutation: {
    setMockOrigins: (_, { input }, ctx) => ctx.services.mocks.setOrigins(ctx, input),
    resetMock: (_, { input }, ctx) => ctx.services.mocks.reset(ctx, input),
  },
  Project: {
    mockOrigins: (project, _, ctx) => ctx.services.mocks.origins(project.id),
  },
  Blueprint: {
    mockPath: (blueprint) => `/mock/${blueprint.projectId}/${blueprint.id}/graphql`,
    mockExample: async (blueprint, _, ctx) => {
      const revision = await ctx.loaders.revision.load(`${blueprint.id}:${blueprint.currentRevision}`);
      return mockExampleQuery(revision?.document as BlueprintDocument);
    },
    mockAnswers: async (blueprint, _, ctx) => {
      const revision = await ctx.loaders.revision.load(`${blueprint.id}:${blueprint.currentRevision}`);
      return mockAnswersOf(graphqlKeyOf(revision?.document));
    },
  },
};
