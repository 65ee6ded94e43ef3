import type { Resolvers } from '../../graphql/__generated__/resolvers-types';

/** The mock API's settings in the main schema: a project's CORS origins. The mocks themselves answer at /mock/:project/:blueprint/graphql. */
export const mockResolvers: Resolvers = {
  Mutation: {
    setMockOrigins: (_, { input }, ctx) => ctx.services.mocks.setOrigins(ctx, input),
  },
  Project: {
    mockOrigins: (project, _, ctx) => ctx.services.mocks.origins(project.id),
  },
  Blueprint: {
    mockPath: (blueprint) => `/mock/${blueprint.projectId}/${blueprint.id}/graphql`,
  },
};
