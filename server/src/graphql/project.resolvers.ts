import type { Resolvers } from './__generated__/resolvers-types';
import { notFound } from '../errors';
import { roleIn } from '../modules/project/access';

export const projectResolvers: Resolvers = {
  Query: {
    projects: (_, page, ctx) => ctx.services.projects.list(ctx, page),
    project: (_, { id }, ctx) => ctx.services.projects.find(ctx, id),
  },
  Mutation: {
    createProject: (_, { input }, ctx) => ctx.services.projects.create(ctx, input),
    updateProject: (_, { input }, ctx) => ctx.services.projects.rename(ctx, input),
    deleteProject: (_, { id }, ctx) => ctx.services.projects.delete(ctx, id),
    addMember: (_, { input }, ctx) => ctx.services.projects.addMember(ctx, input),
    setMemberRole: (_, { input }, ctx) => ctx.services.projects.setMemberRole(ctx, input),
    removeMember: (_, { input }, ctx) => ctx.services.projects.removeMember(ctx, input),
    testDatabaseTarget: (_, { input }, ctx) => ctx.services.targets.check(ctx, input, (failure) => ctx.log.warn(failure, 'database target check failed')),
  },
  Project: {
    myRole: async (project, _, ctx) => {
      const role = await roleIn(ctx, project.id);
      if (!role) throw notFound('Project', project.id);
      return role;
    },
    members: (project, page, ctx) => ctx.services.projects.members(ctx, project.id, page),
    blueprints: (project, page, ctx) => ctx.services.blueprints.listForProject(ctx, project.id, page),
    apiKeys: (project, page, ctx) => ctx.services.apiKeys.list(ctx, project.id, page),
    auditEvents: (project, page, ctx) => ctx.services.audit.listForProject(ctx, project.id, page),
  },
  Membership: {
    user: async (membership, _, ctx) => (await ctx.loaders.user.load(membership.userId))!,
    project: async (membership, _, ctx) => (await ctx.loaders.project.load(membership.projectId))!,
  },
};
