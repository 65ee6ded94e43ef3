import type { Resolvers } from './__generated__/resolvers-types';
import type { GraphQLContext } from './context';
import type { BlueprintEntity } from '../modules/blueprint/blueprint.entity';

async function currentRevision(blueprint: BlueprintEntity, ctx: GraphQLContext) {
  const revision = await ctx.loaders.revision.load(`${blueprint.id}:${blueprint.currentRevision}`);
  if (!revision) throw new Error(`blueprint ${blueprint.id} lacks its revision ${blueprint.currentRevision}`);
  return revision;
}

export const blueprintResolvers: Resolvers = {
  Query: {
    blueprint: (_, { id }, ctx) => ctx.services.blueprints.find(ctx, id),
  },
  Mutation: {
    createBlueprint: (_, { input }, ctx) => ctx.services.blueprints.create(ctx, input),
    updateBlueprint: (_, { input }, ctx) => ctx.services.blueprints.update(ctx, input),
    deleteBlueprint: (_, { id }, ctx) => ctx.services.blueprints.delete(ctx, id),
  },
  Blueprint: {
    project: async (blueprint, _, ctx) => (await ctx.loaders.project.load(blueprint.projectId))!,
    revision: (blueprint) => blueprint.currentRevision,
    document: async (blueprint, _, ctx) => (await currentRevision(blueprint, ctx)).document,
    author: async (blueprint, _, ctx) => {
      const { authorId } = await currentRevision(blueprint, ctx);
      return authorId ? ctx.loaders.user.load(authorId) : null;
    },
    revisionCount: (blueprint, _, ctx) => ctx.loaders.revisionCount.load(blueprint.id),
    revisions: (blueprint, page, ctx) => ctx.services.blueprints.revisions(ctx, blueprint.id, page),
    revisionByNumber: (blueprint, { number }, ctx) => ctx.loaders.revision.load(`${blueprint.id}:${number}`),
  },
  BlueprintRevision: {
    author: (revision, _, ctx) => (revision.authorId ? ctx.loaders.user.load(revision.authorId) : null),
  },
};
