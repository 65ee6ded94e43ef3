import type { Resolvers } from './__generated__/resolvers-types';
import type { GraphQLContext } from './context';
import type { SignedIn } from '../modules/auth/auth.service';

function startSession(ctx: GraphQLContext, signedIn: SignedIn) {
  ctx.cookie?.set(signedIn.token, signedIn.expiresAt);
  return { user: signedIn.user };
}

export const authResolvers: Resolvers = {
  Query: {
    me: (_, __, { actor }) => (actor.kind === 'user' ? actor.user : null),
  },
  Mutation: {
    signUp: async (_, { input }, ctx) => startSession(ctx, await ctx.services.auth.signUp(input, ctx.clientAddress)),
    logIn: async (_, { input }, ctx) => startSession(ctx, await ctx.services.auth.logIn(input, ctx.clientAddress)),
    logOut: async (_, __, ctx) => {
      const ended = await ctx.services.auth.logOut(ctx.actor);
      ctx.cookie?.clear();
      return ended;
    },
    changePassword: (_, { input }, ctx) => ctx.services.auth.changePassword(ctx.actor, input, ctx.clientAddress),
  },
};
